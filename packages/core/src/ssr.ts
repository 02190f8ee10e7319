/**
 * The contract between the API process and the web app's server bundle:
 * apps/api/src/web/plugin.ts imports apps/web/dist/server/entry-server.js at
 * run time and calls these functions; apps/web/src/entry-server.tsx
 * implements them. A change on either side fails the other's typecheck.
 */

/** The site as pages name and link it (SITE_NAME, SITE_URL, SUPPORT_EMAIL). */
export interface SsrSite {
  name: string;
  url: string;
  supportEmail: string;
}

/**
 * The account a page is rendered for, known on the server from the session cookie (decision 0108): the
 * display values a login stores in the browser, never the token.
 */
export interface SsrSession {
  nickname: string;
  role: 'cliente' | 'usuario' | 'admin';
  rut: string;
  email: string;
  /** The spec's stored `tipo`: 'cliente' / 'usuario' for an account pending validation, 'admin', else null. */
  tipo: string | null;
}

export interface RenderOptions {
  /**
   * Set when the page is rendered for a request that carried a session cookie: the account, or null
   * when the cookie named no live session. Absent for the shared anonymous render.
   */
  session?: SsrSession | null;
}

export interface RenderResult {
  /** The app's markup, for <!--app-html-->. */
  html: string;
  /** Title, meta, canonical and JSON-LD, for <!--app-head-->. */
  head: string;
  /** The dehydrated query state script, for <!--app-state-->. */
  state: string;
  /** 200, or the status a page asked for (404 for an unknown profile). */
  status: number;
  /** Where a guard sent this session instead (another role's page, or no live session): a 302. */
  redirect?: string;
  /** API paths (without /api) the page asked for and had no data for: fetched with the session, then rendered again. */
  missing?: string[];
}

export interface ServerEntry {
  /** Renders a URL with the API answers already fetched for it (keyed by API path). */
  render(
    url: string,
    site: SsrSite,
    data: Record<string, unknown>,
    options?: RenderOptions,
  ): Promise<RenderResult>;
  /** The public API paths (without /api) a page needs, fetched before rendering; `search` is the URL's query ('?…' or ''). */
  prefetchPaths(pathname: string, search?: string): string[];
}

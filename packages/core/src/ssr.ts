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

export interface RenderResult {
  /** The app's markup, for <!--app-html-->. */
  html: string;
  /** Title, meta, canonical and JSON-LD, for <!--app-head-->. */
  head: string;
  /** The dehydrated query state script, for <!--app-state-->. */
  state: string;
  /** 200, or the status a page asked for (404 for an unknown profile). */
  status: number;
}

export interface ServerEntry {
  /** Renders a URL with the API answers already fetched for it (keyed by API path). */
  render(url: string, site: SsrSite, data: Record<string, unknown>): Promise<RenderResult>;
  /** The public API paths (without /api) a page needs, fetched before rendering; `search` is the URL's query ('?…' or ''). */
  prefetchPaths(pathname: string, search?: string): string[];
  /** Where an address that moved now lives (answered with a 301), or null. */
  redirectFor(pathname: string): string | null;
}

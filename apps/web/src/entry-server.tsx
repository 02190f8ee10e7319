import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './app.tsx';
import { createQueryClient, apiKey, serverReadable } from './lib/query.ts';
import { HeadContext, renderHead, safeJson, type HeadCollector } from './lib/head.tsx';
import { SiteContext } from './lib/site.tsx';
import { ServerSessionContext } from './lib/session.ts';
import type { RenderOptions, RenderResult, ServerEntry, SsrSite } from '@encanto/core/ssr';
import { prefetchPaths as pathsToPrefetch } from './ssr-prefetch.ts';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import cormorant600 from '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url';

/**
 * The fonts every page uses, fetched with the stylesheet rather than after it: their faces are
 * `font-display: optional` (styles/fonts.css), used only when they arrive before the first paint.
 */
const fontPreloads = [inter400, inter600, cormorant600]
  .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`)
  .join('\n    ');

// The API process loads this bundle by the ServerEntry contract (packages/core/src/ssr.ts).
export const prefetchPaths: ServerEntry['prefetchPaths'] = pathsToPrefetch;

/**
 * Renders a URL to HTML once every lazy page and its seeded data are ready. With `options.session`
 * (a request that carried the session cookie) the page is rendered for that account: guards answer
 * with `redirect`, and the API paths the page asked for without data come back as `missing`, for the
 * server to fetch with the cookie and render again.
 */
export const render: ServerEntry['render'] = async (url, site, data, options = {}) =>
  renderQuick(prepare(url, site, data, options)) ?? renderStreamed(prepare(url, site, data, options));

/** A boundary the string render could not finish: a page whose code has not loaded yet on this server. */
const SUSPENDED = '<!--$!-->';

interface Prepared {
  tree: ReactNode;
  /** The result around the page's HTML: head, state and status as the render collected them. */
  finish: (html: string) => RenderResult;
}

/**
 * The fast path: one synchronous `renderToString`, where the stream encodes every chunk to UTF-8 for
 * the sink to decode again (10% of a render of /Escort, decision 0112). It cannot wait, so a lazy page
 * whose module this process has not loaded yet comes out as its fallback (SUSPENDED): null, and the
 * stream renders it (the first render of each page after a start). Once loaded, a lazy page renders
 * synchronously, and both give the same HTML.
 */
function renderQuick({ tree, finish }: Prepared): RenderResult | null {
  const html = renderToString(tree);
  return html.includes(SUSPENDED) ? null : finish(html);
}

/** Renders once every lazy page is ready. */
function renderStreamed({ tree, finish }: Prepared): Promise<RenderResult> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(finish(html)));
    const stream = renderToPipeableStream(tree, {
      // Never outline a large finished boundary: outlined content is revealed by an inline script,
      // which the CSP (script-src 'self') blocks, leaving the page twice (a signed-in account page
      // passed the default 12.8 kB).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(err) {
        reject(err);
      },
    });
  });
}

function prepare(
  url: string,
  site: SsrSite,
  data: Record<string, unknown>,
  options: RenderOptions,
): Prepared {
  const known = options.session !== undefined ? { session: options.session } : null;
  const queryClient = createQueryClient();
  for (const [path, value] of Object.entries(data)) queryClient.setQueryData(apiKey(path), value);
  const collector: HeadCollector = {};
  const tree = (
    <StrictMode>
      <HeadContext.Provider value={(entry) => Object.assign(collector, entry)}>
        <SiteContext.Provider value={site}>
          <ServerSessionContext.Provider value={known}>
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={url}>
                <App />
              </StaticRouter>
            </QueryClientProvider>
          </ServerSessionContext.Provider>
        </SiteContext.Provider>
      </HeadContext.Provider>
    </StrictMode>
  );
  const finish = (html: string): RenderResult => {
    const payload = { site, queries: dehydrate(queryClient), ...(known ? { session: known.session } : {}) };
    return {
      html,
      head: `${fontPreloads}\n    ${renderHead(collector.head, site.name)}`,
      state: `<script type="application/json" id="__state">${safeJson(payload)}</script>`,
      status: collector.status ?? 200,
      ...(collector.redirect ? { redirect: collector.redirect } : {}),
      ...(known ? { missing: missingPaths(queryClient) } : {}),
    };
  };
  return { tree, finish };
}

/**
 * The API reads (useApiQuery's ['api', path] keys) the render asked for, enabled, with no data yet:
 * on the server no query runs, so these are what a page rendered for a session still needs. Reads the
 * browser must make itself (lib/query.ts serverReadable) are left to it.
 */
function missingPaths(queryClient: QueryClient): string[] {
  const paths: string[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    const [scope, path] = query.queryKey;
    if (scope !== 'api' || typeof path !== 'string' || !path.startsWith('/')) continue;
    if (!serverReadable(query)) continue;
    if (query.state.data !== undefined) continue;
    const enabled = (query.options as { enabled?: unknown }).enabled;
    if (enabled === false) continue;
    if (typeof enabled === 'function' && !(enabled as (q: typeof query) => boolean)(query)) continue;
    paths.push(path);
  }
  return paths;
}

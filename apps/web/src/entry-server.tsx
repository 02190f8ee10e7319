import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { App } from './app.tsx';
import { createQueryClient, apiKey } from './lib/query.ts';
import { HeadContext, renderHead, safeJson, type HeadCollector } from './lib/head.tsx';
import { SiteContext } from './lib/site.tsx';
import type { ServerEntry } from '@encanto/core/ssr';
import { prefetchPaths as pathsToPrefetch } from './ssr-prefetch.ts';
import { legacyRedirects } from './config/paths.ts';

// The API process loads this bundle by the ServerEntry contract (packages/core/src/ssr.ts).
export const prefetchPaths: ServerEntry['prefetchPaths'] = pathsToPrefetch;

/** Moved addresses (the spec's /ProfileUsuario and friends), matched like routes: case-insensitive. */
export const redirectFor: ServerEntry['redirectFor'] = (pathname) => {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return legacyRedirects.find((r) => r.from.toLowerCase() === path)?.to ?? null;
};

/** Renders a URL to HTML once every lazy page and its seeded data are ready. */
export const render: ServerEntry['render'] = (url, site, data) => {
  const queryClient = createQueryClient();
  for (const [path, value] of Object.entries(data)) queryClient.setQueryData(apiKey(path), value);
  const collector: HeadCollector = {};
  const tree = (
    <StrictMode>
      <HeadContext.Provider value={(entry) => Object.assign(collector, entry)}>
        <SiteContext.Provider value={site}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </QueryClientProvider>
        </SiteContext.Provider>
      </HeadContext.Provider>
    </StrictMode>
  );
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => {
      const state = `<script type="application/json" id="__state">${safeJson({ site, queries: dehydrate(queryClient) })}</script>`;
      resolve({ html, head: renderHead(collector.head, site.name), state, status: collector.status ?? 200 });
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(err) {
        reject(err);
      },
    });
  });
};

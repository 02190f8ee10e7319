import { StrictMode, useEffect } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { msg } from '@encanto/core/messages';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query.ts';
import { defaultSite, SiteContext, type SiteInfo } from './lib/site.tsx';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error(msg.rootMissing);

const stateEl = document.getElementById('__state');
const state = stateEl?.textContent
  ? (JSON.parse(stateEl.textContent) as { site: SiteInfo; queries: unknown })
  : null;
const queryClient = createQueryClient();
if (state?.queries) hydrate(queryClient, state.queries);

/**
 * Marks the document once React has hydrated the page, its lazily loaded code
 * included; browser tests wait for it before interacting. Rendered inside the
 * App's Suspense boundary: outside it, the mark came as soon as the shell
 * hydrated, while the page could still be server HTML waiting for its chunk, and
 * text typed then was wiped when the page hydrated.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const tree = (
  <StrictMode>
    <SiteContext.Provider value={state?.site ?? { ...defaultSite, url: window.location.origin }}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App afterPage={<HydrationMarker />} />
        </BrowserRouter>
      </QueryClientProvider>
    </SiteContext.Provider>
  </StrictMode>
);

if (root.hasChildNodes()) hydrateRoot(root, tree);
else createRoot(root).render(tree);

import { StrictMode, useEffect } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { msg } from '@encanto/core/messages';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query.ts';
import { adoptServerSession, migrateStoredToken, ServerSessionContext } from './lib/session.ts';
import type { SsrSession } from '@encanto/core/ssr';
import { defaultSite, SiteContext, type SiteInfo } from './lib/site.tsx';
import { markPageHydrated } from './lib/hydration.tsx';
import { startPwa } from './lib/pwa.ts';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error(msg.rootMissing);

const stateEl = document.getElementById('__state');
const state = stateEl?.textContent
  ? (JSON.parse(stateEl.textContent) as { site: SiteInfo; queries: unknown; session?: SsrSession | null })
  : null;
const queryClient = createQueryClient();
if (state?.queries) hydrate(queryClient, state.queries);
// A page rendered for the session cookie says whom for (`session`, null when the cookie was dead);
// the shared anonymous render says nothing. Hydration starts from what the server rendered.
const serverSession = state && 'session' in state ? { session: state.session ?? null } : null;
// A token stored by an older version of the app is traded for the cookie before any API call.
void migrateStoredToken();
// The install offer is caught from the start (it may fire before hydration); the worker registers after load.
startPwa();

/**
 * Marks the document once React has hydrated the page, its lazily loaded code
 * included (and its sections in TrackedSuspense boundaries, lib/hydration.tsx);
 * browser tests wait for it before interacting. Rendered inside the App's
 * Suspense boundary: outside it, the mark came as soon as the shell hydrated,
 * while the page could still be server HTML waiting for its chunk, and text
 * typed then was wiped when the page hydrated.
 */
function HydrationMarker() {
  useEffect(() => {
    adoptServerSession(serverSession !== null, serverSession?.session ?? null);
    markPageHydrated();
  }, []);
  return null;
}

const tree = (
  <StrictMode>
    <SiteContext.Provider value={state?.site ?? { ...defaultSite, url: window.location.origin }}>
      <ServerSessionContext.Provider value={serverSession}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App afterPage={<HydrationMarker />} />
          </BrowserRouter>
        </QueryClientProvider>
      </ServerSessionContext.Provider>
    </SiteContext.Provider>
  </StrictMode>
);

if (root.hasChildNodes()) hydrateRoot(root, tree);
else createRoot(root).render(tree);

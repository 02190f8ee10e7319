import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { apiKey, createQueryClient } from '../../src/lib/query.ts';

// React's act() warnings are on only where the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface HydrateOptions {
  /** Where the page is; `ui` renders at this path. */
  url?: string;
  /** Other paths the page may navigate to, each rendering a plain marker text. */
  elsewhere?: Record<string, string>;
  /** API answers the server render already had (the app seeds them through ssr-prefetch). */
  data?: Record<string, unknown>;
}

function client(data: Record<string, unknown>): QueryClient {
  const queryClient = createQueryClient();
  // A failed query shows its error at once instead of after the app's one retry.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  for (const [path, value] of Object.entries(data)) queryClient.setQueryData(apiKey(path), value);
  return queryClient;
}

/**
 * Renders `ui` the way the app reaches a browser: to HTML with react-dom/server (anonymous, no effects),
 * put in the document, then hydrated by React with the same tree. `hydrationErrors` collects what React
 * reports when the two renders disagree; tests expect it empty.
 */
export function renderHydrated(ui: ReactElement, options: HydrateOptions = {}) {
  const url = options.url ?? '/';
  const tree = (queryClient: QueryClient) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={url.split('?')[0]} element={ui} />
          {Object.entries(options.elsewhere ?? {}).map(([path, marker]) => (
            <Route key={path} path={path} element={<p>{marker}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );

  const html = renderToString(tree(client(options.data ?? {})));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);

  const hydrationErrors: unknown[] = [];
  const queryClient = client(options.data ?? {});
  const result = render(tree(queryClient), {
    container,
    hydrate: true,
    onRecoverableError: (error) => hydrationErrors.push(error),
  });
  return { ...result, html, hydrationErrors, queryClient, user: userEvent.setup() };
}

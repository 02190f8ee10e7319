import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp } from '../helpers/web-app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';

/**
 * Pages rendered in a render thread (RENDER_THREADS=1, the default outside tests; decision 0112), through
 * the real web build: the same pages, statuses and redirects as a render on the event loop.
 */
let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;
let escort: FixtureAccount;
let client: FixtureAccount;

beforeAll(async () => {
  web = await createWebTestApp({ RENDER_THREADS: '1', RATE_LIMIT: 'false' });
  app = web.app;
  escort = await createAccount(app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(app, { kind: 'client', autorizado: 'aprobado' });
}, 360_000);

afterAll(async () => {
  await web?.close();
});

const cookie = (a: FixtureAccount) => ({ cookie: `${SESSION_COOKIE}=${a.token}` });

describe('pages rendered in a render thread', () => {
  it('public pages arrive complete: the listing with its card, a profile, and the 404', async () => {
    // Each page twice: the first render of a page waits for its code, the second takes the quick path.
    for (let i = 0; i < 2; i++) {
      const listing = await app.inject(`/Escort?vuelta=${i}`);
      expect(listing.statusCode).toBe(200);
      expect(listing.body).toContain(`href="/Card/${escort.nickname}"`);
      const card = await app.inject(`/Card/${escort.nickname}?vuelta=${i}`);
      expect(card.statusCode).toBe(200);
      expect(card.body).toContain(escort.nickname);
      const missing = await app.inject(`/Card/nadie-${i}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('noindex');
    }
  });

  it("signed-in pages are rendered for the account, and another role's page is a 302", async () => {
    for (let i = 0; i < 2; i++) {
      const own = await app.inject({ url: '/panel/perfil', headers: cookie(escort) });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.body).toContain(escort.email);
      const other = await app.inject({ url: '/panel', headers: cookie(client) });
      expect(other.statusCode).toBe(302);
      expect(other.headers.location).toBe('/Login');
    }
  });

  it('many pages at once all arrive whole', async () => {
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => app.inject(`/Escort?lote=${i}`)));
    for (const p of pages) {
      expect(p.statusCode).toBe(200);
      expect(p.body).toContain(`href="/Card/${escort.nickname}"`);
    }
  });
});

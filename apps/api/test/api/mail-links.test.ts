import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '@encanto/core/paths';
import { mailTemplates } from '../../src/mail-templates/index.ts';
import { mailSiteOf } from '../../src/modules/mail/service.ts';
import { SESSION_COOKIE } from '../../src/plugins/session-cookie.ts';
import { createWebTestApp } from '../helpers/web-app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { approvedClient, approvedEscort, call, pairOf } from './marketplace-helpers.ts';
import { chileTime, DAY, outboxFor, requestBody } from './meetings-helpers.ts';

/**
 * Every link of every mail opens its page at once: a 200 rendered by the real web build, never a
 * redirect (an old address answers 301, a page for another role 302). First each template with its
 * sample data, followed anonymously; then mails the app really queued, followed by their recipient
 * with her session cookie, as a person clicking in her mailbox would. Uses WEB_DIST_DIR when set.
 */
const SITE = 'https://encanto.example';

let web: Awaited<ReturnType<typeof createWebTestApp>>;
let app: FastifyInstance;

beforeAll(async () => {
  web = await createWebTestApp({ SITE_URL: SITE, SITE_NAME: 'Encanto', RATE_LIMIT: 'false' });
  app = web.app;
  // The favourite-visit mail's sample links to her card (mail-templates/favorite-visit.ts): she exists here.
  await createAccount(app, {
    kind: 'escort',
    autorizado: 'aprobado',
    ciudad: 'Santiago',
    nickname: 'estefania',
  });
}, 360_000);

afterAll(async () => {
  await web?.close();
});

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** Opens a link as a browser would (the fragment stays in the browser), optionally signed in. */
async function open(href: string, who?: FixtureAccount) {
  expect(href.startsWith(`${SITE}/`), href).toBe(true);
  const url = new URL(href);
  expect(matchPage(url.pathname), `${href} is a page of the path table`).not.toBeNull();
  const res = await app.inject({
    url: `${url.pathname}${url.search}`,
    headers: who ? { cookie: `${SESSION_COOKIE}=${who.token}` } : {},
  });
  return { status: res.statusCode, location: res.headers.location, body: res.body };
}

describe('every link of every mail template, with its sample data', () => {
  it('answers 200 with a page, without a redirect', async () => {
    const links = mailTemplates.flatMap((template) =>
      Object.entries(template.samples).flatMap(([sample, data]) =>
        template
          .links(data, mailSiteOf(app.config))
          .map((href) => ({ id: `${template.name}/${sample}`, href })),
      ),
    );
    expect(links.length).toBeGreaterThan(15);
    for (const { id, href } of links) {
      const res = await open(href);
      expect(res.location, `${id}: ${href}`).toBeUndefined();
      expect(res.status, `${id}: ${href}`).toBe(200);
      expect(res.body, `${id}: ${href}`).toContain('<html lang="es-CL"');
    }
  });
});

describe('links of mails the app queued, opened by their recipient', () => {
  it('recovery mails: the reset page opens with the real token', async () => {
    for (const kind of ['client', 'escort'] as const) {
      const who = kind === 'client' ? await approvedClient(app) : await approvedEscort(app);
      const res = await app.inject({
        method: 'POST',
        url: kind === 'client' ? '/api/cliente/recuperar-pass' : '/api/usuario/recuperar-pass',
        payload: { email: who.email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await outboxFor(app, who.email);
      const links = linksIn(mail!.text);
      expect(links).toHaveLength(1);
      for (const href of links) {
        const page = await open(href);
        expect([page.status, page.location], href).toEqual([200, undefined]);
      }
    }
  });

  it('notifications: the request, the meeting, the unsubscribe page and the settings, signed in', async () => {
    const client = await approvedClient(app);
    const escort = await approvedEscort(app);
    const asked = await call(
      app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(app.services.clock.now(), DAY)),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const accepted = await call(app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const who of [escort, client]) {
      const mails = await outboxFor(app, who.email);
      expect(mails.length, who.kind).toBeGreaterThan(0);
      for (const mail of mails)
        for (const href of linksIn(mail.text)) {
          const page = await open(href, who);
          expect([page.status, page.location], `${who.kind}: ${href}`).toEqual([200, undefined]);
        }
    }
  });
});

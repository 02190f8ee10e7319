import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { accessTable, resolveMake, UPLOAD } from './access-table.ts';
import {
  authHeaders,
  createWorld,
  errorShapeProblems,
  fillPath,
  routeTable,
  type Role,
  type RouteInfo,
  type World,
} from './world.ts';

/**
 * SQL injection through every path parameter, query parameter and JSON string
 * field of every route, as the admin (who passes the most checks) and as the
 * client. No 5xx, no more data than a harmless unknown value gets, and every
 * table still there with its rows afterwards.
 *
 * Thousands of requests, one after another: the routes are dealt into SHARDS files
 * (sql-injection-N.test.ts), each with its own app and database, so the test runner's workers share
 * them instead of one file being the last to finish (CI time, bench/RESULTS.md).
 */
export const SHARDS = 3;
const PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '1; DROP TABLE accounts; --',
  "x'); DELETE FROM sessions; --",
  "' UNION SELECT pass_hash, email FROM accounts --",
  '\u2019 OR 1=1 --', // right single quotation mark
  'ʼ OR ʼ1ʼ=ʼ1', // modifier letter apostrophe
  '%27%20OR%201%3D1',
  // Sleeps far past anything a loaded CI machine takes over a request (decision 0183), so only an
  // injected sleep is caught by the duration check below.
  "\\'; SELECT pg_sleep(30); --",
  "$1' || (SELECT current_user) || '",
];
const ROLES: Role[] = ['admin', 'client'];
const TABLES = [
  'accounts',
  'escort_profiles',
  'sessions',
  'meetings',
  'comments',
  'favorites',
  'media',
  'identity_documents',
  'reports',
  'rentals',
  'audit_log',
];

/** The suite over the routes whose index in the route table is `shard` modulo SHARDS. */
export function sqlInjectionSuite(shard: number): void {
  let t: TestApp;
  let w: World;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
    w = await createWorld(t.app);
    // Reads first: a registration made with an injection string as its RUT (a valid foreign ID) would
    // otherwise make the later look-ups of that same string find an account, which is no leak.
    routes = routeTable(t.app)
      .filter((r) => r.key in accessTable)
      .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'))
      .filter((_, i) => i % SHARDS === shard);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const res = (await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      };
      out[table] = res.rows[0]!.n;
    }
    return out;
  }

  interface Variant {
    what: string;
    params: Record<string, string | number>;
    query: Record<string, string | number> | undefined;
    body: unknown;
  }

  /** The route's valid request with one input replaced by `value`: each path param, query param and top-level string field in turn. */
  async function variants(route: RouteInfo, value: string): Promise<Variant[]> {
    const entry = accessTable[route.key]!;
    const params = (await resolveMake(entry.params, w)) ?? {};
    const query = await resolveMake(entry.query, w);
    const body = await resolveMake(entry.body, w);
    const out: Variant[] = [];
    for (const name of route.pathParams)
      out.push({ what: `{${name}}`, params: { ...params, [name]: value }, query, body });
    for (const q of route.query)
      out.push({ what: `?${q.name}`, params, query: { ...(query ?? {}), [q.name]: value }, body });
    if (body && body !== UPLOAD && typeof body === 'object') {
      for (const [k, v] of Object.entries(body))
        if (typeof v === 'string')
          out.push({ what: `body.${k}`, params, query, body: { ...body, [k]: value } });
    }
    return out;
  }

  async function send(route: RouteInfo, v: Variant, headers: Record<string, string>) {
    return t.app.inject({
      method: route.method as 'GET',
      url: fillPath(route.path, v.params),
      ...(v.query
        ? { query: Object.fromEntries(Object.entries(v.query).map(([k, x]) => [k, String(x)])) }
        : {}),
      headers:
        v.body !== undefined && v.body !== UPLOAD
          ? { ...headers, 'content-type': 'application/json' }
          : headers,
      ...(v.body !== undefined && v.body !== UPLOAD ? { payload: JSON.stringify(v.body) } : {}),
    });
  }

  /**
   * Sends a route's requests as `role` on one session, made anew when a request has ended it (none of
   * today's routes does with these inputs; a route that signs out would), so such a request cannot turn the
   * ones after it into bare 401s. A session per request instead was a third of the sweep's time on PGlite;
   * one per route keeps what a request does to its session (a re-authentication) from reaching another
   * route's requests.
   */
  async function sessionFor(route: RouteInfo, role: Role) {
    let headers = await authHeaders(w, role);
    return async (v: Variant) => {
      const res = await send(route, v, headers);
      if (res.statusCode !== 401 || !headers.authorization || errorCode(res.body) !== 'UNAUTHORIZED')
        return res;
      headers = await authHeaders(w, role);
      return send(route, v, headers);
    };
  }

  /** The `code` of an error body, if it is one. */
  function errorCode(body: string): unknown {
    try {
      return (JSON.parse(body) as { code?: unknown }).code;
    } catch {
      return undefined;
    }
  }

  /** Size of what an answer discloses: array length, or the number of keys that are true/non-empty. */
  function disclosed(body: string): number {
    try {
      const json = JSON.parse(body) as unknown;
      if (Array.isArray(json)) return json.length;
      if (json && typeof json === 'object')
        return Object.values(json).filter((v) => v === true || (Array.isArray(v) && v.length > 0)).length;
    } catch {
      /* not JSON */
    }
    return 0;
  }

  describe(`SQL injection, routes ${shard + 1} of every ${SHARDS}`, () => {
    it(
      'never errors, never discloses more than an unknown value, and leaves every table intact',
      // A third of thousands of requests: the whole took past 240 s on PostgreSQL on a busy 2-core machine.
      { timeout: 1_200_000 },
      async () => {
        const before = await counts();
        const problems: string[] = [];
        let requests = 0;
        for (const route of routes) {
          // Deleting routes would legitimately remove rows; their inputs are still attacked, just not the row counts.
          for (const role of ROLES) {
            const request = await sessionFor(route, role);
            const baselines = new Map<string, number>();
            for (const v of await variants(route, `zq${Date.now().toString(36)}x`)) {
              const res = await request(v);
              baselines.set(v.what, res.statusCode === 200 ? disclosed(res.body) : 0);
            }
            for (const payload of PAYLOADS) {
              for (const v of await variants(route, payload)) {
                const started = Date.now();
                const res = await request(v);
                requests++;
                const where = `${route.key} ${v.what}=${JSON.stringify(payload)} as ${role}`;
                const shape = errorShapeProblems(res, payload);
                if (shape.length) problems.push(`${where}: ${shape.join(', ')}`);
                if (res.statusCode === 200 && disclosed(res.body) > (baselines.get(v.what) ?? 0))
                  problems.push(`${where}: discloses more than an unknown value`);
                if (Date.now() - started > 20_000)
                  problems.push(`${where}: took ${Date.now() - started} ms (time-based injection?)`);
              }
            }
          }
        }
        expect(problems).toEqual([]);
        expect(requests).toBeGreaterThan(500 / SHARDS);
        const after = await counts();
        // Rows may be added by the legitimate parts of these calls (reports, registrations); none may vanish.
        for (const table of TABLES)
          expect(after[table], table).toBeGreaterThanOrEqual(table === 'sessions' ? 0 : before[table]!);
        expect(after.accounts).toBeGreaterThanOrEqual(before.accounts!);
        // The admin's and the main accounts' sessions were not wiped by a DELETE FROM sessions.
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/cuenta/mis-datos',
          headers: { authorization: `Bearer ${w.client.token}` },
        });
        expect(res.statusCode).toBe(200);
      },
    );
  });
}

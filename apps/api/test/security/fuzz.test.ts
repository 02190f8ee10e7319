import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { accessTable, resolveMake } from './access-table.ts';
import {
  authHeaders,
  createWorld,
  encodeSegment,
  errorShapeProblems,
  fillPath,
  routeTable,
  type JsonSchema,
  type RouteInfo,
  type World,
} from './world.ts';

/**
 * Property-based fuzzing of every route's JSON body, query string and path
 * parameters with values that break the schema: wrong types, nulls, huge and
 * exotic strings, deep nesting, prototype-pollution keys, broken JSON. Never a
 * 5xx, never a stack trace, always JSON with a `mensaje` when refused.
 */
// FUZZ_RUNS raises it for a longer hunt; CI keeps the default for time.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

let t: TestApp;
let w: World;
let routes: RouteInfo[];
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  w = await createWorld(t.app);
  routes = routeTable(t.app).filter((r) => r.key in accessTable);
  // Schema validation runs before the handler, so the caller matters little; the admin passes the most checks after it.
  admin = await authHeaders(w, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const huge = fc.integer({ min: 5_000, max: 300_000 }).map((n) => 'ñ'.repeat(n));
const exoticString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    '\uFEFF',
    '\u202E',
    '\uD800',
    '𝕏'.repeat(30),
    '﷽',
    'null',
    'undefined',
    'NaN',
    '-0',
    '1e309',
    '{{7*7}}',
    '${7*7}',
    '../../../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
  ),
  huge,
);
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308),
  exoticString,
);
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);
const POLLUTION = ['__proto__', 'constructor', 'prototype'];

/** A JSON text for a route: its own keys with wrong values, plus pollution keys and junk, or something that is no object at all. */
function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const wrongFields = fc
    .tuple(
      fc.subarray(keys),
      fc.array(value, { minLength: keys.length, maxLength: keys.length }),
      fc.subarray(POLLUTION),
      fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 3 }),
    )
    .map(([chosen, values, pollution, extra]) => {
      const parts = chosen.map(
        (k, i) => `${JSON.stringify(k)}:${JSON.stringify(values[i] ?? null) ?? 'null'}`,
      );
      // Written as text: JSON.stringify drops a real __proto__ key, and the point is to send one.
      for (const p of pollution)
        parts.push(`${JSON.stringify(p)}:{"polluted":"yes","prototype":{"polluted":"yes"}}`);
      for (const [k, v] of Object.entries(extra))
        parts.push(`${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`);
      return `{${parts.join(',')}}`;
    });
  const notAnObject = value.map((v) => JSON.stringify(v) ?? 'null');
  const broken = fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    '\u0000',
    '',
    'nul',
    '{"a":"\\uD800"}',
    nested(5_000),
    `{"a":${nested(100_000)}}`,
  );
  return fc.oneof(
    { weight: 5, arbitrary: wrongFields },
    { weight: 2, arbitrary: notAnObject },
    { weight: 1, arbitrary: broken },
  );
}

const queryValue = fc.oneof(
  exoticString.map((s) => s.slice(0, 4000)),
  fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
);
const pathValue = fc.oneof(
  exoticString.map((s) => s.slice(0, 3000)),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    ' ',
    '\t',
    'a/b',
    '0',
    '-1',
    '99999999999999999999999',
    '1.5',
    '0x10',
  ),
);

async function check(route: RouteInfo, send: () => Promise<LightMyRequestResponse>): Promise<void> {
  const res = await send();
  const problems = errorShapeProblems(res);
  if (problems.length)
    throw new Error(`${route.key}: ${res.statusCode} ${problems.join(', ')}: ${res.body.slice(0, 300)}`);
}

describe('fuzzing', () => {
  it('answers the inputs fuzzing once found with our error shape: NUL characters, over-long and badly encoded path segments', async () => {
    const cases = [
      { method: 'GET', url: '/api/upload/escort-imagenes/%00' },
      { method: 'GET', url: `/api/usuario/publico/a%00b` },
      { method: 'GET', url: `/api/usuario/ciudad/${'ñ'.repeat(400)}` },
      { method: 'GET', url: `/api/usuario/publico/${'a'.repeat(5000)}` },
      { method: 'GET', url: '/api/usuario/publico/%E0%A4%A' },
      { method: 'GET', url: '/api/cliente/buscar/email?BuscaEmail=a%00b' },
      {
        method: 'POST',
        url: '/api/cliente/login',
        payload: { email: 'a\u0000@correo.cl', pass: 'clave123' },
      },
      {
        method: 'POST',
        url: '/api/denuncias',
        payload: { nickname_usuario: 'x', motivo: 'spam', detalle: 'a\u0000b' },
      },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(
        res.statusCode,
        `${c.method} ${c.url.slice(0, 60)}: ${res.body.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(errorShapeProblems(res), c.url.slice(0, 60)).toEqual([]);
      expect(res.body).not.toContain('ñññ');
    }
  });

  it(
    'answers every schema-breaking body, query and path with a 4xx JSON mensaje (or a success), never a 5xx or a stack',
    { timeout: 600_000 },
    async () => {
      const failures: string[] = [];
      let requests = 0;
      for (const route of routes) {
        if (route.multipart) continue;
        const entry = accessTable[route.key]!;
        const params = (await resolveMake(entry.params, w)) ?? {};
        const query = (await resolveMake(entry.query, w)) ?? {};
        const url = fillPath(route.path, params);
        const properties: fc.IAsyncPropertyWithHooks<never>[] = [];
        if (route.method !== 'GET') {
          properties.push(
            fc.asyncProperty(
              bodyText(route.bodySchema),
              fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
              async (text, type) => {
                requests++;
                await check(route, () =>
                  t.app.inject({
                    method: route.method as 'POST',
                    url,
                    headers: { ...admin, 'content-type': type },
                    payload: text,
                  }),
                );
              },
            ) as never,
          );
        }
        if (route.query.length) {
          properties.push(
            fc.asyncProperty(
              fc.array(
                fc.tuple(
                  fc.constantFrom(
                    ...route.query.map((q) => q.name),
                    '__proto__',
                    'constructor[prototype][x]',
                    'a[b]',
                  ),
                  queryValue,
                ),
                { maxLength: 4 },
              ),
              async (pairs) => {
                requests++;
                const qs = pairs
                  .flatMap(([k, v]) =>
                    (Array.isArray(v) ? v : [v]).map((x) => `${encodeSegment(k)}=${encodeSegment(x)}`),
                  )
                  .join('&');
                await check(route, () =>
                  t.app.inject({ method: route.method as 'GET', url: `${url}?${qs}`, headers: admin }),
                );
              },
            ) as never,
          );
        }
        for (const name of route.pathParams) {
          properties.push(
            fc.asyncProperty(pathValue, async (v) => {
              requests++;
              const target = fillPath(route.path, { ...params, [name]: v });
              const body =
                route.method === 'GET'
                  ? {}
                  : {
                      payload: JSON.stringify((await resolveMake(entry.body, w)) ?? {}),
                      headers: { ...admin, 'content-type': 'application/json' },
                    };
              await check(route, () =>
                t.app.inject({
                  method: route.method as 'GET',
                  url: target,
                  query: Object.fromEntries(Object.entries(query).map(([k, x]) => [k, String(x)])),
                  headers: admin,
                  ...body,
                }),
              );
            }) as never,
          );
        }
        for (const property of properties) {
          const out = await fc.check(property, { numRuns: RUNS, endOnFailure: true });
          if (out.failed)
            failures.push(
              `${route.key}: ${String((out.errorInstance as Error | undefined)?.message ?? 'failed')} (counterexample ${JSON.stringify(out.counterexample)?.slice(0, 200)})`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(1000);
      // Nothing reached Object.prototype through a __proto__ or constructor.prototype key.
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

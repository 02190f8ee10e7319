import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { accessTable, expectedCell, type Cell } from './access-table.ts';
import { codeOf, sendEntry } from './send-entry.ts';
import {
  authHeaders,
  createWorld,
  errorShapeProblems,
  HASH_LEAK,
  roles,
  routeTable,
  type Role,
  type RouteInfo,
  type World,
} from './world.ts';

/**
 * Every API route called by every role: anonymous, client, another client,
 * escort, another escort, admin. The expectation per cell comes from
 * access-table.ts; the route list comes from the OpenAPI document, so a route
 * added without an entry fails here.
 */
let t: TestApp;
let w: World;
let routes: RouteInfo[];

beforeAll(async () => {
  // Limits off: the matrix calls the login and recovery routes from one address many times.
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  w = await createWorld(t.app);
  routes = routeTable(t.app);
});
afterAll(async () => {
  await t?.close();
});

interface Outcome {
  route: string;
  role: Role;
  expected: Cell;
  status: number;
  code: string | undefined;
  body: string;
  shape: string[];
}

async function call(route: RouteInfo, role: Role): Promise<Outcome> {
  const res = await sendEntry(w, route, await authHeaders(w, role));
  return {
    route: route.key,
    role,
    expected: expectedCell(accessTable[route.key]!, role),
    status: res.statusCode,
    code: codeOf(res),
    body: res.body,
    shape: errorShapeProblems(res),
  };
}

/** What is wrong with one cell, or null. */
function cellProblem(o: Outcome): string | null {
  if (o.status === 400 && o.code === 'VALIDATION')
    return `schema validation answered (400 ${o.body.slice(0, 160)}): the matrix body is invalid`;
  if (o.status >= 500) return `server error ${o.status}`;
  switch (o.expected) {
    case 'deny':
      if (o.role === 'anonymous' && o.status !== 401) return `expected 401, got ${o.status}`;
      if (o.role !== 'anonymous' && o.status !== 403) return `expected 403, got ${o.status}`;
      return null;
    case 'hidden':
      return o.status === 404 ? null : `expected 404, got ${o.status}`;
    case 'ok':
      // Authorization refusals use the generic codes; business refusals (wrong password, no meeting) carry their own.
      if (o.status === 401 && o.code === 'UNAUTHORIZED') return `refused with 401 ${o.code}`;
      if (o.status === 403 && o.code === 'FORBIDDEN') return `refused with 403 ${o.code}`;
      return null;
  }
}

describe('access matrix', () => {
  it('has an entry for every route in the OpenAPI document, and no entry without a route', () => {
    const keys = new Set(routes.map((r) => r.key));
    const missing = [...keys].filter((k) => !(k in accessTable));
    const stale = Object.keys(accessTable).filter((k) => !keys.has(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers every route and role as the table says, and never leaks a password hash', async () => {
    const problems: string[] = [];
    const leaks: string[] = [];
    let cells = 0;
    for (const route of routes) {
      if (!(route.key in accessTable)) continue;
      // Refusals first: an allowed call may change state (a deleted comment would turn a 403 into a 404).
      const ordered = [...roles].sort(
        (a, b) =>
          Number(expectedCell(accessTable[route.key]!, a) === 'ok') -
          Number(expectedCell(accessTable[route.key]!, b) === 'ok'),
      );
      for (const role of ordered) {
        const o = await call(route, role);
        cells++;
        const problem = cellProblem(o);
        if (problem) problems.push(`${o.route} as ${o.role}: ${problem}`);
        if (HASH_LEAK.test(o.body)) leaks.push(`${o.route} as ${o.role}`);
        if (o.shape.length) problems.push(`${o.route} as ${o.role}: ${o.shape.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(leaks).toEqual([]);
    expect(cells).toBe(routes.length * roles.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { accessTable } from './access-table.ts';

/**
 * The OpenAPI document tells client authors which calls need the bearer token:
 * a route is marked with `security: [{ bearer: [] }]` exactly when the access
 * table says it needs a session (anything but 'public').
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Operation {
  security?: Record<string, unknown[]>[];
}

describe('OpenAPI security markers', () => {
  it('declares the bearer scheme', () => {
    const doc = t.app.swagger() as { components?: { securitySchemes?: Record<string, unknown> } };
    expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('marks every route that needs a session with the bearer scheme, and no other', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const unmarked: string[] = [];
    const overmarked: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        const entry = accessTable[key];
        // A route without an entry fails the access matrix; it cannot be judged here.
        if (!entry) continue;
        checked++;
        const marked = (op.security ?? []).some((s) => 'bearer' in s);
        // An empty alternative ({}) would declare the session optional.
        const optional = (op.security ?? []).some((s) => Object.keys(s).length === 0);
        const needsSession = entry.access !== 'public';
        if (needsSession && (!marked || optional)) unmarked.push(key);
        if (!needsSession && marked) overmarked.push(key);
      }
    }
    expect({ unmarked, overmarked }).toEqual({ unmarked: [], overmarked: [] });
    expect(checked).toBe(Object.keys(accessTable).length);
  });
});

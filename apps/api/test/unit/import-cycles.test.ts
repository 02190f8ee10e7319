import { describe, expect, it } from 'vitest';
import { apiSrc, cyclesOf, importGraph, moduleOf, relative } from '../helpers/import-graph.ts';

/**
 * No import cycles in apps/api/src. At file level the graph is what runs: type-only imports are
 * erased before the code runs, so they cannot cause an evaluation-order bug and are left out. At
 * module level (modules/<a> → modules/<b>) every import counts, types included: a module's types are
 * part of what it depends on, and two modules that need each other are one module in two folders.
 * A cycle found here is broken by moving the shared piece down (to the lower module's service.ts,
 * to lib/ or infra/), never by an import inside a function.
 */
describe('import graph of apps/api/src', () => {
  it('has no cycle between files', () => {
    const graph = importGraph(apiSrc, { includeTypeOnly: false });
    const edges = new Map([...graph].map(([file, refs]) => [file, refs.map((r) => r.target!)]));
    expect(cyclesOf(edges).map((cycle) => cycle.map((f) => relative(f)))).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const edges = new Map<string, Set<string>>();
    const via = new Map<string, string>();
    for (const [file, refs] of importGraph(apiSrc, { includeTypeOnly: true })) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const ref of refs) {
        const to = moduleOf(ref.target!);
        if (!to || to === from) continue;
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
        via.set(`${from}→${to}`, `${relative(file)}:${ref.line}`);
      }
    }
    // Each cycle is reported with one import per edge inside it, so the fix can start from there.
    const cycles = cyclesOf(edges).map((members) =>
      [...via].filter(
        ([edge]) => members.includes(edge.split('→')[0]!) && members.includes(edge.split('→')[1]!),
      ),
    );
    expect(cycles).toEqual([]);
  });
});

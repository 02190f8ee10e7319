import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiSrc, importGraph, relative, sourceFiles } from '../helpers/import-graph.ts';

/**
 * Routes are composed in app.ts only: every route plugin a module exports (a FastifyPluginAsync or
 * FastifyPluginAsyncZod) is imported by app.ts, which registers it (with its options, such as the
 * shared account limiters), and by no other file. A module never mounts another module's routes,
 * nor its own sub-plugins: app.ts is the one list of what the server answers.
 */
const pluginExport = /^export const (\w+): FastifyPluginAsync(?:Zod)?\b/gm;

function routePlugins(): { name: string; file: string }[] {
  return sourceFiles(path.join(apiSrc, 'modules')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(pluginExport)].map((m) => ({ name: m[1]!, file })),
  );
}

describe('route registration', () => {
  const app = path.join(apiSrc, 'app.ts');
  const graph = importGraph();

  it('finds the route plugins', () => {
    expect(routePlugins().length).toBeGreaterThan(25);
  });

  it('imports every route plugin in app.ts and nowhere else', () => {
    const problems: string[] = [];
    for (const { name, file } of routePlugins()) {
      const importers = [...graph]
        .filter(([, refs]) =>
          refs.some((r) => r.target === file && (r.names.includes(name) || r.names.includes('*'))),
        )
        .map(([importer]) => importer);
      if (!importers.includes(app)) problems.push(`${name} (${relative(file)}) is not registered in app.ts`);
      for (const other of importers.filter((f) => f !== app))
        problems.push(`${relative(other)} imports the route plugin ${name}: register it in app.ts`);
    }
    expect(problems).toEqual([]);
  });

  it('registers each imported route plugin in app.ts', () => {
    const text = fs.readFileSync(app, 'utf8');
    const missing = routePlugins().filter(({ name }) => !new RegExp(`\\.register\\(${name}\\b`).test(text));
    expect(missing.map((p) => p.name)).toEqual([]);
  });
});

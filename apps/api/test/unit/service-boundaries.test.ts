import fs from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiSrc, relative, sourceFiles } from '../helpers/import-graph.ts';

/**
 * Two rules of CONTRIBUTING.md that no lint rule states. A service names what it uses (`db`, or a
 * `Pick<Deps, …>` built with `depsOf(app)`), never the Fastify instance, so its dependencies read at
 * its signature and a test hands it just those. And the public cache is cleared in one place, the
 * onSend hook of plugins/public-writes.ts for routes marked `config: publicWrite`, which also tells the
 * other instances: a service that cleared it would leave them stale and clear it even when its request
 * then failed.
 */

/** Files under modules/ that speak HTTP: they receive the app by their nature. */
const routeFile = /(^|-)routes?\.ts$/;
/** Other module files that take the app, and why. */
const takesApp: Record<string, string> = {
  'modules/accounts/rate-limits.ts': 'registers the lookup hook and builds the shared limiters',
  'modules/data-rights/retention.ts': 'starts the retention job on the app, like a plugin',
  'modules/metrics/server.ts': 'the metrics listener, a Fastify server of its own',
};
/** Who may clear the public cache or tell other instances to: the hook, and the demo seed at start-up. */
const cacheClearers = ['plugins/public-writes.ts', 'demo/seed.ts'];

const sources = sourceFiles().map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  return { name: relative(file), source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
});

/** `file:line` of every node of the file for which `test` holds. */
function find(file: (typeof sources)[number], test: (node: ts.Node) => boolean): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (test(node)) {
      const line = file.source.getLineAndCharacterOfPosition(node.getStart(file.source)).line + 1;
      found.push(`${file.name}:${line}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return found;
}

/** An import of FastifyInstance from 'fastify' (type or value). */
const importsInstance = (node: ts.Node) =>
  ts.isImportDeclaration(node) &&
  ts.isStringLiteral(node.moduleSpecifier) &&
  node.moduleSpecifier.text === 'fastify' &&
  Boolean(
    node.importClause?.namedBindings &&
    ts.isNamedImports(node.importClause.namedBindings) &&
    node.importClause.namedBindings.elements.some(
      (e) => (e.propertyName ?? e.name).text === 'FastifyInstance',
    ),
  );

/** `publicCache.clear(…)` or `invalidation.publish(…)`, on whatever object holds them. */
const clearsCache = (node: ts.Node) => {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const method = node.expression.name.text;
  const holder = node.expression.expression;
  const holderName = ts.isPropertyAccessExpression(holder)
    ? holder.name.text
    : ts.isIdentifier(holder)
      ? holder.text
      : '';
  return (
    (holderName === 'publicCache' && method === 'clear') ||
    (holderName === 'invalidation' && method === 'publish')
  );
};

const moduleFiles = sources.filter((f) => f.name.startsWith('modules/'));

describe('service boundaries', () => {
  it('no module file but its routes takes the Fastify instance', () => {
    const wrong = moduleFiles
      .filter((f) => !routeFile.test(f.name.split('/').at(-1)!) && !(f.name in takesApp))
      .flatMap((f) => find(f, importsInstance));
    expect(wrong, 'take db or a Pick<Deps, …> (deps.ts), built in the route with depsOf(app)').toEqual([]);
  });

  it('the files allowed the instance still take it (the list stays true)', () => {
    for (const name of Object.keys(takesApp)) {
      const file = moduleFiles.find((f) => f.name === name);
      expect(file && find(file, importsInstance), name).toHaveLength(1);
    }
  });

  it('only the publicWrite hook clears the public cache', () => {
    const wrong = sources.filter((f) => !cacheClearers.includes(f.name)).flatMap((f) => find(f, clearsCache));
    expect(wrong, 'declare `config: publicWrite` on the route (plugins/public-writes.ts)').toEqual([]);
    const hook = sources.find((f) => f.name === 'plugins/public-writes.ts')!;
    expect(find(hook, clearsCache)).toHaveLength(2);
  });

  it('reads the modules', () => {
    expect(moduleFiles.length).toBeGreaterThan(100);
    expect(apiSrc).toMatch(/apps[/\\]api[/\\]src$/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No dead exports: every export of packages/core/src, apps/api/src and apps/web/src is used by code that
 * is not a test, either in its own file or imported by another. An export only tests use is code kept
 * alive for its test: delete it, and let the test check the behaviour through what does use it (an API
 * route, a page), or keep the helper in the test's own helpers.
 *
 * The check reads the syntax of every file, without the type checker, so it takes a few seconds:
 * - a file's own use is any identifier of that name other than the declaration (a local shadowing it
 *   counts as a use: the check can miss dead code there, never fail on live code);
 * - imports count by name (`{ a as b }` is a use of `a`), re-exports are uses of their source and exports
 *   of their own, `export *` passes the names used through the barrel on, `import * as ns` counts the
 *   `ns.x` it reads (the whole file when `ns` is passed around), and `import()` counts the whole file;
 * - what no import reaches is listed in `loadedByPath`, with the reason.
 * Tests are everything under apps/<app>/test, packages/<pkg>/test and e2e/ (their helpers included);
 * bench/, scripts/, the CLI and the config files are users like any other code.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const checked = ['packages/core/src', 'apps/api/src', 'apps/web/src'];
const codeRoots = [...checked, 'bench', 'scripts', 'packages/core/scripts'];
const testRoots = ['apps/api/test', 'apps/web/test', 'packages/core/test', 'e2e'];
const configFiles = ['vitest.config.ts', 'apps/web/vite.config.ts', 'apps/api/drizzle.config.ts'];

/** Exports used by something other than an import: name → why. */
const loadedByPath: Record<string, Record<string, string>> = {
  'apps/web/src/entry-server.tsx': {
    render: 'the API server imports the built entry by its URL (apps/api/src/web/plugin.ts)',
    prefetchPaths: 'the API server imports the built entry by its URL (apps/api/src/web/plugin.ts)',
  },
};

interface UnusedExport {
  file: string;
  name: string;
  line: number;
  /** Test files that use it: the export lives for them alone. */
  usedByTests: string[];
}

/** Relative file → its text; `isTest` tells tests apart; `scope` the files whose exports are checked. */
function unusedExports(
  files: Map<string, string>,
  isTest: (file: string) => boolean,
  scope: (file: string) => boolean,
): UnusedExport[] {
  const resolve = (from: string, specifier: string): string | undefined => {
    let base: string;
    if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
    else if (specifier.startsWith('@encanto/core/'))
      base = `packages/core/src/${specifier.slice('@encanto/core/'.length)}`;
    else return undefined;
    return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => files.has(candidate));
  };

  interface Declared {
    name: string;
    line: number;
    /** Declared here (not re-exported): its own file's uses count. */
    local: boolean;
  }
  const declared = new Map<string, Declared[]>();
  const localNames = new Map<string, Map<string, number>>();
  // target file → exported name → the files that use it ('*' for every name of the file)
  const uses = new Map<string, Map<string, Set<string>>>();
  const stars = new Map<string, Set<string>>(); // barrel → files it re-exports whole
  const use = (target: string, name: string, by: string) => {
    const names = uses.get(target) ?? uses.set(target, new Map()).get(target)!;
    (names.get(name) ?? names.set(name, new Set()).get(name)!).add(by);
  };

  for (const [file, text] of files) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const exports: Declared[] = [];
    const declarationNames = new Set<ts.Node>();
    const namespaces = new Map<string, string>();
    const declare = (node: ts.Node, name: string, local: boolean) => {
      declarationNames.add(node);
      exports.push({ name, line: lineOf(node), local });
    };
    const exported = (node: ts.Node) =>
      ts.canHaveModifiers(node) &&
      (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = (node: ts.Node) =>
      ts.canHaveModifiers(node) &&
      (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolve(file, statement.moduleSpecifier.text);
        const clause = statement.importClause;
        if (!target || !clause) continue;
        if (clause.name) use(target, 'default', file);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target);
        else
          for (const element of bindings?.elements ?? [])
            use(target, (element.propertyName ?? element.name).text, file);
      } else if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
          const target = resolve(file, statement.moduleSpecifier.text);
          if (!target) continue;
          if (!clause) (stars.get(file) ?? stars.set(file, new Set()).get(file)!).add(target);
          else if (ts.isNamedExports(clause))
            for (const element of clause.elements) {
              use(target, (element.propertyName ?? element.name).text, file);
              declare(element.name, element.name.text, false);
            }
        } else if (clause && ts.isNamedExports(clause)) {
          for (const element of clause.elements) declare(element.name, element.name.text, false);
        }
      } else if (ts.isExportAssignment(statement)) {
        declare(statement, 'default', false);
      } else if (exported(statement)) {
        if (isDefault(statement)) declare(statement, 'default', false);
        else if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations)
            if (ts.isIdentifier(declaration.name)) declare(declaration.name, declaration.name.text, true);
        } else if (
          (ts.isFunctionDeclaration(statement) ||
            ts.isClassDeclaration(statement) ||
            ts.isInterfaceDeclaration(statement) ||
            ts.isTypeAliasDeclaration(statement) ||
            ts.isEnumDeclaration(statement)) &&
          statement.name
        ) {
          declare(statement.name, statement.name.text, true);
        }
      }
    }

    const counts = new Map<string, number>();
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const target = resolve(file, node.arguments[0].text);
        if (target) use(target, '*', file);
      } else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        const target = resolve(file, node.argument.literal.text);
        if (target)
          use(target, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : '*', file);
      } else if (ts.isIdentifier(node) && !declarationNames.has(node)) {
        const parent = node.parent;
        const nameOfSomethingElse =
          (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
          (ts.isQualifiedName(parent) && parent.right === node) ||
          ((ts.isPropertyAssignment(parent) ||
            ts.isPropertySignature(parent) ||
            ts.isPropertyDeclaration(parent) ||
            ts.isMethodDeclaration(parent) ||
            ts.isMethodSignature(parent)) &&
            parent.name === node) ||
          ts.isImportSpecifier(parent) ||
          ts.isImportClause(parent) ||
          ts.isNamespaceImport(parent);
        if (!nameOfSomethingElse) {
          counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
          const namespace = namespaces.get(node.text);
          if (namespace) {
            if (ts.isPropertyAccessExpression(parent) && parent.expression === node)
              use(namespace, parent.name.text, file);
            else if (ts.isQualifiedName(parent) && parent.left === node)
              use(namespace, parent.right.text, file);
            else use(namespace, '*', file);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    declared.set(file, exports);
    localNames.set(file, counts);
  }

  // A name used through a barrel (`export * from`) is a use of the file that declares it.
  const through = (barrel: string, name: string, by: string, seen = new Set<string>()) => {
    for (const target of stars.get(barrel) ?? []) {
      if (seen.has(target)) continue;
      seen.add(target);
      use(target, name, by);
      through(target, name, by, seen);
    }
  };
  for (const barrel of stars.keys())
    for (const [name, by] of uses.get(barrel) ?? []) for (const file of by) through(barrel, name, file);

  const unused: UnusedExport[] = [];
  for (const [file, exports] of declared) {
    if (!scope(file)) continue;
    const fileUses = uses.get(file) ?? new Map<string, Set<string>>();
    for (const { name, line, local } of exports) {
      if (loadedByPath[file]?.[name]) continue;
      if (local && (localNames.get(file)?.get(name) ?? 0) > 0) continue;
      const by = [...(fileUses.get(name) ?? []), ...(fileUses.get('*') ?? [])];
      if (by.some((user) => !isTest(user))) continue;
      unused.push({ file, name, line, usedByTests: [...new Set(by)].sort() });
    }
  }
  return unused;
}

function readTree(): Map<string, string> {
  const files = new Map<string, string>();
  const add = (file: string) => files.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
  for (const dir of [...codeRoots, ...testRoots])
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (
        entry.isFile() &&
        /\.tsx?$/.test(file) &&
        !file.endsWith('.d.ts') &&
        !file.includes('node_modules/')
      )
        add(file);
    }
  for (const file of configFiles) add(file);
  return files;
}

const isTestFile = (file: string) => testRoots.some((dir) => file.startsWith(`${dir}/`));
const inScope = (file: string) => checked.some((dir) => file.startsWith(`${dir}/`));

describe('exports', () => {
  it('every export of packages/core/src, apps/api/src and apps/web/src has a user that is not a test', () => {
    const unused = unusedExports(readTree(), isTestFile, inScope).map(
      ({ file, line, name, usedByTests }) =>
        `${file}:${line} ${name}${usedByTests.length ? ` (only tests: ${usedByTests.join(', ')})` : ''}`,
    );
    expect(unused).toEqual([]);
    // About 3 s alone (parsing some 900 files); the deadline is for a machine busy with other suites.
  }, 120_000);

  it('the check finds an export nothing uses, and one only a test uses', () => {
    const files = new Map([
      [
        'packages/core/src/a.ts',
        'export const used = 1;\nexport const dead = 2;\nexport const forTests = 3;\nexport const local = 4;\nexport const twice = local * 2;',
      ],
      ['packages/core/src/b.ts', "export * from './a.ts';"],
      ['packages/core/src/c.ts', "import * as ns from './d.ts';\nexport default ns.viaNamespace;"],
      ['packages/core/src/d.ts', 'export const viaNamespace = 1;\nexport const notRead = 2;'],
      [
        'apps/api/src/user.ts',
        "import { used, twice } from '@encanto/core/b';\nimport c from '@encanto/core/c';\nused(twice, c);",
      ],
      ['apps/api/test/a.test.ts', "import { forTests } from '@encanto/core/a';\nforTests();"],
    ]);
    const found = unusedExports(
      files,
      (f) => f.includes('/test/'),
      (f) => f.startsWith('packages/'),
    );
    expect(found.map(({ file, name, usedByTests }) => [file, name, usedByTests])).toEqual([
      ['packages/core/src/a.ts', 'dead', []],
      ['packages/core/src/a.ts', 'forTests', ['apps/api/test/a.test.ts']],
      ['packages/core/src/d.ts', 'notRead', []],
    ]);
  });
});

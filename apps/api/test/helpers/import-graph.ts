import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** apps/api/src, the tree the architecture tests read. */
export const apiSrc = path.resolve(import.meta.dirname, '../../src');

export interface ImportRef {
  /** The text between the quotes. */
  specifier: string;
  /** Resolved absolute path of a relative import (undefined for packages). */
  target?: string;
  /** `import type`, `export type`, or every named binding marked `type`: erased at run time. */
  typeOnly: boolean;
  /** `import('…')` inside code. */
  dynamic: boolean;
  /** Names bound by a static import (`x as y` gives `x`); `*` for a namespace or re-export of all. */
  names: string[];
  line: number;
}

/** Every .ts file under `root`, sorted, as absolute paths. */
export function sourceFiles(root: string = apiSrc): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The imports (static, re-exports, dynamic `import()` and `typeof import()`) of one file. */
export function importsOf(file: string, text: string = fs.readFileSync(file, 'utf8')): ImportRef[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, specifier: string, typeOnly: boolean, dynamic: boolean, names: string[]) => {
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ specifier, target, typeOnly, dynamic, names, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let everyNameIsType = Boolean(clause);
      if (clause?.name) {
        names.push('default');
        everyNameIsType = false;
      }
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        names.push('*');
        everyNameIsType = false;
      } else if (bindings) {
        for (const element of bindings.elements) {
          names.push((element.propertyName ?? element.name).text);
          if (!element.isTypeOnly) everyNameIsType = false;
        }
        if (bindings.elements.length === 0) everyNameIsType = false;
      }
      const typeOnly = Boolean(clause?.isTypeOnly) || everyNameIsType;
      add(node, node.moduleSpecifier.text, typeOnly, false, names);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      const everyNameIsType =
        clause !== undefined &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly);
      add(node, node.moduleSpecifier.text, node.isTypeOnly || everyNameIsType, false, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false, true, ['*']);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node, node.argument.literal.text, true, true, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/** Relative imports between the files of `root`, keyed by the importing file. */
export function importGraph(
  root: string = apiSrc,
  options: { includeTypeOnly: boolean } = { includeTypeOnly: true },
) {
  const graph = new Map<string, ImportRef[]>();
  for (const file of sourceFiles(root)) {
    graph.set(
      file,
      importsOf(file).filter(
        (ref) => ref.target?.startsWith(root + path.sep) && (options.includeTypeOnly || !ref.typeOnly),
      ),
    );
  }
  return graph;
}

/** Strongly connected components with more than one node (or a self-loop): each one holds a cycle. */
export function cyclesOf(edges: Map<string, Iterable<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = [...(edges.get(node) ?? [])].includes(node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indexOf.has(node)) connect(node);
  return found;
}

/** `modules/<name>/…` → `<name>`; anything else → undefined. */
export function moduleOf(file: string, root: string = apiSrc): string | undefined {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : undefined;
}

export const relative = (file: string, root: string = apiSrc) =>
  path.relative(root, file).split(path.sep).join('/');

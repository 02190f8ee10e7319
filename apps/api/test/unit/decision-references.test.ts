import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code and docs say why by pointing at a decision record (docs/decisions/NNNN-title.md, "decision 0108"),
 * never at an issue number (the repository has no tracker, so the number leads nowhere) nor at the old
 * one-file decision log, which the numbered records replaced. Every record they name must exist.
 *
 * Read: the sources, tests, browser tests, benches, scripts, CI and every document of the repository.
 * Left out: what is built or generated (node_modules, dist, test output, bench scratch, mail previews)
 * and the applied migrations (apps/api/drizzle), which are history and not edited. The decision records
 * themselves are read for issue numbers (docs/decisions/README.md: never an outside tracker's number)
 * but may name the old log, to say where a record came from.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const decisionsDir = path.join(root, 'docs/decisions');

const skippedDirs = new Set(['node_modules', 'dist', '.data-test', 'test-results', '.tmp', '.git']);
const skippedPaths = new Set(['data', 'mail-preview', 'package-lock.json', 'apps/api/drizzle']);
const readable = /\.(ts|tsx|js|mjs|cjs|css|md|sql|html|json|ya?ml|sh)$/;

/** Text files of the repository (relative, `/`-separated), in a stable order. */
function repositoryFiles(dir = root): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full).split(path.sep).join('/');
      if (skippedPaths.has(rel)) return [];
      if (entry.isDirectory()) return skippedDirs.has(entry.name) ? [] : repositoryFiles(full);
      // The CI script has no extension.
      return entry.isFile() && (readable.test(entry.name) || rel.startsWith('.ci/')) ? [rel] : [];
    });
}

const files = repositoryFiles().map((name) => ({
  name,
  text: fs.readFileSync(path.join(root, name), 'utf8'),
}));
const inRecords = (name: string) => name.startsWith('docs/decisions/');

/**
 * The text with each line break, and the comment marker that opens the next line (` * `, `// `, `-- `,
 * `# `), turned into as many spaces: a reference wrapped over two lines reads as on one, and every
 * character keeps its offset, so a match still knows its line.
 */
const unwrapped = (text: string) =>
  text.replace(/\r?\n[ \t]*(?:\*(?!\/)|\/\/|--|#)?[ \t]*/g, (m) => ' '.repeat(m.length));

/** Each match of `pattern` (global) in the file, with where it starts: `file:line`. */
function hits(file: { name: string; text: string }, pattern: RegExp): { at: string; match: string }[] {
  return [...unwrapped(file.text).matchAll(pattern)].map((m) => ({
    at: `${file.name}:${file.text.slice(0, m.index).split('\n').length}`,
    match: m[0].replace(/\s+/g, ' '),
  }));
}
const listed = (found: { at: string; match: string }[]) => found.map((h) => `${h.at}: ${h.match}`);

/** "issue" or "issues", then a number: after a space, "#", "-" or nothing; in any case. */
const issueNumber = /\bissues?[\s#-]*\d+/gi;
/** The old log's file name, alone or in a path (a record's own name ends in "-decisions.md": not that). */
const oldLog = /(?<![\w-])decisions\.md\b/g;

/** A record named in prose: "decision 0108", "decisions 0078 and 0081", "decision records 0119 to 0136". */
const prose = /\bdecisions?(?:\s+records?)?\s+(\d{4}(?:(?:,\s+and\s+|,\s+|\s+and\s+|\s+to\s+)\d{4})*)\b/gi;
/** A record named by path or link: "docs/decisions/0108-cookie-sessions….md" or "docs/decisions/0108". */
const link = /docs\/decisions\/(\d{4})(-[a-z0-9-]+\.md)?/g;

const recordFiles = fs.readdirSync(decisionsDir).filter((name) => /^\d{4}-/.test(name));
const numbers = new Set(recordFiles.map((name) => name.slice(0, 4)));

describe('references to decisions', () => {
  it('reads the repository', () => {
    const names = files.map((f) => f.name);
    for (const expected of [
      'apps/api/src/app.ts',
      'e2e/budget.test.ts',
      'bench/RESULTS.md',
      'README.md',
      '.ci/run',
    ])
      expect(names).toContain(expected);
    expect(names.some((n) => n.startsWith('apps/api/drizzle/'))).toBe(false);
    expect(names.length).toBeGreaterThan(500);
  });

  it('name no issue numbers: say the decision record (decision NNNN), or nothing', () => {
    expect(listed(files.flatMap((f) => hits(f, issueNumber)))).toEqual([]);
  });

  it('never point at the old one-file decision log: docs/decisions/NNNN-title.md replaced it', () => {
    expect(listed(files.filter((f) => !inRecords(f.name)).flatMap((f) => hits(f, oldLog)))).toEqual([]);
  });

  it('name records that exist', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const { at, match } of hits(file, prose)) {
        for (const n of match.match(/\d{4}/g) ?? [])
          if (!numbers.has(n)) missing.push(`${at}: ${match} (no record ${n})`);
      }
      for (const m of file.text.matchAll(link)) {
        const [whole, n, rest] = m;
        const ok = rest ? recordFiles.includes(`${n}${rest}`) : numbers.has(n!);
        if (!ok) missing.push(`${file.name}: ${whole}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the references it checks (the patterns still match how the code writes them)', () => {
    const proseCount = files.reduce((sum, f) => sum + hits(f, prose).length, 0);
    expect(proseCount).toBeGreaterThan(100);
  });
});

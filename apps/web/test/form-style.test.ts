import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One form style: every <form> in apps/web/src is built with useSchemaForm (lib/use-schema-form.ts),
 * react-hook-form on a packages/core schema. ESLint keeps useForm and the zod resolver to that file
 * (eslint.config.js, "web data access"); this test catches the other way round, a form of useState
 * fields that never imports a form hook at all.
 */
const src = path.resolve(import.meta.dirname, '../src');

/** Forms that are not data entry for the API, and why. */
const notSchemaForms: Record<string, string> = {
  // A plain GET form: it works before scripts load and becomes a navigation; the listing's first
  // view carries no form library or zod (e2e/budget.test.ts).
  'features/directory/components/filter-bar.tsx': 'search filters in the URL',
  // The same for the phone's search box: the words in the URL (decision 0163).
  'features/directory/components/search-box.tsx': 'search words in the URL',
  // The spec's rental search "en mantención": every control is disabled and nothing is sent.
  'features/rentals/pages/rentals-page.tsx': 'disabled maintenance search',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(src).map((file) => ({
  name: path.relative(src, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

describe('one form style', () => {
  it('every <form> is built with useSchemaForm on a core schema', () => {
    const withForm = files.filter((f) => /<form[\s>]/.test(f.text));
    expect(withForm.length).toBeGreaterThan(20);
    const handMade = withForm
      .filter((f) => !(f.name in notSchemaForms))
      .filter((f) => !/\buseSchemaForm\s*[<(]/.test(f.text))
      .map((f) => f.name);
    expect(handMade).toEqual([]);
  });

  it('the forms left out still exist and still have a <form> (the list stays true)', () => {
    for (const name of Object.keys(notSchemaForms)) {
      expect(files.find((f) => f.name === name)?.text, name).toMatch(/<form[\s>]/);
    }
  });
});

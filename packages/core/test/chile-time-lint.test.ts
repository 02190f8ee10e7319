import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The "one date formatter" block of eslint.config.js, checked on deliberate violations: each snippet is
 * linted as if it lived at the given path (nothing is written to disk). Only that block's rule runs; the
 * type-aware rules of the config need a real file.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-properties',
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(
    (m) => `${m.ruleId ?? 'parse'}: ${m.message.includes('chile-time.ts') ? 'use chile-time.ts' : m.message}`,
  );
}

const formatter = `export const f = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long' });\n`;
const dateMethods = `export const a = new Date().toLocaleDateString('es-CL');\nexport const b = new Date().toLocaleTimeString('es-CL');\n`;
const refused = 'no-restricted-properties: use chile-time.ts';

// Loading the config and its plugins takes seconds on a busy machine: once, before the cases.
beforeAll(() => problems('packages/core/src/chile-time.ts', ''), 60_000);

describe('one date formatter (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses a formatter made anywhere in the apps and packages but chile-time.ts', async () => {
    for (const file of [
      'apps/web/src/features/meetings/components/meeting-facts.tsx',
      'apps/api/src/mail-templates/recovery-locked.ts',
      'apps/api/test/api/accounts-recovery-lock.test.ts',
      'packages/core/src/touring-dates.ts',
    ]) {
      expect(await problems(file, formatter), file).toEqual([refused]);
      expect(await problems(file, dateMethods), file).toEqual([refused, refused]);
    }
    // Taken apart, it is still the same formatter.
    expect(
      await problems('apps/web/src/x.ts', 'const { DateTimeFormat } = Intl;\nexport { DateTimeFormat };\n'),
    ).toEqual([refused]);
  });

  it('lets chile-time.ts build its formatters, and numbers keep toLocaleString', async () => {
    expect(await problems('packages/core/src/chile-time.ts', formatter + dateMethods)).toEqual([]);
    expect(
      await problems('apps/web/src/x.tsx', 'export const n = (1234).toLocaleString("es-CL");\n'),
    ).toEqual([]);
  });
});

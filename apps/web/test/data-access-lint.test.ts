import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The "web data access" block of eslint.config.js, checked on deliberate violations: each snippet is
 * linted as if it lived at the given path in apps/web/src (nothing is written to disk). Only the two
 * rules of the block run; the type-aware rules of the config need a real file.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-globals',
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message.split(/[.:]/)[0]}`);
}

const rawQuery = `import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n`;

// Loading the config and its plugins takes seconds on a busy machine: once, before the cases.
beforeAll(() => problems('lib/query.ts', ''), 60_000);

describe('web data access (eslint.config.js)', { timeout: 30_000 }, () => {
  it('TanStack query hooks only in lib/query.ts', async () => {
    expect(await problems('features/directory/pages/card-page.tsx', rawQuery)).toEqual([
      expect.stringContaining('no-restricted-imports'),
    ]);
    expect(await problems('features/admin/api/pending.ts', rawQuery)).toHaveLength(1);
    expect(await problems('lib/api/reports.ts', rawQuery)).toHaveLength(1);
    expect(
      await problems('components/escort-card.tsx', rawQuery.replace(/useQuery/g, 'useInfiniteQuery')),
    ).toHaveLength(1);
    expect(await problems('lib/query.ts', rawQuery)).toEqual([]);
    // The cache's keys belong to the api/ modules: a screen refreshes through their hooks.
    const client = `import { useQueryClient } from '@tanstack/react-query';\nuseQueryClient();\n`;
    expect(await problems('components/my-data/pause-toggle.tsx', client)).toHaveLength(1);
    expect(await problems('features/profiles/api/profile.ts', client)).toEqual([]);
    expect(await problems('lib/logout.ts', client)).toEqual([]);
    // Two names from one package: each is reported on its own.
    expect(
      await problems(
        'features/x/pages/y.tsx',
        `import { useQuery, useQueryClient } from '@tanstack/react-query';\nexport { useQuery, useQueryClient };\n`,
      ),
    ).toHaveLength(2);
    // The provider and the types are the shell's.
    expect(
      await problems(
        'entry-client.tsx',
        `import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';\nexport { QueryClientProvider };\nexport type { QueryClient };\n`,
      ),
    ).toEqual([]);
  });

  it('api() and uploadWithProgress only in lib/ and features/*/api/; no fetch by hand', async () => {
    const call = `import { api } from '../../../lib/api-client.ts';\nvoid api('/x');\n`;
    expect(await problems('features/admin/pages/pending-page.tsx', call)).toHaveLength(1);
    expect(await problems('features/admin/api/pending.ts', call)).toEqual([]);
    expect(await problems('lib/api/x.ts', call.replace('../../../lib/', '../'))).toEqual([]);
    expect(
      await problems(
        'components/x.tsx',
        `import * as client from '../lib/api-client.ts';\nvoid client.api('/x');\n`,
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'components/x.tsx',
        `import { uploadWithProgress } from '../lib/api-client.ts';\nexport const u = uploadWithProgress;\n`,
      ),
    ).toHaveLength(1);
    // Reading an error is every screen's business.
    expect(
      await problems(
        'components/x.tsx',
        `import { ApiError, errorText } from '../lib/api-client.ts';\nexport { ApiError, errorText };\n`,
      ),
    ).toEqual([]);
    expect(await problems('features/x/pages/y.tsx', `void fetch('/api/x');\n`)).toEqual([
      expect.stringContaining('no-restricted-globals'),
    ]);
    expect(await problems('features/x/api/y.ts', `void fetch('/api/x');\n`)).toEqual([]);
  });

  it('forms: useForm and the zod resolver only in lib/use-schema-form.ts', async () => {
    const form = `import { useForm } from 'react-hook-form';\nexport const f = useForm;\n`;
    expect(await problems('components/card/comment-form.tsx', form)).toHaveLength(1);
    expect(await problems('features/x/api/y.ts', form)).toHaveLength(1);
    expect(await problems('lib/use-schema-form.ts', form)).toEqual([]);
    // Controller, useWatch and useFieldArray work inside a useSchemaForm form.
    expect(
      await problems(
        'components/x.tsx',
        `import { Controller, useWatch } from 'react-hook-form';\nexport { Controller, useWatch };\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        'components/x.tsx',
        `import { zodResolver } from '../lib/zod-resolver.ts';\nexport { zodResolver };\n`,
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'components/x.tsx',
        `import { zodResolver } from '@hookform/resolvers/zod';\nexport { zodResolver };\n`,
      ),
    ).toHaveLength(1);
  });
});

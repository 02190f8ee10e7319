import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },

  // ---- API module boundaries (apps/api/src/modules/<feature>) ----
  // A module uses another through its service, never its SQL: no import of another module's
  // queries.ts (or *-queries.ts). Comments build on meetings, so meetings never import comments.
  ...apiModuleBoundaries(),
);

function apiModuleBoundaries() {
  const queries = {
    group: ['../*/queries.ts', '../*/*-queries.ts'],
    message: "Use the other module's service.ts: a module's queries.ts is its own.",
  };
  const comments = {
    group: ['../comments/*'],
    message: 'Meetings do not depend on comments (comments build on meetings).',
  };
  return [
    {
      files: ['apps/api/src/modules/**/*.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [queries] }] },
    },
    {
      files: ['apps/api/src/modules/meetings/**/*.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [queries, comments] }] },
    },
  ];
}

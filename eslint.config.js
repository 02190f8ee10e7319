import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// --- web boundaries ---------------------------------------------------------------------------------
// apps/web/src is layered, lowest first: config/, lib/, components/, features/<feature>/, and the app
// shell (app.tsx, entry-client.tsx, entry-server.tsx, ssr-prefetch.ts), which composes the features and
// may import anything. Each layer imports only the layers below it; a feature imports only components/,
// lib/, config/ and its own folder, never another feature. What two features share moves down to
// components/ (UI) or lib/ (lib/api/ for endpoint modules). Zones are listed per feature folder, so a new
// feature is covered as soon as its folder exists.
const webSrc = 'apps/web/src';
const webFeatures = fs
  .readdirSync(`${import.meta.dirname}/${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZone = (target, allowed, message) => ({
  target: `./${webSrc}/${target}`,
  from: `./${webSrc}`,
  except: allowed.map((dir) => `./${dir}`),
  message,
});
const webBoundaries = {
  name: 'web boundaries',
  files: [`${webSrc}/**/*.{ts,tsx}`],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver()] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          ...webFeatures.map((feature) =>
            webZone(
              `features/${feature}`,
              ['components', 'lib', 'config', `features/${feature}`],
              'A feature imports only components/, lib/, config/ and its own folder: move what features share to components/ or lib/, and compose features in app.tsx.',
            ),
          ),
          webZone(
            'components',
            ['components', 'lib', 'config'],
            'components/ imports only components/, lib/ and config/.',
          ),
          webZone('lib', ['lib', 'config'], 'lib/ imports only lib/ and config/.'),
          webZone('config', ['config'], 'config/ imports nothing else from the app.'),
        ],
      },
    ],
  },
};
// --- end web boundaries -----------------------------------------------------------------------------

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
  webBoundaries,
  // React's hook rules, and the React Compiler's checks (v7 'recommended-latest'), on the web app.
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },

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

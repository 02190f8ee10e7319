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

// --- web data access --------------------------------------------------------------------------------
// One way to read the API, one way to call it, one form hook (ARCHITECTURE.md, web section):
// - reads go through useApiQuery & co. in lib/query.ts, keyed by the API path the server seeds while
//   rendering; TanStack's own query hooks are imported nowhere else, and the query client (refresh,
//   cache writes) only by lib/ and the api/ modules that own those paths;
// - `api` and `uploadWithProgress` (lib/api-client.ts) are called only from lib/ and features/*/api/,
//   and components and features never fetch by hand;
// - forms use useSchemaForm (lib/use-schema-form.ts): react-hook-form's useForm and the zod resolver
//   are imported only there.
// Each file set below is disjoint, since a later no-restricted-imports entry replaces an earlier one.
const webDataAccess = (() => {
  const queryHooks = {
    name: '@tanstack/react-query',
    importNames: [
      'useQuery',
      'useSuspenseQuery',
      'useInfiniteQuery',
      'useSuspenseInfiniteQuery',
      'useQueries',
      'useSuspenseQueries',
    ],
    message:
      'Read the API with useApiQuery (lib/query.ts) or a hook built on it in lib/api/ or features/<f>/api/: its key is the path the server render seeds.',
  };
  const cacheHooks = {
    name: '@tanstack/react-query',
    importNames: ['useQueryClient'],
    message:
      'Refresh or write cached reads through a hook of lib/api/ or features/<f>/api/ (useInvalidateApi, useSetApiData in lib/query.ts): the keys are the paths those modules own.',
  };
  const formHook = {
    name: 'react-hook-form',
    importNames: ['useForm'],
    message:
      'Build forms with useSchemaForm(schema) from lib/use-schema-form.ts, on the packages/core schema.',
  };
  const resolver = {
    name: '@hookform/resolvers/zod',
    message: 'useSchemaForm (lib/use-schema-form.ts) wires the zod resolver.',
  };
  const resolverModule = {
    group: ['**/zod-resolver.ts'],
    message: 'useSchemaForm (lib/use-schema-form.ts) wires the zod resolver.',
  };
  const apiCalls = {
    group: ['**/lib/api-client.ts'],
    importNames: ['api', 'uploadWithProgress', 'toApiError'],
    message:
      'Call the API from lib/api/<resource>.ts or features/<f>/api/ (endpoint functions and hooks), never from a component.',
  };
  const src = (glob) => `${webSrc}/${glob}`;
  const restrict = (paths, patterns = []) => ({
    'no-restricted-imports': ['error', { paths, patterns }],
  });
  const noHandFetch = {
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: 'Call the API through lib/api-client.ts, from an api/ module.' },
      { name: 'XMLHttpRequest', message: 'Upload with uploadWithProgress, from an api/ module.' },
    ],
  };
  return [
    {
      name: 'web data access: components, features, shell',
      files: [src('**/*.{ts,tsx}')],
      ignores: [src('lib/**'), src('features/*/api/**')],
      rules: {
        ...restrict([queryHooks, cacheHooks, formHook, resolver], [resolverModule, apiCalls]),
        ...noHandFetch,
      },
    },
    {
      name: 'web data access: features/*/api',
      files: [src('features/*/api/**/*.{ts,tsx}')],
      rules: restrict([queryHooks, formHook, resolver], [resolverModule]),
    },
    {
      name: 'web data access: lib',
      files: [src('lib/**/*.{ts,tsx}')],
      ignores: [src('lib/query.ts'), src('lib/use-schema-form.ts'), src('lib/zod-resolver.ts')],
      rules: restrict([queryHooks, formHook, resolver], [resolverModule]),
    },
    {
      name: 'web data access: the form hook',
      files: [src('lib/use-schema-form.ts'), src('lib/zod-resolver.ts')],
      rules: restrict([queryHooks]),
    },
    {
      name: 'web data access: the query hooks',
      files: [src('lib/query.ts')],
      rules: restrict([formHook, resolver], [resolverModule]),
    },
  ];
})();
// --- end web data access ----------------------------------------------------------------------------

// --- one date formatter -----------------------------------------------------------------------------
// Every date or time the site shows is written by packages/core/src/chile-time.ts: Chile's zone and
// Spanish words, the same on the server and in the browser (which hydrates what the server wrote). A
// formatter made on the spot drifts from it (the device's zone, another pattern), as the eight the site
// once had did; add a function there instead. Numbers (toLocaleString) are not concerned.
const dateFormatMessage =
  "Format dates with a function of packages/core/src/chile-time.ts (add one there if none fits), so every date is written in Chile's time the same way on the server and in the browser.";
const oneDateFormatter = {
  name: 'one date formatter',
  files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
  ignores: ['packages/core/src/chile-time.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'Intl', property: 'DateTimeFormat', message: dateFormatMessage },
      { property: 'toLocaleDateString', message: dateFormatMessage },
      { property: 'toLocaleTimeString', message: dateFormatMessage },
    ],
  },
};
// --- end one date formatter -------------------------------------------------------------------------

// --- one browser per browser-test worker ------------------------------------------------------------
// The files of an e2e worker share one process and one Chromium (decision 0187): a file takes it with
// workerBrowser() and ends with releaseBrowser(browser), which closes its contexts. A browser launched or
// closed by a file would cost the launch again, or end the browser under the worker's next file. Its
// screenshots are taken by the same helpers' screenshot() (decision 0192).
const browserMessage =
  "Take the worker's browser with workerBrowser() and end the file with releaseBrowser(browser) (e2e/helpers/browser.ts, decision 0187).";
const oneBrowserPerWorker = {
  name: 'one browser per browser-test worker',
  files: ['e2e/**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "CallExpression[callee.property.name='launch']", message: browserMessage },
      {
        selector: "CallExpression[callee.property.name='close'][callee.object.name=/^browser$/i]",
        message: browserMessage,
      },
      {
        selector: "CallExpression[callee.property.name='screenshot']",
        message:
          "Screenshots go through helpers/browser.ts screenshot(), which encodes the PNG for speed (decision 0192); page.screenshot's encoding cost the browser suite about 40 CPU-seconds a run.",
      },
    ],
  },
};
// --- end one browser per browser-test worker -----------------------------------------------------------

// --- API tests on Node's own import ------------------------------------------------------------------
// The api and security projects load modules with Node's own import (decision 0188), where vitest's module
// mocks do nothing: a test replaces a dependency through createTestApp's services or a Pick<Deps> instead.
const mockMessage =
  "API and security tests run on Node's own import (decision 0188), where module mocks do nothing: pass the replacement through createTestApp({ services }) or the function's deps.";
const noModuleMocks = {
  name: 'api tests on node import',
  files: ['apps/api/test/{api,security,helpers}/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|hoisted|importActual|importMock)$/]",
        message: mockMessage,
      },
      {
        selector: "MemberExpression[object.type='MetaProperty'][property.name='vitest']",
        message: mockMessage,
      },
    ],
  },
};
// --- end API tests on Node's own import ----------------------------------------------------------------

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
  ...webDataAccess,
  oneDateFormatter,
  // React's hook rules, and the React Compiler's checks (v7 'recommended-latest'), on the web app.
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },

  // ---- API layers and module boundaries (apps/api/src) ----
  ...apiBoundaries(),
  oneBrowserPerWorker,
  noModuleMocks,
);

/**
 * apps/api/src, lowest first: lib/, db/ (schema, client, prepared statements), infra/ (media, documents,
 * backup, mail transport), modules/<feature>/, and the composition around them (app.ts, server.ts,
 * services.ts, plugins/, web/, cli/, demo/). ARCHITECTURE.md describes the layers; the tests in
 * apps/api/test/unit (import-cycles, route-registration, table-ownership) check what a lint rule cannot.
 *
 * 1. A module's public surface is its service.ts: another module imports `../<other>/service.ts` and
 *    nothing else of it (dynamic imports included). Comments build on meetings, so meetings never
 *    imports comments.
 * 2. SQL lives in a module's queries.ts / *-queries.ts (and in db/): no other file under modules/
 *    imports drizzle-orm, db/schema or db/prepared.ts, except type-only imports (a row type such as
 *    MediaVariant names data; it writes no SQL).
 * 3. infra/ is below the modules: it imports only infra/, lib/, db/, config.ts and errors.ts.
 *    mail-templates/ (one file per mail, the catalogue in index.ts) is below the modules too: it imports
 *    only itself and packages; modules queue a mail with modules/mail/service.ts queueMail(tx, …).
 * 4. One clock: modules/, infra/, lib/ and plugins/ read the time from the injected clock (`deps.clock`,
 *    `app.services.clock`, or a `now` their caller passes), never from `new Date()`, `Date.now()` or SQL
 *    `now()`, so a test moves time instead of sleeping and crosses every window at its edge. The one wall
 *    clock is `systemClock` in lib/clock.ts. packages/core's Chile-time helpers take `now` as a required
 *    parameter, so the type checker refuses a call that would read the wall clock there.
 * Zones are listed per module folder, so a new module is covered as soon as its folder exists.
 */
function apiBoundaries() {
  const apiSrc = 'apps/api/src';
  const absolute = (dir) => `${import.meta.dirname}/${apiSrc}/${dir}`;
  const modules = fs
    .readdirSync(absolute('modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const surface = (module) => ({
    target: `./${apiSrc}/modules/${module}`,
    from: `./${apiSrc}/modules/**`,
    except: [absolute(`modules/${module}/**`), absolute('modules/*/service.ts')],
    message:
      "Use the other module's service.ts, its one public file: re-export there what other modules need, or move the code to its owner.",
  });
  const sqlMessage =
    "SQL lives in the module's queries.ts or *-queries.ts: move the query there and call it (type-only imports of row types are fine).";
  const clockMessage =
    'Read the time from the injected clock: deps.clock.now() (app.services.clock in a plugin), or a `now: Date` the caller passes. The wall clock is lib/clock.ts systemClock only.';
  return [
    {
      name: 'api boundaries',
      files: [`${apiSrc}/**/*.ts`],
      plugins: { 'import-x': importX },
      settings: { 'import-x/resolver-next': [createNodeResolver()] },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: import.meta.dirname,
            zones: [
              ...modules.map(surface),
              {
                target: `./${apiSrc}/modules/meetings`,
                from: `./${apiSrc}/modules/comments`,
                message: 'Meetings do not depend on comments (comments build on meetings).',
              },
              {
                target: `./${apiSrc}/mail-templates`,
                from: `./${apiSrc}`,
                except: ['./mail-templates'],
                message:
                  'mail-templates/ renders a mail from its data alone: it imports only mail-templates/ and packages (@encanto/core, zod); the caller passes everything else as data.',
              },
              {
                target: `./${apiSrc}/infra`,
                from: `./${apiSrc}`,
                except: ['./infra', './lib', './db', './config.ts', './errors.ts'],
                message:
                  'infra/ is below the modules: it imports only infra/, lib/, db/, config.ts and errors.ts (a module passes it what it needs).',
              },
            ],
          },
        ],
      },
    },
    {
      name: 'api sql in queries files',
      files: [`${apiSrc}/modules/**/*.ts`],
      ignores: [`${apiSrc}/modules/**/queries.ts`, `${apiSrc}/modules/**/*-queries.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: sqlMessage },
              { regex: '(^|/)db/(schema|prepared)(/|\\.ts$)', allowTypeImports: true, message: sqlMessage },
            ],
          },
        ],
      },
    },
    {
      name: 'api one clock',
      files: [`${apiSrc}/{modules,infra,lib,plugins}/**/*.ts`],
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
          { selector: "MemberExpression[object.name='Date'][property.name='now']", message: clockMessage },
          // Date() called as a function is the current time as text.
          { selector: "CallExpression[callee.name='Date']", message: clockMessage },
          {
            selector:
              "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(now\\(\\)|current_timestamp|current_date|localtimestamp|clock_timestamp)/i]",
            message: `${clockMessage} In SQL, pass it as a parameter (\${now}) instead of now().`,
          },
        ],
      },
    },
  ];
}

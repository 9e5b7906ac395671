import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importZones from './eslint-rules/import-zones.js';
import tseslint from 'typescript-eslint';

const moduleOf = (file) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
const featureOf = (file) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];

const IMPORT_ZONES = [
  {
    from: /^src\/shared\//,
    forbid: ({ file, pack }) => /^src\/(server|web)\//.test(file ?? '') || pack?.startsWith('node:'),
    message: 'src/shared runs in the browser and the server: no node:*, no server or web code.',
  },
  {
    from: /^src\/web\//,
    forbid: ({ file }) => file?.startsWith('src/server/'),
    message: 'The web app must not import server code; share through src/shared.',
  },
  {
    from: /^src\/web\/features\//,
    forbid: ({ file }, importer) => featureOf(file ?? '') !== undefined && featureOf(file) !== featureOf(importer),
    message:
      'A web feature never imports another feature: move what both need to src/web/components or src/web/lib, or compose them in src/web/app.',
  },
  {
    // Another module only through its index.ts; a module's own files among themselves freely.
    from: /^(src\/server|scripts|tools|bench|e2e)\//,
    forbid: ({ file }, importer) => {
      const target = /^src\/server\/modules\/([^/]+)\/(.+)$/.exec(file ?? '');
      return target !== null && target[1] !== moduleOf(importer) && target[2] !== 'index';
    },
    message: "Import another module only through its index.ts; add what you need to that module's exports.",
  },
  {
    from: /^src\/server\/modules\/[^/]+\/.*\.routes\.ts$/,
    forbid: ({ file }) => /\.repository$/.test(file ?? ''),
    message: 'Routes never reach a repository: go through the service.',
  },
  {
    // Services, repositories and the business wiring know nothing of HTTP.
    from: /^src\/server\/(modules\/[^/]+\/[^/]+\.(service|repository)\.ts|events\.ts|consequences\.ts|services\.ts|app-error\.ts|session-user\.ts)$/,
    forbid: ({ file, pack }) => file?.startsWith('src/server/http/') || pack === 'fastify' || pack?.startsWith('@fastify/'),
    message: 'Services and repositories must not depend on the HTTP layer: throw AppError, take a SessionUser.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'bench/peers/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The UI strings are one module a section (src/shared/copy/), so a page's code carries only the
      // sections it reads: `copy.section.key` lets the bundler keep just those; the namespace taken
      // whole, or indexed by a computed key, would pull every section into the page.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Identifier[name='copy']:not(MemberExpression[computed=false] > Identifier.object):not(TSQualifiedName > Identifier.left):not(ImportNamespaceSpecifier > Identifier.local)",
          message: 'Read the UI strings as copy.section.key: the namespace taken whole loads every section.',
        },
      ],
    },
  },
  {
    // Numbers and dates on a page are written by src/shared/numbers.ts, src/shared/money.ts and
    // src/web/lib/format-date.ts: a browser's first Intl formatter costs the page 12–25 ms of main
    // thread while ICU's data loads (docs/decisions/0013-server-rendering.md).
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use formatCount, formatMoney or formatDate: Intl loads ICU on the page.',
        })),
        ...['NumberFormat', 'DateTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Use formatCount, formatMoney or formatDate: Intl loads ICU on the page.',
        })),
      ],
    },
  },
  {
    // What the public pages read before any form: their query strings, how a vehicle is written and
    // how much a garage holds.
    // Building the schemas was a third of the script on /reviews' start, so these stay free of zod
    // (types excepted, which the build drops) (docs/decisions/0013-server-rendering.md).
    files: [
      'src/shared/page-search.ts',
      'src/shared/vehicle-names.ts',
      'src/shared/schemas/query-limits.ts',
      'src/shared/schemas/garage-limits.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'Keep zod out of what every public page loads.' }],
          patterns: [
            {
              group: ['**/schemas/*', '!**/schemas/query-limits'],
              allowTypeImports: true,
              message: 'The schema modules build zod schemas on import: take the value from schemas/query-limits.',
            },
          ],
        },
      ],
    },
  },
  {
    // Which folders may import which (docs/decisions/0017-modules-and-events.md). A zone applies to the
    // files its `from` matches; `forbid` gets the import resolved from the repository root (`file`) or
    // a package name (`pack`) and answers whether it crosses the boundary.
    plugins: { gearhouse: importZones(IMPORT_ZONES) },
    rules: { 'gearhouse/zones': 'error' },
  },
);

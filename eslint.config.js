import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const API = path.join(root, 'apps/api/src');

/**
 * Dependencies point one way, so each part can be read, tested and changed alone:
 * - web: a feature never imports another feature (a page that needs two lives in `app/` and composes them), nor
 *   anything of `app/` (which composes features); `lib/` and `components/` are the shared base and never import
 *   `features/` or `app/`.
 * - api: `http/` (conventions) never imports `modules/` (domains); a module reaches another module only through
 *   its `*.service.ts`, the one place that decides permissions and transactions; jobs and the rest likewise.
 * Tests and their fixtures may reach into a module's internals to set up data, so they are exempt.
 */
const boundaries = [
  ...foldersIn(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in app/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message:
      'A feature never imports app/: app/ composes features. Take the API client from lib/api, shared UI from components/.',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'lib/ and components/ are shared by every feature and import none.',
  },
  {
    target: 'apps/api/src/http',
    from: 'apps/api/src/modules',
    message: 'http/ holds conventions every module uses; it never imports a module.',
  },
  ...foldersIn('apps/api/src/modules').map((module) => ({
    target: `apps/api/src/modules/${module}`,
    from: `${API}/modules/**`,
    except: [`${API}/modules/${module}/**`, `${API}/modules/*/*.service.ts`],
    message: 'A module uses another module only through its *.service.ts.',
  })),
  {
    target: [
      ...foldersIn('apps/api/src')
        .filter((folder) => folder !== 'payments')
        .map((folder) => `apps/api/src/${folder}`),
      'apps/api/src/*.ts',
      'apps/api/src/payments/*.ts',
    ],
    from: 'apps/api/src/payments/local/vault.schema.ts',
    message: "The vault is the local gateway's own: nothing else reads or writes it.",
  },
  {
    target: ['apps/api/src/jobs', 'apps/api/src/db', 'apps/api/src/exports', 'apps/api/src/storage'],
    from: `${API}/modules/**`,
    except: [`${API}/modules/*/*.service.ts`],
    message: 'Outside modules/, a module is used only through its *.service.ts.',
  },
];

const FORM_RULE =
  'Build a form with useSchemaForm(schema) from lib/use-schema-form: the shared zod schema is its one validation.';

const PROPERTIES_OWNER =
  'Only the customers module writes the properties table: call the write through customers.service.ts.';
/** The start of a raw SQL write, up to its table's name. */
const RAW_WRITE = '\\b(update|insert\\s+into|delete\\s+from)';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its errors (an unhandled rejection, or a failure nobody sees), and
    // an async function where a plain callback is expected (an event handler, a forEach) runs unobserved. Each file is
    // checked with the types of the workspace tsconfig that includes it; the two root-level Vitest configs belong to
    // none and get a default project.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'packages/shared/vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/*.test-fixtures.ts', '**/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The properties table (with its prices' table) has one writer, the customers module: other modules change a
    // property through customers.service.ts, so a property's history, versions and account numbers are kept in one place. Seeds
    // bulk-load it and tests set up data, so they are exempt. Reading it anywhere is fine.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/customers/**',
      'apps/api/src/db/seed/**',
      'apps/api/src/test/**',
      '**/*.test.ts',
      '**/*.test-fixtures.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        // db.insert(properties), tx.update(schema.properties), db.delete(properties)...
        {
          selector:
            'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(properties|propertyPrices)$/]',
          message: PROPERTIES_OWNER,
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.property.name=/^(properties|propertyPrices)$/]',
          message: PROPERTIES_OWNER,
        },
        // The table under another name would hide its writes from the rules above.
        {
          selector: "ImportSpecifier[imported.name='properties'][local.name!='properties']",
          message: 'Import the properties table under its own name, so the one-writer rule can see its writes.',
        },
        // Raw SQL: update properties, INSERT INTO "properties", delete from public.properties...
        {
          selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/${RAW_WRITE}\\s+("?\\w+"?\\.)?"?(properties|property_prices)\\b/i]`,
          message: PROPERTIES_OWNER,
        },
        // ...and the table interpolated: sql`update ${properties} set ...`.
        {
          selector: `TaggedTemplateExpression[tag.name='sql']:has(TemplateElement[value.raw=/${RAW_WRITE}\\s*$/i]):has(TemplateLiteral > Identifier[name=/^(properties|propertyPrices)$/])`,
          message: PROPERTIES_OWNER,
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One way to build a form: useSchemaForm (lib/use-schema-form.ts), react-hook-form validated by the shared zod
    // schema the API also checks. A form built with useForm and its own resolver drifts from the server's rules.
    // One place for icons: components/icons.tsx (Material Design Icons' paths), not MUI's 18,000-file icon package.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/use-schema-form.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hook-form',
              importNames: ['useForm', 'Resolver'],
              message: FORM_RULE,
            },
          ],
          patterns: [
            { group: ['@hookform/resolvers', '@hookform/resolvers/*'], message: FORM_RULE },
            {
              group: ['@mui/icons-material', '@mui/icons-material/*'],
              message: 'Icons come from components/icons.tsx; add the one you need there.',
            },
          ],
        },
      ],
    },
  },
);

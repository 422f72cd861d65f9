/**
 * One linter for the whole repository (flat config). Beyond the recommended rules of
 * typescript-eslint, React's hooks and jsx-a11y, it keeps the layout's written rules true
 * (docs/architecture.md):
 * - code flows one way in the app: lib/components → features → app; features do not import
 *   each other;
 * - src/ never imports server/; server/ imports only contract/ from outside itself; contract/
 *   imports neither;
 * - SQL only in server/repositories/: the rest of the server (routes, services, plugins, lib,
 *   media, first-screen, catalog-index) imports neither the drizzle schema nor drizzle-orm
 *   (server/db/, the database layer itself, and the repositories do);
 * - no import cycles.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** The server's code above the repositories: it reaches the database only through server/repositories/. */
const aboveRepositories = ['routes', 'services', 'plugins', 'lib', 'media', 'first-screen', 'catalog-index'];
const SQL_ONLY_IN_REPOSITORIES =
  'SQL only in repositories: put the query in server/repositories/ (a <domain>-repository.ts function taking `db`) and call it from here.';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'scripts/tmp-*.ts', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        // One tsconfig per runtime (ADR 027): several projects on purpose, so no warning about it.
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json', 'tsconfig.test.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract is shared by both sides and depends on neither.
            { target: './contract', from: ['./src', './server', './scripts', './tests'], message: 'contract/ imports neither side.' },
            // The app never reaches into the server, the server only into the contract.
            {
              target: './src',
              from: ['./server', './scripts', './tests'],
              message: 'src/ never imports server/ (share through contract/).',
            },
            { target: './src-sw', from: ['./server', './scripts', './tests'] },
            {
              target: './server',
              from: ['./src', './src-sw', './scripts', './tests'],
              message: 'server/ imports only contract/ from outside itself.',
            },
            // SQL only in repositories (issue 16): the tables are named in repositories/ (and db/) alone.
            {
              target: aboveRepositories.map((dir) => `./server/${dir}`),
              from: './server/db/schema.ts',
              message: `${SQL_ONLY_IN_REPOSITORIES} Row and column types: export them from the repository.`,
            },
            // One-way flow inside the app: shared code → features → app.
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or the app.',
            },
            { target: './src/features', from: './src/app', message: 'Features do not import the app; the app composes them.' },
            // Features do not import each other.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in src/app, or move the shared piece to src/lib.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // SQL only in repositories (issue 16): no query builder or sql`` template above them either.
    files: aboveRepositories.map((dir) => `server/${dir}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: SQL_ONLY_IN_REPOSITORIES }],
          patterns: [{ group: ['drizzle-orm/*'], message: SQL_ONLY_IN_REPOSITORIES }],
        },
      ],
    },
  },
  {
    files: ['src-sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.config.{ts,js}', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts that drive Chromium: their page functions run in the page.
    files: ['scripts/bench-web.mjs', 'scripts/bench-images.mjs', 'scripts/screenshots.mjs', 'tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The server's parts above a floor, as import zones' `from`: lib < config < db < plugins < the features. */
const serverFeatures = ['modules', 'identity', 'feed', 'jobs', 'mail', 'seed', 'test', 'app.ts', 'server.ts'];
function serverFloorsAbove(floor) {
  const above = { lib: ['config.ts', 'db', 'plugins'], config: ['db', 'plugins'], db: ['plugins'], plugins: [] }[floor];
  return [...above, ...serverFeatures].map((part) => `./apps/server/src/${part}`);
}

const features = ['api-reference', 'cookie-policy', 'epp', 'registrar', 'registrations', 'users'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/server/src/db/migrations/**', 'apps/server/bench/.build/**', 'apps/server/.build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // Resolves `./x` to `x.ts`/`x.tsx`: without it the zones and the cycle check see no file and pass everything.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Fastify plugins and route handlers are async by convention (a plugin must be async or take a callback).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.replica.ts', '**/*.failover.ts', 'e2e/**/*.ts'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The Bootstrap Icons font is not loaded (docs/decisions.md, "Web weight and speed").
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="className"] Literal[value=/(^|\\s)bi-/]',
          message: 'The icon font is not loaded: draw the icon with components/icon.tsx and its SVG imported with ?raw.',
        },
      ],
      // The route table and its schemas (zod) stay out of the web's bundles: the web takes only their types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@registrar-panel/contract/api',
              allowTypeImports: true,
              message: 'Import its types only (`import type`): the table would bring zod into the bundle. Paths come from `operations`.',
            },
          ],
        },
      ],
      // Architecture: features never import each other; shared code never imports features or the app shell.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; move shared code to src/lib or src/components.',
            })),
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib is shared code: it imports no feature and not the app shell.',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components are shared: they import no feature.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app shell.' },
          ],
        },
      ],
    },
  },
  {
    // Tests are not bundled: they may build the OpenAPI document from the table itself.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The server's floors: each imports only what is below it; what a lower floor needs from a higher
    // one is handed in at app.ts (docs/ARCHITECTURE.md, Floors). Tests may reach across.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.replica.ts',
      'apps/server/src/**/*.failover.ts',
      'apps/server/src/**/*.keycloak.ts',
      'apps/server/src/**/*.test-support.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/lib',
              from: serverFloorsAbove('lib'),
              message: 'lib/ is the ground floor: it imports no other part of the server.',
            },
            { target: './apps/server/src/db', from: serverFloorsAbove('db'), message: 'db/ imports only lib/ and the configuration.' },
            {
              target: './apps/server/src/plugins',
              from: serverFloorsAbove('plugins'),
              message: 'plugins/ import only lib/, db/ and the configuration; hand in what they need from a feature at app.ts.',
            },
            { target: './apps/server/src/identity', from: './apps/server/src/modules', message: 'identity/ never imports modules/.' },
            { target: './apps/server/src/feed', from: './apps/server/src/modules', message: 'feed/ never imports modules/.' },
            {
              target: ['./apps/server/src/config.ts'],
              from: serverFloorsAbove('config'),
              message: 'The configuration imports only lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@registrar-panel/*', '**/apps/**'], message: 'The contract imports nothing of ours.' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

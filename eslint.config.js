/**
 * Lint, run by `npm test` and `.ci/run` (`npm run lint`). Beside the usual TypeScript, React hooks
 * and accessibility rules, a local rule (`local/layers`) resolves every relative import and keeps
 * the house's floors (CONTEXT.md, "Where code goes"):
 *  - contracts/ is the ground floor (pure facts shared by all): it imports only contracts/;
 *  - db/ imports only db/ and contracts/;
 *  - pwa/ imports nothing from api/ or db/; api/ imports nothing from pwa/;
 *  - api/routes/ never import db/ (routes call services, services hold the queries);
 *  - inside pwa/, pwa/lib is the ground (it imports nothing from pwa/offline), the offline wings
 *    (offline/catalogue, offline/back-office) do not import each other, a feature
 *    (pwa/features/<a>/) imports no other feature, and shared code (components, lib, offline,
 *    catalogue, session, stores) imports neither features nor app/: app/ composes features.
 * `import-x/no-cycle` refuses any import cycle, no application file passes 300 lines, and there is
 * no `setInterval` outside api/jobs/: periodic work is a job.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** pwa/ folders that any feature may use, and that may use no feature (nor app/). */
const PWA_SHARED = new Set(['components', 'lib', 'offline', 'catalogue', 'session', 'stores']);

/** Where an import may point, by the folders of the importing file and of its target. */
function forbidden(fromRel, targetRel) {
  const [from, fromSub, fromFeature] = fromRel.split(path.sep);
  const [to, toSub, toFeature] = targetRel.split(path.sep);
  if (from === 'contracts' && to !== 'contracts') return 'contracts/ is the ground floor: it may import only other contracts';
  if (from === 'db' && to !== 'db' && to !== 'contracts') return 'db/ may import only db/ and contracts/';
  if (from === 'pwa' && (to === 'api' || to === 'db')) return `pwa/ may not import ${to}/ (shared facts live in contracts/)`;
  if (from === 'api' && to === 'pwa') return 'api/ may not import pwa/';
  if (from === 'api' && fromSub === 'routes' && to === 'db') return 'api/routes may not import db/: a route calls a service';
  if (from === 'pwa' && fromSub === 'lib' && to === 'pwa' && toSub === 'offline') return 'pwa/lib is the ground of the app: it may not import pwa/offline';
  const OFFLINE_WINGS = ['catalogue', 'back-office'];
  if (
    from === 'pwa' &&
    to === 'pwa' &&
    fromSub === 'offline' &&
    toSub === 'offline' &&
    OFFLINE_WINGS.includes(fromFeature) &&
    OFFLINE_WINGS.includes(toFeature) &&
    fromFeature !== toFeature
  )
    return 'pwa/offline/catalogue and pwa/offline/back-office are two wings: neither imports the other';
  if (from === 'pwa' && to === 'pwa' && fromSub === 'features' && toSub === 'features' && fromFeature !== toFeature)
    return `pwa/features/${fromFeature} may not import another feature: move what both need to shared code, or compose them in app/`;
  if (from === 'pwa' && to === 'pwa' && fromSub === 'features' && toSub === 'app') return 'pwa/features may not import pwa/app';
  if (from === 'pwa' && to === 'pwa' && PWA_SHARED.has(fromSub) && (toSub === 'features' || toSub === 'app'))
    return `pwa/${fromSub} is shared: it may not import pwa/features or pwa/app`;
  return null;
}

/** The path aliases of aliases.ts / tsconfig.json, as folders of the repository. */
const ALIAS_FOLDERS = { '@contracts/': 'contracts/', '@api/': 'api/', '@db/': 'db/', '@pwa/': 'pwa/' };

/**
 * A local rule: resolves each relative or aliased import and checks it against the layers above;
 * a relative import may climb at most two folders (deeper ones use an alias).
 */
const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      forbidden: '{{why}} (imports {{target}}).',
      deep: 'Import climbs more than two folders: use an alias (@contracts/, @api/, @db/, @pwa/) for {{target}}.',
    },
  },
  create(context) {
    const fromRel = path.relative(ROOT, context.filename);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      const alias = Object.keys(ALIAS_FOLDERS).find((prefix) => spec.startsWith(prefix));
      if (!alias && !spec.startsWith('.')) return;
      const targetRel = alias
        ? path.normalize(ALIAS_FOLDERS[alias] + spec.slice(alias.length))
        : path.relative(ROOT, path.resolve(path.dirname(context.filename), spec));
      if (!alias && /^(\.\.\/){3,}/.test(spec)) context.report({ node, messageId: 'deep', data: { target: targetRel } });
      const why = forbidden(fromRel, targetRel);
      if (why) context.report({ node, messageId: 'forbidden', data: { why, target: targetRel } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Tests and fakes speak loosely typed JSON; the application code is strict TypeScript.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.configs.recommended.rules,
    },
  },
  {
    // Tests beside the code may use the test support folders; the code itself keeps its layer.
    files: ['contracts/**/*.ts', 'api/**/*.{ts,tsx}', 'db/**/*.ts', 'pwa/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { local: { rules: { layers } } },
    rules: { 'local/layers': 'error' },
  },
  {
    // No import cycle anywhere (type-only imports included: a cycle of types is still a knot).
    files: ['contracts/**/*.ts', 'api/**/*.ts', 'db/**/*.ts', 'pwa/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json') })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // An application file stays readable in one sitting: split it by concern before it passes 300 lines.
    files: ['contracts/**/*.ts', 'api/**/*.ts', 'db/**/*.ts', 'pwa/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Periodic work on the server is a job (api/jobs/: declared with its schedule, claimed through
    // the database), never a timer of its own; in the browser, a next run is scheduled when the last ends.
    files: ['contracts/**/*.ts', 'api/**/*.ts', 'db/**/*.ts', 'pwa/**/*.{ts,tsx}'],
    ignores: ['api/jobs/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setInterval', message: 'Declare periodic work as a job of its domain (api/domains/, job code in api/jobs/).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'setInterval', message: 'Declare periodic work as a job of its domain (api/domains/, job code in api/jobs/).' },
        {
          object: 'window',
          property: 'setInterval',
          message: 'In the browser, schedule the next run when the last one ends (setTimeout): runs never overlap.',
        },
        { object: 'self', property: 'setInterval', message: 'In the browser, schedule the next run when the last one ends (setTimeout): runs never overlap.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:timers',
              importNames: ['setInterval'],
              message: 'Declare periodic work as a job of its domain (api/domains/, job code in api/jobs/).',
            },
            { name: 'timers', importNames: ['setInterval'], message: 'Declare periodic work as a job of its domain (api/domains/, job code in api/jobs/).' },
          ],
        },
      ],
    },
  },
);

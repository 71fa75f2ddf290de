// ESLint flat config: typescript-eslint's recommended rules everywhere, React hooks rules in the
// client, and import boundaries between the parts of the code base (import-x/no-restricted-paths,
// which compares resolved file paths, so relative imports of any depth are caught).
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

const root = path.dirname(fileURLToPath(import.meta.url))
const at = (...parts) => path.join(root, ...parts)
const folders = (dir) =>
  fs
    .readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const NODE_ONLY = ['server', 'seed', 'bench', 'scripts', 'prisma']

// (a) The browser bundle never reaches into Node code.
const clientZones = [
  {
    target: 'client/src',
    from: NODE_ONLY,
    message: 'client/src is browser code: it must not import server/, seed/, bench/, scripts/ or prisma/ (shared code goes in common/).',
  },
]

// (b) common/ is shared by server and client: it depends on neither.
const commonZones = [
  { target: 'common', from: ['server', 'client'], message: 'common/ is shared by server and client and must not import either.' },
]

// (c) A client feature uses another feature only through its public entry, features/<name>/index.ts.
// (d) Features and the shared building blocks never import the app shell (client/src/app), and the
//     shared building blocks (lib, config, components/ui, components/content) never import features.
const clientArchitectureZones = [
  ...folders('client/src/features').map((feature) => ({
    target: `client/src/features/${feature}`,
    from: [at('client/src/features', `!(${feature})`, '**')],
    except: [at('client/src/features/*/index.{ts,tsx}')],
    message: `Import another feature only through its public entry (features/<name>/index.ts); add what ${feature} needs to that index.`,
  })),
  {
    target: ['client/src/features', 'client/src/lib', 'client/src/config', 'client/src/components/ui', 'client/src/components/content'],
    from: ['client/src/app'],
    message: 'client/src/app is the shell that composes features: nothing below it imports it.',
  },
  {
    target: ['client/src/lib', 'client/src/config', 'client/src/components/ui', 'client/src/components/content'],
    from: ['client/src/features'],
    message: 'Shared client modules must not depend on features.',
  },
]

// (e) A server feature uses another feature only through its services and schemas.
const serverFeatureZones = folders('server/features').map((feature) => ({
  target: `server/features/${feature}`,
  from: [at('server/features', `!(${feature})`, '**')],
  except: [at('server/features/*/*.service.ts'), at('server/features/*/*.schemas.ts')],
  message: 'Another server feature is used only through its *.service.ts or *.schemas.ts.',
}))

// (f) Server layers, lowest first: common <- lib <- data <- features <- http <- entry points
//     (docs/ARCHITECTURE.md). A layer imports only the layers below it. server/db.ts (the Prisma
//     client) belongs to data; server/env.ts (settings) may be used from lib up. http gets the
//     actions from the registry (server/actions.ts), which app.ts hands to it.
const ENTRY_POINTS = ['server/app.ts', 'server/index.ts', 'server/serve.ts']
const REGISTRY = 'server/actions.ts'
const serverLayerZones = [
  {
    target: 'server/lib',
    from: ['server/data', 'server/db.ts', 'server/features', 'server/http', REGISTRY, ...ENTRY_POINTS],
    message:
      'server/lib is the lowest server layer: it never uses the database (server/data, server/db.ts), features, http or entry points.',
  },
  {
    target: 'server/data',
    from: ['server/features', 'server/http', REGISTRY, ...ENTRY_POINTS],
    message: 'server/data sits below features and http: move what both need into data or lib.',
  },
  {
    target: 'server/features',
    from: ['server/http', REGISTRY, ...ENTRY_POINTS],
    message:
      'A feature never imports http or the entry points: what it shares with the pipeline lives in lib (action.ts, api-error.ts, uploads.ts) or data.',
  },
  {
    target: 'server/http',
    from: ['server/features', ...ENTRY_POINTS],
    message:
      'http reaches features only through the registry (server/actions.ts): declare what the pipeline needs on the action, or move it to lib.',
  },
]

// (g) seed/ holds demo data and the command that imports it; the import itself is the server's
//     (server/features/content), which is given the demo accounts rather than importing them.
const serverSeedZones = [
  { target: 'server', from: ['seed'], message: 'Nothing in server/ imports seed/: pass what the server needs in (seed/import.ts does).' },
]

// (h) Each side's tests keep to their own harness: server and script tests use server/test/, never
//     the browser journeys' client/e2e/ (client/src tests are held off all of server/ by (a)).
const harnessZones = [
  {
    target: ['server', 'scripts'],
    from: ['client/e2e'],
    message: 'Server tests use server/test/, not client/e2e/: move what both need to server/test/.',
  },
]

// Browser and shared code must not use Node's built-in modules (no-restricted-paths only sees files).
const noNodeBuiltins = {
  'no-restricted-imports': [
    'error',
    {
      paths: builtinModules
        .filter((name) => !name.startsWith('_'))
        .map((name) => ({ name, message: 'Node built-in modules are not available here.' })),
      patterns: [{ group: ['node:*'], message: 'Node built-in modules are not available here.' }],
    },
  ],
}

const boundaries = (zones) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] })

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'server/generated/',
      'client/dist/',
      'dist/',
      'backups/',
      'data/',
      'uploads/',
      'bench/data/',
      'seed/data/',
      'test-results/',
      'common/regions/region-data.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] })],
      // What import-x/no-cycle reads to follow imports through TypeScript files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The code base marks parameters a signature requires (Express's `_next`, mocks' `_init`) and
      // values left out of a rest object with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // Boundaries: production files get every rule; tests may reach across features and render app routes.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { ...boundaries([...clientZones, ...clientArchitectureZones]), ...noNodeBuiltins },
  },
  { files: TESTS.map((pattern) => `client/src/${pattern}`), rules: boundaries(clientZones) },
  { files: ['common/**/*.ts'], rules: boundaries(commonZones) },
  { files: ['common/**/*.ts'], ignores: TESTS, rules: noNodeBuiltins },
  // One entry per group of files: a later entry's zones would replace, not join, an earlier one's.
  {
    files: ['server/**/*.ts'],
    ignores: TESTS,
    rules: boundaries([...serverLayerZones, ...serverFeatureZones, ...serverSeedZones]),
  },
  { files: TESTS.map((pattern) => `server/${pattern}`), rules: boundaries([...serverSeedZones, ...harnessZones]) },
  { files: TESTS.map((pattern) => `scripts/${pattern}`), rules: boundaries(harnessZones) },
  // No import cycles in the server: a cycle means two modules of one layer lean on each other, or a
  // lower layer reaches up. Packages are not followed (ignoreExternal), which keeps this cheap.
  { files: ['server/**/*.ts'], rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
  // Plain Node.js scripts (scripts/run.mjs runs where TypeScript tooling may be absent).
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
)

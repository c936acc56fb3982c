// Flat ESLint config: typescript-eslint's strict rules, formatting left to Prettier.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { layeringPlugin } from './scripts/importRule.mjs';

/**
 * The "may import" table of docs/ARCHITECTURE.md (rows and parts in
 * scripts/layers.mjs), for every import form (scripts/importRule.mjs);
 * test/reliability/lintGuards.test.ts trips each kind of breach.
 */
const layering = {
  files: ['**/*.ts'],
  plugins: { layering: layeringPlugin },
  rules: { 'layering/imports': 'error' },
};

/**
 * Libraries the server reaches through one module of its own, which says why
 * (test/reliability/lintGuards.test.ts trips each). Flat config replaces a
 * rule's options per file, so each owner gets the list without its own library.
 */
const ownedLibraries = [
  {
    name: 'lru-cache',
    owner: 'server/src/memory/boundedLru.ts',
    message: 'Make LRU maps with memory/boundedLru.ts: `max` allocates all storage up front.',
  },
  {
    name: 'polyclip-ts',
    owner: 'server/src/geo/clipping.ts',
    message: 'Clip with geo/clipping.ts: it sets the precision before each operation.',
  },
];
/**
 * A second SQLite library: POSIX locks of one process never exclude each
 * other, so it would not see node-sqlite3's readers and writers on the same
 * file (docs/ARCHITECTURE.md, SQLite).
 */
const secondSqlite =
  'One SQLite library per process: read through db/hotReads.ts (node-sqlite3), never a second copy of SQLite.';
const refusedEverywhere = [
  { name: 'better-sqlite3', message: secondSqlite },
  { name: 'node:sqlite', message: secondSqlite },
];
const refusedLibraries = (owner) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        ...ownedLibraries
          .filter((library) => library.owner !== owner)
          .map(({ name, message }) => ({ name, message })),
        ...refusedEverywhere,
      ],
    },
  ],
});
const throughOneModule = [
  { files: ['server/src/**/*.ts'], rules: refusedLibraries() },
  ...ownedLibraries.map(({ owner }) => ({ files: [owner], rules: refusedLibraries(owner) })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tsbuild/**', 'data/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  layering,
  ...throughOneModule,
  {
    // Command-line entry points print their results.
    files: ['server/src/cli/**/*.ts', 'dev/demo/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

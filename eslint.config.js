// Flat ESLint config: typescript-eslint's strict rules, formatting left to Prettier.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { forbiddenFor, PARTS, ROOT, SERVER_LAYERS } from './scripts/layers.mjs';

/** Deepest folder nesting inside a server/src folder the import rules cover. */
const MAX_NESTING = 6;

/** An import specifier pattern for the named server/src folders, seen from `climb` (`./`, `../`, …). */
function serverFolderPattern(climb, folders) {
  const names = folders.filter((name) => name !== ROOT);
  const alternatives = names.length > 0 ? [`(${names.join('|')})/`] : [];
  // The root files (app.ts, context.ts, main.ts) stand for the root node.
  if (folders.includes(ROOT)) alternatives.push('(app|context|main)\\.js$');
  return `^${climb.replaceAll('.', '\\.')}(${alternatives.join('|')})`;
}

function restrictedImports(...patterns) {
  return { rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/** Development support, tests and benchmarks are no part of the product (scripts/layers.mjs PARTS). */
const NO_DEVELOPMENT_PARTS = {
  regex: '^#dev/|(^|/)(dev|test|bench)/',
  message: 'server/src is the product: dev/, test/ and bench/ stay out of it.',
};

/**
 * The "may import" table of docs/ARCHITECTURE.md (rows in scripts/layers.mjs):
 * a server/src folder imports only folders of lower rows, so a file at nesting
 * depth d reaches a forbidden folder through d + 1 `../` and its name. ESLint
 * keeps one no-restricted-imports per file (a later block replaces an earlier
 * one), so each block carries every pattern its files need, the rule against
 * the development parts included; test/reliability/lintGuards.test.ts trips each of them.
 */
const layeringRules = SERVER_LAYERS.flat().flatMap((folder) => {
  const forbidden = forbiddenFor(folder);
  const extra = [NO_DEVELOPMENT_PARTS];
  const message = `${folder} may not import ${forbidden.join(', ')} (docs/ARCHITECTURE.md, scripts/layers.mjs).`;
  const layering = (climb) =>
    forbidden.length === 0 ? [] : [{ regex: serverFolderPattern(climb, forbidden), message }];
  if (folder === ROOT) {
    return [{ files: ['server/src/*.ts'], ...restrictedImports(...layering('./'), ...extra) }];
  }
  return Array.from({ length: MAX_NESTING }, (_, depth) => ({
    files: [`server/src/${folder}/${'*/'.repeat(depth)}*.ts`],
    ...restrictedImports(...layering('../'.repeat(depth + 1)), ...extra),
  }));
});

const PART_FOLDERS = ['server', 'shared', 'excel-addin', 'sheets-addon', 'dev', 'test', 'bench'];

/**
 * The parts outside server/src import only what PARTS allows (shared/src
 * itself imports nothing outside), by a relative path or by the `#server/*`
 * and `#dev/*` maps of package.json.
 */
const partRules = Object.entries(PARTS).flatMap(([part, allowed]) => {
  const own = part.split('/')[0];
  const open = allowed.map((name) => name.split('/')[0]);
  const forbidden = PART_FOLDERS.filter((name) => name !== own && !open.includes(name));
  if (forbidden.length === 0) return [];
  const mapped = forbidden.filter((name) => name === 'server' || name === 'dev');
  const byMap = mapped.length > 0 ? [`^#(${mapped.join('|')})/`] : [];
  return [
    {
      files: [`${part}/**/*.ts`],
      ...restrictedImports({
        regex: [...byMap, `(^|/)(${forbidden.join('|')})/`].join('|'),
        message:
          allowed.length > 0
            ? `${part} may import ${allowed.join(', ')} only.`
            : `${part} imports nothing outside itself.`,
      }),
    },
  ];
});

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
  ...layeringRules,
  ...partRules,
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

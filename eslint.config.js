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

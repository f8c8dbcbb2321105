// Flat config: typescript-eslint recommended rules over src/, bench/ and scripts/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.test-build/**', 'node_modules/**', 'coverage/**', '.scratch-*/**', '.scratch-*', '_outputs/**', '.venv-nli/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/../shared/**'], message: 'Read ../shared/data by path at run time; never import it.' }] }],
    },
  },
  {
    // The product: no benchmark code and no development-only package (USE-lite is a benchmark baseline since 2026-11-28).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/../shared/**'], message: 'Read ../shared/data by path at run time; never import it.' },
            { group: ['@energetic-ai/*'], message: 'A development dependency (the USE-lite baseline of bench/): the product embeds with the shipped encoder.' },
            { group: ['**/bench/**'], message: 'bench/ is development tooling; the product never imports it.' },
          ],
        },
      ],
    },
  },
);

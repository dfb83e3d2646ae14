import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'test/types/fixtures/**', 'test/package/old-tools/**', 'examples/demo/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setImmediate: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        URL: 'readonly', fetch: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // Node defines the global Buffer as a getter: a call through it on every request, where an
    // imported binding is a constant the compiler sees through.
    files: ['src/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Buffer', message: "Import it: import { Buffer } from 'node:buffer'." }],
    },
  },
  {
    files: ['test/**', 'bench/**', 'examples/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

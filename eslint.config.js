// Lint: TypeScript and React hooks rules, and the import boundaries of STYLE.md: the contract and the
// shared domain at the bottom, statecharts free of React, the server touching only the contract and the
// domain, and tests imported by nothing but tests.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noTests = { group: ['**/tests/**'], message: 'Only tests import from tests/.' };
const restrict = (...patterns) => ['error', { patterns: [noTests, ...patterns] }];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': restrict(),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/api/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': restrict({ group: ['**/machines/**', '**/views/**', '**/map/**', '**/server/**', 'react', 'react-dom', '@fluentui/*', 'xstate'], message: 'The contract and the shared domain import nothing above them.' }),
    },
  },
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': restrict({ group: ['react', 'react-dom', '@xstate/react', '@fluentui/*', '**/views/**', '**/map/**', '**/server/**'], message: 'Machines are free of React and of the views: they import xstate, src/api and src/domain.' }),
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': restrict({ group: ['**/src/machines/**', '**/src/views/**', '**/src/map/**', 'react', 'react-dom', '@fluentui/*'], message: 'The server imports only the contract (src/api) and the shared domain (src/domain).' }),
    },
  },
  {
    files: ['tests/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests] }] },
  },
);

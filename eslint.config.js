// Lint: TypeScript and React hooks rules, and the import boundaries of STYLE.md: the contract and the
// shared domain at the bottom, the browser's APIs in src/browser, statecharts free of React and of the DOM,
// the views and the map meeting only at the lazy map panel, the first paint needing only the contract and
// the domain, the server touching only the contract and the domain, and tests imported by nothing but tests.
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noTests = { group: ['**/tests/**'], message: 'Only tests import from tests/.' };
const restrict = (...patterns) => ['error', { patterns: [noTests, ...patterns] }];

// What a statechart may not touch itself: it starts an actor from src/browser instead.
const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'EventSource',
  'Notification',
  'Audio',
  'AudioContext',
  'alert',
  'navigator',
  'location',
];
const browserGlobalMessage = 'Statecharts reach the browser only through actors of src/browser.';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
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
    // Issue 36: no literal user-facing text in JSX (children, labels, titles, aria-*) anywhere the console draws:
    // every word comes from a catalogue (src/i18n/catalogues).
    files: ['src/views/**/*.tsx', 'src/map/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,content,hint,validationMessage,header,description}']] } },
      ],
    },
  },
  {
    files: ['src/api/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: [
          '**/machines/**',
          '**/views/**',
          '**/map/**',
          '**/browser/**',
          '**/server/**',
          'react',
          'react-dom',
          '@fluentui/*',
          'xstate',
        ],
        message: 'The contract and the shared domain import nothing above them.',
      }),
    },
  },
  {
    files: ['src/browser/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['**/machines/**', '**/views/**', '**/map/**', '**/server/**', 'react', 'react-dom', '@fluentui/*'],
        message: 'Browser adapters import xstate, src/api and src/domain only.',
      }),
    },
  },
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['react', 'react-dom', '@xstate/react', '@fluentui/*', '**/views/**', '**/map/**', '**/server/**'],
        message:
          'Machines are free of React and of the views: they import xstate, src/api, src/domain and the actors of src/browser.',
      }),
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS.map((name) => ({ name, message: browserGlobalMessage }))],
      'no-restricted-properties': [
        'error',
        ...BROWSER_GLOBALS.map((property) => ({ object: 'globalThis', property, message: browserGlobalMessage })),
      ],
    },
  },
  {
    // The views meet the map only at its lazy panels: `import('../map/MapPanel.tsx')` (and the Regions form's
    // `RegionMap.tsx` and the Zones view's `zones/ZonesMap.tsx`, issue 31, the replay's `replay/ReplayMap.tsx`,
    // issue 34) and their props types.
    files: ['src/views/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noTests,
            {
              group: [
                '**/map/**',
                '!**/map/MapPanel.tsx',
                '!**/map/RegionMap.tsx',
                '!**/map/zones/ZonesMap.tsx',
                '!**/map/replay/ReplayMap.tsx',
              ],
              message:
                'The views meet the map only at its lazy panels (src/map/MapPanel.tsx, src/map/RegionMap.tsx, src/map/zones/ZonesMap.tsx, src/map/replay/ReplayMap.tsx).',
            },
            {
              group: [
                '**/map/MapPanel.tsx',
                '**/map/RegionMap.tsx',
                '**/map/zones/ZonesMap.tsx',
                '**/map/replay/ReplayMap.tsx',
              ],
              allowTypeImports: true,
              message: 'The map panels are loaded lazily: import() them, or import their types only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/map/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['**/views/**', '**/machines/**', '**/browser/**', '**/server/**'],
        message: 'The map draws what the dashboard hands its panel: it imports src/api and src/domain only.',
      }),
    },
  },
  {
    // The first paint runs before the console's code arrives: it may need nothing but the contract and the domain.
    files: ['src/boot.ts', 'src/early-load.ts', 'src/first-paint/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: [
          '**/machines/**',
          '**/views/**',
          '**/map/**',
          '**/browser/**',
          '**/server/**',
          '**/main.tsx',
          'react',
          'react-dom',
          '@fluentui/*',
          'xstate',
          '@xstate/*',
        ],
        message: 'The first paint imports only src/api and src/domain (the console is imported lazily).',
      }),
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': restrict({
        group: [
          '**/src/machines/**',
          '**/src/views/**',
          '**/src/map/**',
          '**/src/browser/**',
          'react',
          'react-dom',
          '@fluentui/*',
        ],
        message: 'The server imports only the contract (src/api) and the shared domain (src/domain).',
      }),
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

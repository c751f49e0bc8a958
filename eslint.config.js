// Lint: TypeScript rules plus the import boundaries of STYLE.md —
// SDKs only through their wrapper in src/lib, features never import each other or routes,
// src/lib and src/ui never import features or routes, the server never imports the client (except src/contract).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SDK_WRAPPERS = [
  { name: 'firebase', wrapper: 'src/lib/firebase.ts' },
  { name: '@stripe/stripe-js', wrapper: 'src/lib/stripe.ts' },
  { name: 'maplibre-gl', wrapper: 'src/lib/map.tsx' },
  { name: 'react-map-gl', wrapper: 'src/lib/map.tsx' },
  { name: '@zxing/browser', wrapper: 'src/lib/qr-scanner.ts' },
  { name: '@zxing/library', wrapper: 'src/lib/qr-scanner.ts' },
  { name: 'idb-keyval', wrapper: 'src/lib/offline-store.ts' },
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// Matches the bare package and its subpaths only (not a relative path that ends in the same word).
const sdkPatterns = SDK_WRAPPERS.map(({ name, wrapper }) => ({
  regex: `^${escapeRegex(name)}(/.*)?$`,
  message: `Import ${name} only through ${wrapper}.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ssr/**', 'node_modules/**', '.data/**', '.tmp/**', 'src/routeTree.gen.ts', 'src/routeTree.stage1.gen.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [...sdkPatterns, { group: ['**/server/**'], message: 'The client never imports server code.' }] }],
    },
  },
  // Each SDK's wrapper may import that SDK (and only those).
  ...SDK_WRAPPERS.map(({ wrapper }) => ({ files: [wrapper], rules: { 'no-restricted-imports': 'off' } })),
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...sdkPatterns,
          { group: ['**/routes/**', '**/routeTree.gen'], message: 'Features never import routes (imports flow shared → features → routes).' },
          { group: ['../../features/*', '../../../features/*', '@/features/*'], message: 'A feature never imports another feature; move shared code to src/lib or src/ui.' },
        ],
      }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    ignores: SDK_WRAPPERS.map(({ wrapper }) => wrapper),
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...sdkPatterns, { group: ['**/features/**', '**/routes/**'], message: 'src/lib, src/ui and src/contract are shared: they never import features or routes.' }],
      }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '**/lib/**', '**/ui/**'], message: 'Contracts are pure valibot shared with the server.' }] }] },
  },
  {
    files: ['server/**/*.{ts,mjs}', 'tests/**/*.{ts,mjs}', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/*', '!**/src/contract', '**/src/!(contract)/**'], message: 'The server shares only src/contract with the client.' }] }] },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
);

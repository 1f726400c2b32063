// Lint rules, including the layer boundaries:
// browser code never imports server/, server/ imports only src/schema from src/,
// and src/schema imports neither React nor the database. Inside each half, the engines import no
// area (src/engine, server/crud), the browser's providers import no screen, shell or layout, and
// the seed reaches auth only through its public services.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverPackages = ['fastify', '@fastify/*', 'kysely', 'better-sqlite3', 'pg', 'jose', '@node-rs/*', 'bcryptjs'];
const browserPackages = ['react', 'react-dom', 'react-dom/*', 'react-admin', 'ra-*', '@mui/*', '@emotion/*', 'react-router', 'react-router-dom'];

// Flat config keeps only the last matching options of a rule, so each layer repeats the boundary.
const browserBoundary = [
  { group: ['**/server', '**/server/**'], message: 'Browser code never imports server code.' },
  { group: serverPackages, message: 'Browser code never imports server packages.' },
];
const serverBoundary = [
  { group: ['**/src/**', '!**/src/schema', '!**/src/schema/**'], message: 'server/ imports nothing from src/ but src/schema.' },
  { group: browserPackages, message: 'The server imports no browser packages.' },
];
const layer = (files, patterns, boundary) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [...boundary, ...patterns] }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server', '**/server/**'], message: 'Browser code never imports server code.' },
          { group: serverPackages, message: 'Browser code never imports server packages.' },
        ],
      }],
    },
  },
  {
    files: ['src/schema/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server', '**/server/**'], message: 'Declarations are shared; they import no server code.' },
          { group: [...serverPackages, ...browserPackages], message: 'Declarations import neither React nor the database.' },
          // That they import only other declarations is the import graph's rule (.dependency-cruiser.cjs: src/schema is the lowest layer).
        ],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverBoundary }] },
  },
  layer(['server/{crud,http,auth,jobs,openapi}/**/*.ts', 'server/db/*.ts', 'server/db/migrations/**/*.ts'], [
    { group: ['**/areas', '**/areas/**'], message: 'Engines and infrastructure import no area: areas plug in through server/areas/index.ts.' },
  ], serverBoundary),
  layer(['server/crud/**/*.ts'], [
    { group: ['**/areas', '**/areas/**', '**/auth/**'], message: 'The entity engine imports no area and no auth internals: the app hands it hooks and scopes.' },
  ], serverBoundary),
  layer(['server/seed/**/*.ts'], [
    { group: ['**/auth/*', '!**/auth/password', '!**/auth/invite-code', '!**/auth/builtin-roles', '!**/auth/menu-titles'], message: 'The seed uses only the public auth services and declarations (password hashing, invite codes, the built-in roles\' grants, menu titles).' },
  ], serverBoundary),
  layer(['src/engine/**/*.{ts,tsx}'], [
    { group: ['../resources', '../resources/**', '../admin/**', '../layout/**', '../pages/**'], message: 'The screen engine imports no area, shell, layout or page: areas plug into it (src/engine/area.ts).' },
  ], browserBoundary),
  layer(['src/providers/**/*.ts'], [
    { group: ['../engine/**', '../resources', '../resources/**', '../admin/**', '../layout/**', '../pages/**'], message: 'Providers import no screen, shell or layout.' },
  ], browserBoundary),
);

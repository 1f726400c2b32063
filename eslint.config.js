// Lint rules, including the layer boundaries of ARCHITECTURE.md section 2:
// browser code never imports server/, server/ imports only src/schema from src/,
// and src/schema imports neither React nor the database.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverPackages = ['fastify', '@fastify/*', 'kysely', 'better-sqlite3', 'pg', 'jose', '@node-rs/*', 'bcryptjs'];
const browserPackages = ['react', 'react-dom', 'react-dom/*', 'react-admin', 'ra-*', '@mui/*', '@emotion/*', 'react-router', 'react-router-dom'];

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
          { group: ['../*', '!../schema', '!../schema/**'], message: 'Declarations import only other declarations.' },
        ],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/src/**', '!**/src/schema', '!**/src/schema/**'], message: 'server/ imports nothing from src/ but src/schema.' },
          { group: browserPackages, message: 'The server imports no browser packages.' },
        ],
      }],
    },
  },
);

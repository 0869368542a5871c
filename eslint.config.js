// ESLint flat config: typescript-eslint's recommended rules plus the project's module boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const IO_MODULES = [
  { name: 'discord.js', message: 'The engine and the games are pure: no Discord.' },
  { name: 'better-sqlite3', message: 'The engine and the games are pure: no database.' },
  { name: '@napi-rs/canvas', message: 'The engine and the games are pure: no canvas.' },
  { name: 'pino', message: 'The engine and the games are pure: no logger.' },
];
const IO_PATTERNS = [
  { group: ['@discordjs/*', 'drizzle-orm', 'drizzle-orm/*', 'node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'worker_threads'], message: 'The engine and the games are pure: no I/O.' },
];
const OUR_LAYERS = (...layers) => layers.map((layer) => ({ group: [`**/${layer}/*`, `**/${layer}/**`, `**/${layer}.js`], message: `This layer may not import ${layer}.` }));

export default tseslint.config(
  { ignores: ['dist/**', '.test-build/**', 'node_modules/**', 'migrations/**', 'test/.output/**', 'coverage/**', 'src/playground/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', structuredClone: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', AbortController: 'readonly', performance: 'readonly', Request: 'readonly', Response: 'readonly', Blob: 'readonly', FormData: 'readonly', queueMicrotask: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // A promise nobody awaits loses its errors and its order (a store write, a Discord call): every one is
    // awaited, returned, or handed on deliberately (`void` with its own catch).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [...IO_PATTERNS, ...OUR_LAYERS('games', 'render', 'persistence', 'discord', 'app')] }],
    },
  },
  {
    files: ['src/games/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [...IO_PATTERNS, ...OUR_LAYERS('render', 'persistence', 'discord', 'app')] }],
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/games/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Use the seeded PRNG in the game state.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'The engine has no clock.' },
        { selector: "NewExpression[callee.name='Date']", message: 'The engine has no clock.' },
      ],
    },
  },
  {
    // Renderers draw views: they may import game types, never game logic.
    files: ['src/render/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/games/**'], message: 'Renderers take views: import types only.', allowTypeImports: true }, ...OUR_LAYERS('persistence', 'discord', 'app')] }],
    },
  },
  {
    // Storage sits below the app: what both need lives beside them (src/notify-settings.ts, src/sharding.ts).
    files: ['src/persistence/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'discord.js', message: 'Persistence never talks to Discord.' }], patterns: OUR_LAYERS('app', 'discord', 'render') }],
    },
  },
  {
    files: ['src/discord/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'better-sqlite3', message: 'Discord handlers go through the game service.' }, { name: 'pg', message: 'Discord handlers go through the game service.' }], patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Discord handlers go through the game service.' }, ...OUR_LAYERS('persistence')] }],
    },
  },
);

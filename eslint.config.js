// ESLint flat config: typescript-eslint's recommended rules plus the project's module boundaries.
import { readdirSync } from 'node:fs';
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
/** A game's renderers may use canvas, nothing else of the I/O above. */
const RENDER_IO = IO_MODULES.filter((module) => module.name !== '@napi-rs/canvas');
const GAME_RENDERERS = 'src/games/*/render/**/*.ts';
const OUR_LAYERS = (...layers) => layers.map((layer) => ({ group: [`**/${layer}/*`, `**/${layer}/**`, `**/${layer}.js`], message: `This layer may not import ${layer}.` }));
/** The games' folders (src/games/<game>/): each game is its own, importing no other game. */
const GAME_FOLDERS = readdirSync(new URL('./src/games/', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const OTHER_GAMES = (game) => GAME_FOLDERS.filter((other) => other !== game).map((other) => ({ group: [`**/${other}/*`, `**/${other}/**`], message: `A game never imports another game (${other}).` }));

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
    // The games' contracts and registry (src/games/*.ts) are pure too; only index.ts names the games.
    files: ['src/games/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [...IO_PATTERNS, ...OUR_LAYERS('persistence', 'discord', 'app')] }],
    },
  },
  // Per game, so that each game's rules also forbid importing the other games.
  ...GAME_FOLDERS.flatMap((game) => [
    {
      // A game's folder is pure (rules, AI, lobby module, presenter) except its render/ folder, which game.ts
      // loads with a dynamic import where pictures are drawn: elsewhere only render types are imported.
      files: [`src/games/${game}/**/*.ts`],
      ignores: [GAME_RENDERERS],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: IO_MODULES,
            patterns: [
              ...IO_PATTERNS,
              ...OUR_LAYERS('persistence', 'discord', 'app'),
              ...OTHER_GAMES(game),
              // render/style.ts holds the game's colours and draws nothing: the presenter names a player's colour from it.
              { group: ['**/render/*', '**/render/**', '!**/render/style.js'], message: 'Canvas is loaded only where pictures are drawn: import render types only (game.ts loads render/ on demand).', allowTypeImports: true },
            ],
          },
        ],
      },
    },
    {
      // A game's renderers draw its views: they import the game's types (never its logic), the common
      // drawing helpers (src/render/common) and canvas. `../x.js` one level up from render/ is the game.
      files: [`src/games/${game}/render/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', { paths: RENDER_IO, patterns: [...OUR_LAYERS('persistence', 'discord', 'app'), ...OTHER_GAMES(game), { regex: '^\\.\\./(?!\\.\\./)', message: 'Renderers take views: import the game\'s types only.', allowTypeImports: true }] }],
      },
    },
    {
      // The game's colours, which its presenter reads too (the board post's accent colour): no canvas here.
      files: [`src/games/${game}/render/style.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [...OUR_LAYERS('persistence', 'discord', 'app'), ...OTHER_GAMES(game), { regex: '^\\.\\./(?!\\.\\./)', message: 'Renderers take views: import the game\'s types only.', allowTypeImports: true }, { group: ['**/render/common/*', '!**/render/common/colour.js'], message: 'The colours load no canvas: only render/common/colour.js.', allowTypeImports: true }] }],
      },
    },
    {
      files: [`src/games/${game}/render/*/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', { paths: RENDER_IO, patterns: [...OUR_LAYERS('persistence', 'discord', 'app'), ...OTHER_GAMES(game), { regex: '^\\.\\./\\.\\./(?!\\.\\./)', message: 'Renderers take views: import the game\'s types only.', allowTypeImports: true }] }],
      },
    },
  ]),
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
    // The common drawing helpers and the board-job contract serve every game and know none (each game draws
    // its own pictures in src/games/<game>/render).
    files: ['src/render/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/games/**'], message: 'The common render layer knows no game.' }, ...OUR_LAYERS('persistence', 'discord', 'app')] }],
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

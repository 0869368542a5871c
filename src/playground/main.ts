/**
 * `npm run playground`: the bot without Discord. Starts the local fake Discord (test/fake-discord), the
 * real bot on it with a database of its own, and a page on localhost that shows the channel as Discord
 * would, for a few local users to play with. Stops on Ctrl+C.
 *
 *   npm run playground [-- --port 3000] [--db ./data/playground.db] [--reset]
 *
 * The database starts empty at every start: the fake Discord starts empty too, so games of an earlier
 * run would point to channels and messages that no longer exist. It is emptied only once the port is
 * known to be free and the file is claimed (database-claim.ts): another running playground's file is
 * never deleted. A file that is not a playground database (database-mark.ts) is refused unless --reset.
 * It says what it does while it starts: the page is served first ("starting…"), then the bot starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StartLocalDiscord } from './discord.js';
import { claimDatabase, emptyClaimedDatabase } from './database-claim.js';
import { checkEmptiable, createMarkedDatabase } from './database-mark.js';
import { firstFreePort } from './free-port.js';
import { startPlayground } from './stack.js';

const DEFAULT_PORT = 3000;
const DEFAULT_DB = './data/playground.db';
const HOST = '127.0.0.1';

interface Args {
  port: number | null;
  db: string;
  /** Empty the --db file even when it is not a playground database. */
  reset: boolean;
}

const USAGE = 'npm run playground [-- --port 3000] [--db ./data/playground.db] [--reset]';

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { port: null, db: process.env.PLAYGROUND_DB ?? DEFAULT_DB, reset: false };
  if (process.env.PLAYGROUND_PORT) args.port = Number(process.env.PLAYGROUND_PORT);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === '--port' || arg === '--db') && value === undefined) throw new Error(`${arg} needs a value`);
    if (arg === '--port') {
      args.port = Number(value);
      i += 1;
    } else if (arg === '--db') {
      args.db = value as string;
      i += 1;
    } else if (arg === '--reset') {
      args.reset = true;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      console.log('  --reset  empty the --db file even if it is not a playground database (its data is lost)');
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${arg} (try --help)`);
    }
  }
  if (args.port !== null && !(Number.isInteger(args.port) && args.port >= 0 && args.port < 65536)) throw new Error('--port must be a port number');
  return args;
}

/**
 * The source checkout's test/fake-discord/spec, in `dir` or a folder above it: the build's output folder is
 * dist/ in the checkout (the tests' transpiled copy one level deeper, .test-build/<run>/).
 */
function sourceSpecAbove(dir: string): string | null {
  for (;;) {
    const candidate = path.join(dir, 'test', 'fake-discord', 'spec');
    if (fs.existsSync(path.join(candidate, 'openapi.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * Loads the compiled fake Discord (dist/test/fake-discord, built by `node build.mjs --playground`). It reads
 * Discord's OpenAPI document next to its module, so the document is copied beside the compiled files.
 */
async function loadFakeDiscord(): Promise<StartLocalDiscord> {
  type FakeModule = { FakeDiscord: { start(options: Parameters<StartLocalDiscord>[0]): Promise<Awaited<ReturnType<StartLocalDiscord>>> } };
  // Run from the sources (node --import tsx src/playground/main.ts): the fake Discord's sources, spec beside them.
  if (import.meta.url.endsWith('.ts')) {
    const module = (await import(new URL('../../test/fake-discord/index.ts', import.meta.url).href)) as FakeModule;
    return (options) => module.FakeDiscord.start(options);
  }
  const compiled = new URL('../../test/fake-discord/', import.meta.url);
  const compiledDir = fileURLToPath(compiled);
  const sourceSpec = sourceSpecAbove(path.resolve(compiledDir, '../../..'));
  if (!fs.existsSync(path.join(compiledDir, 'index.js')) || sourceSpec === null) {
    throw new Error('the playground runs from a source checkout with the fake Discord (test/fake-discord): use npm run playground');
  }
  const targetSpec = path.join(compiledDir, 'spec');
  const source = path.join(sourceSpec, 'openapi.json');
  const target = path.join(targetSpec, 'openapi.json');
  if (!fs.existsSync(target) || fs.statSync(target).mtimeMs < fs.statSync(source).mtimeMs) {
    fs.cpSync(sourceSpec, targetSpec, { recursive: true });
  }
  const module = (await import(pathToFileURL(path.join(compiledDir, 'index.js')).href)) as FakeModule;
  return (options) => module.FakeDiscord.start(options);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  console.log('Playground: starting…');
  // The default port may be taken (another playground, a dev server): try the next few. The port is
  // chosen first and the database claimed second, so a playground that cannot start touches no file.
  const ports = args.port !== null ? [args.port] : Array.from({ length: 20 }, (_, i) => DEFAULT_PORT + i);
  const port = await firstFreePort(ports, HOST);
  const claim = claimDatabase(args.db);
  process.once('exit', () => claim.release());
  let playground: Awaited<ReturnType<typeof startPlayground>>;
  try {
    checkEmptiable(claim.databasePath, args.reset);
    const startDiscord = await loadFakeDiscord();
    emptyClaimedDatabase(claim);
    createMarkedDatabase(claim.databasePath);
    playground = await startPlayground({
      startDiscord,
      databasePath: claim.databasePath,
      port,
      host: HOST,
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      onListening: (url) => console.log(`Playground: the page is at ${url} (it says "starting…" until the bot is ready)`),
    });
  } catch (error) {
    claim.release();
    throw error;
  }
  const running = playground;
  console.log('');
  console.log(`  Bazaar playground ready: ${running.url}`);
  console.log(`  The real bot on a local fake Discord; users ${running.users.map((u) => u.record.globalName ?? u.name).join(', ')}.`);
  const shown = path.relative(process.cwd(), running.databasePath);
  console.log(`  Database: ${shown.startsWith('..') || path.isAbsolute(shown) ? running.databasePath : shown} (fresh at every start). Ctrl+C stops.`);
  console.log('');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: stopping the playground`);
    running.stop().then(
      () => {
        claim.release();
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Playground: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

/**
 * `npm run playground` empties its database at every start, so it must never empty a file another
 * playground is using: it checks its port first and claims the database (a lock file with its pid)
 * before deleting anything. Nor a file that is not a playground database (a user's own, named by --db):
 * that is refused unless --reset. These tests run the real entry point (src/playground/main.ts, the run's
 * transpiled copy with node, as `npm run playground` runs the built one) as a user would start it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { claimDatabase, DatabaseInUseError, lockPathOf } from '../../src/playground/database-claim.js';
import { createMarkedDatabase, databaseKind } from '../../src/playground/database-mark.js';
import { firstFreePort, PortsInUseError } from '../../src/playground/free-port.js';
import { nodeArgsFor } from '../support/node-entry.js';

const MAIN = path.resolve('src/playground/main.ts');
const GAMES = 'the games of the playground already running';

let dir: string;
let db: string;
const cleanups: (() => void | Promise<void>)[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-playground-safety-'));
  db = path.join(dir, 'playground.db');
  fs.writeFileSync(db, GAMES);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the playground's entry point to its end (a start that fails ends the process). */
function runPlayground(...args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [...nodeArgsFor(MAIN), ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, LOG_LEVEL: 'silent' } });
  return { status: result.status, stderr: result.stderr };
}

async function occupiedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

/** A process that runs until the test ends (standing in for the other playground). */
async function otherProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill();
  });
  return child as ChildProcess & { pid: number };
}

/** The pid of a process that has already ended (a playground that crashed). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return child.pid as number;
}

describe('a second playground', () => {
  it('on a port that is in use fails before touching the database', async () => {
    const port = await occupiedPort();
    const run = runPlayground('--port', String(port), '--db', db);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`port ${port} is in use`);
    expect(fs.readFileSync(db, 'utf8')).toBe(GAMES);
    expect(fs.existsSync(lockPathOf(db))).toBe(false);
  }, 180_000);

  it('on a database another running playground holds refuses and deletes nothing', async () => {
    const other = await otherProcess();
    fs.writeFileSync(lockPathOf(db), `${other.pid}\n`);
    const run = runPlayground('--port', '0', '--db', db);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`in use by another playground (pid ${other.pid})`);
    expect(fs.readFileSync(db, 'utf8')).toBe(GAMES);
    expect(fs.readFileSync(lockPathOf(db), 'utf8')).toBe(`${other.pid}\n`);
  }, 180_000);
});

/** An SQLite file with a table of the user's own, as someone might name by mistake. */
function usersOwnDatabase(file: string): void {
  fs.rmSync(file, { force: true });
  const own = new Database(file);
  own.exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('baklava')");
  own.close();
}

function recipesIn(file: string): string[] {
  const own = new Database(file, { readonly: true });
  try {
    return (own.prepare('SELECT name FROM recipes').all() as { name: string }[]).map((r) => r.name);
  } finally {
    own.close();
  }
}

/**
 * Starts the playground's entry point and resolves with what it printed once it says it is ready; the
 * process is stopped (SIGTERM, as Ctrl+C would) when the test ends.
 */
async function startedPlayground(...args: string[]): Promise<{ stdout: string; url: string }> {
  const child = spawn(process.execPath, [...nodeArgsFor(MAIN), ...args], { env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /Bazaar playground ready: (\S+)/.exec(stdout);
      if (ready) resolve({ stdout, url: ready[1] as string });
    });
    child.once('exit', (code) => reject(new Error(`the playground ended (${code}) before it was ready: ${stderr}`)));
  });
}

describe('a database that is not the playground\'s', () => {
  it('is refused and kept as it was, with the way out named', () => {
    usersOwnDatabase(db);
    const run = runPlayground('--port', '0', '--db', db);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${db} is not a playground database`);
    expect(run.stderr).toContain('--reset');
    expect(recipesIn(db)).toEqual(['baklava']);
    expect(fs.existsSync(lockPathOf(db))).toBe(false);
  }, 180_000);

  it('is emptied with --reset, and the playground then marks it as its own and says what it does while it starts', async () => {
    usersOwnDatabase(db);
    const { stdout, url } = await startedPlayground('--port', '0', '--db', db, '--reset');
    expect(stdout.indexOf('Playground: starting…')).toBeGreaterThanOrEqual(0);
    expect(stdout.indexOf(`the page is at ${url}`)).toBeGreaterThan(stdout.indexOf('starting…'));
    expect(stdout.indexOf('Bazaar playground ready')).toBeGreaterThan(stdout.indexOf('the page is at'));
    expect(databaseKind(db)).toBe('playground');
    const emptied = new Database(db, { readonly: true });
    try {
      expect(emptied.prepare("SELECT name FROM sqlite_master WHERE name = 'recipes'").all()).toEqual([]);
    } finally {
      emptied.close();
    }
  }, 270_000);

  it('a playground database is emptied at start without --reset', async () => {
    fs.rmSync(db);
    createMarkedDatabase(db);
    const marked = new Database(db);
    marked.exec('CREATE TABLE left_over (x)');
    marked.close();
    await startedPlayground('--port', '0', '--db', db);
    expect(databaseKind(db)).toBe('playground');
    const fresh = new Database(db, { readonly: true });
    try {
      expect(fresh.prepare("SELECT name FROM sqlite_master WHERE name = 'left_over'").all()).toEqual([]);
    } finally {
      fresh.close();
    }
  }, 270_000);
});

describe('what the file at --db is', () => {
  it('tells missing, empty, the playground\'s and anything else apart', () => {
    const missing = path.join(dir, 'missing.db');
    expect(databaseKind(missing)).toBe('missing');
    const empty = path.join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    expect(databaseKind(empty)).toBe('empty');
    expect(databaseKind(db)).toBe('other');
    const own = path.join(dir, 'own.db');
    usersOwnDatabase(own);
    expect(databaseKind(own)).toBe('other');
    const ours = path.join(dir, 'ours.db');
    createMarkedDatabase(ours);
    expect(databaseKind(ours)).toBe('playground');
  });
});

describe('the database claim', () => {
  it('is refused while its holder runs, also within one process', () => {
    const first = claimDatabase(db);
    expect(fs.readFileSync(lockPathOf(db), 'utf8')).toBe(`${process.pid}\n`);
    expect(() => claimDatabase(db)).toThrow(DatabaseInUseError);
    first.release();
    expect(fs.existsSync(lockPathOf(db))).toBe(false);
    const again = claimDatabase(db);
    again.release();
  });

  it('takes over the lock of a playground that has ended (a crash leaves its lock behind)', async () => {
    fs.writeFileSync(lockPathOf(db), `${await endedPid()}\n`);
    const claim = claimDatabase(db);
    expect(fs.readFileSync(lockPathOf(db), 'utf8')).toBe(`${process.pid}\n`);
    claim.release();
  });

  it('a release does not remove a lock that another process has taken since', async () => {
    const claim = claimDatabase(db);
    const other = await otherProcess();
    fs.writeFileSync(lockPathOf(db), `${other.pid}\n`);
    claim.release();
    expect(fs.readFileSync(lockPathOf(db), 'utf8')).toBe(`${other.pid}\n`);
  });
});

describe('the port check', () => {
  it('skips ports in use and names them when all are taken', async () => {
    const taken = await occupiedPort();
    await expect(firstFreePort([taken], '127.0.0.1')).rejects.toThrow(PortsInUseError);
    const free = await firstFreePort([taken, 0], '127.0.0.1');
    expect(free).toBe(0);
  });
});

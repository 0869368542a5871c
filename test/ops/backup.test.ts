/**
 * `npm run backup -- <file>` (src/backup.ts) as an operator runs it, as a process of its own: while
 * another process keeps writing games into the database (its own connection, in a loop), the backup
 * writes a copy that opens, passes PRAGMA integrity_check and holds every game written before it began.
 * An existing file is refused unless --force; with DATABASE_URL it points to pg_dump and writes nothing.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { nodeArgsFor } from '../support/node-entry.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEEDED = 40;

let dir: string;
let dbFile: string;

/** Runs the backup command in an empty folder (no .env of the developer's) with `env`. */
function runBackup(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgsFor(path.join(ROOT, 'src/backup.ts')), ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Another process writing into the database in a loop, as the bot would: each new game a transaction of
 * its own (a copy of game 1 in a channel of its own). It prints "writing" once it has written, and its
 * count when stdin closes.
 */
function startWriter(): { child: ChildProcess; writing: Promise<void>; stop(): Promise<number> } {
  const script = `
    import Database from ${JSON.stringify(createRequire(path.join(ROOT, 'package.json')).resolve('better-sqlite3'))};
    const db = new Database(${JSON.stringify(dbFile)});
    db.pragma('busy_timeout = 5000');
    const columns = db.prepare('PRAGMA table_info(games)').all().map((c) => c.name).filter((c) => c !== 'id');
    const values = columns.map((c) => (c === 'channel_id' ? '?' : c === 'status' ? "'finished'" : c));
    const insert = db.prepare('INSERT INTO games (' + columns.join(', ') + ') SELECT ' + values.join(', ') + ' FROM games WHERE id = 1');
    let written = 0;
    let stopped = false;
    process.stdin.on('end', () => (stopped = true));
    process.stdin.resume();
    const burst = () => {
      if (stopped) {
        db.close();
        process.stdout.write('written ' + written + '\\n');
        return;
      }
      for (let i = 0; i < 20; i++) db.transaction(() => insert.run(String(400000000000000000n + BigInt(++written))))();
      if (written === 20) process.stdout.write('writing\\n');
      setImmediate(burst);
    };
    burst();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const writing = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('writing')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before writing: ${out}`)));
  });
  return {
    child,
    writing,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.end();
      await exited;
      const match = /written (\d+)/.exec(out);
      if (match === null) throw new Error(`the writer did not say how much it wrote: ${out}`);
      return Number(match[1]);
    },
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-backup-'));
  dbFile = path.join(dir, 'data', 'bazaar.db');
  const store = new SqliteStore(openDatabase(dbFile));
  for (let n = 0; n < SEEDED; n++) {
    const created = await store.games.createGame({
      guildId: '100000000000000001',
      channelId: String(300000000000000000n + BigInt(n)),
      kind: 'kairo',
      hostUserId: '200000000000000001',
      options: {},
      seed: `seed-${n}`,
      locale: 'en',
    });
    if (!created.ok) throw new Error('the lobby was refused');
  }
  await store.close();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('copies the database consistently while another process keeps writing to it', async () => {
    const writer = startWriter();
    await writer.writing;
    const target = path.join(dir, 'backups', 'bazaar-copy.db');
    const result = await runBackup([target], { DATABASE_PATH: dbFile });
    const written = await writer.stop();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Backed up ${dbFile.replaceAll('.', '\\.')} to ${target.replaceAll('.', '\\.')}: \\d+ games, .*integrity check ok`));
    // The writer went on until after the backup ended.
    expect(written).toBeGreaterThan(20);

    const copy = new Database(target, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = (copy.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[]).map((r) => r.id);
      // Every game seeded before, and a prefix of the writer's: the database as it stood at one moment.
      expect(ids.length).toBeGreaterThanOrEqual(SEEDED + 20);
      expect(ids.length).toBeLessThanOrEqual(SEEDED + written);
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
      expect(result.stdout).toContain(`: ${ids.length} games`);
      // One self-contained file: nothing beside it.
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(path.dirname(target))).toEqual(['bazaar-copy.db']);
  }, 120_000);

  it('refuses to overwrite an existing file unless --force', async () => {
    const target = path.join(dir, 'taken.db');
    fs.writeFileSync(target, 'my notes');
    const refused = await runBackup([target], { DATABASE_PATH: dbFile });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${target} exists already; name another file, or add --force to replace it`);
    expect(fs.readFileSync(target, 'utf8')).toBe('my notes');
    const forced = await runBackup([target, '--force'], { DATABASE_PATH: dbFile });
    expect(forced.code).toBe(0);
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  }, 120_000);

  it('says that pg_dump is the way when the database is PostgreSQL, and writes nothing', async () => {
    const target = path.join(dir, 'pg.db');
    const result = await runBackup([target], { DATABASE_URL: 'postgres://bazaar:secret@db.example:5432/bazaar' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('PostgreSQL (db.example:5432/bazaar)');
    expect(result.stderr).toContain('pg_dump');
    expect(result.stderr).not.toContain('secret');
    expect(fs.existsSync(target)).toBe(false);
  }, 120_000);

  it('tells what is wrong: no file named, no database, the database itself as the target', async () => {
    expect((await runBackup([], { DATABASE_PATH: dbFile })).stderr).toContain('Usage: npm run backup -- <file> [--force]');
    const missing = await runBackup([path.join(dir, 'x.db')], { DATABASE_PATH: path.join(dir, 'nowhere.db') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('there is no database at');
    const itself = await runBackup([dbFile, '--force'], { DATABASE_PATH: dbFile });
    expect(itself.code).toBe(1);
    expect(itself.stderr).toContain('is the database itself');
  }, 120_000);
});

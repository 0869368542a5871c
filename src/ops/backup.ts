/**
 * A consistent copy of the SQLite database while the bot runs on it (`npm run backup -- <file>`), with
 * SQLite's online backup API (better-sqlite3's `backup`): all pages are copied in one step, under one
 * read transaction, so the copy is the database as it stood at one moment, whatever the bot writes
 * meanwhile (in WAL mode a reader does not hold up the writer). The copy is written beside the target
 * first, checked (PRAGMA integrity_check) and only then renamed into place: a backup that failed halfway
 * never looks like a good one. An existing file is never replaced unless asked (`force`).
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export interface BackupResult {
  /** The copy, as an absolute path. */
  readonly file: string;
  readonly bytes: number;
  /** Games in the copy (any status). */
  readonly games: number;
  readonly ms: number;
}

/** Pages copied per step: all of them, so the copy is one snapshot (the API restarts when another connection writes between steps). */
const ALL_PAGES = 0x7fffffff;

export async function backupSqlite(source: string, target: string, options: { force?: boolean } = {}): Promise<BackupResult> {
  const started = performance.now();
  const from = path.resolve(source);
  const to = path.resolve(target);
  if (!fs.existsSync(from)) throw new BackupError(`there is no database at ${from} (DATABASE_PATH); nothing to back up`);
  if (sameFile(from, to)) throw new BackupError(`${to} is the database itself; name another file`);
  if (fs.existsSync(to) && options.force !== true) throw new BackupError(`${to} exists already; name another file, or add --force to replace it`);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const partial = `${to}.partial-${process.pid}`;
  removeDatabaseFiles(partial);
  // Opened as the bot opens it (not read-only: a read-only connection cannot set up the WAL index when the
  // bot is not running). Nothing is written to it.
  let db: Database.Database;
  try {
    db = new Database(from, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${from}: ${(error as Error).message}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    removeDatabaseFiles(partial);
    throw new BackupError(`the backup of ${from} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  let games: number;
  try {
    games = checkCopy(partial);
  } catch (error) {
    removeDatabaseFiles(partial);
    throw error;
  }
  if (fs.existsSync(to)) removeDatabaseFiles(to);
  fs.renameSync(partial, to);
  return { file: to, bytes: fs.statSync(to).size, games, ms: Math.round(performance.now() - started) };
}

/** Opens the copy, checks it whole, and counts its games; the copy is left as one self-contained file. */
function checkCopy(file: string): number {
  const copy = new Database(file, { fileMustExist: true });
  try {
    const health = copy.pragma('integrity_check', { simple: true });
    if (health !== 'ok') throw new BackupError(`the copy did not pass SQLite's integrity check (${String(health)}); the database itself may be damaged`);
    // One file, no -wal beside it: the copy can be moved and opened anywhere.
    copy.pragma('journal_mode = DELETE');
    return (copy.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
  } finally {
    copy.close();
  }
}

function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}

function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

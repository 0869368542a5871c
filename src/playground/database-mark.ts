/**
 * The playground empties its database at every start, so it must only ever empty its own: a file named by
 * --db that holds someone's data is refused unless --reset is given. A playground database is marked with
 * SQLite's `PRAGMA application_id` (a number in the file's header that the bot's migrations never set),
 * so the mark needs no table and no migration.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';

/** "BzPG" in ASCII: the playground's application id. */
export const PLAYGROUND_APPLICATION_ID = 0x427a5047;

/** What the file at a path is: nothing yet, an empty file, a playground's database, or anything else. */
export type DatabaseKind = 'missing' | 'empty' | 'playground' | 'other';

export function databaseKind(file: string): DatabaseKind {
  if (!fs.existsSync(file)) return 'missing';
  if (fs.statSync(file).size === 0) return 'empty';
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return db.pragma('application_id', { simple: true }) === PLAYGROUND_APPLICATION_ID ? 'playground' : 'other';
  } catch {
    // Not an SQLite file at all (or one this process cannot read): not ours to empty.
    return 'other';
  } finally {
    db?.close();
  }
}

export class NotAPlaygroundDatabaseError extends Error {
  constructor(readonly databasePath: string) {
    super(
      `${databasePath} is not a playground database, and the playground empties its database at every start: ` +
        'choose another file with --db, or add --reset to empty this one',
    );
    this.name = 'NotAPlaygroundDatabaseError';
  }
}

/** Throws NotAPlaygroundDatabaseError for a file with data that is not the playground's, unless `reset`. */
export function checkEmptiable(file: string, reset: boolean): void {
  if (!reset && databaseKind(file) === 'other') throw new NotAPlaygroundDatabaseError(file);
}

/** Creates the (emptied) database file marked as the playground's, before the bot migrates it. */
export function createMarkedDatabase(file: string): void {
  const db = new Database(file);
  try {
    db.pragma(`application_id = ${PLAYGROUND_APPLICATION_ID}`);
  } finally {
    db.close();
  }
}

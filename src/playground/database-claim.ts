/**
 * The playground empties its database at every start, so it must first make sure no other process uses
 * that file: a second playground on the same --db would otherwise lose its games under its feet. The
 * claim is a lock file beside the database (`<db>.lock`) created exclusively (O_EXCL, atomic on one
 * machine) holding the owner's pid. A lock whose pid no longer runs is left over from a crash and is
 * taken over; a lock whose pid runs refuses the claim and nothing is deleted.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(
    readonly databasePath: string,
    readonly ownerPid: number,
  ) {
    super(
      `the database ${databasePath} is in use by another playground (pid ${ownerPid}); stop it, or choose another file with --db` +
        ` (if no such process runs, delete ${lockPathOf(databasePath)})`,
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface DatabaseClaim {
  readonly databasePath: string;
  readonly lockPath: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

export function lockPathOf(databasePath: string): string {
  return `${databasePath}.lock`;
}

/** Whether a process with this pid runs (signal 0 checks without signalling; EPERM: it runs as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a lock file, or null when the file is gone or holds no pid (a writer died between create and write). */
function readOwner(lockPath: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Claims `file` for this process, or throws DatabaseInUseError while another live process holds it.
 * Our own pid in the lock counts as in use too: a second playground in one process must not share a file.
 */
export function claimDatabase(file: string): DatabaseClaim {
  const databasePath = path.resolve(file);
  const lockPath = lockPathOf(databasePath);
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== null && processRuns(owner)) throw new DatabaseInUseError(databasePath, owner);
      // A lock left by a process that is gone (or an unreadable one): remove it and try again, a few times
      // only, in case another starting playground keeps winning the race.
      if (attempt >= 3) throw new DatabaseInUseError(databasePath, owner ?? 0);
      fs.rmSync(lockPath, { force: true });
    }
  }
  let released = false;
  return {
    databasePath,
    lockPath,
    release() {
      if (released) return;
      released = true;
      if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
    },
  };
}

/** Deletes the claimed database and its WAL files, so the bot starts on an empty one. */
export function emptyClaimedDatabase(claim: DatabaseClaim): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(claim.databasePath + suffix, { force: true });
}

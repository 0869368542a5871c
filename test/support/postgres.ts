/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries (`apt-get install postgresql`),
 * `initdb` into a temporary folder, the server on a free loopback port (and a unix socket in that
 * folder), trust authentication, durability switched off (fsync) because the data dies with the run.
 *
 * initdb and postgres refuse to run as root, so under root both run as the `postgres` user (else
 * `nobody`) through `setpriv`, and the folder belongs to that user. The server is our child process
 * (not a pg_ctl daemon) with a parent-death signal, so a test run that is killed takes it along; `stop()`
 * shuts it down and removes the folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const INSTALL_HINT = 'install the PostgreSQL server: apt-get install postgresql';

export class PostgresUnavailableError extends Error {
  override readonly name = 'PostgresUnavailableError';
}

/** The folder with initdb and postgres: POSTGRES_BIN_DIR, Debian's newest /usr/lib/postgresql/<v>/bin, or PATH. */
export function findPostgresBinaries(): string | undefined {
  const has = (dir: string): boolean => ['initdb', 'postgres'].every((name) => fs.existsSync(path.join(dir, name)));
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return has(fromEnv) ? fromEnv : undefined;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (has(path.join(debian, version, 'bin'))) return path.join(debian, version, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir && has(dir)) return dir;
  return undefined;
}

interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** Under root: the unprivileged user the server runs as. */
function unprivilegedUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid, name };
    } catch {
      // no such user; try the next
    }
  }
  throw new PostgresUnavailableError('running as root, but neither a postgres nor a nobody user exists to run the server as');
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, program)));
}

/**
 * The command line, through util-linux's setpriv where there is one: another user under root, and a
 * parent-death signal for the server. Without setpriv (not Linux) the server runs directly, and a killed
 * test run may leave it behind.
 */
function command(runAs: RunAs | undefined, program: string, args: string[], pdeathsig: boolean): [string, string[]] {
  if (!onPath('setpriv')) {
    if (runAs) throw new PostgresUnavailableError('running as root needs setpriv (util-linux) to start the server as an unprivileged user');
    return [program, args];
  }
  const privileges = runAs ? [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups'] : [];
  const death = pdeathsig ? ['--pdeathsig', 'TERM'] : [];
  if (privileges.length === 0 && death.length === 0) return [program, args];
  return ['setpriv', [...privileges, ...death, '--', program, ...args]];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PostgresCluster {
  /** postgres://bazaar@127.0.0.1:PORT/postgres: the maintenance database, superuser, no password. */
  readonly adminUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** URL of a database of this cluster. */
  urlFor(database: string): string;
  /** Shuts the server down (fast) and removes its folder. */
  stop(): Promise<void>;
}

const USER = 'bazaar';

/**
 * Folders of runs that were killed: the server went with them (parent-death signal) and removed its
 * postmaster.pid, but nobody removed the folder. Only old ones, so a run that is starting is never touched.
 */
function sweepAbandoned(): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('bazaar-pg-')) continue;
    const folder = path.join(os.tmpdir(), name);
    try {
      if (fs.statSync(folder).mtimeMs < hourAgo && !fs.existsSync(path.join(folder, 'data', 'postmaster.pid'))) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // another run removed it meanwhile
    }
  }
}

/** initdb + postgres; throws PostgresUnavailableError (with INSTALL_HINT) when the server is not installed. */
export async function startPostgresCluster(options: { log?: (line: string) => void } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBinaries();
  if (!bin) throw new PostgresUnavailableError(`no PostgreSQL server (initdb, postgres) found; ${INSTALL_HINT}`);
  const runAs = unprivilegedUser();
  sweepAbandoned();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-pg-'));
  const dataDir = path.join(root, 'data');
  if (runAs) fs.chownSync(root, runAs.uid, runAs.gid);
  let server: ChildProcess | undefined;
  const cleanUp = (): void => fs.rmSync(root, { recursive: true, force: true });
  try {
    const [initdb, initArgs] = command(runAs, path.join(bin, 'initdb'), ['-D', dataDir, '-U', USER, '--auth=trust', '--no-sync', '-E', 'UTF8', '--no-locale'], false);
    execFileSync(initdb, initArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: root });

    let lastError = '';
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await freePort();
      const [postgres, args] = command(
        runAs,
        path.join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${root}`, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
        true,
      );
      const child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: root });
      server = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        options.log?.(chunk.toString());
      });
      const outcome = await waitUntilAccepting(port, () => child.exitCode === null && child.signalCode === null);
      if (outcome === 'ready') {
        const adminUrl = `postgres://${USER}@127.0.0.1:${port}/postgres`;
        return {
          adminUrl,
          port,
          dataDir,
          urlFor: (database) => `postgres://${USER}@127.0.0.1:${port}/${database}`,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) {
              const gone = once(child, 'exit');
              child.kill('SIGINT'); // fast shutdown: disconnects clients, no checkpoint wait for data we throw away
              await gone;
            }
            cleanUp();
          },
        };
      }
      lastError = stderr.trim().split('\n').at(-1) ?? 'the server exited';
      if (!/could not bind|Address already in use/i.test(stderr)) break;
    }
    throw new Error(`the throwaway PostgreSQL server did not start: ${lastError}`);
  } catch (error) {
    server?.kill('SIGKILL');
    cleanUp();
    throw error;
  }
}

/** Polls until the server accepts a connection (it answers "starting up" until recovery ends) or exits. */
async function waitUntilAccepting(port: number, running: () => boolean): Promise<'ready' | 'exited'> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!running()) return 'exited';
    const client = new pg.Client({ connectionString: `postgres://${USER}@127.0.0.1:${port}/postgres` });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return 'ready';
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

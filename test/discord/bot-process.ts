/**
 * The bot as a real process (`src/main.ts` as JavaScript, as `npm start` runs the built code) against the fake
 * Discord of the test process, on a SQLite file of the test. `kill()` is `kill -9`: no shutdown hook runs.
 * The bot's JSON log lines are collected; `ready()` waits for its "logged in" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import type { FakeDiscord } from '../fake-discord/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** tsx's loader by absolute URL: the process runs in an empty folder of its own. */
const TSX = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;

/**
 * The run's transpiled sources (test/support/test-build-global-setup.ts) under vitest; outside vitest
 * (the benchmarks) none, and the sources run under tsx.
 */
function testBuild(): string | undefined {
  try {
    return inject('testBuild');
  } catch {
    return undefined;
  }
}

export class BotProcess {
  readonly logs: Record<string, unknown>[] = [];
  /** Raw stdout lines (for checks on what a log line may hold). */
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  #child: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  /** How the latest process ended: its exit code, or the signal that ended it. */
  lastExit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly #cwd: string;
  #clockOffsetMs = 0;
  starts = 0;

  constructor(
    private readonly fake: FakeDiscord,
    readonly dbFile: string,
    private readonly env: Record<string, string> = {},
    /**
     * 'sources': src/main.ts (tests: the run's transpiled copy, else under tsx); 'built': dist/src/main.js, as `npm start` runs it
     * (benchmarks); 'clocked': src/main.ts's start-up with a clock the test moves (`advanceClock`); `{ app }`: `node
     * dist/src/main.js` in the folder `app` and with it as the working folder, as the Docker image runs it in /app
     * (test/support/production-build.ts makes such a folder).
     */
    private readonly entry: 'sources' | 'built' | 'clocked' | { readonly app: string } = 'sources',
  ) {
    // An empty working folder: no .env of the developer's is read.
    this.#cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bot-cwd-'));
  }

  /** Starts the process and resolves when it has logged in (its own "logged in" log line). */
  async start(): Promise<void> {
    if (this.#child !== null) throw new Error('the bot process is already running');
    this.starts++;
    const entry = this.entry;
    let args: string[];
    let cwd = this.#cwd;
    if (typeof entry === 'object') {
      args = ['dist/src/main.js'];
      cwd = entry.app;
    } else {
      const main = { sources: 'src/main.ts', built: 'dist/src/main.js', clocked: 'test/discord/clocked-main.ts' }[entry];
      const transpiled = entry === 'built' ? undefined : testBuild();
      args = entry === 'built' ? [path.join(ROOT, main)] : transpiled !== undefined ? [path.join(transpiled, main.replace(/\.ts$/, '.js'))] : ['--import', TSX, path.join(ROOT, main)];
    }
    // For measuring the bot in a benchmark, from this process's environment: BOT_NODE_FLAGS, Node's own flags
    // (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": Node refuses --cpu-prof in NODE_OPTIONS); BOT_EXTRA_ENV,
    // NAME=value,NAME=value for the bot only (e.g. glibc's MALLOC_TRIM_THRESHOLD_), not for the fake Discord.
    const nodeFlags = (process.env.BOT_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const extraPairs = (process.env.BOT_EXTRA_ENV ?? '').split(',').filter((kv) => kv.includes('='));
    const extraEnv = Object.fromEntries(extraPairs.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
    const child = spawn(process.execPath, [...nodeFlags, ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? this.#cwd,
        DISCORD_TOKEN: this.fake.token,
        DISCORD_API_BASE_URL: this.fake.apiBaseUrl,
        DEV_GUILD_ID: this.fake.guildId,
        DATABASE_PATH: this.dbFile,
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        ...this.env,
        ...extraEnv,
        ...(this.entry === 'clocked' ? { BAZAAR_TEST_CLOCK_OFFSET_MS: String(this.#clockOffsetMs) } : {}),
      },
      stdio: [this.entry === 'clocked' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    this.#exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.lastExit = { code, signal };
        resolve();
      }),
    );
    const start = this.logs.length;
    let buffered = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        // BOT_STDOUT_FILE: a benchmark's copy of everything the bot prints (e.g. with BOT_NODE_FLAGS=--trace-gc)
        if (process.env.BOT_STDOUT_FILE) fs.appendFileSync(process.env.BOT_STDOUT_FILE, `${line}\n`);
        if (line.trim() === '') continue;
        this.lines.push(line);
        try {
          this.logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          this.logs.push({ msg: line });
        }
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => this.stderr.push(chunk));
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (this.logs.slice(start).some((l) => l.msg === 'logged in')) {
          cleanup();
          resolve();
        }
      };
      const failed = (): void => {
        cleanup();
        reject(new Error(`the bot process exited before logging in: ${this.stderr.join('').slice(-2000)}`));
      };
      const cleanup = (): void => {
        child.stdout?.off('data', check);
        child.off('exit', failed);
      };
      child.stdout?.on('data', check);
      child.once('exit', failed);
    });
  }

  /**
   * Moves the clock of a 'clocked' process by `ms` and runs its due jobs once; resolves with how many
   * deliveries they owed (from its "clock advanced" line). A restart keeps the moved clock.
   */
  async advanceClock(ms: number): Promise<number> {
    const child = this.#child;
    if (this.entry !== 'clocked' || child === null) throw new Error('only a running clocked bot process has a clock to move');
    this.#clockOffsetMs += ms;
    const seen = this.logs.filter((l) => l.msg === 'clock advanced').length;
    child.stdin?.write(`advance ${ms}\n`);
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (this.logs.filter((l) => l.msg === 'clock advanced').length > seen) {
          cleanup();
          resolve();
        }
      };
      const gone = (): void => {
        cleanup();
        reject(new Error('the bot process exited before its clock was moved'));
      };
      const cleanup = (): void => {
        child.stdout?.off('data', check);
        child.off('exit', gone);
      };
      child.stdout?.on('data', check);
      child.once('exit', gone);
      check();
    });
    return this.logs.filter((l) => l.msg === 'clock advanced').at(-1)?.owed as number;
  }

  /** The running process's id (for its /proc figures). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get running(): boolean {
    return this.#child !== null;
  }

  /** kill -9, and waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child === null) return;
    child.kill('SIGKILL');
    await this.#exited;
    this.#child = null;
  }

  /** A clean stop (SIGTERM, or `signal`: the bot finishes what is in flight); resolves once the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.#child;
    if (child === null) return;
    child.kill(signal);
    await this.#exited;
    this.#child = null;
  }

  /** Sends a signal without waiting (a second SIGTERM during a stop, say). */
  signal(signal: NodeJS.Signals): void {
    this.#child?.kill(signal);
  }

  /** Resolves once the running process is gone. */
  exited(): Promise<void> {
    return this.#exited.then(() => {
      this.#child = null;
    });
  }

  cleanup(): void {
    fs.rmSync(this.#cwd, { recursive: true, force: true });
  }
}

/**
 * Resolves when `predicate` holds. It is looked at on every change the fake sees (a message, a request)
 * and on a short interval for changes only the database shows; rejects after `timeoutMs`. A predicate
 * may read the store (a promise); an error counts as not yet. The limit is generous (bot processes start
 * and answer slowly on a busy machine); it is no deadline.
 */
export function until(fake: FakeDiscord, predicate: () => boolean | Promise<boolean>, description: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const events = fake.world.events;
    const names = ['messageCreate', 'messageUpdate', 'request'] as const;
    const holds = (): void => {
      done();
      resolve();
    };
    const check = (): void => {
      let ok: boolean | Promise<boolean> = false;
      try {
        ok = predicate();
      } catch {
        ok = false;
      }
      if (ok === true) holds();
      else if (ok instanceof Promise) void ok.then((yes) => (yes ? holds() : undefined), () => undefined);
    };
    const timer = setInterval(check, 25);
    const deadline = setTimeout(() => {
      done();
      reject(new Error(`timed out waiting for ${description}`));
    }, timeoutMs);
    const done = (): void => {
      clearInterval(timer);
      clearTimeout(deadline);
      for (const name of names) events.off(name, check);
    };
    for (const name of names) events.on(name, check);
    check();
  });
}

/**
 * How fast `npm start` answers (`node --import tsx test/bench/start.ts [--dir CHECKOUT] [--runs 3]`): in
 * CHECKOUT (default: this repository), `npm start` against a fake Discord of this process, timed from the
 * spawn to the bot's "logged in" log line, then stopped. The first run builds when a source is newer than
 * dist/ (a fresh clone: `--clean` removes dist/ first to see that); the next ones start the built code. Each
 * run's database is a fresh file. `--node` runs `node dist/src/main.js` instead (as the Docker image does:
 * no npm, no staleness check). Prints one line per run and the machine's 1-minute load average.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeDiscord } from '../fake-discord/index.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const checkout = path.resolve(arg('dir', path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')));
const runs = Number(arg('runs', '3'));
const direct = args.includes('--node');
if (args.includes('--clean')) fs.rmSync(path.join(checkout, 'dist'), { recursive: true, force: true });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-start-bench-'));
const fake = await FakeDiscord.start();
try {
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const [command, commandArgs] = direct ? [process.execPath, ['dist/src/main.js']] : ['npm', ['start', '--silent']];
    const child = spawn(command, commandArgs, {
      cwd: checkout,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? work,
        DISCORD_TOKEN: fake.token,
        DISCORD_API_BASE_URL: fake.apiBaseUrl,
        DEV_GUILD_ID: fake.guildId,
        DATABASE_PATH: path.join(work, `run-${run}.db`),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stderr: string[] = [];
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const ms = await new Promise<number>((resolve, reject) => {
      let buffered = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        if (buffered.includes('"msg":"logged in"')) resolve(performance.now() - started);
      });
      void exited.then(() => reject(new Error(`npm start exited before logging in: ${stderr.join('').slice(-2000)}`)));
    });
    // npm, the build and the bot: the whole process group goes.
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    const build = stderr.join('').match(/^build: .*$/m)?.[0];
    console.log(`run ${run}: ${direct ? 'node dist/src/main.js' : build ? 'npm start with a build' : 'npm start, built'}: logged in after ${(ms / 1000).toFixed(2)} s${build ? ` [${build}]` : ''}`);
  }
} finally {
  await fake.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average (1 min): ${os.loadavg()[0]?.toFixed(1)}`);

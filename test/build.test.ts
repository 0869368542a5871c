/**
 * The production build (build.mjs, `npm run build` / `npm start`): the sources transpiled by esbuild into
 * a folder of their own, then run with plain Node, no loader: the bot logs in against the fake Discord
 * (migrations found, database opened), and the built render and AI worker pools load their worker files
 * beside them and answer (a board PNG drawn with assets/fonts, a computer player's choice).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from './fake-discord/index.js';
import { buildProduction, ROOT } from './support/production-build.js';

const run = promisify(execFile);
const outdir = path.join(ROOT, '.test-build', `production-${process.pid}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-build-test-'));

beforeAll(async () => {
  fs.rmSync(outdir, { recursive: true, force: true });
  expect(await buildProduction(outdir)).toMatch(/^build: \d+ files transpiled to .* in \d+ ms/);
}, 120_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the production build', () => {
  it('has one module per source file, the workers among them, and no tests', () => {
    const sources = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    for (const source of sources) expect(fs.existsSync(path.join(outdir, 'src', source.replace(/\.ts$/, '.js'))), source).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'test'))).toBe(false);
    expect(fs.existsSync(path.join(outdir, '.built'))).toBe(true);
  });

  it('an unchanged build is skipped with --if-stale', async () => {
    expect(await buildProduction(outdir, ['--if-stale'])).toBe('');
  });

  it('refuses an output folder that is not a folder of its own below the repository', async () => {
    for (const bad of [ROOT, path.join(ROOT, 'src'), os.tmpdir()]) {
      await expect(run(process.execPath, [path.join(ROOT, 'build.mjs'), '--outdir', bad], { cwd: ROOT })).rejects.toThrow(/folder of its own/);
    }
  });

  it('the built render and AI pools load their workers and answer', async () => {
    const url = (file: string): string => pathToFileURL(path.join(outdir, 'src', file)).href;
    const script = `
      const { GAMES } = await import(${JSON.stringify(url('games/index.js'))});
      const { RenderPool } = await import(${JSON.stringify(url('app/workers/render-pool.js'))});
      const { createAiPool } = await import(${JSON.stringify(url('app/workers/ai-pool.js'))});
      const def = GAMES.modules.get('kairo').definition;
      const state = def.setup({ players: 2, start: 'variable' }, 'build-test');
      const seat = def.activeSeats(state)[0];
      const render = new RenderPool({ workers: 1, timeoutMs: 60000 });
      const png = await render.render({ game: 'kairo', view: def.view(state, null), options: { locale: 'en', names: ['A', 'B'] } });
      await render.close();
      const ai = createAiPool({ threads: 1, deadlineMs: null });
      const legal = def.legalActions(state, seat);
      const index = await ai.chooseAction('kairo', def.view(state, seat), legal, { level: 'easy', seed: 'build-test' });
      await ai.destroy();
      console.log(JSON.stringify({ png: png.subarray(0, 8).toString('hex'), bytes: png.length, index, legal: legal.length }));
    `;
    // A file, not --input-type=module -e: worker threads inherit the process's options, and that one breaks them.
    fs.writeFileSync(path.join(work, 'pools.mjs'), script);
    const { stdout } = await run(process.execPath, [path.join(work, 'pools.mjs')], { cwd: work });
    const answer = JSON.parse(stdout.trim()) as { png: string; bytes: number; index: number; legal: number };
    expect(answer.png).toBe('89504e470d0a1a0a');
    expect(answer.bytes).toBeGreaterThan(10_000);
    expect(answer.index).toBeGreaterThanOrEqual(0);
    expect(answer.index).toBeLessThan(answer.legal);
  }, 120_000);

  it('the built bot logs in against the fake Discord', async () => {
    const fake = await FakeDiscord.start();
    try {
      const child = execFile(process.execPath, [path.join(outdir, 'src', 'main.js')], {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          DISCORD_TOKEN: fake.token,
          DISCORD_API_BASE_URL: fake.apiBaseUrl,
          DEV_GUILD_ID: fake.guildId,
          DATABASE_PATH: path.join(work, 'bot.db'),
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
        },
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      let out = '';
      let err = '';
      child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('"msg":"logged in"')) resolve();
        });
        void exited.then(() => reject(new Error(`the built bot exited before logging in: ${err.slice(-2000)}`)));
      });
      child.kill('SIGTERM');
      await exited;
    } finally {
      await fake.stop();
    }
  }, 120_000);
});

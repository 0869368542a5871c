/**
 * The Docker image's layout, without Docker (these machines have no container engine): the folder the
 * Dockerfile's final stage makes in /app (package.json, dist/ built by build.mjs, node_modules with the
 * production dependencies only, migrations/, assets/, nothing else; test/support/production-build.ts)
 * is made in a temporary folder outside the repository, and the bot is started from it as the image
 * starts it (`node dist/src/main.js` in that folder, NODE_ENV=production, JSON logs, the health
 * listener on) against the fake Discord. A player opens a Kairo game, adds a computer player and plays
 * a turn through the panel; the board after the computer's turn arrives as a PNG. That takes the
 * migrations, the native better-sqlite3 and @napi-rs/canvas, the fonts in assets/, the render and AI
 * worker files and every runtime import: a file or a dependency the image lacks (a dev dependency
 * imported at run time, say) fails here. The image's HEALTHCHECK command answers, and SIGTERM ends the
 * process with exit code 0.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPng, FakeDiscord, type FakeUser } from './fake-discord/index.js';
import { BotProcess, until } from './discord/bot-process.js';
import { tempDbFile } from './discord/harness.js';
import { boards, buttonFor, latestBoard, mentionedToAct, playTurn, type TurnPolicy } from './support/turn-driver.js';
import { foldersProviding, makeProductionLayout, type ProductionLayout } from './support/production-build.js';

const run = promisify(execFile);
/** Generous: a loaded machine starts the bot and its workers slowly; no wait here is a deadline. */
const WAIT_MS = 120_000;
/** Dev dependencies (package.json) that nothing in production may import. */
const DEV_ONLY = ['vitest', 'tsx', 'esbuild', 'typescript', 'eslint', 'drizzle-kit', 'pino-pretty', 'playwright-core', 'ajv'];

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-image-'));
const app = path.join(parent, 'app');
let layout: ProductionLayout;
let fake: FakeDiscord;
let alice: FakeUser;
let bot: BotProcess | undefined;

beforeAll(async () => {
  layout = await makeProductionLayout(app);
  fake = await FakeDiscord.start();
  alice = fake.users.create('alice', { globalName: 'Alice' });
}, 300_000);

afterAll(async () => {
  if (bot !== undefined) {
    await bot.kill();
    bot.cleanup();
    fs.rmSync(path.dirname(bot.dbFile), { recursive: true, force: true });
  }
  await fake?.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

/** Draws from the deck: a whole Kairo turn that always exists. */
const drawFromDeck: TurnPolicy = ({ choices }) =>
  choices.find((c) => /^Draw 2 cards$|deck/i.test(c.label) && !/display/i.test(c.label)) ?? choices.find((c) => /Draw/i.test(c.label)) ?? choices[0] ?? null;

/**
 * Resolves as `work` does, but fails at once, with the reason, when the bot logs an error or exits (a
 * module missing from the layout shows so, in the bot or a worker), instead of at the end of a wait.
 */
function unlessTheBotFails<T>(running: BotProcess, work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const watch = setInterval(() => {
      const error = running.logs.find((l) => typeof l.level === 'number' && l.level >= 50);
      if (error === undefined && running.lastExit === null) return;
      clearInterval(watch);
      const exit = running.lastExit === null ? '' : ` The process exited: ${JSON.stringify(running.lastExit)}.`;
      reject(new Error(`the bot failed: ${JSON.stringify(error ?? null)}.${exit} Its stderr: ${running.stderr.join('').slice(-2000)}`));
    }, 25);
    work.then(
      (value) => {
        clearInterval(watch);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(watch);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Alice opens a Kairo game (2 players, quick start), adds an easy computer player and plays a turn
 * through the panel; the board after the computer's turn arrives as two PNGs; the image's health check passes.
 */
async function playATurnWithAComputer(running: BotProcess): Promise<void> {
  // /game new, the computer player through the lobby's select, start.
  const channel = fake.createChannel('image-kairo');
  const opened = await alice.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'kairo', players: 2, layout: 'quick' }, until: 'response' });
  await opened.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
  await until(fake, () => fake.channelMessages(channel).some((m) => m.buttons.length > 0), 'the lobby', WAIT_MS);
  const lobby = fake.channelMessages(channel).find((m) => m.buttons.length > 0)!;
  const select = fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'));
  expect(select, 'the lobby offers a computer player').toBeDefined();
  const before = fake.message(lobby.id)!.text;
  await (await alice.selectOptions(lobby.id, select!.customId, ['easy'], { until: 'none' })).responded();
  await until(fake, () => fake.message(lobby.id)!.text !== before, 'the computer player in the lobby', WAIT_MS);
  expect(fake.message(lobby.id)!.text).toMatch(/Bot 1 \(easy\)/);
  await alice.clickButton(lobby.id, buttonFor(fake.message(lobby.id)!, 'start'), { until: 'none' });
  await until(fake, () => boards(fake, channel).length > 0, 'the first board', WAIT_MS);
  // When the computer opens, its turn comes first: the board after it names Alice.
  await until(fake, () => mentionedToAct(latestBoard(fake, channel))[0] === alice.id, 'Alice to play', WAIT_MS);

  // Alice's turn through the panel; then the computer's (the AI worker), then the board (the render worker).
  const board = latestBoard(fake, channel);
  const played = await playTurn({ fake, channelId: channel, latest: () => board, timeoutMs: WAIT_MS }, { policy: drawFromDeck });
  expect(played?.end).toBe('over');
  expect(played?.actor.id).toBe(alice.id);
  await until(fake, () => latestBoard(fake, channel).id !== board.id && mentionedToAct(latestBoard(fake, channel))[0] === alice.id, "the board after the computer's turn", WAIT_MS);
  const after = latestBoard(fake, channel);
  expect(after.text).toMatch(/Bot 1 \(easy\)/);
  // One picture, the board, drawn by the render worker with the layout's fonts; and the phone picture when
  // asked for (Phone view), drawn there too.
  expect(after.attachments.map((a) => [a.filename, a.contentType])).toEqual([[expect.stringMatching(/^kairo-\d+-\d+\.png$/), 'image/png']]);
  expect(checkPng(after.attachments[0]!.bytes)).toMatchObject({ ok: true, width: 1600 });
  expect(after.attachments[0]!.size).toBeGreaterThan(10_000);
  const phoneView = await alice.clickButton(after.id, buttonFor(after, 'phone'), { until: 'response' });
  await phoneView.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the phone picture' });
  expect(phoneView.reply!.attachments.map((a) => [a.filename, a.contentType])).toEqual([[expect.stringMatching(/^kairo-\d+-\d+-phone\.png$/), 'image/png']]);
  expect(checkPng(phoneView.reply!.attachments[0]!.bytes)).toMatchObject({ ok: true, width: 800 });

  // The image's HEALTHCHECK command, run from the layout as Docker runs it.
  const listening = running.logs.find((l) => l.msg === 'health and metrics listening');
  expect(listening?.port).toEqual(expect.any(Number));
  const check = await run(process.execPath, ['dist/src/healthcheck.js'], { cwd: app, env: { PATH: process.env.PATH ?? '', METRICS_PORT: String(listening?.port) } });
  expect(check.stdout).toMatch(/^200 /);
}

describe("the Docker image's layout", () => {
  it('holds what the final stage copies, the production dependencies only, and nothing of the repository above it', () => {
    expect(fs.readdirSync(app).sort()).toEqual(['assets', 'dist', 'migrations', 'node_modules', 'package.json']);
    expect(layout.build).toMatch(/^build: \d+ files transpiled/);
    for (const file of ['dist/src/main.js', 'dist/src/healthcheck.js', 'dist/src/backup.js', 'dist/src/app/workers/render-worker.js', 'dist/src/app/workers/ai-worker.js']) {
      expect(fs.existsSync(path.join(app, file)), file).toBe(true);
    }
    expect(fs.existsSync(path.join(app, 'dist', 'test'))).toBe(false);
    const from = path.join(app, 'dist', 'src');
    // The runtime dependencies, each found once: in the layout's own node_modules.
    for (const name of ['better-sqlite3', '@napi-rs/canvas', 'discord.js', 'pino', 'prom-client', 'tinypool']) {
      expect(foldersProviding(from, name), name).toEqual([path.join(app, 'node_modules', name)]);
    }
    expect(fs.existsSync(path.join(app, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
    // No dev dependency, here or in any folder above: importing one at run time fails as in the image.
    for (const name of DEV_ONLY) expect(foldersProviding(from, name), name).toEqual([]);
    expect(layout.packages.length).toBeGreaterThan(20);
  });

  it('the bot starts from it in production, a human and a computer player play a turn, the board arrives as a PNG, and SIGTERM exits 0', async () => {
    const dbFile = tempDbFile('image');
    bot = new BotProcess(
      fake,
      dbFile,
      // As the image's ENV sets them (DATABASE_PATH: the test's file; METRICS_PORT: any free port).
      { NODE_ENV: 'production', LOG_FORMAT: 'json', METRICS_PORT: '0', HOME: path.dirname(dbFile) },
      { app },
    );
    await bot.start();
    expect(bot.logs.some((l) => l.msg === 'logged in')).toBe(true);
    await unlessTheBotFails(bot, playATurnWithAComputer(bot));
    await bot.stop('SIGTERM');
    expect(bot.lastExit).toEqual({ code: 0, signal: null });
    expect(bot.logs.some((l) => l.msg === 'stopped')).toBe(true);
    // Nothing went wrong on the way: no error in the log, nothing on stderr but the stop's own notice.
    expect(bot.logs.filter((l) => typeof l.level === 'number' && l.level >= 50)).toEqual([]);
    expect(bot.stderr.join('').split('\n').filter((line) => line !== '' && !line.startsWith('SIGTERM: stopping'))).toEqual([]);
    fake.assertNoViolations();
  }, 600_000);
});

/**
 * What players ask for does not slow what players wait for: a replay's frames (and the rules cards of /help
 * rules) are drawn behind the boards of live turns, in the real render pool (one worker, held up on purpose while the bot asks for pictures),
 * and when too many asked pictures already wait, the one stepping the replay is told the bot is busy and
 * the replay stays as it was. The order of events is asserted, not a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../../src/app/workers/render-pool.js';
import { GAMES } from '../../src/games/index.js';
import type { BoardJob, BoardRenderer, RenderPriority } from '../../src/render/board-job.js';
import type { HeldJob } from '../app/workers/held-render-worker.js';
import type { FakeUser } from '../fake-discord/index.js';
import { stageView } from '../render/kairo/fixtures.js';
import { builtModuleUrl } from '../support/node-entry.js';
import { until } from './bot-process.js';
import { boards, buttonFor, clickForBoard, openLobby, privateReply, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

let env: BotOnFake;
let pool: RenderPool;
let alice: FakeUser;
let bob: FakeUser;
/** The pictures the bot asked for, by priority, in the order they came back drawn. */
const drawn: string[] = [];

const renderer: BoardRenderer = {
  render(job: BoardJob, priority: RenderPriority = 'now', signal?: AbortSignal) {
    return pool.render(job, priority, signal).then((png) => {
      drawn.push(`${priority} ${job.picture ?? 'board'}`);
      return png;
    });
  },
};

/** A Kairo board of a game of the fixtures, for pictures the test itself asks for. */
const KAIRO_BOARD: BoardJob = { game: 'kairo', view: stageView('late-4p'), options: { locale: 'en', names: ['Aylin', 'Bram', 'Cleo', 'Dirk'] } };

/** Occupies the pool's only worker with an asked picture until `release` lets it go. */
async function holdTheWorker(): Promise<{ release: () => void; done: Promise<Buffer> }> {
  const hold = new SharedArrayBuffer(8);
  const cells = new Int32Array(hold);
  const done = renderer.render({ ...KAIRO_BOARD, hold } as HeldJob, 'asked');
  await until(env.fake, () => Atomics.load(cells, 0) === 1, 'the held picture to start');
  return {
    done,
    release: () => {
      Atomics.store(cells, 1, 1);
      Atomics.notify(cells, 1);
    },
  };
}

/** The game replayed: a 2-player Kairo game, started (its first board posted). */
let replayed: { channel: string; gameId: number };

async function startKairo(channel: string): Promise<{ channel: string; gameId: number }> {
  const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'quick' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error(`no game in ${channel}`);
  return { channel, gameId: loaded.game.row.id };
}

beforeAll(async () => {
  pool = new RenderPool({
    workers: 1,
    timeoutMs: 120_000,
    maxAskedWaiting: 1,
    workerFile: builtModuleUrl('test/app/workers/held-render-worker.ts') ?? new URL('../app/workers/held-render-worker.ts', import.meta.url),
  });
  env = await startBotOnFake({ games: GAMES, boards: renderer, seeds: ['lane-1', 'lane-2'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  replayed = await startKairo(env.fake.createChannel('lane-replayed'));
});

afterAll(async () => {
  await env?.stop();
  await pool?.close();
});

describe("a replay's frames are drawn behind the boards of live turns", () => {
  it('a board asked for after a replay frame is drawn before it', async () => {
    const held = await holdTheWorker();
    drawn.length = 0;
    // Alice opens the replay: its first frame waits for the worker.
    const replay = await alice.runCommand(replayed.channel, 'game', { subcommand: 'replay', options: { game: replayed.gameId }, until: 'response' });
    await until(env.fake, () => pool.queueSize === 1, 'the replay frame to wait for the pool');
    // Meanwhile a new game starts in another channel: its first board is a live turn's.
    const channel = env.fake.createChannel('lane-live');
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'quick' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await until(env.fake, () => pool.queueSize === 2, 'the live board to wait for the pool');
    held.release();
    await held.done;
    await until(env.fake, () => boards(env.fake, channel).length === 1, 'the live board');
    await replay.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the replay' });
    expect(drawn).toEqual(['asked board', 'now board', 'asked board']);
    expect(privateReply(replay, alice).attachments.map((a) => a.filename)).toEqual([`replay-${replayed.gameId}-0.png`]);
    env.fake.assertNoViolations();
  });

  it('when as many asked pictures wait as the pool allows, a replay is answered that the bot is busy, in the reader’s language', async () => {
    const held = await holdTheWorker();
    // Another asked picture already waits: the pool allows one.
    const waiting = pool.render(KAIRO_BOARD, 'asked');
    const dora = env.createUser('dora', { globalName: 'Dora', locale: 'de' });
    const busy = privateReply(await dora.runCommand(replayed.channel, 'game', { subcommand: 'replay', options: { game: replayed.gameId } }), dora);
    expect(busy.text).toBe('Der Bot zeichnet gerade die Spielpläne der laufenden Spiele, darum muss dieser Zug der Wiederholung warten. Versuch es gleich noch einmal. Es wurde nichts geändert.');
    expect(busy.attachments).toEqual([]);
    held.release();
    await Promise.all([held.done, waiting]);
    // Asked again once the pool is free, the replay comes with its picture.
    const replay = privateReply(await dora.runCommand(replayed.channel, 'game', { subcommand: 'replay', options: { game: replayed.gameId } }), dora);
    expect(replay.attachments.map((a) => a.filename)).toEqual([`replay-${replayed.gameId}-0.png`]);
    env.fake.assertNoViolations();
  });

  it('a rules card of /help rules is asked for too: refused as busy while as many asked pictures wait, and the answer stays as it was', async () => {
    const eve = env.createUser('eve', { globalName: 'Eve', locale: 'nl' });
    const help = await eve.runCommand(replayed.channel, 'help', { options: { topic: 'rules', game: 'kairo' } });
    await help.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /help rules' });
    const answer = privateReply(help, eve);
    const before = env.fake.message(answer.id)!.text;
    const held = await holdTheWorker();
    const waiting = pool.render(KAIRO_BOARD, 'asked');
    const menu = answer.selects[0]!;
    const pick = await eve.selectOptions(answer.id, menu.customId, [menu.options[0]!.value], { until: 'response' });
    await pick.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the busy note' });
    expect(pick.followUps[0]).toMatchObject({ ephemeral: true, content: 'De bot tekent nu de borden van de lopende spellen, dus deze afbeelding moet wachten. Vraag het zo nog eens.' });
    expect(env.fake.message(answer.id)!.text).toBe(before);
    expect(env.fake.message(answer.id)!.attachments).toEqual([]);
    held.release();
    await Promise.all([held.done, waiting]);
    env.fake.assertNoViolations();
  });
});

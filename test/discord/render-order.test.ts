/**
 * The acknowledgement never waits for a picture: while one channel's board is being drawn in the render
 * pool (held up on purpose in a test worker), a click in another channel is acknowledged. The order of
 * events is asserted, not a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { RenderPool } from '../../src/app/workers/render-pool.js';
import type { BoardJob, BoardRenderer } from '../../src/render/board-job.js';
import type { HeldJob } from '../app/workers/held-render-worker.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { until } from './bot-process.js';
import { boards, buttonFor, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake } from './harness.js';
import { builtModuleUrl } from '../support/node-entry.js';

let env: BotOnFake;
let pool: RenderPool;
let alice: FakeUser;
let bob: FakeUser;
/** The next board drawn is held until the test lets it go. */
let holdNext: SharedArrayBuffer | null = null;

const renderer: BoardRenderer = {
  render(job: BoardJob) {
    const hold = holdNext;
    holdNext = null;
    return pool.render(hold === null ? job : ({ ...job, hold } as HeldJob));
  },
};

beforeAll(async () => {
  pool = new RenderPool({ workers: 1, timeoutMs: 120_000, workerFile: builtModuleUrl('test/app/workers/held-render-worker.ts') ?? new URL('../app/workers/held-render-worker.ts', import.meta.url) });
  env = await startBotOnFake({ games: GAMES, boards: renderer, seeds: ['order-1', 'order-2'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
  await pool?.close();
});

async function startKairo(channel: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'quick' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

describe('the acknowledgement never waits for a picture', () => {
  it("while channel A's board is being drawn, a click in channel B is acknowledged first", async () => {
    const a = env.fake.createChannel('order-a');
    const b = env.fake.createChannel('order-b');
    const boardA = await startKairo(a);
    const boardB = await startKairo(b);
    const events: string[] = [];
    const actor = env.fake.users.get(mentionedToAct(boardA)[0]!);
    let panel = privateReply(await actor.clickButton(boardA.id, buttonFor(boardA, 'turn')), actor);
    const boardsInA = boards(env.fake, a).length;
    let cells: Int32Array | null = null;
    // Click through A's turn (drawing cards ends it quickly); the click that ends it has its board held.
    for (let step = 0; step < 20 && cells === null; step++) {
      const hold = new SharedArrayBuffer(8);
      holdNext = hold;
      const choices = offered(panel);
      const pick = choices.find((c) => /draw|Karten|kaarten/i.test(c.label)) ?? choices.find((c) => /deck|Stapel|stapel/i.test(c.label)) ?? choices[0]!;
      const revisions = env.fake.world.messages.get(panel.id)?.revisions.length ?? 0;
      if (pick.kind === 'button') await actor.clickButton(panel.id, pick.customId, { until: 'none' });
      else await actor.selectOptions(panel.id, pick.customId, [pick.value!], { until: 'none' });
      const view = new Int32Array(hold);
      await until(env.fake, () => Atomics.load(view, 0) === 1 || (env.fake.world.messages.get(panel.id)?.revisions.length ?? 0) > revisions, 'the panel or a board being drawn');
      if (Atomics.load(view, 0) === 1) cells = view;
      else panel = env.fake.message(panel.id)!;
    }
    if (cells === null) throw new Error('the turn in channel A did not end');
    holdNext = null;
    events.push('A: board being drawn');
    // Meanwhile in channel B: a click is acknowledged, and answered.
    const other = env.fake.users.get(mentionedToAct(boardB)[0]!);
    const click = await other.clickButton(boardB.id, buttonFor(boardB, 'turn'), { until: 'response' });
    events.push(`B: acknowledged (A has ${boards(env.fake, a).length - boardsInA} new board)`);
    await click.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 30_000, description: "B's panel" });
    events.push('B: panel shown');
    // A's picture is let go: its board follows.
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
    await until(env.fake, () => boards(env.fake, a).length > boardsInA, "A's board");
    events.push('A: board posted');
    expect(events).toEqual(['A: board being drawn', 'B: acknowledged (A has 0 new board)', 'B: panel shown', 'A: board posted']);
    expect(latestBoard(env.fake, a).attachments[0]!.contentType).toBe('image/png');
    env.fake.assertNoViolations();
  });
});

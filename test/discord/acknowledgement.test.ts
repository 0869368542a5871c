/**
 * Exactly one acknowledgement per interaction, whatever fails: the acknowledgement's answer arriving after
 * the client's timeout (Discord took it), a failed panel edit, failed board uploads, a board's answer lost.
 * Every interaction gets one initial response, and every turn's board is posted exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 30 });
const CALLBACK = '/interactions/{interaction_id}/{interaction_token}/callback';
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['ack-1'],
    // The router's 'acknowledged' lines (with the bot's own time to acknowledge) are debug lines.
    logLevel: 'debug',
    // A short client timeout, so that an answer 2.3 s late counts as timed out.
    restTimeoutMs: 2_000,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

/** What goes wrong during each turn (the client's REST timeout is set to 2 s here). */
const TROUBLE: readonly (readonly [string, { status: number; delayMs?: number; times?: number; retryAfter?: number }])[] = [
  // Discord takes the acknowledgement but its answer comes after the client gave up.
  ['POST /interactions/{interaction_id}/{interaction_token}/callback', { status: 200, delayMs: 2_300 }],
  // Rate limited: discord.js waits and sends it again (its own logic), still one acknowledgement.
  ['POST /interactions/{interaction_id}/{interaction_token}/callback', { status: 429, retryAfter: 0.3 }],
  ['PATCH /webhooks/{application_id}/{interaction_token}/messages/@original', { status: 500 }],
  // The board, posted as the click's follow-up: a server error (the outbox posts it in the channel later),
  // and an answer that comes after the client gave up (Discord posted it: the outbox finds it there).
  ['POST /webhooks/{webhook_id}/{webhook_token}', { status: 502 }],
  ['POST /webhooks/{webhook_id}/{webhook_token}', { status: 200, delayMs: 2_300 }],
];

describe('acknowledgements', () => {
  it('with slow acknowledgements and 5xx injected, every interaction is acknowledged exactly once and every turn posts one board', async () => {
    const channel = env.fake.createChannel('acks');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const handles: InteractionHandle[] = [];
    for (const [route, fault] of TROUBLE) {
      const board = latestBoard(env.fake, channel);
      const user = env.fake.users.get(mentionedToAct(board)[0]!);
      const opened = await user.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
      handles.push(opened);
      await opened.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the panel' });
      const panel: SeenMessage = opened.reply!;
      env.fake.failNext(route, fault);
      const end = offered(panel).find((o) => /End the turn/.test(o.label))!;
      const click = await user.clickButton(panel.id, end.customId, { until: 'none' });
      handles.push(click);
      // The turn ended: its board arrives (after retries when the upload failed), the old one loses its buttons.
      await click.waitFor(() => latestBoard(env.fake, channel).id !== board.id && env.fake.message(board.id)!.buttons.length === 0, {
        timeoutMs: 30_000,
        description: `the board after ${route}`,
      });
      await click.waitFor((h) => h.record.initial !== null && env.fake.pendingFaults.length === 0, { timeoutMs: WAIT_MS, description: 'the acknowledgement' });
    }
    const callbacks = new Map<string, number>();
    for (const request of env.fake.world.requests) {
      if (request.route !== CALLBACK) continue;
      const id = request.path.split('/')[2] as string;
      callbacks.set(id, (callbacks.get(id) ?? 0) + 1);
    }
    // Accepted initial responses: one each (the 429 was refused before Discord took it).
    const accepted = new Map<string, number>();
    for (const request of env.fake.world.requests) {
      if (request.route !== CALLBACK || request.status >= 300) continue;
      const id = request.path.split('/')[2] as string;
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
    }
    for (const handle of handles) expect(accepted.get(handle.id), `initial responses to interaction ${handle.id}`).toBe(1);
    // Each within Discord's 3 s, as the bot's own time: from the interaction's arrival in the bot to the
    // acknowledgement's answer (or the client giving up on it), as the router measures and logs it. A busy
    // machine slows the fake's dispatch too; that is not the bot's time.
    for (const handle of handles) {
      const ack = env.logs.find((line) => line.interactionId === handle.id && typeof line.ackMs === 'number');
      expect(ack, `the bot's acknowledgement of ${handle.id}`).toBeDefined();
      expect(ack!.ackMs as number, `acknowledgement of ${handle.id}`).toBeLessThanOrEqual(3_000);
    }
    expect(Math.max(...callbacks.values())).toBeLessThanOrEqual(2);
    // One board per turn (plus the first), each posted once: the follow-up whose answer came too late was
    // found in the channel and recorded, not posted again.
    expect(boards(env.fake, channel)).toHaveLength(TROUBLE.length + 1);
    expect(env.logs.filter((l) => l.msg === 'a board posted before its record was found in the channel')).toHaveLength(1);
    expect(env.fake.violations.filter((v) => v.code === 40060 || v.code === 10062)).toEqual([]);
  });
});

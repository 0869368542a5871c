/**
 * What a turn costs of Discord's budget. A bot token may make 50 requests a second across Discord's API;
 * the interaction endpoints (the answer to a click, its follow-ups, edits with its token) are not counted.
 * A turn that ends from a click posts the new board as the click's follow-up and takes the buttons off
 * the old board with the token of the click that posted it: no counted request. The channel is the way
 * when that token is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetTotals, FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 30 });
const FOLLOW_UP = '/webhooks/{webhook_id}/{webhook_token}';
const FOLLOW_UP_MESSAGE = '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}';
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['budget-1'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

async function startTally(channel: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

/** The player who must act ends the turn from their panel; returns the click, the new board and the requests the end cost. */
async function endTurn(channel: string): Promise<{ clickId: string; board: SeenMessage; spent: BudgetTotals; from: number }> {
  const old = latestBoard(env.fake, channel);
  const user = env.fake.users.get(mentionedToAct(old)[0]!);
  const panel = privateReply(await user.clickButton(old.id, buttonFor(old, 'turn')), user);
  const before = env.fake.requestTotals();
  const from = env.fake.requests.length;
  const click = await choose(user, panel, offered(panel).find((o) => /End the turn/.test(o.label))!);
  const board = latestBoard(env.fake, channel);
  expect(board.id).not.toBe(old.id);
  expect(env.fake.message(old.id)!.buttons).toEqual([]);
  const after = env.fake.requestTotals();
  return { clickId: click.id, board, spent: { counted: after.counted - before.counted, exempt: after.exempt - before.exempt, limited: after.limited - before.limited }, from };
}

describe("a turn's requests", () => {
  it("a turn ended by a click spends none of the global rate limit: the new board is the click's follow-up, public; the old board loses its buttons through its own click's token", async () => {
    const channel = env.fake.createChannel('budget');
    await startTally(channel);
    // The first board was posted in the channel (the start); the first turn's board is a follow-up.
    const first = await endTurn(channel);
    const second = await endTurn(channel);
    expect(second.spent.counted).toBe(0);
    // The click's answer, the board as its follow-up, the old board's edit, the panel's answer.
    expect(second.spent.exempt).toBeGreaterThanOrEqual(4);
    const posted = env.fake.world.messages.get(second.board.id)!;
    expect(posted.interaction?.id).toBe(second.clickId);
    expect(posted.ephemeralFor).toBeUndefined();
    expect(second.board.buttons.map((b) => b.label)).toContain('Take my turn');
    const requests = env.fake.requests.slice(second.from);
    expect(requests.filter((r) => r.method === 'POST' && r.route === FOLLOW_UP && r.status === 200)).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'PATCH' && r.route === FOLLOW_UP_MESSAGE && r.path.endsWith(`/messages/${first.board.id}`))).toHaveLength(1);
    expect(requests.filter((r) => r.budget === 'counted')).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('once the token that posted the old board is gone, the buttons come off it in the channel (one counted request)', async () => {
    const channel = env.fake.createChannel('budget-late');
    await startTally(channel);
    const first = await endTurn(channel);
    // Interaction tokens live 15 minutes.
    env.fake.clock.advance(15 * 60_000 + 1);
    const second = await endTurn(channel);
    const requests = env.fake.requests.slice(second.from);
    expect(requests.filter((r) => r.budget === 'counted').map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /channels/${channel}/messages/${first.board.id}`]);
    expect(env.fake.world.messages.get(second.board.id)!.interaction?.id).toBe(second.clickId);
    env.fake.assertNoViolations();
  });
});

/**
 * A turn panel left open after its turn, through the real client and the fake Discord: its buttons change
 * nothing once the turn has passed, and the refusal names who decides now, as Take my turn's does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from './harness.js';
import { endTheTurn, playTurn } from '../support/turn-driver.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 4 })]),
    seeds: ['panel-left-open'],
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

describe('a turn panel left open', () => {
  it('Suggest a move after the turn has passed plays nothing and names who decides now', async () => {
    const channel = env.fake.createChannel('panel-left-open');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await start.waitFor(() => env.fake.threadsOf(channel).length === 1 && boards(env.fake, env.fake.threadsOf(channel)[0]!.id).length === 1, { timeoutMs: WAIT_MS, description: 'the first board in the thread' });
    const thread = env.fake.threadsOf(channel)[0]!.id;
    const board = boards(env.fake, thread)[0]!;
    const first = mentionedToAct(board)[0] === alice.id ? alice : bob;
    const other = first === alice ? 'Bob' : 'Alice';

    // The first player opens a panel, then plays the turn from another one; the first panel stays open.
    const leftOpen = privateReply(await first.clickButton(board.id, buttonFor(board, 'turn')), first);
    await playTurn({ fake: env.fake, channelId: thread }, { policy: endTheTurn, awaitNextBoard: true });
    const version = (await env.service.runningRow(channel))!.version;

    const answer = privateReply(await first.clickButton(leftOpen.id, buttonFor(leftOpen, 'suggest')), first);
    // Named as on the board: their seat's marker, then their name.
    expect(answer.text).toMatch(new RegExp(`^It is not your decision now: waiting for \\S+ ${other}\\.$`, 'u'));
    expect((await env.service.runningRow(channel))!.version).toBe(version);
  });
});

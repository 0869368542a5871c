/**
 * What the idle vote's outcomes do, said plainly in the channel. Nobody's turn is "skipped": either a
 * computer player plays the idle seat (until its owner takes it back), or the player is removed and a
 * computer player plays the seat so the others can finish. Either way the board after the vote says so and
 * names every move the computer made for them, marked "(computer)". The first player may take the seat back;
 * a removed player may not. On the small test game (Tally), with a
 * computer player that adds 2 and then ends its turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, clickForBoard, hasButton, latestBoard, mentionedToAct, numberMarker, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const HOUR = 3_600_000;
const tally = tallyGame({ removeSeat: false, target: 30 });

/** Adds 2 at the start of its turn (when picking a number is still open), then ends the turn. */
const addsTwoThenEnds: ComputerPlayer = {
  choose: async (request) => {
    const legal = request.legal as TallyAction[];
    const fresh = legal.some((a) => a.type === 'pick');
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 2);
    return { index: fresh && add >= 0 ? add : legal.findIndex((a) => a.type === 'end'), value: null };
  },
};

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['idle-vote-1'],
    computerPlayer: addsTwoThenEnds,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
});

afterAll(async () => {
  await env?.stop();
});

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

/** Waits out the idle time, then the others vote `choice` until it passes; returns the vote and the board after it. */
async function votePasses(channel: string, idle: FakeUser, choice: 'skip' | 'kick'): Promise<{ vote: SeenMessage; board: SeenMessage }> {
  env.fake.clock.advance(48 * HOUR);
  await env.bot.scheduler.tick();
  const vote = env.fake.channelMessages(channel).filter((m) => hasButton(m, 'vote')).at(-1)!;
  expect(vote.text).toContain(`<@${idle.id}> has not decided for 48 hours.`);
  const button = vote.buttons.find((b) => {
    const id = parseCustomId(b.customId);
    return id?.verb === 'vote' && id.choice === choice;
  })!;
  const voters = [alice, bob, carol].filter((u) => u.id !== idle.id);
  const before = boards(env.fake, channel).length;
  await voters[0]!.clickButton(vote.id, button.customId!);
  const last = await voters[1]!.clickButton(vote.id, button.customId!, { until: 'response' });
  // The board after the vote is posted, then the vote message says how it ended, then the voter is answered.
  await last.waitFor((h) => boards(env.fake, channel).length > before && /^The vote passed/.test(env.fake.message(vote.id)!.text) && h.reply !== undefined && !h.reply.loading, {
    timeoutMs: WAIT_MS,
    description: 'the board after the vote, the vote closed and the voter answered',
  });
  return { vote: env.fake.message(vote.id)!, board: latestBoard(env.fake, channel) };
}

describe('the idle vote says what was played', () => {
  it('a computer player plays the idle seat, and the board names its moves; removal says the same of the removed seat', async () => {
    const channel = env.fake.createChannel('idle-plain');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    for (const user of [bob, carol]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const names = new Map([alice, bob, carol].map((u) => [u.id, u.name[0]!.toUpperCase() + u.name.slice(1)]));

    // The first player does not decide: the others let a computer player play for them.
    const idle = env.fake.users.get(mentionedToAct(first)[0]!);
    // Every name in text carries the seat's marker (Tally's pieces are numbered: its place in the playing order).
    const marker = new Map(await Promise.all([alice, bob, carol].map(async (u) => [u.id, await numberMarker(env.service, channel, u.id)] as const)));
    const handed = await votePasses(channel, idle, 'skip');
    expect(handed.vote.text).toBe(`The vote passed: a computer player plays for ${marker.get(idle.id)} <@${idle.id}> until they take their seat back.`);
    expect(handed.vote.buttons).toEqual([]);
    const lines = handed.board.text.split('\n');
    expect(lines).toContain(`By vote, a computer player plays for ${marker.get(idle.id)} <@${idle.id}> until they take their seat back.`);
    expect(lines).toContain(`Last turn: ${marker.get(idle.id)} ${names.get(idle.id)} (computer) adds 2; ${marker.get(idle.id)} ${names.get(idle.id)} (computer) ends the turn`);
    expect(handed.board.text).not.toMatch(/skipped/);
    expect((await gameIn(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBe('normal');

    // The next player does not decide either: the others remove them; a computer plays the seat to the end.
    const next = env.fake.users.get(mentionedToAct(handed.board)[0]!);
    expect(next.id).not.toBe(idle.id);
    const removed = await votePasses(channel, next, 'kick');
    expect(removed.vote.text).toBe(`The vote passed: ${marker.get(next.id)} <@${next.id}> is removed from the game.`);
    const after = removed.board.text.split('\n');
    expect(after).toContain(`${marker.get(next.id)} <@${next.id}> was removed from the game by vote; a computer player plays their seat so the others can finish.`);
    // What the computer played for the removed seat, and nothing an earlier board told already (the idle
    // seat's computer turn just before is not told twice).
    expect(after).toContain(`Last turn: ${marker.get(next.id)} ${names.get(next.id)} (computer) adds 2; ${marker.get(next.id)} ${names.get(next.id)} (computer) ends the turn`);
    expect(removed.board.text).not.toContain(`${names.get(idle.id)} (computer)`);

    // Removed is removed: the board's Take my turn tells them so, with nothing to take back; the player a
    // computer plays for by vote is offered their seat back.
    const told = privateReply(await next.clickButton(removed.board.id, buttonFor(removed.board, 'turn')), next);
    expect(told.text).toBe('The other players removed you from this game by vote; a computer player plays your seat to the end, and it cannot be taken back.');
    expect(told.buttons).toEqual([]);
    expect(await env.service.reclaim((await gameIn(channel)).row.id, next.id)).toMatchObject({ ok: false, code: 'removed_by_vote' });
    expect((await gameIn(channel)).seats.find((s) => s.userId === next.id)).toMatchObject({ computer: 'normal', leftAt: expect.any(Number), removedAt: expect.any(Number) });
    const offer = privateReply(await idle.clickButton(removed.board.id, buttonFor(removed.board, 'turn')), idle);
    expect(offer.text).toMatch(/^A computer player plays your seat now/);
    expect(hasButton(offer, 'reclaim')).toBe(true);
    env.fake.assertNoViolations();
  });
});

/**
 * The log and the idle vote say who played: a computer player's moves are named "(computer)" in /game log
 * and under "Last turns", its player's own moves plainly, even after the seat changed hands; /game log
 * pages through the whole game, newest page first, and refuses a page the game has moved past or one
 * opened by someone else; an idle vote that closes without passing says why. On the small test game
 * (Tally), with a computer player that adds 2 and then ends its turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { END_TURN, latestCall, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { boards, buttonFor, clickForBoard, hasButton, latestBoard, mentionedToAct, numberMarker, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const HOUR = 3_600_000;
const tally = tallyGame({ removeSeat: false, target: 60 });

/** Adds 2 at the start of its turn (when picking a number is still open), then ends the turn. */
const addsTwoThenEnds: ComputerPlayer = {
  choose: async (request) => {
    const legal = request.legal as TallyAction[];
    const fresh = legal.some((a) => a.type === 'pick');
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 2);
    return { index: fresh && add >= 0 ? add : legal.findIndex((a) => a.type === 'end'), value: null };
  },
};

/** A human's turn: add 1, then end the turn. */
const addsOneThenEnds: TurnPolicy = ({ choices, step }) => choices.find((c) => (step === 0 ? c.label === 'Add 1' : END_TURN.test(c.label))) ?? null;

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['game-log-1', 'game-log-2', 'game-log-3'], computerPlayer: addsTwoThenEnds });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
});

afterAll(async () => {
  await env?.stop();
});

const nameOf = (user: FakeUser): string => user.name[0]!.toUpperCase() + user.name.slice(1);

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function threePlayers(channel: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  for (const user of [bob, carol]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

/** The idle time passes: the vote message about the idle player. */
async function voteOpens(channel: string): Promise<SeenMessage> {
  env.fake.clock.advance(48 * HOUR);
  await env.bot.scheduler.tick();
  return env.fake.channelMessages(channel).filter((m) => hasButton(m, 'vote')).at(-1)!;
}

async function humanTurn(channel: string): Promise<SeenMessage> {
  // The turn starts from the newest call to decide: a board, or a short text when nothing moved.
  const turn = await playTurn({ fake: env.fake, channelId: channel, latest: () => latestCall(env.fake, channel) }, { policy: addsOneThenEnds, awaitNextBoard: true });
  return turn!.next!;
}

async function log(user: FakeUser, channel: string, count?: number): Promise<SeenMessage> {
  return privateReply(await user.runCommand(channel, 'game', { subcommand: 'log', ...(count === undefined ? {} : { options: { count } }) }), user);
}

function pageButton(page: SeenMessage, label: RegExp): string {
  const button = page.buttons.find((b) => label.test(b.label ?? '') && parseCustomId(b.customId)?.verb === 'logp');
  if (button?.customId === undefined) throw new Error(`no ${label} on the log page: ${page.buttons.map((b) => b.label).join(', ')}`);
  return button.customId;
}

/** Clicks a page button; returns the page as the click left it. */
async function turnPage(user: FakeUser, page: SeenMessage, customId: string): Promise<SeenMessage> {
  const before = env.fake.message(page.id)!.text;
  const handle = await user.clickButton(page.id, customId, { until: 'response' });
  await handle.waitFor(() => env.fake.message(page.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the other page of the log' });
  return env.fake.message(page.id)!;
}

describe('/game log', () => {
  it('names the moves a computer made for a player "(computer)", and the player\'s own moves plainly, after they took the seat back', async () => {
    const channel = env.fake.createChannel('log-computer');
    const first = await threePlayers(channel);
    const idle = env.fake.users.get(mentionedToAct(first)[0]!);
    const marker = await numberMarker(env.service, channel, idle.id);
    const voters = [alice, bob, carol].filter((u) => u.id !== idle.id);

    // The idle player's seat goes to a computer by vote; it adds 2 and ends the turn.
    const vote = await voteOpens(channel);
    const skip = vote.buttons.find((b) => parseCustomId(b.customId)?.verb === 'vote' && b.customId!.endsWith(':skip'))!.customId!;
    const before = boards(env.fake, channel).length;
    for (const voter of voters) await voter.clickButton(vote.id, skip);
    await until(env.fake, () => boards(env.fake, channel).length > before, 'the board after the vote', WAIT_MS);

    // They come back and take the seat back with one click, then play their own next turn.
    const afterVote = latestBoard(env.fake, channel);
    const offer = privateReply(await idle.clickButton(afterVote.id, buttonFor(afterVote, 'turn')), idle);
    privateReply(await idle.clickButton(offer.id, offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!), idle);
    // Nothing moves on the board: a short text tells the table.
    await until(env.fake, () => /takes their seat back/.test(latestCall(env.fake, channel).text), 'the text telling the channel', WAIT_MS);
    while (mentionedToAct(latestCall(env.fake, channel))[0] !== idle.id) await humanTurn(channel);
    const own = await humanTurn(channel);
    expect(own.text).toContain(`Last turn: ${marker} ${nameOf(idle)} adds 1; ${marker} ${nameOf(idle)} ends the turn`);

    const lines = (await log(alice, channel)).text.split('\n');
    expect(lines).toContain(`${marker} ${nameOf(idle)} (computer) adds 2`);
    expect(lines).toContain(`${marker} ${nameOf(idle)} (computer) ends the turn`);
    expect(lines).toContain(`${marker} ${nameOf(idle)} adds 1`);
    expect(lines.filter((l) => l.includes(nameOf(idle)) && l.includes('(computer)'))).toHaveLength(2);
    env.fake.assertNoViolations();
  });

  it('pages through the whole game, newest page first; a page the game moved past, or someone else\'s, is refused and changes nothing', async () => {
    const channel = env.fake.createChannel('log-pages');
    await threePlayers(channel);
    for (let turn = 0; turn < 4; turn++) await humanTurn(channel);
    const everything = (await env.service.effectiveLog(await gameIn(channel))).length;
    expect(everything).toBe(8);

    // Two entries a page: four pages, the newest shown first, with only the way back.
    const newest = await log(alice, channel, 2);
    expect(newest.text).toMatch(/^\*\*The last turns\*\* of game #\d+\nPage 4 of 4 \(◀ older, ▶ newer\)\n/);
    expect(newest.text.split('\n').slice(2)).toHaveLength(2);
    expect(newest.buttons.map((b) => b.label)).toEqual(['◀ Older']);
    const third = await turnPage(alice, newest, pageButton(newest, /Older/));
    expect(third.text).toContain('Page 3 of 4');
    expect(third.buttons.map((b) => b.label)).toEqual(['◀ Older', 'Newer ▶']);
    const second = await turnPage(alice, third, pageButton(third, /Older/));
    expect(second.text).toContain('Page 2 of 4');
    const oldest = await turnPage(alice, second, pageButton(second, /Older/));
    expect(oldest.text).toContain('Page 1 of 4');
    expect(oldest.buttons.map((b) => b.label)).toEqual(['Newer ▶']);
    // The oldest page holds the first turn: whoever started adds 1 and ends the turn.
    expect(oldest.text.split('\n').slice(2).map((l) => l.replace(/^\S+ \S+ /, ''))).toEqual(['adds 1', 'ends the turn']);

    // Someone else's page: Bob's own log answers with his; Alice's page button clicked there is refused.
    const bobs = await log(bob, channel, 2);
    const foreign = await bob.forgeClick(bobs.id, pageButton(oldest, /Newer/));
    await foreign.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the refusal' });
    expect(foreign.followUps[0]).toMatchObject({ ephemeral: true, content: 'This page of the log was opened by someone else. Press Log to see your own.' });
    expect(env.fake.message(bobs.id)!.text).toBe(bobs.text);

    // The game moves on: the old page's buttons are refused, the page stays as it was.
    await humanTurn(channel);
    const stale = await alice.clickButton(oldest.id, pageButton(oldest, /Newer/), { until: 'response' });
    await stale.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the refusal' });
    expect(stale.followUps[0]).toMatchObject({ ephemeral: true, content: 'This page of the log is out of date: the game has moved on since. Press Log again for the newest page.' });
    expect(env.fake.message(oldest.id)!.text).toBe(oldest.text);

    // The Log button shows as much as fits in one message: the whole of this short game, no pages.
    const board = latestBoard(env.fake, channel);
    const whole = privateReply(await carol.clickButton(board.id, buttonFor(board, 'log')), carol);
    expect(whole.text.split('\n').slice(1)).toHaveLength(10);
    expect(whole.buttons).toEqual([]);
    env.fake.assertNoViolations();
  });
});

describe('turn summaries', () => {
  it('several computer turns after a human\'s get one line each under "Last turns"', async () => {
    const channel = env.fake.createChannel('last-turns');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    for (const level of ['easy', 'normal'] as const) {
      const current = env.fake.message(lobby.id)!;
      const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
      const before = current.text;
      const handle = await alice.selectOptions(lobby.id, select.customId, [level], { until: 'response' });
      await handle.waitFor(() => env.fake.message(lobby.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
    }
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    // Alice is the only human: every board asks her, and after her turn both computers play theirs.
    const after = await humanTurn(channel);
    const game = await gameIn(channel);
    const aliceMarker = await numberMarker(env.service, channel, alice.id);
    const lines = after.text.split('\n');
    const at = lines.indexOf('Last turns, one line each:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(`- ${aliceMarker} Alice adds 1; ${aliceMarker} Alice ends the turn`);
    // The computers' lines in playing order, each computer named with its level and its number.
    const bots = await Promise.all(
      game.seats
        .filter((s) => s.userId !== alice.id)
        .map(async (s) => ({ seat: s.seat, name: `${await numberMarker(env.service, channel, s.userId)} ${s.displayName} (${s.computer})` })),
    );
    // Tally passes the turn to the next seat.
    const aliceSeat = game.seats.find((s) => s.userId === alice.id)!.seat;
    const byTurn = (k: number): string => bots.find((b) => b.seat === (aliceSeat + k) % game.seats.length)!.name;
    expect(lines.slice(at + 2, at + 4)).toEqual([1, 2].map((k) => `- ${byTurn(k)} adds 2; ${byTurn(k)} ends the turn`));
    env.fake.assertNoViolations();
  });
});

describe('the idle vote', () => {
  it('says why it closed when its player decided after all', async () => {
    const channel = env.fake.createChannel('vote-closed');
    const first = await threePlayers(channel);
    const idle = env.fake.users.get(mentionedToAct(first)[0]!);
    const marker = await numberMarker(env.service, channel, idle.id);
    const vote = await voteOpens(channel);
    expect(vote.text).toContain(`<@${idle.id}> has not decided for 48 hours.`);

    // The idle player plays after all: the vote's buttons come off, and it says why.
    await humanTurn(channel);
    await until(env.fake, () => env.fake.message(vote.id)!.buttons.length === 0, 'the vote without its buttons', WAIT_MS);
    expect(env.fake.message(vote.id)!.text).toBe(`Closed: ${marker} <@${idle.id}> decided after all.`);
    env.fake.assertNoViolations();
  });
});

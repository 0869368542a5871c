/**
 * Computer players through the fake Discord with the real client and the real AI worker pool: games of
 * one human and computer players to the end, an idle player's seat handed to a computer by vote and taken
 * back with one click, /game leave handing the seat over, and "Suggest a move" (private, plays nothing).
 * The human plays by clicking what the panel offers (a simple greedy choice among the offered actions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { randomInt, seedRng } from '../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { playToTheEnd } from '../support/turn-driver.js';
import { boards, buttonFor, clickForBoard, hasButton, latestBoard, latestCall, mentionedToAct, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';
import { until as waitUntil } from './bot-process.js';
import { chooseIstanbul } from './istanbul-policy.js';
import { progressScore } from '../render/kairo/engine-states.js';

const HOUR = 3_600_000;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  // The real AI worker pool (the harness's default: one worker, each decision cut at 20 ms).
  env = await startBotOnFake({ games: GAMES, seeds: ['cp-1', 'cp-2', 'cp-3', 'cp-4', 'cp-5'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
});

afterAll(async () => {
  await env?.stop();
});

async function game(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

/** Adds a computer player of `level` through the lobby's select. */
async function addComputer(host: FakeUser, lobby: SeenMessage, level: 'easy' | 'normal' | 'hard'): Promise<void> {
  const current = env.fake.message(lobby.id)!;
  const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
  const before = current.text;
  const handle = await host.selectOptions(lobby.id, select.customId, [level], { until: 'response' });
  await handle.waitFor(() => env.fake.message(lobby.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
}

/**
 * The human plays every turn to the end of the game, each from the latest board, picking by `pickIndex`;
 * the computers never keep anyone waiting: every board asks the human. Returns the human's turns.
 */
async function playAsTheHuman(channel: string, human: FakeUser, pickIndex: (g: ActiveSnapshot, seat: number, offeredIndexes: Set<number>) => number): Promise<number> {
  const turns = await playToTheEnd(
    // The computers play before the next board: a generous limit for the wait.
    { fake: env.fake, channelId: channel, timeoutMs: 120_000 },
    {
      maxSteps: 60,
      awaitNextBoard: true,
      async policy({ choices, actor }) {
        const g = await game(channel);
        const seat = env.service.seatOf(g, actor.id)!.seat;
        const index = pickIndex(g, seat, new Set(choices.map((c) => c.index)));
        return choices.find((c) => c.index === index)!;
      },
    },
    { maxTurns: 200, beforeTurn: (board) => expect(mentionedToAct(board)).toEqual([human.id]) },
  );
  return turns.length;
}

function until(predicate: () => boolean, description: string): Promise<void> {
  return waitUntil(env.fake, predicate, description, 120_000);
}

const istanbulPick = (g: ActiveSnapshot, seat: number, offeredIndexes: Set<number>): number =>
  chooseIstanbul(g.state as IstanbulState, seat, env.service.legalActions(g, seat) as IstanbulAction[], offeredIndexes);

describe('computer players', () => {
  it('one human and two computer players play Istanbul to the end; the computers are named and never mentioned', async () => {
    const channel = env.fake.createChannel('cp-istanbul');
    const lobby = await openLobby(alice, channel, { game: 'istanbul', players: 3, layout: 'short', variant: 'base' });
    await addComputer(alice, lobby, 'easy');
    await addComputer(alice, lobby, 'normal');
    expect(env.fake.message(lobby.id)!.text).toMatch(/Bot 1 \(easy\), Bot 2 \(normal\)/);
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const humanTurns = await playAsTheHuman(channel, alice, istanbulPick);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain('**The game is over.**');
    expect(final.text).toMatch(/Bot 1 \(easy\)/);
    expect(final.text).toMatch(/Bot 2 \(normal\)/);
    // One board after each human turn (the computers' turns together), plus the first.
    expect(boards(env.fake, channel).length).toBeLessThanOrEqual(humanTurns + 1);
    expect((await env.service.history(env.fake.guildId, 5)).some((h) => h.channelId === channel)).toBe(true);
    env.fake.assertNoViolations();
  }, 720_000);

  it('a human and a computer player play Kairo to the end', async () => {
    const channel = env.fake.createChannel('cp-kairo');
    const lobby = await openLobby(bob, channel, { game: 'kairo', players: 2, layout: 'quick' });
    await addComputer(bob, lobby, 'easy');
    await clickForBoard(bob, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const rng = seedRng('cp-kairo');
    // Progress as a player would: build (extensions first), lead when short of coins, draw when short of
    // cards. A picker that never draws can lead customers forever: Kairo ends only through building.
    const kairoPick = (g: ActiveSnapshot, seat: number, offeredIndexes: Set<number>): number => {
      const legal = env.service.legalActions(g, seat) as KairoAction[];
      const state = g.state as KairoState;
      let best = Math.min(...offeredIndexes);
      let bestScore = -Infinity;
      // Single steps (compound choices come after the legal actions).
      for (const index of [...offeredIndexes].filter((i) => i < legal.length)) {
        const a = legal[index]!;
        const value = (a.t === 'pass' ? 500 : progressScore(state, seat, a)) + randomInt(rng, 10);
        if (value > bestScore) [best, bestScore] = [index, value];
      }
      return best;
    };
    const humanTurns = await playAsTheHuman(channel, bob, kairoPick);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain('**The game is over.**');
    expect(final.text).toMatch(/Bot 1 \(easy\)/);
    expect(humanTurns).toBeGreaterThan(5);
    env.fake.assertNoViolations();
  }, 720_000);

  it('an idle player is handed to a computer by vote, and takes the seat back with one click; Suggest a move is private and plays nothing', async () => {
    const channel = env.fake.createChannel('cp-idle');
    const lobby = await openLobby(alice, channel, { game: 'istanbul', players: 3, layout: 'short', variant: 'base' });
    for (const user of [bob, carol]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const idle = env.fake.users.get(mentionedToAct(board)[0]!);
    const voters = [alice, bob, carol].filter((u) => u.id !== idle.id);

    // Suggest a move: a private answer; the game does not move.
    const panel = privateReply(await idle.clickButton(board.id, buttonFor(board, 'turn')), idle);
    const version = (await game(channel)).row.version;
    const suggest = panel.buttons.find((b) => b.customId?.includes(':suggest:'))!;
    const advice = privateReply(await idle.clickButton(panel.id, suggest.customId!), idle);
    expect(advice.text).toMatch(/\*\*Suggestion\*\* \(normal computer player, not played\): .+/);
    expect(advice.text).toMatch(/estimated chance to win after this move: \d+ %/);
    expect((await game(channel)).row.version).toBe(version);
    expect(env.fake.publicOccurrences(/Suggestion/, channel)).toEqual([]);

    // 48 hours later the others vote: a computer plays the idle seat.
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    const vote = env.fake.channelMessages(channel).find((m) => hasButton(m, 'vote'))!;
    const toComputer = vote.buttons.find((b) => b.customId?.endsWith(':skip'))!.customId!;
    expect(vote.buttons.find((b) => b.customId === toComputer)!.label).toMatch(/Let a computer play for/);
    await voters[0]!.clickButton(vote.id, toComputer);
    const before = latestBoard(env.fake, channel).id;
    await voters[1]!.clickButton(vote.id, toComputer);
    await until(() => latestBoard(env.fake, channel).id !== before, 'the board after the computer took the idle seat');
    const afterVote = latestBoard(env.fake, channel);
    expect(afterVote.text).toMatch(/a computer player plays for (?:🟥|🟦|🟩|🟨|⬜) <@\d+> until they take their seat back/u);
    expect(mentionedToAct(afterVote)).not.toContain(idle.id);
    expect((await game(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBe('normal');

    // The owner comes back: one click on the board takes the seat back (between turns); the channel is told.
    const offer = privateReply(await idle.clickButton(afterVote.id, buttonFor(afterVote, 'turn')), idle);
    expect(offer.text).toMatch(/A computer player plays your seat now/);
    const reclaim = offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!;
    const back = privateReply(await idle.clickButton(offer.id, reclaim), idle);
    expect(back.text).toMatch(/Your seat is yours again/);
    // Nothing moves on the board: a short text tells the table, no new picture.
    const picturesBefore = boards(env.fake, channel).length;
    await until(() => /takes their seat back/.test(latestCall(env.fake, channel).text), 'the text telling the channel');
    expect(latestCall(env.fake, channel).attachments).toEqual([]);
    expect(boards(env.fake, channel)).toHaveLength(picturesBefore);
    expect((await game(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBeNull();

    // /game leave hands the seat to a computer too, and the game goes on for the others.
    const leaving = mentionedToAct(latestCall(env.fake, channel))[0] === carol.id ? bob : carol;
    const left = await runConfirmed(leaving, channel, 'leave');
    expect(left.text).toBe('You left the game.');
    await until(() => /left the game; a computer player takes their seat/.test(latestCall(env.fake, channel).text), 'the text after /game leave');
    expect((await game(channel)).seats.find((s) => s.userId === leaving.id)!.computer).toBe('normal');
    env.fake.assertNoViolations();
  }, 720_000);
});

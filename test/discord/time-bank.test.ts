/**
 * The time bank, on the fake Discord's test clock: `/game new clock:1h+5m` gives each player an
 * hour plus five minutes per move; the banks show on the board (text and picture names) and in /game
 * status; the bank of the player deciding runs, and when it is empty the scheduler hands their seat to a
 * computer player as an idle vote would, and the table is told. The banks survive a restart, and a
 * player's bank stands still while they are away (/game notify away_until).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { gameRegistry } from '../../src/games/registry.js';
import { inProcessBoardRenderer, type BoardRenderer, type GameBoardJob } from '../../src/render/board-job.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, latestCall, mentionedToAct, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

/** Every picture the bot asked for, as handed to the renderer (the public view and the options). */
const pictures: GameBoardJob[] = [];

beforeAll(async () => {
  const games = gameRegistry([tally]);
  const drawn = inProcessBoardRenderer(games);
  const boards: BoardRenderer = {
    render: (job) => {
      if (job.game !== 'chart') pictures.push(job as GameBoardJob);
      return drawn.render(job);
    },
  };
  env = await startBotOnFake({ games, boards, seeds: ['bank-1', 'bank-2', 'bank-3'], computerPlayer: tallyComputer });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

/** The board's time-bank line. */
function bankLine(board: SeenMessage): string {
  const line = board.text.split('\n').find((l) => l.startsWith('⏱ Time banks: '));
  if (line === undefined) throw new Error(`the board has no time banks: ${board.text}`);
  return line;
}

/** A player's part of the bank line, by their name without a ping ("1️⃣ Alice 45m (running)" -> "45m (running)"). */
function bankOf(board: SeenMessage, user: FakeUser): string {
  const name = user === alice ? 'Alice' : 'Bob';
  const part = bankLine(board).slice('⏱ Time banks: '.length).split(' · ').find((p) => p.includes(` ${name} `));
  if (part === undefined) throw new Error(`no bank of ${user.name} on: ${bankLine(board)}`);
  return part.slice(part.indexOf(` ${name} `) + name.length + 2);
}

async function startClocked(channel: string, clock: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'tally', clock });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

const user = (id: string): FakeUser => (id === alice.id ? alice : bob);

describe('a game with a clock', () => {
  it('the lobby names the clock; the board shows each bank; a move costs its time and earns the increment', async () => {
    const channel = env.fake.createChannel('bank-shown');
    const lobby = await openLobby(alice, channel, { game: 'tally', clock: '1h+5m' });
    expect(lobby.text).toContain('Clock: 1 hour + 5 min per move. When a player\'s bank is empty, a computer player takes their seat.');
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const mover = user(mentionedToAct(first)[0]!);
    const other = mover === alice ? bob : alice;
    expect(bankOf(first, mover)).toBe('1h 0m (running)');
    expect(bankOf(first, other)).toBe('1h 0m');
    // The picture draws each name with its bank (the names handed to the renderer with the public view).
    expect(first.attachments).toHaveLength(1);
    const drawnNames = (pictures.at(-1)!.options as { names: string[] }).names;
    expect(drawnNames.filter((n) => n !== undefined).sort()).toEqual(['Alice · 1h 0m', 'Bob · 1h 0m']);

    env.fake.clock.advance(20 * MINUTE);
    await playTurn({ fake: env.fake, channelId: channel }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
    const second = latestBoard(env.fake, channel);
    expect(mentionedToAct(second)).toEqual([other.id]);
    // An hour less twenty minutes (and the seconds the move took), plus five minutes.
    expect(bankOf(second, mover)).toMatch(/^4[45]m$/);
    expect(bankOf(second, other)).toBe('1h 0m (running)');
    // Ended here, so that the clocks of the next tests move only their own games.
    await runConfirmed(alice, channel, 'abandon');
    expect(await env.service.runningRow(channel)).toBeUndefined();
    env.fake.assertNoViolations();
  });

  it('an empty bank hands the seat to a computer player, told to the table; the bank job survives a restart', async () => {
    const channel = env.fake.createChannel('bank-out');
    const first = await startClocked(channel, '1h+5m');
    const idle = user(mentionedToAct(first)[0]!);
    const other = idle === alice ? bob : alice;
    env.fake.clock.advance(50 * MINUTE);
    await env.bot.scheduler.tick();
    expect(latestCall(env.fake, channel).id).toBe(first.id);
    // A redeploy: the bank is a scheduled job in the database, not a timer in memory.
    await env.restart();
    // The new process looks at its jobs once at start: that look is over before the clock moves on.
    await env.bot.scheduler.tick();
    env.fake.clock.advance(11 * MINUTE);
    await env.bot.scheduler.tick();
    const told = (): SeenMessage | undefined => env.fake.channelMessages(channel).find((m) => /time bank ran out/.test(m.text));
    await until(env.fake, () => told() !== undefined, 'the board saying the bank ran out', WAIT_MS);
    expect(told()!.text).toContain(`<@${idle.id}>'s time bank ran out: a computer player plays for them until they take their seat back.`);
    expect(told()!.text).toContain('⏱ Time banks: ');
    // One post with the computer's move: it asks the other player, and does not ping the one who ran out.
    expect(mentionedToAct(told()!)).toEqual([other.id]);
    expect(told()!.text).toMatch(/Last turn: .*\(computer\) ends the turn/);
    expect((await gameIn(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBe('normal');
    // The computer played the seat's move at once: the turn is the other player's, with their full bank running.
    await until(env.fake, () => mentionedToAct(latestBoard(env.fake, channel)).includes(other.id), 'the board asking the other player', WAIT_MS);
    const next = latestBoard(env.fake, channel);
    expect(bankOf(next, idle)).toBe('(computer) 0m');
    // On the picture the seat the computer plays carries no bank; the other player's does.
    const lastNames = (pictures.at(-1)!.options as { names: string[] }).names;
    const idleName = idle === alice ? 'Alice' : 'Bob';
    expect(lastNames.find((n) => n?.startsWith(idleName))).not.toContain(' · ');
    expect(lastNames.find((n) => n !== undefined && !n.startsWith(idleName))).toMatch(/ · 1h 0m$/);
    expect(bankOf(next, other)).toBe('1h 0m (running)');
    // The player takes their seat back, as after an idle vote, and plays on the increment alone.
    const offer = privateReply(await idle.clickButton(next.id, buttonFor(next, 'turn')), idle);
    expect(offer.text).toMatch(/A computer player plays your seat now/);
    const back = privateReply(await idle.clickButton(offer.id, offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!), idle);
    expect(back.text).toMatch(/Your seat is yours again/);
    await until(env.fake, () => /takes their seat back/.test(latestCall(env.fake, channel).text), 'the text telling the table', WAIT_MS);
    // The text telling the table has no buttons: the turn is taken from the board before it.
    const withTurn = (): SeenMessage | undefined => [...env.fake.channelMessages(channel)].reverse().find((m) => hasButton(m, 'turn'));
    await playTurn({ fake: env.fake, channelId: channel, latest: withTurn }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
    const again = latestBoard(env.fake, channel);
    expect(mentionedToAct(again)).toEqual([idle.id]);
    expect(bankOf(again, idle)).toBe('5m (running)');
    env.fake.clock.advance(6 * MINUTE);
    await env.bot.scheduler.tick();
    await until(env.fake, () => mentionedToAct(latestBoard(env.fake, channel)).includes(other.id) && latestBoard(env.fake, channel).id !== again.id, 'the board after the second run-out', WAIT_MS);
    expect((await gameIn(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBe('normal');

    // The last human at the table runs out too (their hour and the five minutes their move earned): their
    // stand-in plays the turn that was due, and the game, which computers do not play out alone, waits at
    // the next decision of a seat stood in for. It does not end, and nobody wins.
    env.fake.clock.advance(66 * MINUTE);
    await env.bot.scheduler.tick();
    const waits = `<@${other.id}>'s time bank ran out: a computer player plays the turn that was due for them. Nobody else plays at this table, so the game then waits until`;
    await until(env.fake, () => env.fake.channelMessages(channel).some((m) => m.text.includes(waits)) && mentionedToAct(latestCall(env.fake, channel)).includes(idle.id), 'the board saying the game waits', WAIT_MS);
    expect(latestCall(env.fake, channel).text).not.toContain('**The game is over.**');
    const waiting = await gameIn(channel);
    expect(waiting.row.status).toBe('active');
    expect(env.service.activeSeats(waiting)).toEqual([waiting.seats.find((s) => s.userId === idle.id)!.seat]);
    await runConfirmed(alice, channel, 'abandon');
    env.fake.assertNoViolations();
  });

  it('the bank stands still while its player is away, and runs out an hour of deciding after they are back', async () => {
    const channel = env.fake.createChannel('bank-away');
    const first = await startClocked(channel, '1h+5m');
    const away = user(mentionedToAct(first)[0]!);
    env.fake.clock.advance(30 * MINUTE);
    const back = new Date(env.fake.clock.now() + 2 * DAY).toISOString().slice(0, 10);
    const handle = await away.runCommand(channel, 'game', { subcommand: 'notify', options: { away_until: back } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game notify' });
    const backAt = Date.parse(`${back}T00:00:00Z`);
    // Far past the hour, but away: nothing runs out.
    env.fake.clock.advance(DAY);
    await env.bot.scheduler.tick();
    expect((await gameIn(channel)).seats.find((s) => s.userId === away.id)!.computer).toBeNull();
    const banks = await env.service.banksNow(await gameIn(channel));
    const seat = (await gameIn(channel)).seats.find((s) => s.userId === away.id)!.seat;
    const own = banks.find((b) => b.seat === seat)!;
    expect(own.running).toBe(false);
    expect(own.pausedUntil).toBe(backAt);
    expect(own.leftMs).toBeLessThanOrEqual(30 * MINUTE);
    expect(own.leftMs).toBeGreaterThan(29 * MINUTE);
    // Back: the half hour left runs from midnight of the day back.
    env.fake.clock.advance(backAt - env.fake.clock.now() + 29 * MINUTE);
    await env.bot.scheduler.tick();
    expect((await gameIn(channel)).seats.find((s) => s.userId === away.id)!.computer).toBeNull();
    env.fake.clock.advance(2 * MINUTE);
    await env.bot.scheduler.tick();
    await until(env.fake, () => /time bank ran out/.test(env.fake.channelMessages(channel).map((m) => m.text).join('\n')), 'the bank running out after the absence', WAIT_MS);
    expect((await gameIn(channel)).seats.find((s) => s.userId === away.id)!.computer).toBe('normal');
    const off = await away.runCommand(channel, 'game', { subcommand: 'notify', options: { away_until: 'off' } });
    await off.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game notify' });
    env.fake.assertNoViolations();
  });

  it('an unknown clock is refused, by the command (a forged choice) and by the service, and opens nothing', async () => {
    const channel = env.fake.createChannel('bank-forged');
    const forged = await alice.forgeCommand(channel, 'game', [{ type: 1, name: 'new', options: [{ type: 3, name: 'game', value: 'tally' }, { type: 3, name: 'clock', value: 'forever' }] }]);
    await forged.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to the forged /game new' });
    expect(privateReply(forged, alice).text).toMatch(/clock/);
    expect(await env.service.runningRow(channel)).toBeUndefined();
    const refused = await env.service.createLobby({ guildId: env.fake.guildId, channelId: channel, kind: 'tally', host: { userId: alice.id, displayName: 'Alice' }, locale: 'en', clock: 'forever' });
    expect(refused).toMatchObject({ ok: false, code: 'invalid_options', option: 'clock', value: 'forever' });
    expect(await env.service.runningRow(channel)).toBeUndefined();
  });

  it('a game without a clock shows no banks', async () => {
    const channel = env.fake.createChannel('no-bank');
    const board = await startClocked(channel, 'none');
    expect(board.text).not.toContain('⏱');
    expect(await env.service.banksNow(await gameIn(channel))).toEqual([]);
  });
});

/**
 * Timers do what they say, on the fake Discord's test clock: a settings change applies to the turn in
 * progress at once (the pending reminder and idle deadline move) and is announced in the channel; the idle
 * vote says how long the player has really been deciding, counted from when the turn started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const HOUR = 3_600_000;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['timers-1', 'timers-2'],
    computerPlayer: tallyComputer,
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

/** A clock interval: the test clock runs on while the bot works, so a moment is known between two readings. */
interface Between {
  readonly from: number;
  readonly to: number;
}

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; at: Between }> {
  const from = env.fake.clock.now();
  const value = await task();
  return { value, at: { from, to: env.fake.clock.now() } };
}

/** The Discord timestamps (<t:seconds:R>) of a line, as clock times in seconds. */
function stamps(line: string): number[] {
  return [...line.matchAll(/<t:(\d+):R>/g)].map((m) => Number(m[1]));
}

/** A timestamp shows a moment `offset` ms after a time within `at` (to the second, as Discord shows it). */
function expectAt(seconds: number | undefined, at: Between, offset = 0): void {
  expect(seconds).toBeGreaterThanOrEqual(Math.floor((at.from + offset) / 1000));
  expect(seconds).toBeLessThanOrEqual(Math.floor((at.to + offset) / 1000));
}

async function settings(user: FakeUser, channel: string, options: Record<string, number>): Promise<{ message: SeenMessage; at: Between }> {
  const before = env.fake.channelMessages(channel).length;
  const { value: handle, at } = await timed(() => user.runCommand(channel, 'game', { subcommand: 'settings', options }));
  expect(privateReply(handle, user).text).toMatch(/^Settings saved\./);
  const announced = env.fake.channelMessages(channel).slice(before);
  expect(announced).toHaveLength(1);
  return { message: announced[0]!, at };
}

async function startTimed(channel: string, host: FakeUser, others: FakeUser[]): Promise<{ board: SeenMessage; started: Between }> {
  const lobby = await openLobby(host, channel, { game: 'tally' });
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const { value: board, at: started } = await timed(() => clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel));
  return { board, started };
}

describe('settings apply to the turn in progress', () => {
  it('reminder_hours:1 four hours into a turn: announced to the table, the reminder comes at once, then every hour', async () => {
    const channel = env.fake.createChannel('reminder-now');
    const { board, started } = await startTimed(channel, alice, [bob]);
    const waiting = mentionedToAct(board)[0]!;
    const id = (await gameIn(channel)).row.id;
    const reminders = () => env.fake.channelMessages(channel).filter((m) => /Reminder \d of/.test(m.text));
    env.fake.clock.advance(4 * HOUR);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(0);

    const { message: announcement, at } = await settings(alice, channel, { reminder_hours: 1 });
    const [first, second] = announcement.text.split('\n');
    expect(first).toBe(`<@${alice.id}> changed the settings of this game. Game #${id}: reminders every hour, at most 3 per turn; the idle vote opens after 48 hours.`);
    expect(second).toMatch(/^For the turn in progress, the next reminder comes <t:\d+:R>; the idle vote can open <t:\d+:R>\.$/);
    // An hour after the turn began is past: the reminder is due now, not in 12 (or 1) hours; the idle vote
    // still opens 48 hours after the turn began.
    expectAt(stamps(second!)[0], at);
    expectAt(stamps(second!)[1], started, 48 * HOUR);
    expect(announcement.buttons).toEqual([]);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.text).toContain(`<@${waiting}>`);
    env.fake.clock.advance(HOUR - 60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(1);
    env.fake.clock.advance(60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1]!.text).toMatch(/Reminder 2 of 3/);

    // A longer interval moves the pending reminder later, counted from the last one.
    // The second reminder went out an hour or more after the change, before now.
    const lastReminder = { from: at.from + HOUR, to: env.fake.clock.now() };
    const later = await settings(alice, channel, { reminder_hours: 5 });
    const laterLine = later.message.text.split('\n')[1]!;
    expect(laterLine).toMatch(/^For the turn in progress, the next reminder comes <t:\d+:R>; the idle vote can open <t:\d+:R>\.$/);
    expectAt(stamps(laterLine)[0], lastReminder, 5 * HOUR);
    expectAt(stamps(laterLine)[1], started, 48 * HOUR);
    // No more reminders: the table is told that too.
    const none = await settings(alice, channel, { reminder_limit: 0 });
    const noneLine = none.message.text.split('\n')[1]!;
    expect(noneLine).toMatch(/^For the turn in progress, no more reminders come; the idle vote can open <t:\d+:R>\.$/);
    expectAt(stamps(noneLine)[0], started, 48 * HOUR);
    env.fake.clock.advance(10 * HOUR);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(2);
    env.fake.assertNoViolations();
  });
});

describe('the idle vote tells the true time', () => {
  it('idle_hours:6 after 47 hours opens the vote at once, saying 47 hours; six hours later it says 53', async () => {
    const channel = env.fake.createChannel('idle-true');
    const { board } = await startTimed(channel, alice, [bob, carol]);
    const idle = mentionedToAct(board)[0]!;
    const votes = () => env.fake.channelMessages(channel).filter((m) => /has (still )?not decided/.test(m.text));
    env.fake.clock.advance(47 * HOUR);
    await env.bot.scheduler.tick();
    expect(votes()).toHaveLength(0);

    const { message: announcement, at } = await settings(alice, channel, { idle_hours: 6 });
    const line = announcement.text.split('\n')[1]!;
    expect(line).toMatch(/; the idle vote can open <t:\d+:R>\.$/);
    expectAt(stamps(line).at(-1), at);
    await env.bot.scheduler.tick();
    expect(votes()).toHaveLength(1);
    expect(votes()[0]!.text).toMatch(new RegExp(`^\\d\uFE0F\u20E3 <@${idle}> has not decided for 47 hours\\.`));
    expect(hasButton(votes()[0]!, 'vote')).toBe(true);

    const opened = votes()[0]!;
    env.fake.clock.advance(6 * HOUR);
    await env.bot.scheduler.tick();
    expect(votes()).toHaveLength(1);
    const latest = votes()[0]!;
    expect(latest.id).not.toBe(opened.id);
    expect(latest.text).toMatch(new RegExp(`^\\d\uFE0F\u20E3 <@${idle}> has still not decided, for 53 hours now\\.`));
    // The first message makes way for it and says so.
    await until(env.fake, () => env.fake.message(opened.id)!.buttons.length === 0, 'the first vote message without its buttons', WAIT_MS);
    expect(env.fake.message(opened.id)!.text).toBe('Closed: the vote goes on in a newer message below.');
    // A vote re-draws the message: the hours stay true then too.
    const voter = [alice, bob, carol].find((u) => u.id !== idle)!;
    env.fake.clock.advance(2 * HOUR);
    await voter.clickButton(latest.id, latest.buttons.find((b) => b.customId!.endsWith(':skip'))!.customId!);
    expect(env.fake.message(latest.id)!.text).toMatch(new RegExp(`^\\d\uFE0F\u20E3 <@${idle}> has not decided for 55 hours\\.`));
    env.fake.assertNoViolations();
  });
});

/**
 * One reminder for many games: a player waited for at several tables (in channels and in threads) whose
 * reminders come due together is pinged once, at the table that has waited longest, with every game listed
 * longest-waiting first and a link that opens each table; by direct message likewise, in their language;
 * quiet hours hold it. A game with a clock shows the bank left in its reminder, and a low bank is warned of
 * once, by a ping of its own, before it runs out.
 *
 * Crosses: tables, dms, quiet-away, clocks, languages
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, type FakeUser, type SeenMessage } from '../../fake-discord/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { gameRegistry } from '../../../src/games/registry.js';
import { endTheTurn, playTurn } from '../../support/turn-driver.js';
import { boards, buttonFor, latestBoard, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from '../harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: Array.from({ length: 16 }, (_, i) => `one-reminder-${i}`),
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
    // As in production: the commands work in every server the bot is in.
    globalCommands: true,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

/** A running game as its players find it: its number, where it is played (its thread or its channel), and when the player began to wait. */
interface Table {
  readonly id: number;
  readonly channel: string;
  readonly place: string;
  readonly since: { readonly from: number; readonly to: number };
}

const tables: Table[] = [];

// Each test ends its games: the clock the next test moves must remind only of its own.
afterEach(async () => {
  for (const table of tables.splice(0)) {
    const row = await env.service.gameRow(table.id);
    if (row?.status === 'active' || row?.status === 'lobby') await env.service.abandon(table.channel, row.hostUserId, true, { gameId: row.id, version: row.version });
  }
});

async function notify(user: FakeUser, options: Record<string, string | number>): Promise<void> {
  privateReply(await user.runCommand(env.fake.channelId(), 'game', { subcommand: 'notify', options }), user);
}

/**
 * Opens a game of Tally in `channel` (in a thread of it unless `thread` is false), `host` against `guest`,
 * and plays until `waiting` is to decide; returns the table from then on.
 */
async function tableWaitingFor(waiting: FakeUser, channel: string, host: FakeUser, guest: FakeUser, options: Record<string, string | number | boolean> = {}): Promise<Table> {
  const lobby = await openLobby(host, channel, { game: 'tally', ...options } as Record<string, string | number>);
  await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const place = (): string => env.fake.threadsOf(channel).find((t) => t.starterMessageId === lobby.id)?.id ?? channel;
  let from = env.fake.clock.now();
  const start = await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  await start.waitFor(() => boards(env.fake, place()).length > 0, { timeoutMs: WAIT_MS, description: 'the first board' });
  let board = latestBoard(env.fake, place());
  if (mentionedToAct(board)[0] !== waiting.id) {
    from = env.fake.clock.now();
    await playTurn({ fake: env.fake, channelId: place() }, { policy: endTheTurn, awaitNextBoard: true });
    board = latestBoard(env.fake, place());
  }
  expect(mentionedToAct(board)).toEqual([waiting.id]);
  const id = Number(/#(\d+)/.exec(board.text.split('\n')[0]!)![1]);
  // The board's delivery (its direct messages too) holds the game's lock until it is done.
  await env.service.lockedGame(id, () => undefined);
  // The turn's jobs are written with the board: the wait began before it was posted.
  const table = { id, channel, place: place(), since: { from, to: env.fake.clock.now() } };
  tables.push(table);
  return table;
}

/** Every message of the tables that reminds someone (one game's reminder, or one listing several). */
function remindersAt(...at: readonly Table[]): SeenMessage[] {
  const places = [...new Set(at.map((t) => t.place))];
  return places.flatMap((p) => env.fake.channelMessages(p)).filter((m) => /Reminder \d of|Erinnerung \d von|Herinnering \d van|games are waiting|Spiele warten|spellen wachten/.test(m.text));
}

/** The users a posted message was allowed to ping (what Discord would notify), from the request the bot sent. */
function pinged(message: SeenMessage): string[] {
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && /^\/channels\/\d+\/messages$/.test(r.path) && bodyText(r.body) === message.text);
  return (post?.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? [];
}

/** One listed game of a reminder: "[Tally #3](link) · waiting since <t:…:R> · reminder 1 of 3[ · ⏱ bank]". */
interface Listed {
  readonly id: number;
  readonly place: string;
  readonly messageId: string;
  readonly since: number;
  readonly count: string;
  readonly bank: string | null;
}

function listed(line: string): Listed {
  const m = /^\[Tally #(\d+)\]\(https:\/\/discord\.com\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)\) · (?:waiting since|wartet seit|wacht sinds) <t:(\d+):R> · (?:reminder|Erinnerung|herinnering) (\d+ (?:of|von|van) \d+)(?: · ⏱ (.+))?$/.exec(line);
  if (m === null) throw new Error(`not a listed game: ${line}`);
  return { id: Number(m[1]), place: m[2]!, messageId: m[3]!, since: Number(m[4]), count: m[5]!, bank: m[6] ?? null };
}

/** The link opens the table: the newest board of that very game, where it is played. */
function expectOpensTable(entry: Listed, table: Table): void {
  expect(entry.id).toBe(table.id);
  expect(entry.place).toBe(table.place);
  const board = latestBoard(env.fake, table.place);
  expect(entry.messageId).toBe(board.id);
  expect(board.text.split('\n')[0]).toContain(`#${table.id}`);
}

function expectSince(entry: Listed, table: Table): void {
  expect(entry.since).toBeGreaterThanOrEqual(Math.floor(table.since.from / 1000));
  expect(entry.since).toBeLessThanOrEqual(Math.floor(table.since.to / 1000));
}

async function tick(): Promise<void> {
  await env.bot.scheduler.tick();
}

/** Moves the test clock to `at` (never back) and lets the scheduler run what is due. */
async function at(time: number): Promise<void> {
  env.fake.clock.advance(Math.max(0, time - env.fake.clock.now()));
  await tick();
}

describe('a player waited for at several tables', () => {
  it('gets one reminder, at the table that waited longest, listing the games longest-waiting first with links that open each table; Snooze postpones them all, and each keeps its own count', async () => {
    const here = env.fake.createChannel('one-reminder-threads');
    const there = env.fake.createChannel('one-reminder-channel');
    const first = await tableWaitingFor(alice, here, alice, bob);
    env.fake.clock.advance(10 * MINUTE);
    const second = await tableWaitingFor(alice, here, bob, alice);
    env.fake.clock.advance(10 * MINUTE);
    // In a channel of its own, not a thread; a Dutch table with a clock.
    const third = await tableWaitingFor(alice, there, carol, alice, { thread: false, clock: '3d+4h' });
    expect([first.place, second.place].every((p) => p !== here)).toBe(true);
    expect(third.place).toBe(there);

    // Twelve hours (the reminder interval) after the first table began to wait: the others are due within the hour.
    await at(first.since.to + 12 * HOUR);
    const remindedAt = env.fake.clock.now();
    const reminders = remindersAt(first, second, third);
    expect(reminders).toHaveLength(1);
    const reminder = reminders[0]!;
    expect(env.fake.channelMessages(first.place).map((m) => m.id)).toContain(reminder.id);
    const [head, ...lines] = reminder.text.split('\n');
    expect(head).toMatch(new RegExp(`^\\S+ <@${alice.id}>: 3 games are waiting for your decision, the longest-waiting first:$`));
    expect(pinged(reminder)).toEqual([alice.id]);
    const games = lines.map(listed);
    expect(games.map((g) => g.id)).toEqual([first.id, second.id, third.id]);
    [first, second, third].forEach((table, i) => {
      expectOpensTable(games[i]!, table);
      expectSince(games[i]!, table);
      expect(games[i]!.count).toBe('1 of 3');
    });
    // The clocked table shows the bank left: three days, less the twelve hours less twenty minutes it has waited.
    expect(games[0]!.bank).toBeNull();
    expect(games[2]!.bank).toBe('2d 12h (running)');

    // Snooze on the one message postpones the reminders of every game it listed.
    const snoozeButton = reminder.buttons.find((b) => b.customId?.includes(':snooze'))!;
    const snoozed = privateReply(await alice.clickButton(reminder.id, snoozeButton.customId!), alice);
    expect(snoozed.text).toMatch(/^Snoozed: the next reminder comes <t:\d+:R>\.$/);
    await at(remindedAt + 24 * HOUR - MINUTE);
    expect(remindersAt(first, second, third)).toHaveLength(1);
    await at(remindedAt + 24 * HOUR + 10 * MINUTE);
    const again = remindersAt(first, second, third);
    expect(again).toHaveLength(2);
    const next = again.find((m) => m.id !== reminder.id)!;
    expect(next.text.split('\n').slice(1).map(listed).map((g) => [g.id, g.count])).toEqual([
      [first.id, '2 of 3'],
      [second.id, '2 of 3'],
      [third.id, '2 of 3'],
    ]);
    env.fake.assertNoViolations();
  });

  it("a game of another server is reminded at its own table, in that server's language, never listed where this server's members read it", async () => {
    const elsewhere = env.fake.createGuild('Anderswo', { locale: 'de' as never, botPermissions: [...INVITE_PERMISSIONS] });
    env.fake.world.addMember(env.fake.world.guilds.get(elsewhere)!, alice.id, []);
    const gina = env.createUser('gina', { guildId: elsewhere, globalName: 'Gina' });
    const there = await tableWaitingFor(alice, env.fake.createChannel('anderswo', { guildId: elsewhere }), gina, alice);
    env.fake.clock.advance(10 * MINUTE);
    const here = await tableWaitingFor(alice, env.fake.createChannel('one-reminder-home'), alice, bob);

    await at(there.since.to + 12 * HOUR);
    const thereReminders = remindersAt(there);
    expect(thereReminders.map((m) => m.text)).toEqual([expect.stringMatching(new RegExp(`^\\S+ <@${alice.id}>: \\*\\*Tally\\*\\* \\(Spiel #${there.id}\\) wartet auf deine Entscheidung\\. Erinnerung 1 von 3\\.$`))]);
    await at(here.since.to + 12 * HOUR);
    const hereReminders = remindersAt(here);
    expect(hereReminders.map((m) => m.text)).toEqual([expect.stringMatching(new RegExp(`^\\S+ <@${alice.id}>: \\*\\*Tally\\*\\* \\(game #${here.id}\\) is waiting for your decision\\. Reminder 1 of 3\\.$`))]);
    env.fake.assertNoViolations();
  });

  it('who chose direct messages gets one direct message in their language, listing the games longest-waiting first with links that open each table, and no ping', async () => {
    await notify(bob, { how: 'dm' });
    try {
      const here = env.fake.createChannel('one-reminder-dm-threads');
      const there = env.fake.createChannel('one-reminder-dm-channel');
      const first = await tableWaitingFor(bob, here, alice, bob);
      env.fake.clock.advance(5 * MINUTE);
      const second = await tableWaitingFor(bob, there, carol, bob, { thread: false });
      env.fake.clock.advance(5 * MINUTE);
      const third = await tableWaitingFor(bob, here, bob, carol);
      const before = env.fake.directMessagesTo(bob.id).length;

      await at(first.since.to + 12 * HOUR);
      const dms = env.fake.directMessagesTo(bob.id).slice(before);
      expect(dms).toHaveLength(1);
      const [head, ...lines] = dms[0]!.text.split('\n');
      expect(head).toBe('3 Spiele warten auf deine Entscheidung, das am längsten wartende zuerst:');
      const games = lines.map(listed);
      expect(games.map((g) => g.id)).toEqual([first.id, second.id, third.id]);
      [first, second, third].forEach((table, i) => {
        expectOpensTable(games[i]!, table);
        expectSince(games[i]!, table);
      });
      expect(lines[0]).toMatch(/ · wartet seit <t:\d+:R> · Erinnerung 1 von 3$/);
      // The table that waited longest names Bob, once, without a ping; the others say nothing.
      const posted = remindersAt(first, second, third);
      expect(posted).toHaveLength(1);
      expect(env.fake.channelMessages(first.place).map((m) => m.id)).toContain(posted[0]!.id);
      expect(pinged(posted[0]!)).toEqual([]);
    } finally {
      await notify(bob, { how: 'channel' });
    }
    env.fake.assertNoViolations();
  });

  it('reminders falling in the player quiet hours wait until they end, and then come together, once', async () => {
    const here = env.fake.createChannel('one-reminder-quiet');
    const first = await tableWaitingFor(carol, here, carol, alice);
    // Two hours apart: outside quiet hours these would come as three reminders.
    env.fake.clock.advance(2 * HOUR);
    const second = await tableWaitingFor(carol, here, alice, carol);
    env.fake.clock.advance(2 * HOUR);
    const third = await tableWaitingFor(carol, here, carol, bob);
    const due = first.since.to + 12 * HOUR;
    const hour = new Date(due).getUTCHours();
    await notify(carol, { time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 6) % 24 });
    try {
      const morning = Math.floor(due / HOUR) * HOUR + 6 * HOUR;
      await at(due);
      await at(third.since.to + 12 * HOUR);
      await at(morning - MINUTE);
      expect(remindersAt(first, second, third)).toEqual([]);
      await at(morning);
      const reminders = remindersAt(first, second, third);
      expect(reminders).toHaveLength(1);
      // Posted at the table that waited longest, in the server's language.
      const [head, ...lines] = reminders[0]!.text.split('\n');
      expect(env.fake.channelMessages(first.place).map((m) => m.id)).toContain(reminders[0]!.id);
      expect(head).toMatch(new RegExp(`^\\S+ <@${carol.id}>: 3 games are waiting for your decision, the longest-waiting first:$`));
      expect(lines.map(listed).map((g) => [g.id, g.count])).toEqual([
        [first.id, '1 of 3'],
        [second.id, '1 of 3'],
        [third.id, '1 of 3'],
      ]);
      expect(pinged(reminders[0]!)).toEqual([carol.id]);
    } finally {
      await notify(carol, { quiet_from: 0, quiet_to: 0 });
    }
    env.fake.assertNoViolations();
  });
});

describe('a game with a clock', () => {
  it("a reminder shows the reminded player's bank left", async () => {
    const channel = env.fake.createChannel('one-reminder-bank');
    const table = await tableWaitingFor(alice, channel, alice, bob, { clock: '1d+1h' });
    privateReply(await alice.runCommand(table.place, 'game', { subcommand: 'settings', options: { reminder_hours: 1 } }), alice);
    await at(table.since.to + HOUR);
    const reminders = remindersAt(table);
    expect(reminders).toHaveLength(1);
    const [text, bank] = reminders[0]!.text.split('\n');
    expect(text).toMatch(new RegExp(`^\\S+ <@${alice.id}>: \\*\\*Tally\\*\\* \\(game #${table.id}\\) is waiting for your decision\\. Reminder 1 of 3\\.$`));
    // Alice's bank only (Bob is not reminded), as the board shows it.
    expect(bank).toMatch(/^⏱ Time banks: \S+ Alice 23h 0m \(running\)$/);
    env.fake.assertNoViolations();
  });

  it('a low bank is warned of once, by a ping of its own, before it runs out; a player who chose both hears it by direct message too', async () => {
    const channel = env.fake.createChannel('one-reminder-low-bank');
    await notify(bob, { how: 'both' });
    try {
      const table = await tableWaitingFor(bob, channel, alice, bob, { clock: '1h+5m' });
      const warnings = (): SeenMessage[] => env.fake.channelMessages(table.place).filter((m) => /wird knapp|running low/.test(m.text));
      const before = env.fake.directMessagesTo(bob.id).length;
      // A quarter of the hour is left after forty-five minutes.
      await at(table.since.from + 45 * MINUTE - MINUTE);
      expect(warnings()).toEqual([]);
      await at(table.since.to + 45 * MINUTE);
      expect(warnings()).toHaveLength(1);
      const warning = warnings()[0]!;
      // The table speaks English (Alice opened it); Bob's direct message is in German.
      expect(warning.text).toMatch(new RegExp(`^\\S+ <@${bob.id}>: your time bank in \\*\\*Tally\\*\\* \\(game #${table.id}\\) is running low: 1[45]m left\\. When it is empty, a computer player plays for you until you take your seat back\\.$`));
      expect(pinged(warning)).toEqual([bob.id]);
      expect(warning.buttons).toEqual([]);
      // By itself: not in a reminder or a board.
      expect(remindersAt(table)).toEqual([]);
      const dms = env.fake.directMessagesTo(bob.id).slice(before);
      expect(dms.map((m) => m.text)).toEqual([
        expect.stringMatching(new RegExp(`^Dein Zeitkonto in \\*\\*Tally\\*\\* \\(Spiel #${table.id}\\) in <#${table.place}> wird knapp: noch 1[45] Min: (?:\\[[^\\]]+\\]\\()?https://discord\\.com/channels/\\d+/${table.place}/${warning.id}\\)?$`)),
      ]);
      // Once per turn: nothing more while the bank runs on.
      await at(table.since.to + 55 * MINUTE);
      expect(warnings()).toHaveLength(1);
      expect(env.fake.directMessagesTo(bob.id).slice(before)).toHaveLength(1);
    } finally {
      await notify(bob, { how: 'channel' });
    }
    env.fake.assertNoViolations();
  });

  it('a warning due in the player quiet hours waits until they end, and comes once', async () => {
    const channel = env.fake.createChannel('one-reminder-quiet-bank');
    const table = await tableWaitingFor(carol, channel, alice, carol, { clock: '1d+1h' });
    const warnings = (): SeenMessage[] => env.fake.channelMessages(table.place).filter((m) => /running low/.test(m.text));
    // A quarter of the day is left after eighteen hours: quiet hours hold from that hour for three.
    const due = table.since.to + 18 * HOUR;
    const hour = new Date(due).getUTCHours();
    await notify(carol, { time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 3) % 24 });
    try {
      const morning = Math.floor(due / HOUR) * HOUR + 3 * HOUR;
      await at(due + MINUTE);
      await at(morning - MINUTE);
      expect(warnings()).toEqual([]);
      await at(morning);
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]!.text).toMatch(new RegExp(`^\\S+ <@${carol.id}>: your time bank in \\*\\*Tally\\*\\* \\(game #${table.id}\\) is running low: [3-5]h \\d+m left\\.`));
      expect(pinged(warnings()[0]!)).toEqual([carol.id]);
      await at(morning + 2 * HOUR);
      expect(warnings()).toHaveLength(1);
    } finally {
      await notify(carol, { quiet_from: 0, quiet_to: 0 });
    }
    env.fake.assertNoViolations();
  });

  it('a player back early from an absence is still warned before their bank runs out', async () => {
    const channel = env.fake.createChannel('one-reminder-back-early');
    const table = await tableWaitingFor(carol, channel, carol, alice, { clock: '1d+1h' });
    const warnings = (): SeenMessage[] => env.fake.channelMessages(table.place).filter((m) => /running low/.test(m.text));
    // An hour into the turn Carol goes away for days: her bank stands still with 23 hours left.
    await at(table.since.to + HOUR);
    await notify(carol, { time_zone: 'UTC', away_until: new Date(env.fake.clock.now() + 3 * 24 * HOUR).toISOString().slice(0, 10) });
    // Past the time the warning would have come (a quarter of the day left): nothing while away.
    await at(table.since.to + 20 * HOUR);
    expect(warnings()).toEqual([]);
    // Back early: the 23 hours run from now, and six hours before they are gone she is warned.
    await notify(carol, { away_until: 'off' });
    const back = env.fake.clock.now();
    await at(back + 17 * HOUR - 10 * MINUTE);
    expect(warnings()).toEqual([]);
    await at(back + 17 * HOUR + MINUTE);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.text).toMatch(new RegExp(`^\\S+ <@${carol.id}>: your time bank in \\*\\*Tally\\*\\* \\(game #${table.id}\\) is running low: 5h 5\\dm left\\.`));
    env.fake.assertNoViolations();
  });
});

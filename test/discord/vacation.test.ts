/**
 * The vacation budget, on the fake Discord's test clock: each player has vacation days a year on each server
 * (14 unless the server's admins choose another number with /game server). /game notify away_until draws
 * on them: the player's clocks stand still at every table they play on that server as far as the days
 * reach, their reminders stay silent for the whole absence, and each table is told once, in its language.
 * Back early, the days not begun are given back. When the days are spent, away still silences the
 * reminders, but the clock runs (and a computer takes the seat when it is empty). Admins see in /game list
 * who is away.
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, latestCall, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dana: FakeUser;
/** A Dutch server where Alice plays too. */
let dutch: string;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tallyGame({ removeSeat: false, target: 60 })]), seeds: Array.from({ length: 8 }, (_, i) => `vacation-${i}`), computerPlayer: tallyComputer, globalCommands: true });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  dana = env.createUser('dana', { globalName: 'Dana', roles: [env.fake.createRole('Server managers', ['ManageGuild'])] });
  dutch = env.fake.createGuild('Bazaar NL', { locale: Locale.Dutch, channels: ['tafels'] });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl', guildId: dutch });
  env.fake.world.addMember(env.fake.world.guild(dutch), alice.id, []);
});

afterAll(async () => {
  await env?.stop();
});

interface Table {
  readonly channel: string;
  readonly gameId: number;
}

async function game(at: Table): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(at.gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game #${at.gameId} cannot be read`);
  return loaded.game;
}

/** Alice's bank at the table now. */
async function aliceBank(at: Table): Promise<{ leftMs: number; running: boolean; pausedUntil: number | null }> {
  const g = await game(at);
  const seat = g.seats.find((s) => s.userId === alice.id)!.seat;
  return (await env.service.banksNow(g)).find((b) => b.seat === seat)!;
}

/** A clocked table of Alice and `other` in `channel`, played on until Alice decides. */
async function tableWith(other: FakeUser, channel: string): Promise<Table> {
  const lobby = await openLobby(alice, channel, { game: 'tally', clock: '1h+5m' });
  await other.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const gameId = (await env.service.runningRow(channel))!.id;
  if (!mentionedToAct(first).includes(alice.id)) await playTurn({ fake: env.fake, channelId: channel }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
  expect(mentionedToAct(latestCall(env.fake, channel))).toEqual([alice.id]);
  return { channel, gameId };
}

/** The private answer to a /game subcommand, once complete. */
async function ask(user: FakeUser, place: string, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<string> {
  const handle = await user.runCommand(place, 'game', { subcommand, options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /game ${subcommand}` });
  return privateReply(handle, user).text;
}

/** The day `days` ahead of the fake clock, as away_until takes it, and its midnight (UTC: Alice set no time zone). */
function dayAhead(days: number): { text: string; at: number } {
  const text = new Date(env.fake.clock.now() + days * DAY).toISOString().slice(0, 10);
  return { text, at: Date.parse(`${text}T00:00:00Z`) };
}

const stamp = (ms: number): string => `<t:${Math.floor(ms / 1000)}:f>`;

/** The table's messages that say `text`. */
function saying(at: Table, text: string | RegExp): SeenMessage[] {
  return env.fake.channelMessages(at.channel).filter((m) => (typeof text === 'string' ? m.text.includes(text) : text.test(m.text)));
}

/** The users the post at the table that says `needle` was allowed to ping, from the request the bot sent. */
function pinged(at: Table, needle: string): string[] {
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && r.path === `/channels/${at.channel}/messages` && JSON.stringify(r.body).includes(needle));
  if (post === undefined) throw new Error(`no post saying ${needle}`);
  return (post.body as { allowed_mentions?: { users?: string[] } }).allowed_mentions?.users ?? [];
}

/** Reminders posted at the table since its first `since` messages. */
function remindersSince(at: Table, since: number): SeenMessage[] {
  return env.fake.channelMessages(at.channel).slice(since).filter((m) => hasButton(m, 'snooze'));
}

async function later(ms: number): Promise<void> {
  env.fake.clock.advance(ms);
  await env.bot.scheduler.tick();
}

let tables: Table[];

describe('a vacation', () => {
  it('across three tables on two servers: each table is told once in its language, every clock stands still, no reminder comes; back early, the days not begun are given back', async () => {
    tables = [await tableWith(bob, env.fake.createChannel('vacation-one')), await tableWith(bob, env.fake.createChannel('vacation-two')), await tableWith(carol, env.fake.createChannel('tafel-drie', { guildId: dutch }))];
    const [one, two, three] = tables as [Table, Table, Table];
    const before = tables.map((at) => env.fake.channelMessages(at.channel).length);
    env.fake.clock.advance(10 * MINUTE);
    const back = dayAhead(5);
    // Five days begun (the rest of today and four more): 9 of 14 left, on each server.
    const answer = await ask(alice, one.channel, 'notify', { away_until: back.text });
    expect(answer).toContain(`Away until ${stamp(back.at)}: no reminders, and no idle vote about you.`);
    expect(answer).toContain('Bazaar Test: Your clocks stand still until you are back: 9 of 14 vacation days left this year.');
    expect(answer).toContain('Bazaar NL: Your clocks stand still until you are back: 9 of 14 vacation days left this year.');
    const english = `is on vacation until ${stamp(back.at)} · 9 of 14 days left this year`;
    await until(env.fake, () => saying(one, english).length + saying(two, english).length + saying(three, 'is op vakantie tot').length === 3, 'each table told', WAIT_MS);
    for (const at of [one, two]) {
      expect(saying(at, `<@${alice.id}> is on vacation until`)).toHaveLength(1);
      // Told, not pinged: it asks nothing of anyone.
      expect(pinged(at, english)).toEqual([]);
    }
    expect(saying(three, `<@${alice.id}> is op vakantie tot ${stamp(back.at)} · nog 9 van 14 dagen over dit jaar`)).toHaveLength(1);
    // Every clock of hers stands still until she is back, with what was left of it.
    for (const at of tables) {
      const bank = await aliceBank(at);
      expect(bank).toMatchObject({ running: false, pausedUntil: back.at });
      expect(bank.leftMs).toBeGreaterThan(49 * MINUTE);
    }

    // Two days on, far past her hour: nothing ran out, nobody reminded her, nobody was told again.
    for (let hours = 0; hours < 48; hours += 12) await later(12 * HOUR);
    for (const [i, at] of tables.entries()) {
      expect(remindersSince(at, before[i]!)).toEqual([]);
      expect((await game(at)).seats.find((s) => s.userId === alice.id)!.computer).toBeNull();
      expect(saying(at, /vacation|vakantie/)).toHaveLength(1);
    }
    // Setting the same day again changes nothing and tells nobody.
    await ask(alice, one.channel, 'notify', { away_until: back.text });
    expect(saying(one, /vacation/)).toHaveLength(1);

    // Back after two days and a little: three days begun, the other two given back.
    const ended = await ask(alice, two.channel, 'notify', { away_until: 'off' });
    expect(ended).toContain('Back from vacation: 11 of 14 vacation days left this year.');
    await until(env.fake, () => tables.every((at) => saying(at, /is back from vacation|is terug van vakantie/).length === 1), 'each table told she is back', WAIT_MS);
    expect(saying(one, `<@${alice.id}> is back from vacation · 11 of 14 days left this year`)).toHaveLength(1);
    expect(saying(three, `<@${alice.id}> is terug van vakantie · nog 11 van 14 dagen over dit jaar`)).toHaveLength(1);
    for (const at of tables) expect(await aliceBank(at)).toMatchObject({ running: true, pausedUntil: null });
    env.fake.assertNoViolations();
  });

  it("the server's days are set by those who may manage the server, and seen by anyone", async () => {
    const [one] = tables as [Table];
    expect(await ask(bob, one.channel, 'server')).toContain('**Dieser Server:** Jeder Spieler hat 14 Urlaubstage im Jahr. Solange er abwesend ist (/game notify abwesend_bis), stehen seine Uhren so viele Tage still; danach schaltet Abwesenheit nur noch die Erinnerungen stumm.');
    expect(await ask(bob, one.channel, 'server', { vacation_days: 30 })).toBe('Nur Mitglieder, die den Server verwalten dürfen, können seine Einstellungen ändern.');
    expect(await env.service.vacationDays(env.fake.guildId)).toBe(14);
    expect(await ask(dana, one.channel, 'server', { vacation_days: 5 })).toContain('Saved. **This server:** each player has 5 vacation days a year. While they are away (/game notify away_until), their clocks stand still for as many days; after that, away only silences their reminders.');
    expect(await env.service.vacationDays(env.fake.guildId)).toBe(5);
    // Another server keeps its own.
    expect(await env.service.vacationDays(dutch)).toBe(14);
    // /help names the command.
    const help = await alice.runCommand(one.channel, 'help');
    await help.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /help' });
    expect(privateReply(help, alice).text).toContain('`/game server`: the vacation days a year that stop your clocks while you are away');
    env.fake.assertNoViolations();
  });

  it('spent: the clock stands still only as far as the days reach, then runs while away (a computer takes the seat when it is empty), and the reminders stay silent', async () => {
    const [one, two] = tables as [Table, Table];
    const before = tables.map((at) => env.fake.channelMessages(at.channel).length);
    // The moment she sets it, exactly: her clocks stand still for two days from then.
    env.fake.clock.freeze();
    const start = env.fake.clock.now();
    // Three of the server's five days are taken: two are left, for an absence of four days begun.
    const back = dayAhead(4);
    const pausedUntil = start + 2 * DAY;
    const answer = await ask(alice, one.channel, 'notify', { away_until: back.text });
    expect(answer).toContain(`Bazaar Test: Your vacation days this year reach until ${stamp(pausedUntil)}: your clocks stand still until then and run again after it, while away still silences your reminders (0 of 5 days left).`);
    const told = `<@${alice.id}> is on vacation until ${stamp(back.at)} · their clock stands still only until ${stamp(pausedUntil)} · 0 of 5 days left this year`;
    await until(env.fake, () => saying(one, told).length === 1 && saying(two, told).length === 1, 'the tables told', WAIT_MS);
    env.fake.clock.unfreeze();
    expect(await aliceBank(one)).toMatchObject({ running: false, pausedUntil });

    // The two days pass: still hers. Then her clock runs, and when it is empty a computer plays for her.
    await later(2 * DAY - MINUTE);
    expect((await game(one)).seats.find((s) => s.userId === alice.id)!.computer).toBeNull();
    await later(2 * MINUTE);
    expect((await aliceBank(one)).running).toBe(true);
    await later(HOUR);
    await until(env.fake, () => saying(one, /time bank ran out/).length > 0, 'her bank running out', WAIT_MS);
    expect((await game(one)).seats.find((s) => s.userId === alice.id)!.computer).not.toBeNull();
    // Pings stay silent all the while: no reminder at any table, and the board that tells it does not ping her.
    for (const [i, at] of tables.entries()) expect(remindersSince(at, before[i]!)).toEqual([]);
    expect(pinged(one, 'time bank ran out')).not.toContain(alice.id);
    env.fake.assertNoViolations();
  });

  it('with no days left, away only silences the pings: the player is told so, and so is each table', async () => {
    const [, two] = tables as [Table, Table];
    await ask(alice, two.channel, 'notify', { away_until: 'off' });
    const back = dayAhead(3);
    const answer = await ask(alice, two.channel, 'notify', { away_until: back.text });
    expect(answer).toContain('Bazaar Test: Your vacation days this year are spent (5 days a year): away silences your reminders, but your clocks run.');
    const told = `<@${alice.id}> is away until ${stamp(back.at)} · no vacation days left this year (5 days a year), so their clock runs`;
    await until(env.fake, () => saying(two, told).length === 1, 'the table told', WAIT_MS);
    expect((await aliceBank(two)).pausedUntil).toBeNull();
    await ask(alice, two.channel, 'notify', { away_until: 'off' });
    env.fake.assertNoViolations();
  });
});

describe('a table that begins while the player is away', () => {
  it("stops their clock too, drawn on that server's days when it first would run", async () => {
    // Dana plays nowhere yet: her absence draws on no server's days.
    const back = dayAhead(3);
    const answer = await ask(dana, env.fake.channelId(), 'notify', { away_until: back.text });
    expect(answer).not.toMatch(/vacation days|Your clocks/);
    const channel = env.fake.createChannel('vacation-later');
    const lobby = await openLobby(alice, channel, { game: 'tally', clock: '1h+5m' });
    await dana.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    if (!mentionedToAct(first).includes(dana.id)) await playTurn({ fake: env.fake, channelId: channel }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
    const at = { channel, gameId: (await env.service.runningRow(channel))!.id };
    const g = await game(at);
    const seat = g.seats.find((s) => s.userId === dana.id)!.seat;
    // Her bank waits for her return, and the three days begun are taken of this server's five.
    expect((await env.service.banksNow(g)).find((b) => b.seat === seat)).toMatchObject({ running: false, pausedUntil: back.at });
    expect((await env.service.vacationsOn(env.fake.guildId, [dana.id])).get(dana.id)).toMatchObject({ awayUntil: back.at, pausedUntil: back.at, daysLeft: 2, daysPerYear: 5 });
    await ask(dana, channel, 'notify', { away_until: 'off' });
    env.fake.assertNoViolations();
  });
});

describe('/game list', () => {
  it('shows those who may manage the server who is away at each table, until when, and their days left; others do not see it', async () => {
    const [one] = tables as [Table];
    const back = dayAhead(2);
    await ask(bob, one.channel, 'notify', { away_until: back.text });
    const listed = await ask(dana, one.channel, 'list', { server: true });
    const line = listed.split('\n').find((l) => l.includes(`#${one.gameId}`))!;
    // Bob's vacation here: two days begun of the server's five.
    expect(line).toContain(`💤 away: <@${bob.id}> until ${stamp(back.at)} (3 of 5 vacation days left)`);
    expect(await ask(bob, one.channel, 'list', { server: true })).not.toContain('💤');
    await ask(bob, one.channel, 'notify', { away_until: 'off' });
    expect(await ask(dana, one.channel, 'list', { server: true })).not.toContain('💤');
    env.fake.assertNoViolations();
  });
});

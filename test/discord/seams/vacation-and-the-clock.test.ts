/**
 * A vacation where it meets the clocks and the computer stand-ins, on a German server with the tables in
 * threads of one channel: a player's bank that would run out while they are on vacation within their days
 * stands still, and no computer takes the seat; the tables with someone else at them are told once (in
 * the table's language), a table against a computer and a learning table are not (nobody would read it),
 * nor a table the player left; no reminder comes anywhere. When the server's admin lowers the days below
 * what the vacation took and the player moves their return, the days are spent: the clock runs while they
 * are still away, the bank runs out, a computer plays for them, and still no reminder or idle vote pings them.
 *
 * Crosses: quiet-away, clocks, stand-ins, tables, languages, learn, leave-abandon
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { until } from '../bot-process.js';
import { buttonFor, hasButton, INVITE_PERMISSIONS, mentionedToAct, openLobby, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS } from '../harness.js';
import { ask, turnAt } from './at-the-table.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let admin: FakeUser;
let channel: string;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 60 })]),
    seeds: Array.from({ length: 8 }, (_, i) => `seams-vacation-${i}`),
    computerPlayer: tallyComputer,
    fake: { guild: { name: 'Basar', locale: Locale.German }, botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice', locale: 'de' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'nl' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  admin = env.createUser('admin', { globalName: 'Admin', roles: [env.fake.createRole('Verwaltung', ['ManageGuild'])] });
  channel = env.fake.createChannel('spieltische');
});

afterAll(async () => {
  await env?.stop();
});

interface Table {
  readonly gameId: number;
  readonly thread: string;
}

async function game(at: Table): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(at.gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game #${at.gameId} cannot be read`);
  return loaded.game;
}

async function standIn(at: Table, user: FakeUser): Promise<string | null> {
  return (await game(at)).seats.find((s) => s.userId === user.id)!.computer;
}

/** The table's messages that ask someone to decide (boards and the texts between them). */
function calls(at: Table): SeenMessage[] {
  return env.fake.channelMessages(at.thread).filter((m) => hasButton(m, 'turn') && !hasButton(m, 'snooze'));
}

/** Opens a clocked table of Alice with `guests` (users, or a computer player) in a thread, started, played on until Alice decides. */
async function table(guests: readonly (FakeUser | 'computer')[]): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(alice, channel, { game: 'tally', clock: '1h+5m' });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  for (const guest of guests) {
    if (guest === 'computer') {
      const current = env.fake.message(lobby.id)!;
      const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
      const added = await alice.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' });
      await added.waitFor(() => env.fake.message(lobby.id)!.text !== current.text, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
    } else {
      await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    }
  }
  await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = (): string | undefined => env.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id;
  await until(env.fake, () => opened() !== undefined && calls({ gameId, thread: opened()! }).some((m) => mentionedToAct(m).length > 0), `the first call of game #${gameId}`, WAIT_MS);
  const at = { gameId, thread: opened()! };
  while (!mentionedToAct(calls(at).at(-1)!).includes(alice.id)) await turnAt(env, at.thread, undefined);
  return at;
}

/** The table's messages about Alice's vacation. */
function told(at: Table): SeenMessage[] {
  return env.fake.channelMessages(at.thread).filter((m) => m.text.includes(`<@${alice.id}> ist im Urlaub`) || m.text.includes(`<@${alice.id}> ist abwesend bis`));
}

async function later(ms: number): Promise<void> {
  env.fake.clock.advance(ms);
  await env.bot.scheduler.tick();
}

/** A day `days` ahead of the fake clock, as away_until takes it. */
function dayAhead(days: number): string {
  return new Date(env.fake.clock.now() + days * DAY).toISOString().slice(0, 10);
}

describe('a vacation at the clock', () => {
  it('within the days, a bank that would run out stands still and no computer takes the seat; spent, the clock runs while away and a computer plays for the player; no reminder or vote pings them, and only tables with someone to read it are told', async () => {
    const withBob = await table([bob]);
    const withComputer = await table(['computer']);
    // A table she left: a computer plays her seat there, and it is no longer hers to be told of.
    const left = await table([bob, carol]);
    await runConfirmed(alice, left.thread, 'leave');
    // And a learning game, where nobody else sits.
    const threads = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    await ask(alice, channel, 'learn', { game: 'tally' });
    await until(env.fake, () => env.fake.threadsOf(channel).some((t) => !threads.has(t.id)), 'the learning table', WAIT_MS);
    const learning = { gameId: 0, thread: env.fake.threadsOf(channel).find((t) => !threads.has(t.id))!.id };

    const answer = (await ask(alice, withBob.thread, 'notify', { away_until: dayAhead(3) })).text;
    expect(answer).toContain('Deine Uhren stehen still, bis du zurück bist: noch 11 von 14 Urlaubstagen in diesem Jahr.');
    await until(env.fake, () => told(withBob).length === 1, 'the table with Bob told', WAIT_MS);
    expect(told(withBob)[0]!.text).toMatch(/ist im Urlaub bis <t:\d+:f> · noch 11 von 14 Tagen in diesem Jahr/);
    for (const quiet of [withComputer, left, learning]) expect(told(quiet)).toEqual([]);

    // Two days: far past her hour at both clocked tables, but within her days. Nothing runs out.
    for (let hours = 0; hours < 48; hours += 6) await later(6 * HOUR);
    expect(await standIn(withBob, alice)).toBeNull();
    expect(await standIn(withComputer, alice)).toBeNull();
    for (const at of [withBob, withComputer]) {
      const seat = (await game(at)).seats.find((s) => s.userId === alice.id)!.seat;
      expect((await env.service.banksNow(await game(at))).find((b) => b.seat === seat)).toMatchObject({ running: false });
    }
    expect(told(withBob)).toHaveLength(1);

    // The server's admin lowers the days to one; she moves her return a day on: the days are spent.
    expect((await ask(admin, channel, 'server', { vacation_days: 1 })).text).toContain('each player has 1 vacation day a year.');
    const moved = (await ask(alice, withBob.thread, 'notify', { away_until: dayAhead(3) })).text;
    expect(moved).toContain('Deine Urlaubstage für dieses Jahr sind aufgebraucht (1 Tag im Jahr): Die Abwesenheit schaltet deine Erinnerungen stumm, aber deine Uhren laufen.');
    await until(env.fake, () => told(withBob).length === 2, 'the table told her clock runs', WAIT_MS);
    expect(told(withBob)[1]!.text).toMatch(/ist abwesend bis <t:\d+:f> · keine Urlaubstage mehr in diesem Jahr \(1 Tag im Jahr\), die Uhr läuft also weiter/);

    // An hour on her own clock: the bank runs out, a computer plays for her at both tables.
    await later(HOUR + MINUTE);
    await until(env.fake, () => env.fake.channelMessages(withBob.thread).some((m) => /Zeitkonto von .*<@.*> ist abgelaufen/.test(m.text)), 'her bank running out', WAIT_MS);
    expect(await standIn(withBob, alice)).not.toBeNull();
    expect(await standIn(withComputer, alice)).not.toBeNull();
    // In all that time, no reminder and no idle vote at any of her tables: away silences those pings, days or not.
    for (const at of [withBob, withComputer, left, learning]) {
      expect(env.fake.channelMessages(at.thread).filter((m) => (hasButton(m, 'snooze') || hasButton(m, 'vote')) && m.text.includes(`<@${alice.id}>`))).toEqual([]);
    }
    await ask(alice, withBob.thread, 'notify', { away_until: 'off' });
    env.fake.assertNoViolations();
  });
});

/**
 * A time bank that runs out keeps the lobby's promise at every table: a computer player takes the seat and
 * plays the turn that was due, and the game goes on; it never ends and nobody wins because a bank ran out.
 * Where nobody else plays at the table, the computers do not play the game out alone: they play up to the
 * stood-in seat's next decision, and there the game waits for its owner, who is told so and pinged, takes
 * the seat back and plays on the increment. A learning game left for days is reminded once and never put
 * to a vote nobody could cast. Several tables of one channel, each in its thread, on a German server (the
 * board in the table's language, each player's private answers in their own).
 *
 * Crosses: clocks, stand-ins, learn, tables, languages
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import { gameRegistry } from '../../../src/games/registry.js';
import { bodyText, type FakeUser, type SeenMessage } from '../../fake-discord/index.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { END_TURN, playTurn } from '../../support/turn-driver.js';
import { until } from '../bot-process.js';
import { buttonFor, hasButton, mentionedToAct, openLobby, openPrivately, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from '../harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let channel: string;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 60 })]),
    seeds: Array.from({ length: 6 }, (_, i) => `bank-out-${i}`),
    computerPlayer: tallyComputer,
    fake: { guild: { name: 'Basar', locale: Locale.German }, botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice', locale: 'de' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'nl' });
  carol = env.createUser('carol', { globalName: 'Carol' });
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

function seatOf(g: ActiveSnapshot, user: FakeUser): number {
  return g.seats.find((s) => s.userId === user.id)!.seat;
}

/** The table's messages that ask someone to decide (boards and the texts between them). */
function calls(at: Table): SeenMessage[] {
  return env.fake.channelMessages(at.thread).filter((m) => hasButton(m, 'turn') && !hasButton(m, 'snooze'));
}

/** The users a posted message was allowed to ping, from the request the bot sent. */
function pinged(at: Table, message: SeenMessage): string[] {
  // Posted in the channel, or as the follow-up of the click that ended the turn.
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && (r.path === `/channels/${at.thread}/messages` || r.route === '/webhooks/{webhook_id}/{webhook_token}') && bodyText(r.body) === message.text);
  return (post?.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? [];
}

/** Opens a clocked lobby as `host` with `guest` (a user, or a computer player), starts it and waits for its thread's first call to a human. */
async function clockedTable(host: FakeUser, guest: FakeUser | 'computer'): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(host, channel, { game: 'tally', clock: '1h+5m' });
  expect(lobby.text).toContain('Ist das Zeitkonto eines Spielers leer, übernimmt ein Computerspieler den Platz.');
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  if (guest === 'computer') {
    const current = env.fake.message(lobby.id)!;
    const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
    const added = await host.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' });
    await added.waitFor(() => env.fake.message(lobby.id)!.text !== current.text, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
  } else {
    await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  }
  await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = (): string | undefined => env.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id;
  // A computer that starts plays first: the table's first call then asks the human.
  await until(env.fake, () => opened() !== undefined && calls({ gameId, thread: opened()! }).some((m) => mentionedToAct(m).length > 0), `the first call of game #${gameId}`, WAIT_MS);
  return { gameId, thread: opened()! };
}

/** Moves the bot's clock on and runs its scheduler, as the interval would. */
async function later(ms: number): Promise<void> {
  env.fake.clock.advance(ms);
  await env.bot.scheduler.tick();
}

/** How many messages the table has had so far. */
function posted(at: Table): number {
  return env.fake.channelMessages(at.thread).length;
}

/** The table's calls posted after its first `since` messages. */
function callsSince(at: Table, since: number): SeenMessage[] {
  const later = new Set(env.fake.channelMessages(at.thread).slice(since).map((m) => m.id));
  return calls(at).filter((m) => later.has(m.id));
}

/** Whether a call posted after the table's first `since` messages asks `user` now. */
function calledSince(at: Table, since: number, user: FakeUser): boolean {
  const call = callsSince(at, since).at(-1);
  return call !== undefined && call.id === calls(at).at(-1)?.id && mentionedToAct(call).includes(user.id);
}

/** The player `user` ends their turn from the table's latest call; resolves once a newer call is posted. */
async function endsTurn(at: Table, user: FakeUser): Promise<number> {
  const before = posted(at);
  const board = calls(at).at(-1)!;
  expect(mentionedToAct(board)).toContain(user.id);
  await playTurn({ fake: env.fake, channelId: at.thread, latest: () => calls(at).at(-1) }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null });
  await until(env.fake, () => callsSince(at, before).length > 0, 'the call after the turn', WAIT_MS);
  return before;
}

describe('a bank that runs out', () => {
  it('against a computer: a computer plays the turn that was due, the game goes on with no winner and waits for its owner, who is told, takes the seat back and plays on the increment', async () => {
    const at = await clockedTable(alice, 'computer');
    const seat = seatOf(await game(at), alice);
    const since = posted(at);
    await later(61 * MINUTE);
    const waits = new RegExp(`Das Zeitkonto von .*<@${alice.id}> ist abgelaufen: Ein Computerspieler spielt den fälligen Zug für .*<@${alice.id}>\\. Sonst spielt niemand an diesem Tisch, also wartet das Spiel danach, bis .*<@${alice.id}> den Platz zurücknimmt`);
    const told = (): SeenMessage | undefined => env.fake.channelMessages(at.thread).find((m) => waits.test(m.text));
    await until(env.fake, () => told() !== undefined && calledSince(at, since, alice), 'the board saying the bank ran out and the game waits', WAIT_MS);
    const board = told()!;
    // The computer played her turn (and the computer opponent its own): the game is hers again, and it goes on.
    expect(board.text).toMatch(/\(Computer\)/);
    expect(board.text).not.toContain('Das Spiel ist vorbei');
    expect(mentionedToAct(board)).toEqual([alice.id]);
    // She has a real choice now (come back): the board pings her, once.
    expect(pinged(at, board)).toEqual([alice.id]);
    const waiting = await game(at);
    expect(waiting.row.status).toBe('active');
    expect(waiting.seats[seat]!.computer).not.toBeNull();
    expect(env.service.activeSeats(waiting)).toEqual([seat]);
    const version = waiting.row.version;

    // Days pass: nobody plays her seat for her, nothing ends, nothing is posted.
    const quietFrom = posted(at);
    await later(3 * DAY);
    const still = await game(at);
    expect(still.row.status).toBe('active');
    expect(still.row.version).toBe(version);
    expect(posted(at)).toBe(quietFrom);

    // She comes back: her seat is hers again at the decision the game waited at, on the increment.
    const offer = await openPrivately(alice, board, buttonFor(board, 'turn'));
    expect(offer.text).toContain('Ein Computerspieler ist für dich eingesprungen, und jetzt wartet das Spiel auf dich');
    const back = await alice.clickButton(offer.id, offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!, { until: 'response' });
    await back.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to Take my seat back' });
    expect(privateReply(back, alice).text).toContain('Dein Platz gehört wieder dir');
    await until(env.fake, () => env.fake.channelMessages(at.thread).some((m) => m.text.includes(`<@${alice.id}> übernimmt den Platz wieder vom Computerspieler.`)), 'the table told she is back', WAIT_MS);
    const mine = await game(at);
    expect(mine.seats[seat]!.computer).toBeNull();
    const bank = (await env.service.banksNow(mine)).find((b) => b.seat === seat)!;
    // The increment alone, running since she took the seat back (the fake clock moves on by the moments the clicks took).
    expect(bank.running).toBe(true);
    expect(bank.leftMs).toBeLessThanOrEqual(5 * MINUTE);
    expect(bank.leftMs).toBeGreaterThan(4 * MINUTE);

    // And plays on: her move, the computer's, and the game asks her again.
    const played = await endsTurn(at, alice);
    await until(env.fake, () => calledSince(at, played, alice), 'the call asking her again', WAIT_MS);
    expect((await game(at)).row.status).toBe('active');
    await runConfirmed(alice, at.thread, 'abandon');
    env.fake.assertNoViolations();
  });

  it('at a table of two players: the stand-in plays on for the one who ran out, and when the other runs out too the game still goes on and waits, with no winner', async () => {
    const at = await clockedTable(alice, bob);
    const first = env.fake.users.get(mentionedToAct(calls(at).at(-1)!)[0]!);
    const second = first.id === alice.id ? bob : alice;
    const since = posted(at);
    await later(61 * MINUTE);
    const outLine = (user: FakeUser): RegExp => new RegExp(`Das Zeitkonto von .*<@${user.id}> ist abgelaufen: Ein Computerspieler spielt für .*<@${user.id}>, bis der Platz zurückgenommen wird\\.`);
    await until(env.fake, () => env.fake.channelMessages(at.thread).some((m) => outLine(first).test(m.text)), 'the board saying the first bank ran out', WAIT_MS);
    // The stand-in played the turn that was due: the other player decides, their bank running.
    await until(env.fake, () => calledSince(at, since, second), 'the call asking the other player', WAIT_MS);
    const g = await game(at);
    expect(g.row.status).toBe('active');
    expect(g.seats[seatOf(g, first)]!.computer).not.toBeNull();
    // They play, and the stand-in plays on at once: the turn is theirs again.
    const played = await endsTurn(at, second);
    await until(env.fake, () => calledSince(at, played, second), 'the call asking the other player again', WAIT_MS);

    // Now their bank runs out too (the hour and the five minutes their move earned).
    const outAgain = posted(at);
    await later(66 * MINUTE);
    const waits = new RegExp(`Das Zeitkonto von .*<@${second.id}> ist abgelaufen: Ein Computerspieler spielt den fälligen Zug für .*<@${second.id}>\\. Sonst spielt niemand an diesem Tisch, also wartet das Spiel`);
    await until(env.fake, () => env.fake.channelMessages(at.thread).some((m) => waits.test(m.text)), 'the board saying the game waits', WAIT_MS);
    await until(env.fake, () => calledSince(at, outAgain, first), 'the call at the seat of the one who ran out first', WAIT_MS);
    const after = await game(at);
    expect(after.row.status).toBe('active');
    expect(env.fake.channelMessages(at.thread).some((m) => m.text.includes('Das Spiel ist vorbei'))).toBe(false);
    expect(env.fake.channelMessages(channel).some((m) => m.text.includes('Das Spiel ist vorbei'))).toBe(false);
    expect(env.service.activeSeats(after)).toEqual([seatOf(after, first)]);
    // Either of them coming back lets the game go on: the one the game waits at takes the seat back.
    const call = calls(at).at(-1)!;
    const offer = await openPrivately(first, call, buttonFor(call, 'turn'));
    // Each hears it in their own language.
    expect(offer.text).toContain(first.id === bob.id ? 'nu wacht het spel op jou' : 'jetzt wartet das Spiel auf dich');
    const back = await first.clickButton(offer.id, offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!, { until: 'response' });
    await back.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to Take my seat back' });
    expect((await game(at)).seats[seatOf(after, first)]!.computer).toBeNull();
    await runConfirmed(first, at.thread, 'abandon');
    env.fake.assertNoViolations();
  });
});

describe('a learning game left idle', () => {
  it('is reminded once, gently, and never put to a vote: nobody else at the table could vote', async () => {
    const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    const handle = await carol.runCommand(channel, 'game', { subcommand: 'learn', options: { game: 'tally' } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game learn' });
    const thread = (): string | undefined => env.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id;
    await until(env.fake, () => thread() !== undefined && env.fake.channelMessages(thread()!).some((m) => mentionedToAct(m).includes(carol.id)), 'the learning game asking the learner', WAIT_MS);
    const place = thread()!;
    for (let hours = 0; hours < 5 * 24; hours += 12) await later(12 * HOUR);
    const seen = [...env.fake.channelMessages(place), ...env.fake.channelMessages(channel)];
    expect(seen.filter((m) => hasButton(m, 'vote'))).toEqual([]);
    expect(seen.some((m) => /abstimmen/.test(m.text))).toBe(false);
    const reminders = env.fake.channelMessages(place).filter((m) => hasButton(m, 'snooze'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`<@${carol.id}>`);
    env.fake.assertNoViolations();
  });
});

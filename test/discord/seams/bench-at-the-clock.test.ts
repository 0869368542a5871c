/**
 * The substitute bench where it meets the clock, the idle vote, several tables and a learning game. On a
 * German server whose tables are played in threads: a seat whose time bank ran out is offered on the bench
 * in German, pinging the bench's role; a member who reads English takes it and is answered in English; the
 * table is told once in German, and the substitute plays the seat on the increment of its empty bank, as
 * its owner would have on taking it back. At another table the idle vote hands a seat to a computer and the
 * bench offers that one too, each post naming its own table. A learning game left for days never reaches
 * the bench.
 *
 * Crosses: stand-ins, clocks, learn, tables, languages
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { END_TURN, playTurn } from '../../support/turn-driver.js';
import { until } from '../bot-process.js';
import { buttonFor, hasButton, INVITE_PERMISSIONS, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from '../harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;
let admin: FakeUser;
let channel: string;
let bench: string;
let substitutes: string;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 60 })]),
    seeds: Array.from({ length: 6 }, (_, i) => `bench-clock-${i}`),
    computerPlayer: tallyComputer,
    fake: { guild: { name: 'Basar', locale: Locale.German }, botPermissions: [...INVITE_PERMISSIONS, 'MentionEveryone'] },
  });
  alice = env.createUser('alice', { globalName: 'Alice', locale: 'de' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'nl' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
  admin = env.createUser('admin', { globalName: 'Admin', locale: 'de', roles: [env.fake.createRole('Verwaltung', ['ManageGuild'])] });
  channel = env.fake.createChannel('spieltische');
  bench = env.fake.createChannel('ersatzbank');
  substitutes = env.fake.createRole('Ersatz');
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

/** The table's messages that ask someone to decide. */
function calls(at: Table): SeenMessage[] {
  return env.fake.channelMessages(at.thread).filter((m) => hasButton(m, 'turn') && !hasButton(m, 'snooze'));
}

async function later(ms: number): Promise<void> {
  env.fake.clock.advance(ms);
  await env.bot.scheduler.tick();
}

/** Alice's table with Bob in a thread of the channel (clocked: an hour and five minutes a move); waits for its first call. */
async function table(options: Record<string, string> = {}): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(alice, channel, { game: 'tally', ...options });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = (): string | undefined => env.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id;
  await until(env.fake, () => opened() !== undefined && calls({ gameId, thread: opened()! }).some((m) => mentionedToAct(m).length > 0), `the first call of game #${gameId}`, WAIT_MS);
  return { gameId, thread: opened()! };
}

/** The bench's post about game `gameId`, once posted. */
async function offerOf(gameId: number): Promise<SeenMessage> {
  const find = (): SeenMessage | undefined => env.fake.channelMessages(bench).find((m) => m.content.includes(`#${gameId} `));
  await until(env.fake, () => find() !== undefined, `the bench post about game #${gameId}`, WAIT_MS);
  return find()!;
}

async function answerTo(user: FakeUser, message: SeenMessage, customId: string): Promise<SeenMessage> {
  const handle = await user.clickButton(message.id, customId, { until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to the click' });
  return privateReply(handle, user);
}

describe('the bench at the clock, at the idle vote, and never for a learning game', () => {
  it('a seat whose bank ran out is offered in the server\'s language; the substitute, answered in their own, plays it on the increment', async () => {
    const set = await admin.runCommand(channel, 'game', { subcommand: 'server', options: { bench_channel: bench, bench_role: substitutes } });
    await set.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game server' });
    expect(privateReply(set, admin).content).toContain(`**Ersatzbank:** Plätze, die ein Computer übernommen hat, werden in <#${bench}> angeboten, mit Erwähnung von <@&${substitutes}>.`);

    const at = await table({ clock: '1h+5m' });
    const first = env.fake.users.get(mentionedToAct(calls(at).at(-1)!)[0]!);
    const second = first === alice ? bob : alice;
    await later(61 * MINUTE);
    const post = await offerOf(at.gameId);
    expect(post.content.split('\n')[0]).toBe(`<@&${substitutes}>`);
    expect(post.content).toMatch(new RegExp(`Ein Platz ist frei bei Tally #${at.gameId} \\(.* · 1\\. Platz\\), für <@${first.id}> spielt gerade ein Computer\\.`));
    expect(post.buttons.map((b) => b.label)).toEqual(['Platz übernehmen']);

    // The stand-in plays the turn that was due; the other player decides; then Carol takes the seat.
    await until(env.fake, () => mentionedToAct(calls(at).at(-1)!).includes(second.id), 'the call to the other player', WAIT_MS);
    const seated = await answerTo(carol, post, buttonFor(post, 'bench'));
    expect(seated.content).toMatch(new RegExp(`^The seat is yours: you play it at \\[Tally #${at.gameId}\\]\\(https://discord\\.com/channels/`));
    await until(env.fake, () => env.fake.channelMessages(at.thread).some((m) => m.text.includes(`<@${carol.id}> übernimmt den Platz von <@${first.id}> von der Ersatzbank; der Computer spielt ihn nicht mehr.`)), 'the table told in German', WAIT_MS);
    await until(env.fake, () => env.fake.message(post.id)!.buttons.length === 0, 'the bench post closed', WAIT_MS);
    expect(env.fake.message(post.id)!.content).toContain(`✅ Übernommen von <@${carol.id}>.`);

    // The other player ends their turn: Carol decides, on the increment of the seat's empty bank.
    await playTurn({ fake: env.fake, channelId: at.thread, latest: () => calls(at).at(-1) }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null });
    await until(env.fake, () => mentionedToAct(calls(at).at(-1)!).includes(carol.id), 'the call asking Carol', WAIT_MS);
    const now = await game(at);
    const seat = now.seats.find((s) => s.userId === carol.id)!.seat;
    const bank = (await env.service.banksNow(now)).find((b) => b.seat === seat)!;
    expect(bank.running).toBe(true);
    expect(bank.leftMs).toBeGreaterThan(0);
    expect(bank.leftMs).toBeLessThanOrEqual(5 * MINUTE);
    expect(now.seats[seat]!.computer).toBeNull();
    env.fake.assertNoViolations();
  });

  it('at another table the idle vote hands a seat over: the bench offers it too, naming that table', async () => {
    const at = await table();
    const first = env.fake.users.get(mentionedToAct(calls(at).at(-1)!)[0]!);
    const second = first === alice ? bob : alice;
    await later(48 * HOUR);
    const vote = env.fake.channelMessages(at.thread).filter((m) => hasButton(m, 'vote')).at(-1)!;
    const skip = vote.buttons.find((b) => b.customId!.endsWith(':skip'))!;
    await answerTo(second, vote, skip.customId!);
    const post = await offerOf(at.gameId);
    expect(post.content).toContain(`für <@${first.id}> spielt gerade ein Computer.`);
    // Each table's offer names its own game: one post for this one.
    expect(post.buttons.map((b) => b.label)).toEqual(['Platz übernehmen']);
    expect(env.fake.channelMessages(bench).filter((m) => m.content.includes(`Tally #${at.gameId} `))).toHaveLength(1);
    // A player of that table is refused in their own language.
    expect((await answerTo(second, post, buttonFor(post, 'bench'))).content).toBe(second === bob ? 'Je speelt al aan die tafel: een invaller komt van buiten de tafel.' : 'Du spielst schon an diesem Tisch: Ersatzspieler kommen von außerhalb.');
    env.fake.assertNoViolations();
  });

  it('a learning game left for days never reaches the bench', async () => {
    const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    const handle = await dave.runCommand(channel, 'game', { subcommand: 'learn', options: { game: 'tally' } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game learn' });
    const thread = (): string | undefined => env.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id;
    await until(env.fake, () => thread() !== undefined && env.fake.channelMessages(thread()!).some((m) => mentionedToAct(m).includes(dave.id)), 'the learning game asking the learner', WAIT_MS);
    const call = env.fake.channelMessages(thread()!).find((m) => hasButton(m, 'turn'))!;
    const gameId = parseCustomId(buttonFor(call, 'turn'))!.gameId;
    for (let hours = 0; hours < 5 * 24; hours += 12) await later(12 * HOUR);
    await env.bot.deliverer.poll();
    // The other tables' seats left for days go to the bench; the learner's never does.
    expect(env.fake.channelMessages(bench).filter((m) => m.content.includes(`Tally #${gameId} `))).toEqual([]);
    expect((await env.service.byId(gameId)).ok).toBe(true);
    env.fake.assertNoViolations();
  });
});

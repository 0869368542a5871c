/**
 * The substitute bench, as a server's members meet it. A server names a bench (a channel, and a role to
 * ping); a seat handed to a computer is offered there; the first member who takes it and is not at the
 * table plays it from then on, is shown their hand privately, and the table is told once; the post says who
 * took it. The seat's result is its holder's at the end, and their rating counts it only when they played at
 * least half of the seat's moves. Its owner comes back only if the substitute agrees. A server without a
 * bench offers nothing. On the small test game (Tally), with a computer player that adds 2 and ends its turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { gameRegistry } from '../../src/games/registry.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, latestCall, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';
import { playTurn } from '../support/turn-driver.js';
import { addTwo } from './seams/at-the-table.js';

const HOUR = 3_600_000;

/** Adds 2 at the start of its turn, then ends the turn. */
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
let dave: FakeUser;
let admin: FakeUser;
let bench: string;
let substitutes: string;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 8 })]),
    seeds: Array.from({ length: 6 }, (_, i) => `bench-${i}`),
    computerPlayer: addsTwoThenEnds,
    // The fake's usual permissions (games in their channels, no threads), and the one that pings a role.
    fake: { botPermissions: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory', 'UseApplicationCommands', 'UseExternalEmojis', 'AddReactions', 'MentionEveryone'] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  dave = env.createUser('dave', { globalName: 'Dave' });
  admin = env.createUser('admin', { globalName: 'Admin', roles: [env.fake.createRole('Admins', ['ManageGuild'])] });
  bench = env.fake.createChannel('bench');
  substitutes = env.fake.createRole('Substitutes');
});

afterAll(async () => {
  await env?.stop();
});

async function game(gameId: number): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game #${gameId} cannot be read`);
  return loaded.game;
}

async function server(user: FakeUser, channel: string, options: Record<string, string | number | boolean> = {}): Promise<string> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'server', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game server' });
  return privateReply(handle, user).content;
}

/** The private answer to a /game subcommand, once complete. */
async function command(user: FakeUser, channel: string, subcommand: string): Promise<string> {
  const handle = await user.runCommand(channel, 'game', { subcommand, options: {} });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /game ${subcommand}` });
  return privateReply(handle, user).content;
}

/** A table of Alice and Bob (and `third`) in a new channel; answers the game, its channel, and who decides first. */
async function table(name: string, third?: FakeUser): Promise<{ gameId: number; channel: string; first: FakeUser; second: FakeUser }> {
  const channel = env.fake.createChannel(name);
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  for (const guest of third === undefined ? [bob] : [bob, third]) await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const first = env.fake.users.get(mentionedToAct(board)[0]!);
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error('no game');
  return { gameId: loaded.game.row.id, channel, first, second: first === alice ? bob : alice };
}

/** The idle time passes; the other player votes to let a computer play `idle`'s seat; the computer plays its turn. */
async function handToComputer(channel: string, idle: FakeUser, other: FakeUser): Promise<void> {
  env.fake.clock.advance(48 * HOUR);
  await env.bot.scheduler.tick();
  const vote = env.fake.channelMessages(channel).filter((m) => hasButton(m, 'vote')).at(-1)!;
  const skip = vote.buttons.find((b) => parseCustomId(b.customId)?.verb === 'vote' && b.customId!.endsWith(':skip'))!;
  await other.clickButton(vote.id, skip.customId!, { until: 'response' });
  // The computer plays the turn that was due; then the other player decides.
  await until(env.fake, () => mentionedToAct(latestCall(env.fake, channel)).includes(other.id), 'the call to the other player after the computer\'s turn', WAIT_MS);
}

/** Plays the turn the table's latest call asks for (adds 2, ends the turn); waits for the next call or the end. */
async function playAddTwo(gameId: number, channel: string): Promise<void> {
  const latest = (): SeenMessage | undefined => [...env.fake.channelMessages(channel)].reverse().find((m) => hasButton(m, 'turn'));
  const call = latest();
  await playTurn({ fake: env.fake, channelId: channel, latest }, { policy: addTwo });
  await until(env.fake, async () => (await game(gameId)).row.status !== 'active' || (latest() !== undefined && latest()!.id !== call?.id), 'the next call, or the end', WAIT_MS);
}

/** Plays turns (each adds 2) until the game ends. */
async function playToTheEnd(gameId: number, channel: string): Promise<void> {
  for (let turn = 0; turn < 20 && (await game(gameId)).row.status === 'active'; turn++) await playAddTwo(gameId, channel);
}

/** The bench's posts about game `gameId`. */
function offersOf(gameId: number): SeenMessage[] {
  return env.fake.channelMessages(bench).filter((m) => m.content.includes(`#${gameId} `));
}

/** Clicks the button `customId` of `message`; answers what the clicker is told privately, once told. */
async function answerTo(user: FakeUser, message: SeenMessage, customId: string): Promise<SeenMessage> {
  const handle = await user.clickButton(message.id, customId, { until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to the click' });
  return privateReply(handle, user);
}

/** Clicks Take the seat on a bench post; answers what the clicker is told privately. */
function take(user: FakeUser, post: SeenMessage): Promise<SeenMessage> {
  return answerTo(user, post, buttonFor(post, 'bench'));
}

/** The allowed mentions of the bot's post in the bench that says `needle`. */
function mentionsOf(needle: string): unknown {
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && r.path === `/channels/${bench}/messages` && JSON.stringify(r.body).includes(needle));
  return (post?.body as { allowed_mentions?: unknown } | undefined)?.allowed_mentions;
}

describe('the substitute bench', () => {
  it('a server without a bench offers nothing; its admins name one the bot can post in, and only they may', async () => {
    const quiet = await table('no-bench');
    await handToComputer(quiet.channel, quiet.first, quiet.second);
    expect((await game(quiet.gameId)).seats.find((s) => s.userId === quiet.first.id)!.computer).toBe('normal');
    await env.bot.deliverer.poll();
    expect(env.fake.channelMessages(bench)).toEqual([]);

    expect(await server(bob, quiet.channel, { bench_channel: bench })).toBe('Only members who may manage the server can change its settings.');
    const closed = env.fake.createChannel('closed-bench');
    env.fake.denyBot(closed, ['SendMessages']);
    expect(await server(admin, quiet.channel, { bench_channel: closed })).toBe(`I cannot post in <#${closed}>: I need to see it and send messages there. Choose another channel or give me those permissions.`);
    const unpinged = env.fake.createChannel('no-pings');
    env.fake.denyBot(unpinged, ['MentionEveryone']);
    expect(await server(admin, quiet.channel, { bench_channel: unpinged, bench_role: substitutes })).toBe(
      `I may not ping <@&${substitutes}> in <#${unpinged}>: make the role mentionable, or allow me to mention all roles there.`,
    );
    expect(await server(admin, quiet.channel)).toContain('**Substitute bench:** none');
    expect(await server(admin, quiet.channel, { bench_channel: bench, bench_role: substitutes })).toContain(`**Substitute bench:** seats handed to a computer are offered in <#${bench}>, pinging <@&${substitutes}>.`);
    // Naming a bench later offers nothing of what was handed over before.
    await env.bot.deliverer.poll();
    expect(env.fake.channelMessages(bench)).toEqual([]);
  });

  it('the seat is offered on the bench; one of two members taking it at once is seated, not a player of the table nor its owner; the game is played to the end and its result is theirs', async () => {
    const at = await table('bench-table');
    const owner = at.first;
    const other = at.second;
    await handToComputer(at.channel, owner, other);
    await until(env.fake, () => offersOf(at.gameId).length === 1, 'the bench post', WAIT_MS);
    const post = offersOf(at.gameId)[0]!;
    const [ping, offer, howTo] = post.content.split('\n');
    expect(ping).toBe(`<@&${substitutes}>`);
    expect(offer).toMatch(new RegExp(`^A seat is open at Tally #${at.gameId} \\(scores \\d+ / \\d+ · 1st place\\), played by a computer for <@${owner.id}> now\\.$`));
    expect(howTo).toBe('The first member not already at that table who takes it plays the seat from now on, and its result is theirs.');
    expect(post.buttons.map((b) => b.label)).toEqual(['Take the seat']);
    // The role is pinged, and nobody else.
    expect(mentionsOf(`Tally #${at.gameId} `)).toEqual({ parse: [], roles: [substitutes], users: [] });

    expect((await take(other, post)).content).toBe('You already play at that table: a substitute comes from outside it.');
    expect((await take(owner, post)).content).toBe('This is your own seat: take it back with Take my turn on the board, then Take my seat back.');

    // Carol and Dave take it at the same moment: exactly one of them is seated.
    const [byCarol, byDave] = await Promise.all([take(carol, post), take(dave, post)]);
    const answers = [byCarol.content, byDave.content];
    expect(answers.filter((a) => a.startsWith(`The seat is yours: you play it at [Tally #${at.gameId}](`))).toHaveLength(1);
    expect(answers.filter((a) => a === 'This seat is already taken (or the game is over): nothing changed.')).toHaveLength(1);
    const taker = byCarol.content.startsWith('The seat is yours') ? carol : dave;
    const seated = taker === carol ? byCarol : byDave;
    // Their hand, privately, with the seat.
    expect(seated.ephemeral).toBe(true);
    expect(seated.content).toContain('Your hand');
    const seats = (await game(at.gameId)).seats;
    expect(seats.find((s) => s.userId === taker.id)).toMatchObject({ computer: null, leftAt: null });
    expect(seats.some((s) => s.userId === owner.id)).toBe(false);

    // The table is told once; the bench post says who took it and has no button left.
    const told = env.fake.channelMessages(at.channel).filter((m) => m.text.includes(`<@${taker.id}> takes <@${owner.id}>'s seat from the bench; the computer stops playing it.`));
    expect(told).toHaveLength(1);
    await until(env.fake, () => env.fake.message(post.id)!.buttons.length === 0, 'the bench post closed', WAIT_MS);
    expect(env.fake.message(post.id)!.content).toContain(`✅ Taken by <@${taker.id}>.`);
    expect(env.fake.message(post.id)!.content).not.toContain(`<@&${substitutes}>`);

    // The substitute and the other player play on to the end (each adds 2 a turn): the substitute wins.
    await playToTheEnd(at.gameId, at.channel);
    const ended = await game(at.gameId);
    expect(ended.row.status).toBe('finished');
    const results = await env.service.finalResult(at.gameId);
    expect(results.find((r) => r.userId === taker.id)).toMatchObject({ rank: 1, left: false });
    expect(results.some((r) => r.userId === owner.id)).toBe(false);
    // The history tells the one stored result: the substitute placed, the owner not at all.
    const history = (await command(other, at.channel, 'history')).split('\n').find((l) => l.startsWith(`#${at.gameId} `))!;
    expect(history).toContain(`<@${taker.id}>`);
    expect(history).not.toContain(`<@${owner.id}>`);
    // The log tells each move by who held the seat then: the computer's for the owner, then the substitute's own.
    const name = (u: FakeUser): string => u.name[0]!.toUpperCase() + u.name.slice(1);
    const log = await command(other, at.channel, 'log');
    expect(log).toMatch(new RegExp(`${name(owner)} \\(computer\\) adds 2`));
    expect(log).toMatch(new RegExp(`${name(taker)} adds 2`));
    expect(log).not.toMatch(new RegExp(`${name(taker)} \\(computer\\)`));
    // Who held the seat, read once for every surface: the owner from the start, then the substitute.
    const holders = (await env.service.seatHolders(ended)).get(ended.seats.find((s) => s.userId === taker.id)!.seat)!;
    expect(holders.map((h) => h.userId)).toEqual([owner.id, taker.id]);
    expect(holders[0]!.fromSequence).toBe(0);
    expect(holders[1]!.fromSequence).toBeGreaterThan(0);
    // The substitute made most of the seat's moves: their rating counts the win; the owner is rated as one who left.
    const rated = await env.service.playerRatings(env.fake.guildId, taker.id);
    expect(rated).toHaveLength(1);
    expect(rated[0]!.games).toBe(1);
    expect(rated[0]!.mu).toBeGreaterThan(25);
    const ownerRating = (await env.service.playerRatings(env.fake.guildId, owner.id)).find((r) => r.kind === 'tally');
    expect(ownerRating?.mu).toBeLessThan(25);
    env.fake.assertNoViolations();
  });

  it('the owner asks for the seat back: the substitute keeps it, then gives it back', async () => {
    const at = await table('ask-back');
    const owner = at.first;
    const other = at.second;
    await handToComputer(at.channel, owner, other);
    await until(env.fake, () => offersOf(at.gameId).length === 1, 'the bench post', WAIT_MS);
    expect((await take(carol, offersOf(at.gameId)[0]!)).content).toMatch(/^The seat is yours/);

    const ask = async (): Promise<SeenMessage> => {
      const call = latestCall(env.fake, at.channel);
      const offer = await answerTo(owner, call, buttonFor(call, 'turn'));
      expect(offer.content).toBe(`<@${carol.id}> took your seat from the bench and plays it now. You can come back only if they agree.`);
      const before = env.fake.channelMessages(at.channel).length;
      const asked = await answerTo(owner, offer, buttonFor(offer, 'askback'));
      expect(asked.content).toBe(`<@${carol.id}> has been asked in the channel; the seat is yours again only if they agree.`);
      await until(env.fake, () => env.fake.channelMessages(at.channel).length > before, 'the request in the channel', WAIT_MS);
      return env.fake.channelMessages(at.channel).at(-1)!;
    };
    const first = await ask();
    expect(first.content).toBe(`<@${carol.id}>, <@${owner.id}> would like their seat back. Will you give it back?`);
    // Only the substitute answers.
    const foreign = await answerTo(other, first, first.buttons.find((b) => b.label === 'Give the seat back')!.customId!);
    expect(foreign.content).toBe('Only the player who holds that seat now can answer.');
    await answerTo(carol, first, first.buttons.find((b) => b.label === 'Keep it')!.customId!);
    expect(env.fake.message(first.id)!.content).toBe(`<@${carol.id}> keeps the seat.`);
    expect((await game(at.gameId)).seats.some((s) => s.userId === carol.id)).toBe(true);

    const second = await ask();
    await answerTo(carol, second, second.buttons.find((b) => b.label === 'Give the seat back')!.customId!);
    expect(env.fake.message(second.id)!.content).toBe(`<@${carol.id}> gave the seat back to <@${owner.id}>.`);
    const now = await game(at.gameId);
    const seat = now.seats.find((s) => s.userId === owner.id)!;
    expect(seat).toMatchObject({ computer: null, leftAt: null });
    expect(now.seats.some((s) => s.userId === carol.id)).toBe(false);
    await until(env.fake, () => env.fake.channelMessages(at.channel).some((m) => m.text.includes(`<@${owner.id}> has their seat back: <@${carol.id}> gave it back.`)), 'the table told', WAIT_MS);
    expect((await env.service.seatHolders(now)).get(seat.seat)!.map((h) => h.userId)).toEqual([owner.id, carol.id, owner.id]);
  });

  it('the owner taking their seat back closes the offer; nobody can take it after', async () => {
    const at = await table('owner-back');
    await handToComputer(at.channel, at.first, at.second);
    await until(env.fake, () => offersOf(at.gameId).length === 1, 'the bench post', WAIT_MS);
    const post = offersOf(at.gameId)[0]!;
    const call = latestCall(env.fake, at.channel);
    const offer = await answerTo(at.first, call, buttonFor(call, 'turn'));
    await answerTo(at.first, offer, buttonFor(offer, 'reclaim'));
    await until(env.fake, () => env.fake.message(post.id)!.buttons.length === 0, 'the bench post closed', WAIT_MS);
    expect(env.fake.message(post.id)!.content).toContain(`🔒 Closed: <@${at.first.id}> took their seat back.`);
    const seat = (await game(at.gameId)).seats.find((s) => s.userId === at.first.id)!.seat;
    expect(await env.service.takeSeat(at.gameId, seat, { userId: carol.id, displayName: 'Carol' }, env.fake.guildId)).toMatchObject({ ok: false, code: 'seat_taken' });
    // Nor from another server (a click made up elsewhere): no such game there.
    expect(await env.service.takeSeat(at.gameId, seat, { userId: carol.id, displayName: 'Carol' }, null)).toMatchObject({ ok: false, code: 'no_game' });
  });

  it('a player the others removed by vote gets the seat back neither from the bench nor from its substitute', async () => {
    const erin = env.createUser('erin', { globalName: 'Erin' });
    const at = await table('removed', erin);
    const removed = at.first;
    const voters = [alice, bob, erin].filter((u) => u !== removed);
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    const vote = env.fake.channelMessages(at.channel).filter((m) => hasButton(m, 'vote')).at(-1)!;
    const kick = vote.buttons.find((b) => b.customId!.endsWith(':kick'))!.customId!;
    for (const voter of voters) await answerTo(voter, vote, kick);
    await until(env.fake, () => offersOf(at.gameId).length === 1, 'the bench post', WAIT_MS);
    await until(env.fake, () => !mentionedToAct(latestCall(env.fake, at.channel)).includes(removed.id), 'the computer\'s turn over', WAIT_MS);
    const post = offersOf(at.gameId)[0]!;
    expect((await take(removed, post)).content).toBe('The other players removed you from this game by vote; a computer player plays your seat to the end, and it cannot be taken back.');
    expect((await take(carol, post)).content).toMatch(/^The seat is yours/);
    const call = latestCall(env.fake, at.channel);
    const answer = await answerTo(removed, call, buttonFor(call, 'turn'));
    expect(answer.content).toBe('You are not playing in this game.');
    expect(hasButton(answer, 'askback')).toBe(false);
    expect(await env.service.askSeatBack(at.gameId, removed.id)).toMatchObject({ ok: false, code: 'not_a_player' });
  });

  it('a substitute who played less than half of the seat\'s moves has the result but no rating from it', async () => {
    const at = await table('late-substitute');
    const owner = at.first;
    const other = at.second;
    // The owner plays two turns of their own, then goes idle: the computer plays for them, Dave takes the seat.
    for (let turn = 0; turn < 4; turn++) await playAddTwo(at.gameId, at.channel);
    await handToComputer(at.channel, owner, other);
    await until(env.fake, () => offersOf(at.gameId).length === 1, 'the bench post', WAIT_MS);
    expect((await take(dave, offersOf(at.gameId)[0]!)).content).toMatch(/^The seat is yours/);
    await playToTheEnd(at.gameId, at.channel);
    expect((await game(at.gameId)).row.status).toBe('finished');
    const results = await env.service.finalResult(at.gameId);
    expect(results.find((r) => r.userId === dave.id)).toMatchObject({ rank: 1 });
    expect((await env.service.playerRatings(env.fake.guildId, dave.id)).filter((r) => r.kind === 'tally')).toEqual([]);
  });

  it('the ratings rebuilt from the stored results are those the games gave, the share rule and the owners included', async () => {
    const store = new SqliteStore(env.database);
    const stored = async (): Promise<unknown[]> => (await store.ratings.stored(env.fake.guildId)).map(({ playerId, kind, mu, sigma, games }) => ({ playerId, kind, mu, sigma, games }));
    const given = await stored();
    expect(given.length).toBeGreaterThan(0);
    await store.ratings.rebuild(env.fake.guildId);
    expect(await stored()).toEqual(given);
  });
});

/**
 * A forum as the substitute bench. A server may name a forum instead of a text channel: a seat handed to a
 * computer is then offered as a post of the forum (its title names the table), its starter message pinging
 * the bench's role with Take the seat; once taken, that starter message says who took it. Exactly once: a
 * forum post takes no nonce, so when the answer to opening it is lost, the offer takes the post Discord
 * opened instead of opening a second. On the small test game (Tally), with a computer player that adds 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, latestCall, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

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
let textBench: string;
let forum: string;
let substitutes: string;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 8 })]),
    seeds: Array.from({ length: 4 }, (_, i) => `bench-forum-${i}`),
    computerPlayer: addsTwoThenEnds,
    // The fake's usual permissions (games in their channels, no threads), and the one that pings a role.
    fake: { botPermissions: ['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory', 'UseApplicationCommands', 'UseExternalEmojis', 'AddReactions', 'MentionEveryone'] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  dave = env.createUser('dave', { globalName: 'Dave' });
  admin = env.createUser('admin', { globalName: 'Admin', roles: [env.fake.createRole('Admins', ['ManageGuild'])] });
  textBench = env.fake.createChannel('bench');
  forum = env.fake.createChannel('bench-forum', { type: 'forum' });
  substitutes = env.fake.createRole('Substitutes');
});

afterAll(async () => {
  await env?.stop();
});

async function server(user: FakeUser, channel: string, options: Record<string, string | number | boolean> = {}): Promise<string> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'server', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game server' });
  return privateReply(handle, user).content;
}

/** A table of Alice and Bob in a new channel; answers the game, its channel, and who decides first. */
async function table(name: string): Promise<{ gameId: number; channel: string; first: FakeUser; second: FakeUser }> {
  const channel = env.fake.createChannel(name);
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const first = env.fake.users.get(mentionedToAct(board)[0]!);
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error('no game');
  return { gameId: loaded.game.row.id, channel, first, second: first === alice ? bob : alice };
}

/** The idle time passes; the other player votes to let a computer play the idle seat. */
async function voteComputerIn(channel: string, other: FakeUser): Promise<void> {
  env.fake.clock.advance(48 * HOUR);
  await env.bot.scheduler.tick();
  const vote = env.fake.channelMessages(channel).filter((m) => hasButton(m, 'vote')).at(-1)!;
  const skip = vote.buttons.find((b) => parseCustomId(b.customId)?.verb === 'vote' && b.customId!.endsWith(':skip'))!;
  await other.clickButton(vote.id, skip.customId!, { until: 'response' });
}

/** The forum's posts offering a seat of game `gameId`. */
function postsOf(gameId: number): { id: string; name: string }[] {
  return env.fake.threadsOf(forum).filter((t) => t.name === `Tally #${gameId}: a seat is open`);
}

/** A post's starter message (it has the post's id). */
function starterOf(postId: string): SeenMessage {
  const starter = env.fake.channelMessages(postId)[0];
  if (starter?.id !== postId) throw new Error(`post ${postId} has no starter message`);
  return starter;
}

/** Clicks the button `customId` of `message`; answers what the clicker is told privately, once told. */
async function answerTo(user: FakeUser, message: SeenMessage, customId: string): Promise<SeenMessage> {
  const handle = await user.clickButton(message.id, customId, { until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to the click' });
  return privateReply(handle, user);
}

/** Clicks Take the seat on a post's starter message; answers what the clicker is told privately. */
function take(user: FakeUser, starter: SeenMessage): Promise<SeenMessage> {
  return answerTo(user, starter, buttonFor(starter, 'bench'));
}

describe('a forum as the substitute bench', () => {
  it('a server switches its bench from a text channel to a forum: the seat is one post there pinging the role; a member takes it; the post then says who took it', async () => {
    const at = await table('forum-table');
    expect(await server(admin, at.channel, { bench_channel: textBench, bench_role: substitutes })).toContain(`offered in <#${textBench}>, pinging <@&${substitutes}>.`);
    // A forum where the bot may not open posts is refused, as a text channel where it may not post.
    const closed = env.fake.createChannel('closed-forum', { type: 'forum' });
    env.fake.denyBot(closed, ['SendMessages']);
    expect(await server(admin, at.channel, { bench_channel: closed })).toBe(`I cannot post in <#${closed}>: I need to see it and send messages there. Choose another channel or give me those permissions.`);
    // So is one that asks a tag of every post: the bot adds none.
    const tagged = env.fake.createChannel('tagged-forum', { type: 'forum', requireTag: true });
    expect(await server(admin, at.channel, { bench_channel: tagged })).toBe(`<#${tagged}> asks a tag of every post, and I add none: choose another channel, or let posts there go without a tag.`);
    expect(await server(admin, at.channel, { bench_channel: forum, bench_role: substitutes })).toContain(`offered in <#${forum}>, pinging <@&${substitutes}>.`);

    await voteComputerIn(at.channel, at.second);
    await until(env.fake, () => mentionedToAct(latestCall(env.fake, at.channel)).includes(at.second.id), 'the call to the other player after the computer\'s turn', WAIT_MS);
    await until(env.fake, () => postsOf(at.gameId).length === 1 && env.fake.channelMessages(postsOf(at.gameId)[0]!.id).length > 0, 'the forum post', WAIT_MS);
    const [post] = postsOf(at.gameId);
    const starter = starterOf(post!.id);
    const [ping, offer] = starter.content.split('\n');
    expect(ping).toBe(`<@&${substitutes}>`);
    expect(offer).toMatch(new RegExp(`^A seat is open at Tally #${at.gameId} \\(.* place\\), played by a computer for <@${at.first.id}> now\\.$`));
    expect(starter.buttons.map((b) => b.label)).toEqual(['Take the seat']);
    // The role is pinged, and nobody else; nothing goes to the bench of before.
    const opened = env.fake.requests.find((r) => r.method === 'POST' && r.path === `/channels/${forum}/threads`);
    expect((opened?.body as { message?: { allowed_mentions?: unknown } }).message?.allowed_mentions).toEqual({ parse: [], roles: [substitutes], users: [] });
    expect(env.fake.channelMessages(textBench)).toEqual([]);

    const seated = await take(carol, starter);
    expect(seated.content).toMatch(new RegExp(`^The seat is yours: you play it at \\[Tally #${at.gameId}\\]\\(`));
    await until(env.fake, () => env.fake.message(post!.id)!.buttons.length === 0, 'the post closed', WAIT_MS);
    expect(env.fake.message(post!.id)!.content).toContain(`✅ Taken by <@${carol.id}>.`);
    expect(postsOf(at.gameId)).toHaveLength(1);
    env.fake.assertNoViolations();
  });

  it('when the answer to opening the post is lost, the offer takes the post Discord opened: one post, and the seat is taken from it', async () => {
    const at = await table('lost-post');
    expect(await server(admin, at.channel, { bench_channel: forum, bench_role: substitutes })).toContain(`offered in <#${forum}>`);
    env.fake.failNext('POST /channels/{channel_id}/threads', { status: 201, lost: true });
    await voteComputerIn(at.channel, at.second);
    await until(env.fake, () => env.fake.requests.some((r) => r.fault === 'answer lost' && r.path === `/channels/${forum}/threads`), 'the post opened, its answer lost', WAIT_MS);
    expect(postsOf(at.gameId)).toHaveLength(1);
    const [post] = postsOf(at.gameId);
    // The offer is tried again once due (the bot's clock), until it is recorded.
    for (let attempt = 0; attempt < 30 && !(await env.service.outbox.isTracked(at.gameId, post!.id)); attempt++) {
      env.fake.clock.advance(60_000);
      await env.bot.deliverer.poll();
    }
    expect(await env.service.outbox.isTracked(at.gameId, post!.id)).toBe(true);
    expect(postsOf(at.gameId)).toHaveLength(1);

    const seated = await take(dave, starterOf(post!.id));
    expect(seated.content).toMatch(/^The seat is yours/);
    await until(env.fake, () => env.fake.message(post!.id)!.buttons.length === 0, 'the post closed', WAIT_MS);
    expect(env.fake.message(post!.id)!.content).toContain(`✅ Taken by <@${dave.id}>.`);
    env.fake.assertNoViolations();
  });

  it('the owner taking their seat back closes the post: its starter message says so and has no button left', async () => {
    const at = await table('owner-back');
    expect(await server(admin, at.channel, { bench_channel: forum, bench_role: substitutes })).toContain(`offered in <#${forum}>`);
    await voteComputerIn(at.channel, at.second);
    await until(env.fake, () => mentionedToAct(latestCall(env.fake, at.channel)).includes(at.second.id), 'the call to the other player after the computer\'s turn', WAIT_MS);
    await until(env.fake, () => postsOf(at.gameId).length === 1 && env.fake.channelMessages(postsOf(at.gameId)[0]!.id).length > 0, 'the forum post', WAIT_MS);
    const [post] = postsOf(at.gameId);
    const call = latestCall(env.fake, at.channel);
    const offer = await answerTo(at.first, call, buttonFor(call, 'turn'));
    await answerTo(at.first, offer, buttonFor(offer, 'reclaim'));
    await until(env.fake, () => env.fake.message(post!.id)!.buttons.length === 0, 'the post closed', WAIT_MS);
    expect(env.fake.message(post!.id)!.content).toContain(`🔒 Closed: <@${at.first.id}> took their seat back.`);
    expect(env.fake.channelMessages(post!.id)).toHaveLength(1);
    env.fake.assertNoViolations();
  });
});

/**
 * What one bad row, one bad name or one forged click can do to everyone else: nothing. Through the fake
 * Discord with the real client, on the small test game (Tally): Discord failing for a while, damaged rows
 * of every table, display names full of markdown, a custom_id carried into another channel, a stale Start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, choose, clickForBoard, hasButton, latestBoard, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake } from './harness.js';
import { endTheTurn, playTurn } from '../support/turn-driver.js';

const HOUR = 3_600_000;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let mallory: FakeUser;
let nitro: FakeUser;

/** Names that would be markdown, links or mentions if pasted into a message as they are. */
const HOSTILE_NAMES = {
  nitro: '[Free Nitro](https://evil.example)',
  mallory: '**Mallory** # <@&123> @everyone `x` ||spoiler|| 0123456789012345678901234567890123456789',
};

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: Array.from({ length: 20 }, (_, i) => `safety-${i}`),
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  mallory = env.createUser('mallory', { globalName: HOSTILE_NAMES.mallory });
  nitro = env.createUser('nitro', { globalName: HOSTILE_NAMES.nitro });
});

afterAll(async () => {
  await env?.stop();
});

async function startTally(channel: string, host: FakeUser, others: FakeUser[]): Promise<SeenMessage> {
  const lobby = await openLobby(host, channel, { game: 'tally' });
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function openPanel(user: FakeUser, board: SeenMessage): Promise<SeenMessage> {
  return privateReply(await user.clickButton(board.id, buttonFor(board, 'turn')), user);
}

/** Ends the turn of whoever must act on the latest board; returns the next board. */
async function endTurn(channel: string): Promise<SeenMessage> {
  const played = await playTurn({ fake: env.fake, channelId: channel }, { policy: endTheTurn, awaitNextBoard: true });
  return played!.next!;
}

describe('Discord failing for a while', () => {
  it('5xx on every attempt, then recovery: the board arrives once, without a click, and the old one is disarmed', async () => {
    const channel = env.fake.createChannel('outage-5xx');
    const board = await startTally(channel, alice, [bob]);
    const user = env.fake.users.get(mentionedToAct(board)[0]!);
    const panel = await openPanel(user, board);
    // The next three posts fail with a server error (discord.js does not retry them here): the board as the
    // click's follow-up, then twice in the channel, where the outbox tries again once the click is answered.
    env.fake.failNext('POST /webhooks/{webhook_id}/{webhook_token}', { status: 502 });
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 502, times: 2 });
    const click = await choose(user, panel, offered(panel).find((o) => /End the turn/.test(o.label))!);
    expect(click.reply!.text).toMatch(/as soon as Discord accepts it/);
    await click.waitFor(() => latestBoard(env.fake, channel).id !== board.id && env.fake.message(board.id)!.buttons.length === 0, {
      timeoutMs: 30_000,
      description: 'the board after the outage',
    });
    expect(env.fake.pendingFaults).toEqual([]);
    const posted = env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0);
    expect(posted).toHaveLength(2);
    expect(mentionedToAct(posted[1]!)).not.toContain(user.id);
    const failures = env.logs.filter((l) => l.msg === 'delivery failed; it will be tried again' && l.channelId === channel);
    expect(failures.map((l) => l.attempt)).toEqual([1, 2, 3]);
    env.fake.takeViolations();
  });
});

describe('damaged rows', () => {
  it('a damaged options, state, action, seat and job row each: the bot starts, that game answers "damaged", the others play and remind', async () => {
    const kinds = ['options', 'state', 'action', 'seat', 'job'] as const;
    const channels = Object.fromEntries(kinds.map((k) => [k, env.fake.createChannel(`damaged-${k}`)])) as Record<(typeof kinds)[number], string>;
    for (const kind of kinds) await startTally(channels[kind], alice, [bob]);
    const healthy = env.fake.createChannel('healthy');
    await startTally(healthy, bob, [alice]);
    // One action in the log of the game whose action row will be damaged; a new turn (and its reminder job) in the other.
    await endTurn(channels.action);
    await endTurn(channels.job);
    const ids = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, (await gameIn(channels[k])).row.id]))) as Record<(typeof kinds)[number], number>;
    const sql = env.database.sqlite;
    sql.prepare('UPDATE games SET options = ? WHERE id = ?').run('{"capacity": 5,', ids.options);
    sql.prepare('UPDATE games SET state = ? WHERE id = ?').run('{"truncated":', ids.state);
    sql.prepare('UPDATE actions SET action = ? WHERE game_id = ?').run('{"type":', ids.action);
    sql.prepare('UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = 0').run('not a user', ids.seat);
    sql.prepare("UPDATE scheduled_jobs SET payload = ? WHERE game_id = ? AND kind = 'reminder'").run('{"marker":', ids.job);
    // Read through the bot's current connection (a restart opens a new one).
    const snapshot = (): unknown[] => [
      env.database.sqlite.prepare('SELECT * FROM games WHERE id IN (?, ?, ?, ?) ORDER BY id').all(ids.options, ids.state, ids.action, ids.seat),
      env.database.sqlite.prepare('SELECT * FROM actions WHERE game_id = ?').all(ids.action),
      env.database.sqlite.prepare('SELECT * FROM seats WHERE game_id = ?').all(ids.seat),
      env.database.sqlite.prepare('SELECT * FROM scheduled_jobs WHERE game_id = ?').all(ids.job),
    ];
    const before = snapshot();

    // The bot starts on this database (the check of stored games runs after login).
    await env.restart();
    for (const kind of ['options', 'state', 'action', 'seat'] as const) {
      const status = await alice.runCommand(channels[kind], 'game', { subcommand: 'status' });
      expect(privateReply(status, alice).text).toContain(`The game #${ids[kind]} in this channel is damaged`);
    }
    // The healthy game plays on and its reminder fires; the damaged reminder job is set aside (a second
    // tick does not trip over it again).
    await endTurn(healthy);
    env.fake.clock.advance(12 * HOUR);
    await env.bot.scheduler.tick();
    await env.bot.scheduler.tick();
    const reminded = (channel: string): boolean => env.fake.channelMessages(channel).some((m) => hasButton(m, 'snooze'));
    expect(reminded(healthy)).toBe(true);
    expect(reminded(channels.job)).toBe(false);
    // Each damaged row is reported once, with its table, id and channel; none was deleted or rewritten.
    const reports = env.logs.filter((l) => l.msg === 'damaged game set aside: its channel is told, every other channel keeps working' || l.msg === 'damaged row set aside');
    for (const kind of ['options', 'state', 'action', 'seat'] as const) {
      expect(reports.filter((l) => l.table === 'games' && l.gameId === ids[kind] && l.channelId === channels[kind])).toHaveLength(1);
    }
    expect(reports.filter((l) => l.table === 'scheduled_jobs' && l.gameId === ids.job && l.channelId === channels.job)).toHaveLength(1);
    expect(snapshot()).toEqual(before);
    // The game whose job was damaged still plays (its next turn writes new jobs).
    await endTurn(channels.job);
    env.fake.assertNoViolations();
  });
});

describe('names are text', () => {
  it('display names with markdown, masked links, mentions and more than 32 characters are plain text in every public message', async () => {
    const channel = env.fake.createChannel('names');
    await startTally(channel, nitro, [mallory]);
    for (let turn = 0; turn < 3; turn++) await endTurn(channel);
    // An idle vote names the players too.
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    const publicTexts = env.fake.channelMessages(channel).map((m) => m.text);
    // Escaped, and cut at Discord's 32 characters for a name.
    expect(publicTexts.join('\n')).toContain('\\[Free Nitro\\]\\(https\\://evil\\.examp…');
    for (const text of publicTexts) {
      // No masked link, no bold, no role or everyone mention, no heading that a name could have made.
      expect(text).not.toMatch(/(^|[^\\])\[Free Nitro(\\)?\]\(/);
      expect(text).not.toContain('**Mallory**');
      expect(text).not.toMatch(/(^|[^\\])<@&123>/);
      expect(text).not.toMatch(/(^|[^\\])@everyone/);
      expect(text).not.toContain('0123456789012345678901234567890123456789');
    }
    // Button labels carry the name unescaped but bounded (labels are not markdown).
    const vote = env.fake.channelMessages(channel).find((m) => hasButton(m, 'vote'))!;
    for (const label of vote.buttons.map((b) => b.label ?? '')) expect(label.length).toBeLessThanOrEqual(80);
    env.fake.assertNoViolations();
  });
});

describe('the click belongs to its message', () => {
  it("a custom_id of channel B's game, clicked on a message in channel A, is refused and changes nothing", async () => {
    const a = env.fake.createChannel('forge-a');
    const b = env.fake.createChannel('forge-b');
    const boardA = await startTally(a, alice, [bob]);
    const boardB = await startTally(b, alice, [bob]);
    const gameB = await gameIn(b);
    const actor = env.fake.users.get(mentionedToAct(boardB)[0]!);
    const panelB = await openPanel(actor, boardB);
    const endB = offered(panelB).find((o) => /End the turn/.test(o.label))!;
    // The end-turn custom_id of B's panel, sent on A's board.
    const forged = await actor.forgeClick(boardA.id, endB.customId);
    expect(forged.followUps[0]).toMatchObject({ ephemeral: true, content: 'This button belongs to a game in another channel. Nothing was changed.' });
    expect((await gameIn(b)).row.version).toBe(gameB.row.version);
    expect(latestBoard(env.fake, b).id).toBe(boardB.id);
    env.fake.assertNoViolations();
  });
});

describe('smaller things said plainly', () => {
  it('a stale Start says what changed and shows the current lobby; a Start on a started game links its board', async () => {
    const channel = env.fake.createChannel('stale-start');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    const staleStart = buttonFor(lobby, 'start');
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    // A Start from before Bob joined (a second client still showing the old lobby).
    const stale = await alice.forgeClick(lobby.id, staleStart);
    expect(stale.followUps[0]?.text).toMatch(/The lobby changed a moment ago/);
    expect(env.fake.message(lobby.id)!.text).toContain('Players (2/');
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    expect(env.fake.message(lobby.id)!.buttons).toEqual([]);
    expect((await gameIn(channel)).row.status).toBe('active');
    // The old Start once more (a second client still showing it): the game has started, here is its board.
    const late = await alice.forgeClick(lobby.id, staleStart);
    expect(late.followUps[0]?.text).toMatch(new RegExp(`already started: \\[Open its board\\]\\(https://discord.com/channels/\\d+/${channel}/${latestBoard(env.fake, channel).id}\\)`));
  });
});

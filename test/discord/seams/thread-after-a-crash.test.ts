/**
 * A table's thread survives the moment Discord opens it: the bot runs as a real process (SIGKILL is a real
 * kill) on a SQLite file against the fake Discord, in a German server, with two tables in one channel.
 * When Discord created a table's thread but its answer never reached the bot (the bot killed as the
 * request arrived, or the answer lost on the way), the bot takes that thread as the table's own: the first
 * board arrives once, in it, and its buttons answer.
 *
 * Crosses: tables, languages
 */
import Database from 'better-sqlite3';
import { Locale } from 'discord.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser, type RequestRecord, type SeenMessage } from '../../fake-discord/index.js';
import { BotProcess, until } from '../bot-process.js';
import { boards, buttonFor, hasButton, mentionedToAct, openPrivately, tempDbFile, INVITE_PERMISSIONS } from '../harness.js';

const THREAD_ROUTE = 'POST /channels/{channel_id}/messages/{message_id}/threads';

let fake: FakeDiscord;
let bot: BotProcess;
let db: Database.Database;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let channel: string;

beforeAll(async () => {
  // A wider acknowledgement window than Discord's 3 s: this file kills and restarts a bot process on a
  // busy machine; the 3 s window is held by the in-process tests.
  fake = await FakeDiscord.start({ guild: { name: 'Basar', locale: Locale.German }, botPermissions: [...INVITE_PERMISSIONS], responseWindowMs: 10_000 });
  bot = new BotProcess(fake, tempDbFile('thread-crash'), { RENDER_WORKERS: '1' });
  await bot.start();
  db = new Database(bot.dbFile, { readonly: true, fileMustExist: true });
  alice = fake.users.create('alice', { globalName: 'Alice', locale: 'de' });
  bob = fake.users.create('bob', { globalName: 'Bob', locale: 'de' });
  carol = fake.users.create('carol', { globalName: 'Carol', locale: 'de' });
  channel = fake.createChannel('spieltische');
}, 180_000);

afterEach(() => {
  expect(fake.pendingFaults).toEqual([]);
  fake.assertNoViolations();
});

afterAll(async () => {
  db?.close();
  await bot?.stop();
  bot?.cleanup();
  await fake?.stop();
  if (bot !== undefined) fs.rmSync(path.dirname(bot.dbFile), { recursive: true, force: true });
});

interface GameLine {
  id: number;
  thread_id: string | null;
}

/** The game whose lobby is this message. */
function gameOf(lobbyId: string): GameLine {
  return db.prepare("SELECT g.id, g.thread_id FROM games g JOIN deliveries d ON d.game_id = g.id WHERE d.kind = 'lobby' AND d.message_id = ?").get(lobbyId) as GameLine;
}

/** Deliveries still owed by the game, with why the last attempt failed: nothing is owed once it settled. */
function owed(gameId: number): { kind: string; attempts: number; last_error: string | null }[] {
  return db.prepare("SELECT kind, attempts, last_error FROM deliveries WHERE game_id = ? AND status = 'pending'").all(gameId) as { kind: string; attempts: number; last_error: string | null }[];
}

/** `until`, with what the game still owes and the bot's last log lines in the failure message. */
async function wait(predicate: () => boolean, description: string): Promise<void> {
  try {
    await until(fake, predicate, description);
  } catch (error) {
    const rows = JSON.stringify(db.prepare("SELECT id, game_id, kind, status, attempts, last_error FROM deliveries WHERE status = 'pending'").all());
    throw new Error(`${(error as Error).message}\n${rows}\n${bot.logs.slice(-10).map((l) => JSON.stringify(l).slice(0, 400)).join('\n')}`);
  }
}

/** Opens a two-player Kairo table in the channel and lets the guest join; resolves with the full lobby message. */
async function fullLobby(host: FakeUser, guest: FakeUser): Promise<SeenMessage> {
  const before = new Set(fake.channelMessages(channel).map((m) => m.id));
  const handle = await host.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'kairo', players: 2, layout: 'quick' }, until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 60_000, description: 'the answer to /game new' });
  const lobby = (): SeenMessage | undefined => fake.channelMessages(channel).find((m) => !before.has(m.id) && hasButton(m, 'join'));
  await wait(() => lobby() !== undefined, 'the lobby');
  const id = lobby()!.id;
  const revisions = fake.world.messages.get(id)?.revisions.length ?? 0;
  await guest.clickButton(id, buttonFor(lobby()!, 'join'), { until: 'none' });
  await wait(() => (fake.world.messages.get(id)?.revisions.length ?? 0) > revisions && hasButton(fake.message(id)!, 'start'), 'the guest seated');
  return fake.message(id)!;
}

/** The threads grown from a lobby message (a thread opened from a message has the message's id). */
function threadsFrom(lobbyId: string): { id: string; name: string }[] {
  return fake.threadsOf(channel).filter((t) => t.starterMessageId === lobbyId);
}

/** The table's first board is in its thread, once, nothing is owed any more, and the channel holds no board. */
async function boardArrivedOnce(lobby: SeenMessage): Promise<SeenMessage> {
  await wait(() => threadsFrom(lobby.id).length === 1 && boards(fake, lobby.id).length >= 1, 'the first board in the thread');
  const game = gameOf(lobby.id);
  await wait(() => owed(game.id).length === 0, 'nothing more owed');
  const [thread] = threadsFrom(lobby.id);
  // The thread is the table's, on record and on Discord: the one grown from its lobby message, in German.
  expect(thread!.id).toBe(lobby.id);
  expect(gameOf(lobby.id).thread_id).toBe(thread!.id);
  expect(thread!.name).toBe(`Kairo · Spiel #${game.id}`);
  expect(boards(fake, thread!.id)).toHaveLength(1);
  expect(boards(fake, channel)).toEqual([]);
  // The lobby says the game began (no more, no less: the board is in the thread).
  expect(fake.message(lobby.id)!.text).toContain(`(Spiel #${game.id}) hat begonnen`);
  return boards(fake, thread!.id)[0]!;
}

/** One click on the board works: who must act opens their turn privately, in their language. */
async function oneClickWorks(board: SeenMessage): Promise<void> {
  const [first] = mentionedToAct(board);
  const player = fake.users.get(first!);
  const panel = await openPrivately(player, board, buttonFor(board, 'turn'));
  expect(panel.channelId).toBe(board.channelId);
  expect(panel.buttons.length + panel.selects.length).toBeGreaterThan(0);
}

describe('a table whose thread Discord opened while the bot could not hear the answer', () => {
  it('after a kill as Discord opens the thread, the restarted bot plays in that thread: the first board arrives once, there, and its buttons answer', async () => {
    const lobby = await fullLobby(alice, bob);
    const killed = new Promise<void>((resolve) => {
      const listener = (record: RequestRecord): void => {
        if (record.method !== 'POST' || record.path !== `/channels/${channel}/messages/${lobby.id}/threads`) return;
        fake.world.events.off('requestReceived', listener);
        // The request is in: Discord opens the thread, the bot never hears the answer.
        void bot.kill().then(resolve);
      };
      fake.world.events.on('requestReceived', listener);
    });
    await alice.clickButton(lobby.id, buttonFor(lobby, 'start'), { until: 'none' });
    await killed;
    await wait(() => threadsFrom(lobby.id).length === 1, 'Discord to open the thread');
    expect(boards(fake, lobby.id)).toEqual([]);

    await bot.start();
    const board = await boardArrivedOnce(lobby);
    await oneClickWorks(board);
  });

  it('when only the answer to opening the thread is lost, the second table of the channel goes on in the thread Discord opened, apart from the first', async () => {
    const [first] = fake.threadsOf(channel);
    const firstMessages = fake.channelMessages(first!.id).length;
    const lobby = await fullLobby(carol, alice);
    fake.failNext(THREAD_ROUTE, { status: 201, lost: true });
    await carol.clickButton(lobby.id, buttonFor(lobby, 'start'), { until: 'none' });
    const board = await boardArrivedOnce(lobby);
    expect(fake.requests.some((r) => r.fault === 'answer lost' && r.path === `/channels/${channel}/messages/${lobby.id}/threads`)).toBe(true);
    // Each table keeps its own thread; the first one's got nothing of the second.
    expect(fake.threadsOf(channel).map((t) => t.id)).toEqual([first!.id, lobby.id]);
    expect(fake.channelMessages(first!.id)).toHaveLength(firstMessages);
    await oneClickWorks(board);
  });

  it('when the first table\'s thread was deleted and the answer to opening its new one is lost, the table goes on in one new thread, not two', async () => {
    const [first] = fake.threadsOf(channel);
    const lobbyId = first!.id;
    const game = gameOf(lobbyId);
    const named = (): { id: string; name: string }[] => fake.threadsOf(channel).filter((t) => t.name === `Kairo · Spiel #${game.id}`);
    fake.deleteThread(first!.id);
    fake.failNext('POST /channels/{channel_id}/threads', { status: 201, lost: true });
    // The board is asked for again in the channel, which holds two tables: this one is named.
    const handle = await bob.runCommand(channel, 'game', { subcommand: 'status', options: { game: game.id }, until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 60_000, description: 'the answer to /game status' });
    await wait(() => named().some((t) => boards(fake, t.id).length > 0) && owed(game.id).length === 0, 'the board in a new thread');
    expect(fake.requests.some((r) => r.fault === 'answer lost' && r.path === `/channels/${channel}/threads`)).toBe(true);
    const [thread] = named();
    expect(named()).toHaveLength(1);
    expect(gameOf(lobbyId).thread_id).toBe(thread!.id);
    const [board] = boards(fake, thread!.id);
    expect(boards(fake, thread!.id)).toHaveLength(1);
    expect(boards(fake, channel)).toEqual([]);
    await oneClickWorks(board!);
  });
});

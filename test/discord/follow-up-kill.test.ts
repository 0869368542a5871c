/**
 * A board posted as a click's follow-up, under kill -9. A follow-up takes no nonce, so Discord cannot tell
 * a second post of it from a new one: the bot (a real process, on a SQLite file, against the fake Discord)
 * is killed the moment Discord has the board, before its answer leaves, so the delivery stays owed with
 * the board already in the channel. The restarted bot finds that board in the channel and records it:
 * the turn's board is there exactly once, the old board loses its buttons, and the game goes on.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser, type InteractionHandle, type SeenMessage, type StoredMessage } from '../fake-discord/index.js';
import { BotProcess, until } from './bot-process.js';
import { boards, buttonFor, hasButton, mentionedToAct, tempDbFile } from './harness.js';
import { playTurn, type TurnPolicy } from '../support/turn-driver.js';

let fake: FakeDiscord;
let bot: BotProcess;
let db: Database.Database;

beforeAll(async () => {
  // A wider acknowledgement window than Discord's 3 s: this test is about a kill and a restart of a bot
  // process on a busy machine; the 3 s window is held by the in-process tests.
  fake = await FakeDiscord.start({ responseWindowMs: 10_000 });
  bot = new BotProcess(fake, tempDbFile('follow-up-kill'), { RENDER_WORKERS: '1' });
  await bot.start();
  db = new Database(bot.dbFile, { readonly: true, fileMustExist: true });
}, 180_000);

afterAll(async () => {
  db?.close();
  await bot?.stop();
  bot?.cleanup();
  await fake?.stop();
  if (bot !== undefined) fs.rmSync(path.dirname(bot.dbFile), { recursive: true, force: true });
});

interface DeliveryLine {
  id: number;
  kind: string;
  status: string;
  message_id: string | null;
  disarmed_at: number | null;
}

function deliveries(channel: string): DeliveryLine[] {
  const game = (db.prepare('SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1').get(channel) as { id: number }).id;
  return db.prepare('SELECT id, kind, status, message_id, disarmed_at FROM deliveries WHERE game_id = ? ORDER BY id').all(game) as DeliveryLine[];
}

async function wait(channel: string, predicate: () => boolean, description: string): Promise<void> {
  try {
    await until(fake, predicate, description);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${JSON.stringify(deliveries(channel))}\n${bot.logs.slice(-12).map((l) => JSON.stringify(l).slice(0, 400)).join('\n')}`);
  }
}

async function command(user: FakeUser, channel: string, subcommand: string, options: Record<string, string | number> = {}): Promise<void> {
  const handle = await user.runCommand(channel, 'game', { subcommand, options, until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 60_000, description: `the answer to /game ${subcommand}` });
}

async function clickLobby(user: FakeUser, lobby: () => SeenMessage, verb: 'join' | 'start'): Promise<InteractionHandle> {
  const message = lobby();
  const revisions = fake.world.messages.get(message.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(message.id, buttonFor(message, verb), { until: 'response' });
  await handle.waitFor(() => (fake.world.messages.get(message.id)?.revisions.length ?? 0) > revisions, { timeoutMs: 60_000, description: `the lobby after ${verb}` });
  return handle;
}

/** Draws two cards from the deck: a whole Kairo turn that always exists. */
const drawFromDeck: TurnPolicy = ({ choices }) =>
  choices.find((c) => /^Draw 2 cards$|deck/i.test(c.label) && !/display/i.test(c.label)) ?? choices.find((c) => /Draw/i.test(c.label)) ?? choices[0] ?? null;

/** Nothing owed, no old board armed. */
function settled(channel: string): boolean {
  const rows = deliveries(channel);
  const boardRows = rows.filter((d) => d.kind === 'board' && d.status === 'delivered');
  return rows.every((d) => d.status !== 'pending') && boardRows.slice(0, -1).every((d) => d.disarmed_at !== null);
}

describe('a board posted as the follow-up of the click that ended the turn, under kill -9', () => {
  it('killed after Discord has the board and before the bot recorded it: the restarted bot finds it in the channel and records it, never posts it twice', async () => {
    const alice = fake.users.create('alice', { globalName: 'Alice' });
    const bob = fake.users.create('bob', { globalName: 'Bob' });
    const channel = fake.createChannel('follow-up-kill');
    await command(alice, channel, 'new', { game: 'kairo', players: 2, layout: 'quick' });
    const lobby = (): SeenMessage => fake.channelMessages(channel).find((m) => hasButton(m, 'start')) as SeenMessage;
    await wait(channel, () => lobby() !== undefined, 'the lobby');
    await clickLobby(bob, lobby, 'join');
    await clickLobby(alice, lobby, 'start');
    await wait(channel, () => boards(fake, channel).length === 1 && settled(channel), 'the first board');
    const first = boards(fake, channel)[0]!;

    // The moment the turn's board is in the channel as the click's follow-up (Discord has it, its answer
    // has not left yet), the bot is killed.
    let followUp: StoredMessage | undefined;
    const killer = (message: StoredMessage): void => {
      if (message.channelId !== channel || message.interaction === undefined || message.ephemeralFor !== undefined) return;
      fake.world.events.off('messageCreate', killer);
      followUp = message;
      void bot.kill();
    };
    fake.world.events.on('messageCreate', killer);
    try {
      await playTurn({ fake, channelId: channel, latest: () => first, gone: () => !bot.running }, { policy: drawFromDeck });
      await wait(channel, () => followUp !== undefined && !bot.running, 'the kill as the board arrives');
    } finally {
      fake.world.events.off('messageCreate', killer);
    }
    const posted = followUp as StoredMessage;
    // Discord has the board; the bot never recorded it, and the old board still has its buttons.
    expect(boards(fake, channel).map((m) => m.id)).toEqual([first.id, posted.id]);
    const owed = deliveries(channel).filter((d) => d.kind === 'board' && d.status === 'pending');
    expect(owed.map((d) => d.message_id)).toEqual([null]);
    expect(fake.message(first.id)!.buttons).not.toEqual([]);

    const readsBefore = fake.requests.filter((r) => r.method === 'GET' && r.route === '/channels/{channel_id}/messages').length;
    await bot.start();
    await wait(channel, () => settled(channel) && fake.message(first.id)!.buttons.length === 0, 'the restarted bot to settle the outbox');
    // The board is there once, recorded as the turn's delivery; the channel was read back, not posted to.
    expect(boards(fake, channel).map((m) => m.id)).toEqual([first.id, posted.id]);
    expect(deliveries(channel).find((d) => d.id === owed[0]!.id)).toMatchObject({ status: 'delivered', message_id: posted.id });
    expect(fake.requests.filter((r) => r.method === 'GET' && r.route === '/channels/{channel_id}/messages').length).toBeGreaterThan(readsBefore);
    expect(bot.logs.some((l) => l.msg === 'a board posted before its record was found in the channel')).toBe(true);
    expect(fake.message(posted.id)!.buttons).not.toEqual([]);

    // The game goes on from that board: the next turn's board arrives as its click's follow-up, and the
    // found board loses its buttons (in the channel: its token died with the killed process).
    const next = mentionedToAct(fake.message(posted.id)!)[0];
    expect(next).toBeDefined();
    await playTurn({ fake, channelId: channel, latest: () => fake.message(posted.id) }, { policy: drawFromDeck });
    await wait(channel, () => boards(fake, channel).length === 3 && settled(channel) && fake.message(posted.id)!.buttons.length === 0, 'the next turn');
    expect(fake.world.messages.get(boards(fake, channel)[2]!.id)!.interaction).toBeDefined();
    expect(new Set(boards(fake, channel).map((m) => m.text)).size).toBe(3);
    fake.assertNoViolations();
  }, 300_000);
});

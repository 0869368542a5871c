/**
 * Direct messages about turns under kill -9: the bot runs as a real process with a clock the test moves
 * (clocked-main.ts), on a SQLite file, against the fake Discord. A turn notice held for the player's quiet
 * hours survives a kill and arrives once when they end, not before; a player whose direct messages are
 * closed is owed a mention in the channel instead, and a kill as that mention reaches Discord still leaves
 * exactly one mention in the channel after the restart.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser, type InteractionHandle, type RequestRecord, type SeenMessage } from '../fake-discord/index.js';
import { BotProcess, until } from './bot-process.js';
import { boards, buttonFor, hasButton, mentionedToAct, tempDbFile } from './harness.js';

const HOUR = 3_600_000;

let fake: FakeDiscord;
let bot: BotProcess;
let db: Database.Database;
/** How far the test has moved the bot's clock (the bot's time is the system's plus this). */
let offsetMs = 0;

beforeAll(async () => {
  // A wider acknowledgement window than Discord's 3 s: these tests are about kills and restarts of a bot
  // process on a busy machine; the 3 s window is held by the in-process tests.
  fake = await FakeDiscord.start({ responseWindowMs: 10_000 });
  bot = new BotProcess(fake, tempDbFile('dm-kill'), {}, 'clocked');
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

function botNow(): number {
  return Date.now() + offsetMs;
}

async function advance(ms: number): Promise<void> {
  offsetMs += ms;
  await bot.advanceClock(ms);
}

interface DeliveryLine {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  message_id: string | null;
}

function gameIn(channel: string): number {
  return (db.prepare('SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1').get(channel) as { id: number }).id;
}

function deliveries(channel: string): DeliveryLine[] {
  return db.prepare('SELECT id, kind, status, attempts, next_attempt_at, message_id FROM deliveries WHERE game_id = ? ORDER BY id').all(gameIn(channel)) as DeliveryLine[];
}

/** What the bot owes the channel now, and its last log lines: for a failure message. */
function diagnosis(channel: string): string {
  let rows = '';
  try {
    rows = JSON.stringify(deliveries(channel));
  } catch (error) {
    rows = (error as Error).message;
  }
  return `${rows}\n${bot.logs.slice(-12).map((l) => JSON.stringify(l).slice(0, 400)).join('\n')}`;
}

async function wait(channel: string, predicate: () => boolean, description: string): Promise<void> {
  try {
    await until(fake, predicate, description);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${diagnosis(channel)}`);
  }
}

/** Runs a command and waits for its private answer (complete, not loading). */
async function command(user: FakeUser, channel: string, subcommand: string, options: Record<string, string | number> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand, options, until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 60_000, description: `the answer to /game ${subcommand}` });
  expect(handle.reply!.ephemeral).toBe(true);
  return handle.reply!;
}

/** Clicks a button of the lobby and waits for the lobby message to change. */
async function clickLobby(user: FakeUser, lobby: () => SeenMessage, verb: 'join' | 'start'): Promise<InteractionHandle> {
  const message = lobby();
  const revisions = fake.world.messages.get(message.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(message.id, buttonFor(message, verb), { until: 'response' });
  await handle.waitFor(() => (fake.world.messages.get(message.id)?.revisions.length ?? 0) > revisions, { timeoutMs: 60_000, description: `the lobby after ${verb}` });
  return handle;
}

/** Opens a two-player Kairo game in `channel` and starts it; resolves with the first board once every delivery due now is posted. */
async function startKairo(channel: string, host: FakeUser, guest: FakeUser): Promise<SeenMessage> {
  await command(host, channel, 'new', { game: 'kairo', players: 2, layout: 'quick' });
  const lobby = (): SeenMessage => fake.channelMessages(channel).find((m) => hasButton(m, 'start')) as SeenMessage;
  await wait(channel, () => lobby() !== undefined, 'the lobby');
  await clickLobby(guest, lobby, 'join');
  await clickLobby(host, lobby, 'start');
  await wait(channel, () => boards(fake, channel).length === 1 && deliveries(channel).every((d) => d.status !== 'pending' || d.next_attempt_at > botNow()), 'the first board');
  return boards(fake, channel)[0]!;
}

/**
 * The host changes the reminder interval: the change is announced to the table through the outbox, under
 * the game's lock, before the host's answer (a delivery pass for the game after the clock moved).
 */
async function settingsChanged(host: FakeUser, channel: string, reminderHours: number): Promise<void> {
  const announced = (): DeliveryLine[] => deliveries(channel).filter((d) => d.kind === 'announcement');
  const before = announced().length;
  const answer = await command(host, channel, 'settings', { reminder_hours: reminderHours });
  expect(answer.text).toMatch(/^Settings saved\./);
  await wait(channel, () => announced().length === before + 1 && announced().every((d) => d.status === 'delivered'), 'the changed settings announced');
}

/** kill -9 of the bot, then a new process on the same database (the moved clock kept). */
async function killAndRestart(): Promise<void> {
  await bot.kill();
  await bot.start();
}

describe('a direct message held for quiet hours, under kill -9', () => {
  it('survives the kill and arrives once when the quiet hours end, not before', async () => {
    const alice = fake.users.create('alice', { globalName: 'Alice' });
    const bob = fake.users.create('bob', { globalName: 'Bob' });
    // Both want their turns by direct message, quiet from the bot's present hour for two hours (UTC).
    const hour = new Date(botNow()).getUTCHours();
    const morning = Math.floor(botNow() / HOUR) * HOUR + 2 * HOUR;
    for (const user of [alice, bob]) {
      const answer = await command(user, fake.channelId(), 'notify', { how: 'dm', time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 2) % 24 });
      expect(answer.text).toMatch(/^Saved\. Your turns: a direct message\./);
    }
    const channel = fake.createChannel('held-dm');
    const board = await startKairo(channel, alice, bob);
    const [first] = mentionedToAct(board);
    const player = [alice, bob].find((u) => u.id === first)!;
    // The notice is held in the outbox until the quiet hours end (written just after the board is recorded); nobody got a direct message.
    const held = (): DeliveryLine[] => deliveries(channel).filter((d) => d.kind === 'dm');
    await wait(channel, () => held().length > 0, 'the notice held');
    expect(held().map((d) => [d.status, d.next_attempt_at])).toEqual([['pending', morning]]);
    expect(fake.directMessagesTo(alice.id)).toEqual([]);
    expect(fake.directMessagesTo(bob.id)).toEqual([]);

    await killAndRestart();

    // A minute before the end: the restarted bot delivers the game's other news (changed settings, announced
    // to the table; no direct message for it), and the notice stays held.
    await advance(morning - botNow() - 60_000);
    await settingsChanged(alice, channel, 24);
    expect(held().map((d) => d.status)).toEqual(['pending']);
    expect(fake.directMessagesTo(player.id)).toEqual([]);

    // The quiet hours end: the restarted bot sends the notice, once, linking the first board.
    await advance(60_000);
    await wait(channel, () => fake.directMessagesTo(player.id).length === 1 && held()[0]!.status === 'delivered', 'the held direct message');
    expect(fake.directMessagesTo(player.id)[0]!.text).toBe(
      `Your decision in **Kairo** (game #${gameIn(channel)}) in <#${channel}>: [Open the board](https://discord.com/channels/${fake.guildId}/${channel}/${board.id})`,
    );
    // Nothing more is owed: a further delivery for the game sends no second one.
    await settingsChanged(alice, channel, 23);
    expect(deliveries(channel).filter((d) => d.status === 'pending')).toEqual([]);
    expect(fake.directMessagesTo(player.id)).toHaveLength(1);
    expect(fake.directMessagesTo([alice, bob].find((u) => u !== player)!.id)).toEqual([]);
    expect(bot.starts).toBe(2);
    fake.assertNoViolations();
  }, 300_000);
});

describe('the mention instead of a refused direct message, under kill -9', () => {
  it('is owed from the refusal: killed as the mention reaches Discord, the restarted bot leaves exactly one mention in the channel', async () => {
    const carol = fake.users.create('carol', { globalName: 'Carol' });
    const dave = fake.users.create('dave', { globalName: 'Dave' });
    const startsBefore = bot.starts;
    for (const user of [carol, dave]) {
      await command(user, fake.channelId(), 'notify', { how: 'dm' });
      user.setDirectMessages(false);
    }
    const channel = fake.createChannel('closed-dm');
    const dmPaths = new Set([carol, dave].map((u) => `/channels/${fake.world.dmChannel(u.id).id}/messages`));
    // After the direct message is refused (50007), the bot is killed the moment its next post in the
    // channel (the mention) reaches Discord: Discord has the message, the bot never hears back.
    let refused = false;
    let killed = false;
    const killer = (record: RequestRecord): void => {
      if (record.method !== 'POST') return;
      if (dmPaths.has(record.path)) refused = true;
      else if (refused && record.path === `/channels/${channel}/messages`) {
        fake.world.events.off('requestReceived', killer);
        killed = true;
        void bot.kill();
      }
    };
    fake.world.events.on('requestReceived', killer);
    try {
      await command(carol, channel, 'new', { game: 'kairo', players: 2, layout: 'quick' });
      const lobby = (): SeenMessage => fake.channelMessages(channel).find((m) => hasButton(m, 'start')) as SeenMessage;
      await wait(channel, () => lobby() !== undefined, 'the lobby');
      await clickLobby(dave, lobby, 'join');
      await carol.clickButton(lobby().id, buttonFor(lobby(), 'start'), { until: 'none' });
      await wait(channel, () => killed && !bot.running, 'the kill as the mention is posted');
      const board = boards(fake, channel)[0]!;
      const player = [carol, dave].find((u) => u.id === mentionedToAct(board)[0])!;
      const mentions = (): SeenMessage[] => fake.channelMessages(channel).filter((m) => m.text.includes('a direct message could not reach you'));
      const fallback = (): DeliveryLine[] => deliveries(channel).filter((d) => d.kind === 'dm-fallback');
      // Recorded with the refusal, not yet recorded as posted.
      expect(fallback().map((d) => d.status)).toEqual(['pending']);

      await bot.start();
      await wait(channel, () => fallback()[0]?.status === 'delivered', 'the mention delivered after the restart');
      expect(mentions()).toHaveLength(1);
      const instead = mentions()[0]!;
      expect(instead.text).toBe(`<@${player.id}>: your decision in **Kairo** (game #${gameIn(channel)}); a direct message could not reach you: [Open the board](https://discord.com/channels/${fake.guildId}/${channel}/${board.id})`);
      expect(fallback().map((d) => d.message_id)).toEqual([instead.id]);
      // Posted twice (before the kill and after the restart) with the same nonce: Discord kept one message.
      const refusal = fake.requests.findIndex((r) => r.method === 'POST' && dmPaths.has(r.path));
      const posts = fake.requests.slice(refusal).filter((r) => r.method === 'POST' && r.globallyLimited !== true && r.path === `/channels/${channel}/messages`);
      expect(posts).toHaveLength(2);
      expect(new Set(posts.map((r) => (r.body as { nonce?: string }).nonce)).size).toBe(1);
      expect(fake.directMessagesTo(carol.id)).toEqual([]);
      expect(fake.directMessagesTo(dave.id)).toEqual([]);
      // The player is told why once, privately, at their next interaction (the refusal was recorded).
      expect((db.prepare('SELECT dm_failed_at FROM player_settings WHERE user_id = ?').get(player.id) as { dm_failed_at: number | null }).dm_failed_at).not.toBeNull();
      expect(bot.starts).toBe(startsBefore + 1);
    } finally {
      fake.world.events.off('requestReceived', killer);
      for (const user of [carol, dave]) user.setDirectMessages(true);
    }
    fake.assertNoViolations();
  }, 300_000);
});

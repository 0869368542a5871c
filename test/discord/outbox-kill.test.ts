/**
 * Nothing falls between the database and the channel: the bot runs as a real process and is killed with
 * SIGKILL at the moments that matter (the lobby being posted, the first board, a turn's board arriving at
 * Discord, the old board being disarmed, a random moment after a turn's last click, the final board), then
 * started again on the same database. Afterwards every committed board is in its channel exactly once, the
 * player who must act is mentioned, and no old message keeps live buttons.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameService } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { GAMES } from '../../src/games/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { FakeDiscord, type FakeUser, type RequestRecord, type SeenMessage } from '../fake-discord/index.js';
import { BotProcess, until } from './bot-process.js';
import { END_TURN, playTurn, type PlayedTurn } from '../support/turn-driver.js';
import { boards, buttonFor, hasButton, mentionedToAct, tempDbFile, type Offered } from './harness.js';

/**
 * Kills at random moments: 12 in the suite (each a restart of the bot process, about 1.5 CPU-seconds), every
 * kind of moment among them (it plays on until every kind was met); `KILLS=100 npx vitest run
 * test/discord/outbox-kill.test.ts` for a long run (docs/development.md).
 */
const KILLS = Number(process.env.KILLS ?? '12');

/** A small seeded PRNG (mulberry32): the same choices and kill moments on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type KillAt = 'board-post' | 'disarm' | 'after-click' | 'none';

let fake: FakeDiscord;
let bot: BotProcess;
let db: Database.Database;
let alice: FakeUser;
let bob: FakeUser;
let kills = 0;
/** The kills by moment: the lobby's post, a board's post, the disarming PATCH, a random moment after a click. */
const killsAt = { 'lobby-post': 0, 'board-post': 0, disarm: 0, 'after-click': 0 };
const random = prng(20261124);

beforeAll(async () => {
  fake = await FakeDiscord.start();
  // One render worker: each of the ~17 starts loads the renderers once instead of twice (about 0.2
  // CPU-seconds a start); what is killed and delivered again does not depend on how many draw.
  bot = new BotProcess(fake, tempDbFile('kill'), { RENDER_WORKERS: '1' });
  await bot.start();
  db = new Database(bot.dbFile, { readonly: true, fileMustExist: true });
  alice = fake.users.create('alice', { globalName: 'Alice' });
  bob = fake.users.create('bob', { globalName: 'Bob' });
}, 180_000);

afterAll(async () => {
  db?.close();
  await bot?.stop();
  bot?.cleanup();
  await fake?.stop();
  if (bot !== undefined) fs.rmSync(path.dirname(bot.dbFile), { recursive: true, force: true });
});

/** Deliveries still owed (pending), in the bot's database. */
function pendingDeliveries(): number {
  return (db.prepare("SELECT count(*) AS n FROM deliveries WHERE status = 'pending'").get() as { n: number }).n;
}

/** Posted messages whose buttons a newer message should have taken off. */
function staleArmed(): number {
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM deliveries d JOIN games g ON g.id = d.game_id
       WHERE d.status = 'delivered' AND d.message_id IS NOT NULL AND d.disarmed_at IS NULL AND d.kind IN ('lobby','board','reminder','idle-vote')
         AND (g.status IN ('finished','abandoned') OR EXISTS (SELECT 1 FROM deliveries n WHERE n.game_id = d.game_id AND n.kind = 'board' AND n.status = 'delivered' AND n.id > d.id))`,
    )
    .get() as { n: number };
  return row.n;
}

/**
 * Kills the bot the moment `when` happens in `channelId`: the board's POST arrives at Discord (in the
 * channel, or as a click's follow-up), or the PATCH that takes the buttons off the old board. Returns a
 * disarm function.
 */
function killOn(when: 'board-post' | 'disarm' | 'lobby-post', channelId: string): () => void {
  const listener = (record: RequestRecord): void => {
    // In the channel, or through the token of a click in it: a turn's board is that click's follow-up, and
    // a board posted so loses its buttons with that click's token.
    const post = (record.method === 'POST' && record.path === `/channels/${channelId}/messages`) || (record.method === 'POST' && clickIn(channelId, /^\/webhooks\/\d+\/([^/]+)$/.exec(record.path)?.[1]));
    const patch =
      (record.method === 'PATCH' && record.path.startsWith(`/channels/${channelId}/messages/`)) ||
      (record.method === 'PATCH' && clickIn(channelId, /^\/webhooks\/\d+\/([^/]+)\/messages\/\d+$/.exec(record.path)?.[1]));
    if ((when === 'disarm' && patch) || (when !== 'disarm' && post)) {
      fake.world.events.off('requestReceived', listener);
      void bot.kill();
      kills++;
      killsAt[when]++;
    }
  };
  fake.world.events.on('requestReceived', listener);
  return () => fake.world.events.off('requestReceived', listener);
}

/** Whether `token` is the token of an interaction in `channelId`. */
function clickIn(channelId: string, token: string | undefined): boolean {
  if (token === undefined) return false;
  for (const interaction of fake.world.interactions.values()) if (interaction.token === token) return interaction.channelId === channelId;
  return false;
}

/** The kills so far by moment, for a failure message. */
function diagnosisOfKills(): string {
  return `kills so far: ${kills} ${JSON.stringify(killsAt)}`;
}

/** After a kill: the bot is started again and has delivered what it owed, buttons off the old boards. */
async function restartAndSettle(): Promise<void> {
  await until(fake, () => !bot.running, 'the killed bot to be gone');
  await bot.start();
  await settle();
}

/** What the outbox and the bot said, for a failure message. */
function diagnosis(): string {
  const rows = db.prepare("SELECT id, game_id, kind, status, attempts, last_error, message_id, disarmed_at FROM deliveries WHERE status = 'pending' OR disarmed_at IS NULL").all();
  const logs = bot.logs.slice(-15).map((l) => JSON.stringify(l).slice(0, 400));
  return `${JSON.stringify(rows)}\n${logs.join('\n')}`;
}

/** `until`, with the outbox, the bot's last log lines and the channel in the failure message. */
async function wait(predicate: () => boolean, description: string, channelId?: string): Promise<void> {
  try {
    await until(fake, predicate, description);
  } catch (error) {
    const seen = channelId === undefined ? '' : fake.channelMessages(channelId).map((m) => `${m.id} [${m.buttons.map((b) => b.label).join(',')}] ${m.text.slice(0, 120)}`).join('\n');
    throw new Error(`${(error as Error).message}\n${diagnosis()}\n${seen}`);
  }
}

async function settle(): Promise<void> {
  await wait(() => pendingDeliveries() === 0 && staleArmed() === 0, 'the outbox to be delivered');
}

function latestMessage(channelId: string, test: (m: SeenMessage) => boolean): SeenMessage | undefined {
  return fake.channelMessages(channelId).filter(test).at(-1);
}

/** Waits for the private answer of an interaction (or for the bot to die under it). */
async function answered(channelId: string, user: FakeUser, act: () => Promise<{ reply?: SeenMessage | undefined; followUps: readonly SeenMessage[] }>, messageId?: string): Promise<SeenMessage | null> {
  const revisions = messageId === undefined ? 0 : (fake.world.messages.get(messageId)?.revisions.length ?? 0);
  const handle = await act();
  await until(
    fake,
    () =>
      !bot.running ||
      // A click acknowledged by updating its message is answered when that message changes (or by a
      // private follow-up); a command or a deferred reply when the reply is complete.
      (messageId !== undefined
        ? (fake.world.messages.get(messageId)?.revisions.length ?? 0) > revisions
        : handle.reply !== undefined && !handle.reply.loading) ||
      handle.followUps.length > 0,
    `the answer to ${user.name} in ${channelId}`,
  );
  if (!bot.running) return null;
  return messageId === undefined ? (handle.reply ?? null) : (fake.message(messageId) ?? null);
}

async function openLobbyKilled(channelId: string): Promise<SeenMessage> {
  const disarm = killOn('lobby-post', channelId);
  await answered(channelId, alice, () => alice.runCommand(channelId, 'game', { subcommand: 'new', options: { game: 'istanbul', players: 2 }, until: 'none' }));
  disarm();
  if (!bot.running) await restartAndSettle();
  await wait(() => latestMessage(channelId, (m) => hasButton(m, 'join')) !== undefined, 'the lobby message', channelId);
  return latestMessage(channelId, (m) => hasButton(m, 'join')) as SeenMessage;
}

async function startKilled(channelId: string, lobby: SeenMessage): Promise<void> {
  await answered(channelId, bob, () => bob.clickButton(lobby.id, buttonFor(fake.message(lobby.id) as SeenMessage, 'join'), { until: 'none' }), lobby.id);
  const disarm = killOn('board-post', channelId);
  await answered(channelId, alice, () => alice.clickButton(lobby.id, buttonFor(fake.message(lobby.id) as SeenMessage, 'start'), { until: 'none' }), lobby.id);
  disarm();
  if (!bot.running) await restartAndSettle();
  await settle();
  await wait(() => boards(fake, channelId).length > 0, 'the first board', channelId);
}



/** Plays one turn from the latest board with random offered choices (ending the turn when offered, mostly). */
async function playTurnKilled(channelId: string, killAt: KillAt): Promise<void> {
  let disarm = (): void => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let played: PlayedTurn | null;
  try {
    played = await playTurn(
      { fake, channelId, gone: () => !bot.running },
      {
        onPanel() {
          if (killAt === 'board-post' || killAt === 'disarm') disarm = killOn(killAt, channelId);
        },
        policy({ choices, step }) {
          if (step >= 40) return null;
          const end = choices.find((c) => END_TURN.test(c.label));
          const pick: Offered = end !== undefined && random() < 0.7 ? end : (choices[Math.floor(random() * choices.length)] as Offered);
          if (killAt === 'after-click' && (end === pick || step >= 3)) {
            // A random moment inside the handling of the click: commit, render, post or disarm.
            const delay = Math.floor(random() * 60);
            timer = setTimeout(() => {
              if (bot.running) {
                void bot.kill();
                kills++;
                killsAt['after-click']++;
              }
            }, delay);
            killAt = 'none';
          }
          return pick;
        },
      },
    );
  } finally {
    disarm();
    // A kill that has not fired yet must not hit the next process.
    clearTimeout(timer);
  }
  if (played === null) return;
  if (!bot.running) await restartAndSettle();
  else await settle();
}

async function endKilled(channelId: string): Promise<void> {
  // /game leave asks first (privately, nothing is posted); the kill waits for the confirmed leave's board.
  const prompt = await answered(channelId, bob, () => bob.runCommand(channelId, 'game', { subcommand: 'leave', until: 'none' }));
  if (prompt === null) throw new Error('no answer to /game leave');
  const disarm = killOn('board-post', channelId);
  await answered(channelId, bob, () => bob.clickButton(prompt.id, buttonFor(prompt, 'confirm'), { until: 'none' }), prompt.id);
  disarm();
  if (!bot.running) await restartAndSettle();
  await settle();
}

describe('the outbox under kill -9', () => {
  // About 17 bot process starts (KILLS=12): about a minute on an idle machine, longer on a busy one.
  it(`after ${KILLS} kills at random moments between commit and post, every committed board is in its channel exactly once, the right player is mentioned, old boards are disarmed`, async () => {
    const channels: string[] = [];
    const modes: KillAt[] = ['board-post', 'disarm', 'after-click', 'board-post', 'none'];
    // Until KILLS kills and every kind of moment among them: whether a turn's kill lands (a disarming PATCH
    // comes only with a new board; a kill after a click may cut the click off) depends on the machine's
    // timing, so a fixed number of turns met every kind in most runs but not all (CI once had no disarm kill).
    const moreKills = (): boolean => kills < KILLS || Object.values(killsAt).some((n) => n === 0);
    for (let game = 0; moreKills(); game++) {
      expect(game, diagnosisOfKills()).toBeLessThan(12);
      const channel = fake.createChannel(`kill-${game}`);
      channels.push(channel);
      const lobby = await openLobbyKilled(channel);
      await startKilled(channel, lobby);
      for (let turn = 0; turn < 8 && moreKills(); turn++) await playTurnKilled(channel, modes[Math.floor(random() * modes.length)] as KillAt);
      await endKilled(channel);
    }
    await bot.stop();

    // What the database says was owed, against what the channels show.
    const database = openDatabase(bot.dbFile);
    const service = createGameService({ store: new SqliteStore(database), modules: GAMES.modules, clock: { now: () => Date.now() }, logger: createLogger({ level: 'silent', format: 'json' }) });
    let missing = 0;
    let duplicated = 0;
    try {
      for (const channel of channels) {
        const row = database.sqlite.prepare('SELECT id, status FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1').get(channel) as { id: number; status: string };
        const owed = (await service.outbox.rows.ofGame(row.id)).filter((d) => d.kind === 'board');
        const delivered = owed.filter((d) => d.status === 'delivered');
        const deliveredIds = new Set(delivered.map((d) => d.id));
        missing += owed.filter((d) => !(d.status === 'delivered' || (d.status === 'superseded' && d.supersededBy !== null && deliveredIds.has(d.supersededBy)))).length;
        const posted = boards(fake, channel);
        duplicated += Math.max(0, posted.length - delivered.length);
        expect(new Set(delivered.map((d) => d.messageId))).toEqual(new Set(posted.map((m) => m.id)));
        // Every lobby message, old board, reminder: no live buttons once the game is over (the final board's
        // Rematch, Replay, Analysis and Phone view are the only ones left).
        const live = fake.channelMessages(channel).filter((m) => m.buttons.some((b) => !['rematch', 'replay', 'analysis', 'phone', 'text'].includes(parseCustomId(b.customId)?.verb ?? '')));
        expect(live.map((m) => m.text.slice(0, 60))).toEqual([]);
        expect(row.status).toBe('finished');
        expect(posted.at(-1)?.text).toMatch(/wins|gewinnt|wint/);
      }
      // The game that is still running in a channel of its own: its latest board mentions who must act.
      const open = fake.createChannel('kill-open');
      const lobby = await (async () => {
        await bot.start();
        return await openLobbyKilled(open);
      })();
      await startKilled(open, lobby);
      await playTurnKilled(open, 'board-post');
      await bot.stop();
      const game = await service.byChannel(open);
      if (!game.ok || game.game.kind !== 'active') throw new Error('the open game is not active');
      const active = service.activeSeats(game.game).map((s) => game.game.seats[s]!.userId);
      expect(mentionedToAct(boards(fake, open).at(-1) as SeenMessage)).toEqual(active);
    } finally {
      database.close();
    }
    console.log(`outbox under kill -9: ${kills} kills (${JSON.stringify(killsAt)}), ${missing} boards missing, ${duplicated} boards duplicated, ${bot.starts} starts`);
    expect({ missing, duplicated }).toEqual({ missing: 0, duplicated: 0 });
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    // Every kind of moment was among the kills.
    for (const [moment, count] of Object.entries(killsAt)) expect(count, `kills at ${moment}`).toBeGreaterThan(0);
    fake.assertNoViolations();
  }, 900_000);
});

/** How each player wants to hear from a game (/game notify): channel or DM, quiet hours, away until a date. */
import type { Locale, Seat } from '../../engine/index.js';
import { readNotifySettings } from '../../persistence/player-settings-repository.js';
import { isAway } from '../notifications.js';
import type { Delivery, DmFallback } from '../outbox.js';
import { DEFAULT_NOTIFY, type NotifySettings } from '../../notify-settings.js';
import type { GameCore } from './core.js';
import { isComputerPlayed } from './seat-identity.js';
import type { ActiveSnapshot, Snapshot } from './types.js';

/** A player's notification settings (the defaults without a row, or when the row is damaged). */
export async function notifySettings(core: GameCore, userId: string): Promise<NotifySettings> {
  return (await notifyOf(core, [userId])).get(userId) ?? DEFAULT_NOTIFY;
}

/** Several players' notification settings (those without a readable row are missing: the defaults apply). */
export async function notifyOf(core: GameCore, userIds: readonly string[]): Promise<Map<string, NotifySettings>> {
  const out = new Map<string, NotifySettings>();
  for (const row of await core.players.findMany(userIds)) {
    const read = readNotifySettings(row);
    if (typeof read === 'string') {
      if (await core.damage.record({ table: 'player_settings', rowId: row.userId, gameId: null, channelId: null, reason: read })) {
        core.logger.error({ table: 'player_settings', rowId: row.userId, reason: read }, 'damaged row set aside');
      }
      continue;
    }
    out.set(row.userId, read);
  }
  return out;
}

/** The settings of the players of `seats` (computer seats have none: the defaults). */
export async function notifyOfSeats(core: GameCore, game: ActiveSnapshot, seats: readonly Seat[]): Promise<Map<Seat, NotifySettings>> {
  const users = new Map(game.seats.filter((s) => seats.includes(s.seat)).map((s) => [s.seat, s.userId]));
  const byUser = await notifyOf(core, [...users.values()]);
  return new Map([...users].map(([seat, user]) => [seat, byUser.get(user) ?? DEFAULT_NOTIFY]));
}

/** The seats of the game whose players are away now, with when they are back (shown on the board). */
export async function awaySeats(core: GameCore, game: ActiveSnapshot): Promise<{ seat: Seat; until: number }[]> {
  const now = core.now();
  const playing = game.seats.filter((s) => s.leftAt === null && !isComputerPlayed(s));
  const wishes = await notifyOfPlayers(core, game, playing.map((s) => s.userId));
  return playing.flatMap(({ seat, userId }) => {
    const wish = wishes.get(userId) ?? DEFAULT_NOTIFY;
    return isAway(wish, now) ? [{ seat, until: wish.awayUntil as number }] : [];
  });
}

/** How long the settings read for a game's delivery serve the rest of it (the board, then whom it pings). */
const READ_FOR_A_DELIVERY_MS = 1_000;
const readForGame = new WeakMap<Snapshot, { readonly at: number; readonly users: ReadonlySet<string>; readonly settings: Promise<Map<string, NotifySettings>> }>();

/**
 * Players' notification settings, read for a game as one delivery of it sees the game (`game`, the same
 * snapshot): the board's away lines and then whom the post pings and messages read the players' rows once.
 * Users the first read did not cover, or a read more than a moment old, are read again.
 */
export async function notifyOfPlayers(core: GameCore, game: Snapshot, userIds: readonly string[]): Promise<Map<string, NotifySettings>> {
  const read = readForGame.get(game);
  if (read !== undefined && performance.now() - read.at < READ_FOR_A_DELIVERY_MS && userIds.every((u) => read.users.has(u))) return read.settings;
  // Every player of the game at once: whom the post then names is among them.
  const users = new Set([...userIds, ...game.seats.filter((s) => !isComputerPlayed(s)).map((s) => s.userId)]);
  const settings = notifyOf(core, [...users]);
  readForGame.set(game, { at: performance.now(), users, settings });
  return settings;
}

/**
 * What the bot notes of a player at each interaction, from one read of their row: the language of the
 * interaction is remembered (their direct messages speak it, not the one of the day they last used /game
 * notify), written only when it changed; and whether a direct message failed since they were last told
 * (`dmFailed`: the caller then takes it with `takeDmFailed` and tells them).
 */
export async function playerSeen(core: GameCore, userId: string, locale: Locale): Promise<{ localeWritten: boolean; dmFailed: boolean }> {
  const row = await core.players.find(userId);
  const dmFailed = row?.dmFailedAt != null;
  if (row?.locale === locale) return { localeWritten: false, dmFailed };
  await core.players.saveLocale(userId, locale);
  return { localeWritten: true, dmFailed };
}

/** The moment a direct message to the player failed because they closed theirs, once: the caller tells them. */
export function takeDmFailed(core: GameCore, userId: string): Promise<number | null> {
  return core.players.takeDmFailed(userId);
}

/** What follows a direct message about a turn that Discord refused (50007: the player closed theirs). */
export interface DmRefusal {
  readonly userId: string;
  /** The mention in the channel owed instead, with the game it belongs to (null: the post pinged the player already). */
  readonly instead: { readonly game: { readonly id: number; readonly guildId: string; readonly channelId: string; readonly version: number }; readonly mention: DmFallback } | null;
  /** The held notice (an outbox `dm` delivery) that was being sent: done now, it is not tried again. */
  readonly held: Delivery | null;
}

/**
 * A direct message to the player cannot be delivered (they closed theirs), in one transaction: the failure
 * is recorded (they are told at their next interaction), the mention in the channel that stands for the
 * message is owed in the outbox (the deliverer posts it exactly once, after a crash too), and the held
 * notice it was, if any, is done. Returns the id of the owed mention (null: none owed).
 */
export function dmRefused(core: GameCore, refusal: DmRefusal): Promise<number | null> {
  return core.tx(async () => {
    await core.players.markDmFailed(refusal.userId, core.now());
    const owed = refusal.instead === null ? null : await core.outbox.insteadOfDm(refusal.instead.game, refusal.instead.mention);
    if (refusal.held !== null) await core.outbox.delivered(refusal.held, null);
    return owed;
  });
}

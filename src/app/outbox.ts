/**
 * What a channel is owed after a commit (the outbox). The game service writes a delivery in the same
 * transaction as the change; a deliverer (the Discord layer) takes due deliveries with a lease, posts
 * them and records the message, or counts the failure and tries again later with a growing delay. This
 * file holds the payloads (validated when read: a delivery row is untrusted like any other row) and the
 * retry policy.
 */
import type { GameEvent, Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { DeliveryKind, DeliveryRow } from '../persistence/schema.js';
import type { DamagedRowStore, DeliveryStore } from '../persistence/store.js';

/**
 * A line under a board about a seat: it left (and a computer plays it), was removed by vote (taken out by
 * the rules, or played by a computer from then on), was handed to a computer by the idle vote, or its owner
 * took it back. `skipped` is only read in rows written before the vote handed seats to computer players.
 */
export interface BoardNote {
  /** `computerFallback`: the computer player could not decide (it failed, or ran past its deadline); a safe move was played. */
  /**
   * `outOfTime`: the seat's time bank ran out, a computer plays it as after an idle vote;
   * `outOfTimeWaits`: the same with no other human playing their own seat, so after the turn that was due
   * the game waits for a player to take their seat back; `outOfTimeEnds` is only read in rows written
   * when running out with no other human at the table ended the game.
   */
  readonly kind: 'left' | 'leftAutopilot' | 'removed' | 'removedAutopilot' | 'skipped' | 'handedToComputer' | 'reclaimed' | 'computerFallback' | 'outOfTime' | 'outOfTimeWaits' | 'outOfTimeEnds';
  readonly seat: Seat;
}

export type DeliveryPayload =
  | { readonly kind: 'lobby' }
  /**
   * `summary`: the public events of the turn that ended (none for the first board). `picture`: false for
   * a short text when the decision passed to another seat inside a turn (see boardMarkerOf); a picture's
   * summary then also holds the events of those texts since the previous picture. Rows written before
   * texts existed have no `picture`: a picture. `again`: a finished game's final board posted again
   * (/game status after the end). `upTo`: the newest log sequence the summary tells (the next board's
   * summary starts after it, so a computer's turn is not told twice); absent in rows written before.
   */
  | {
      readonly kind: 'board';
      readonly summary: readonly SummaryEvent[];
      readonly notes: readonly BoardNote[];
      readonly concededTo: Seat | null;
      readonly picture: boolean;
      readonly again?: boolean;
      readonly upTo?: number;
    }
  /**
   * `since`: when the seats' wait began (absent in rows written before). `together`: the same player's other
   * games reminded in this one message (due within the same window, see service/jobs/reminder.ts), each with its
   * own count; the delivery's own game is the one that has waited longest.
   */
  | { readonly kind: 'reminder'; readonly seats: readonly Seat[]; readonly count: number; readonly limit: number; readonly since?: number; readonly together?: readonly RemindedGame[] }
  /** The seats' time banks are low (one warning per turn, a ping of its own; see service/jobs/bank-warning.ts). */
  | { readonly kind: 'bank-warning'; readonly seats: readonly Seat[] }
  | HeldNotice
  | DmFallback
  /** `since`: when the seats' wait began (absent in rows written before; then `idleHours` is shown). */
  | { readonly kind: 'idle-vote'; readonly seats: readonly Seat[]; readonly idleHours: number; readonly repeat: boolean; readonly since?: number }
  | Announcement;

/** A game reminded together with others of the same player: its waiting seats, its own reminder count, and since when it waits. */
export interface RemindedGame {
  readonly gameId: number;
  readonly seats: readonly Seat[];
  readonly count: number;
  readonly limit: number;
  readonly since: number;
}

/** A public event of a turn told under a board; `byComputer`: a computer player made the move. */
export interface SummaryEvent extends GameEvent {
  readonly byComputer?: true;
}

/**
 * A direct message about a turn (`notice`: the board's or the reminder's), held until the player's quiet
 * hours end: owed like a post, so a restart still sends it. `postedIn`/`messageId` is the post it links to;
 * it is dropped when `seat` no longer decides by then.
 */
export interface HeldNotice {
  readonly kind: 'dm';
  readonly userId: string;
  readonly seat: Seat;
  /** `bank`: the seat's time bank is low. */
  readonly notice: 'turn' | 'reminder' | 'bank';
  readonly postedIn: string;
  readonly messageId: string;
  readonly count?: number;
  readonly limit?: number;
  /** A reminder's: when the wait began, and the player's other games reminded with it. */
  readonly since?: number;
  readonly together?: readonly RemindedGame[];
}

/**
 * The mention in the channel that stands for a direct message about a turn that could not be delivered
 * (the player closed their direct messages): owed from the transaction that records the failure, so a
 * crash before the post does not lose it. Posted in `postedIn` (the channel or thread of the post the
 * notice was about, linked by `messageId`); dropped when `seat` no longer decides by then.
 */
export interface DmFallback {
  readonly kind: 'dm-fallback';
  readonly userId: string;
  readonly seat: Seat;
  readonly postedIn: string;
  readonly messageId: string;
}

/** A line for the table that is not a board. */
export type Announcement =
  /** `recorded`: the standings at that moment were kept as the result (absent in rows written before). */
  | { readonly kind: 'announcement'; readonly message: 'abandoned'; readonly userId: string; readonly recorded?: boolean }
  /** The settings as changed, and what they mean for the turn in progress (null: no turn is waiting). */
  | {
      readonly kind: 'announcement';
      readonly message: 'settings';
      readonly userId: string;
      readonly reminderIntervalMinutes: number;
      readonly reminderLimit: number;
      readonly idleAfterMinutes: number;
      readonly nextReminderAt: number | null;
      readonly idleAt: number | null;
    };

export interface Delivery {
  readonly id: number;
  readonly gameId: number;
  readonly channelId: string;
  readonly version: number;
  readonly attempts: number;
  readonly payload: DeliveryPayload;
  /** When the change that owes it was written (the outbox clock's milliseconds). */
  readonly createdAt: number;
}

const NOTE_KINDS = new Set(['left', 'leftAutopilot', 'removed', 'removedAutopilot', 'skipped', 'handedToComputer', 'reclaimed', 'computerFallback', 'outOfTime', 'outOfTimeWaits', 'outOfTimeEnds']);
const SNOWFLAKE = /^[0-9]{1,20}$/;

const isSeat = (v: unknown): v is Seat => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 16;
const isSeats = (v: unknown): v is Seat[] => Array.isArray(v) && v.every(isSeat);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1_000_000;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function isReminded(v: unknown): v is RemindedGame[] {
  return (
    Array.isArray(v) &&
    v.length <= 25 &&
    v.every((g) => {
      if (typeof g !== 'object' || g === null) return false;
      const r = g as Record<string, unknown>;
      return Number.isSafeInteger(r.gameId) && (r.gameId as number) > 0 && isSeats(r.seats) && isCount(r.count) && isCount(r.limit) && isTime(r.since);
    })
  );
}

function isEvent(v: unknown): v is SummaryEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.key === 'string' && (e.params === undefined || (typeof e.params === 'object' && e.params !== null)) && e.visibleTo === undefined && (e.byComputer === undefined || e.byComputer === true);
}

/** The payload of a stored delivery, or the reason it cannot be read. */
export function parseDeliveryPayload(kind: string, text: string): DeliveryPayload | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    return 'the payload is not valid JSON';
  }
  if (typeof raw !== 'object' || raw === null) return 'the payload is not an object';
  const p = raw as Record<string, unknown>;
  switch (kind as DeliveryKind) {
    case 'lobby':
      return { kind: 'lobby' };
    case 'board': {
      if (!Array.isArray(p.summary) || !p.summary.every(isEvent)) return 'the summary is not a list of public events';
      const notes = p.notes;
      if (!Array.isArray(notes) || !notes.every((n) => typeof n === 'object' && n !== null && NOTE_KINDS.has((n as BoardNote).kind) && isSeat((n as BoardNote).seat))) {
        return 'the notes are not readable';
      }
      if (p.concededTo !== null && !isSeat(p.concededTo)) return 'concededTo is not a seat';
      if (p.picture !== undefined && typeof p.picture !== 'boolean') return 'picture is not a boolean';
      if (p.again !== undefined && typeof p.again !== 'boolean') return 'again is not a boolean';
      if (p.upTo !== undefined && !isCount(p.upTo)) return 'upTo is not a log sequence';
      return {
        kind: 'board',
        summary: p.summary,
        notes: notes as BoardNote[],
        concededTo: p.concededTo,
        picture: p.picture !== false,
        ...(p.again === true ? { again: true } : {}),
        ...(p.upTo === undefined ? {} : { upTo: p.upTo }),
      };
    }
    case 'reminder':
      if (!isSeats(p.seats) || !isCount(p.count) || !isCount(p.limit) || (p.since !== undefined && !isTime(p.since))) return 'the reminder is not readable';
      if (p.together !== undefined && !isReminded(p.together)) return 'the reminder is not readable';
      return { kind: 'reminder', seats: p.seats, count: p.count, limit: p.limit, ...(p.since === undefined ? {} : { since: p.since }), ...(p.together === undefined ? {} : { together: p.together }) };
    case 'bank-warning':
      if (!isSeats(p.seats)) return 'the bank warning is not readable';
      return { kind: 'bank-warning', seats: p.seats };
    case 'idle-vote':
      if (!isSeats(p.seats) || !isCount(p.idleHours) || typeof p.repeat !== 'boolean' || (p.since !== undefined && !isTime(p.since))) return 'the vote is not readable';
      return { kind: 'idle-vote', seats: p.seats, idleHours: p.idleHours, repeat: p.repeat, ...(p.since === undefined ? {} : { since: p.since }) };
    case 'dm': {
      const ids = [p.userId, p.postedIn, p.messageId];
      if (!ids.every((id) => typeof id === 'string' && SNOWFLAKE.test(id)) || !isSeat(p.seat) || (p.notice !== 'turn' && p.notice !== 'reminder' && p.notice !== 'bank')) return 'the held notice is not readable';
      if ((p.count !== undefined && !isCount(p.count)) || (p.limit !== undefined && !isCount(p.limit))) return 'the held notice is not readable';
      if ((p.since !== undefined && !isTime(p.since)) || (p.together !== undefined && !isReminded(p.together))) return 'the held notice is not readable';
      return {
        kind: 'dm',
        userId: p.userId as string,
        seat: p.seat,
        notice: p.notice,
        postedIn: p.postedIn as string,
        messageId: p.messageId as string,
        ...(p.count === undefined ? {} : { count: p.count }),
        ...(p.limit === undefined ? {} : { limit: p.limit }),
        ...(p.since === undefined ? {} : { since: p.since }),
        ...(p.together === undefined ? {} : { together: p.together }),
      };
    }
    case 'dm-fallback': {
      const ids = [p.userId, p.postedIn, p.messageId];
      if (!ids.every((id) => typeof id === 'string' && SNOWFLAKE.test(id)) || !isSeat(p.seat)) return 'the mention instead of a direct message is not readable';
      return { kind: 'dm-fallback', userId: p.userId as string, seat: p.seat, postedIn: p.postedIn as string, messageId: p.messageId as string };
    }
    case 'announcement':
      if (typeof p.userId !== 'string' || !SNOWFLAKE.test(p.userId)) return 'the announcement is not readable';
      if (p.message === 'settings') {
        const time = (v: unknown): v is number | null => v === null || isTime(v);
        if (!isCount(p.reminderIntervalMinutes) || !isCount(p.reminderLimit) || !isCount(p.idleAfterMinutes) || !time(p.nextReminderAt) || !time(p.idleAt)) {
          return 'the announcement is not readable';
        }
        return {
          kind: 'announcement',
          message: 'settings',
          userId: p.userId,
          reminderIntervalMinutes: p.reminderIntervalMinutes,
          reminderLimit: p.reminderLimit,
          idleAfterMinutes: p.idleAfterMinutes,
          nextReminderAt: p.nextReminderAt,
          idleAt: p.idleAt,
        };
      }
      if (p.message !== 'abandoned') return 'the announcement is not readable';
      if (p.recorded !== undefined && typeof p.recorded !== 'boolean') return 'the announcement is not readable';
      return { kind: 'announcement', message: 'abandoned', userId: p.userId, recorded: p.recorded === true };
    default:
      return `unknown delivery kind "${kind}"`;
  }
}

/** The delay before attempt `attempts + 1`: 1 s, 2 s, 4 s ... at most 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.min(attempts, 16));
}

/** At most this many short texts are gathered into a picture's summary (a turn has a few: Kiosk, auction). */
const TEXTS_IN_A_TURN = 64;

/** How long a deliverer may hold a delivery before another may take it (a crashed process's lease runs out). */
export const DELIVERY_LEASE_MS = 60_000;

export class Outbox {
  constructor(
    readonly rows: DeliveryStore,
    private readonly damage: DamagedRowStore,
    private readonly now: () => number,
    private readonly logger: Logger,
    /** This deliverer's name: the same after a restart (one process, or the same shards). */
    readonly owner = 'bazaar',
  ) {}

  /** At start: what this deliverer held before a crash is free again at once. */
  takeBack(): Promise<number> {
    return this.rows.releaseOwnedBy(this.owner);
  }

  /** Games with deliveries due now. */
  gamesWithDue(): Promise<{ gameId: number; channelId: string }[]> {
    return this.rows.gamesWithDue(this.now());
  }

  nextDue(): Promise<number | null> {
    return this.rows.nextDue();
  }

  /** A direct message held until `at` (the end of the player's quiet hours), owed like any delivery. */
  async hold(game: { id: number; guildId: string; channelId: string; version: number }, notice: HeldNotice, at: number): Promise<number> {
    return (await this.rows.add({ gameId: game.id, guildId: game.guildId, channelId: game.channelId, kind: 'dm', version: game.version, payload: notice, dueAt: at })).id;
  }

  /** The mention in the channel owed instead of a direct message that could not be delivered, due now. */
  async insteadOfDm(game: { id: number; guildId: string; channelId: string; version: number }, mention: DmFallback): Promise<number> {
    return (await this.rows.add({ gameId: game.id, guildId: game.guildId, channelId: game.channelId, kind: 'dm-fallback', version: game.version, payload: mention })).id;
  }

  /** Takes the game's due deliveries; unreadable ones are reported once and set aside. */
  async claim(gameId: number): Promise<Delivery[]> {
    const out: Delivery[] = [];
    for (const row of await this.rows.claim(gameId, this.now(), DELIVERY_LEASE_MS, this.owner)) {
      const payload = parseDeliveryPayload(row.kind, row.payload);
      if (typeof payload === 'string') {
        await this.setAside(row, payload);
        continue;
      }
      out.push({ id: row.id, gameId: row.gameId, channelId: row.channelId, version: row.version, attempts: row.attempts, payload, createdAt: row.createdAt });
    }
    return out;
  }

  async #report(row: DeliveryRow, reason: string): Promise<void> {
    if (await this.damage.record({ table: 'deliveries', rowId: String(row.id), gameId: row.gameId, channelId: row.channelId, reason })) {
      this.logger.error({ table: 'deliveries', rowId: row.id, gameId: row.gameId, channelId: row.channelId, reason }, 'damaged row set aside');
    }
  }

  async setAside(row: DeliveryRow, reason: string): Promise<void> {
    await this.#report(row, reason);
    await this.rows.damaged(row.id);
  }

  delivered(delivery: Delivery, messageId: string | null, options: { disarmed?: boolean; postedIn?: string } = {}): Promise<void> {
    return this.rows.delivered(delivery.id, messageId, options);
  }

  superseded(deliveries: readonly Delivery[], by: Delivery | null): Promise<void> {
    return this.rows.superseded(
      deliveries.map((d) => d.id),
      by?.id ?? null,
    );
  }

  /** Counts a failed attempt and schedules the next one. Returns when it will be. */
  async failed(delivery: Delivery, error: string): Promise<number> {
    const attempts = delivery.attempts + 1;
    const at = this.now() + retryDelay(delivery.attempts);
    await this.rows.failed(delivery.id, attempts, at, error);
    return at;
  }

  release(deliveries: readonly Delivery[]): Promise<void> {
    return this.rows.release(deliveries.map((d) => d.id));
  }

  /** Deliveries that must keep their order behind `first`, which failed: they wait until its next attempt. */
  async waitBehind(deliveries: readonly Delivery[], first: Delivery, at: number): Promise<void> {
    for (const d of deliveries) await this.rows.failed(d.id, d.attempts, at, `waiting for delivery ${first.id}`);
  }

  /**
   * What the game's boards told so far, for the next board: the newest log sequence a board told (null:
   * none recorded yet), and the public events of the short texts (boards without a picture) owed since
   * the last picture, oldest first (the next picture's summary starts with them, so it tells the whole
   * turn). One read of the newest boards, a few rows as a rule (more only after a run of texts).
   */
  async toldSoFar(gameId: number): Promise<{ upTo: number | null; textEvents: GameEvent[] }> {
    for (let window = 4; ; window = TEXTS_IN_A_TURN) {
      const rows = await this.rows.recentOfKind(gameId, 'board', window);
      let upTo: number | null = null;
      const texts: (readonly GameEvent[])[] = [];
      // The walk back over the texts ended: at a picture, or at a row that cannot be read.
      let stopped = false;
      for (const row of rows) {
        const payload = parseDeliveryPayload(row.kind, row.payload);
        const board = typeof payload !== 'string' && payload.kind === 'board' ? payload : null;
        if (upTo === null && board?.upTo !== undefined) upTo = board.upTo;
        if (!stopped) {
          if (board === null || board.picture) stopped = true;
          else texts.push(board.summary);
        }
        if (upTo !== null && stopped) break;
      }
      // Both found, or every board there is read, or the widest window read.
      if ((upTo !== null && stopped) || rows.length < window || window === TEXTS_IN_A_TURN) return { upTo, textEvents: texts.reverse().flat() };
    }
  }

  /** The public events of the short texts owed since the game's last picture, oldest first (see toldSoFar). */
  async textEventsSincePicture(gameId: number): Promise<GameEvent[]> {
    return (await this.toldSoFar(gameId)).textEvents;
  }

  /** The newest log sequence a board of the game has told (null: none recorded yet). */
  async lastToldSequence(gameId: number): Promise<number | null> {
    return (await this.toldSoFar(gameId)).upTo;
  }

  /** Whether a message of the game was posted through the outbox. */
  async isTracked(gameId: number, messageId: string): Promise<boolean> {
    return this.rows.postedMessage(gameId, messageId);
  }

  gamesWithStaleButtons(): Promise<{ gameId: number; channelId: string }[]> {
    return this.rows.gamesWithArmed();
  }

  /** The game's posted messages whose buttons must come off now (see `staleMessages`). */
  async staleButtons(gameId: number): Promise<StaleMessage[]> {
    const armed = await this.rows.armed(gameId);
    if (armed.length === 0) return [];
    const status = await this.rows.gameStatus(gameId);
    if (status === undefined) return [];
    // Only what was posted from the oldest armed message on decides (see staleMessages and voteAfter).
    const delivered = await this.rows.deliveredSince(gameId, (armed[0] as DeliveryRow).id);
    return staleMessages(status, armed, delivered).map((d) => ({
      id: d.id,
      channelId: d.postedIn ?? d.channelId,
      messageId: d.messageId as string,
      ...(d.kind === 'idle-vote' ? voteAfter(d, delivered) : {}),
    }));
  }

  disarmed(id: number): Promise<void> {
    return this.rows.disarmed(id);
  }
}

/** A posted message whose buttons must come off; an idle vote's with what was posted after it (to say why it closed). */
export interface StaleMessage {
  readonly id: number;
  readonly channelId: string;
  readonly messageId: string;
  readonly vote?: { readonly seats: readonly Seat[]; readonly laterNotes: readonly BoardNote[]; readonly newerVote: boolean };
}

function voteAfter(vote: DeliveryRow, delivered: readonly DeliveryRow[]): Pick<StaleMessage, 'vote'> {
  const payload = parseDeliveryPayload(vote.kind, vote.payload);
  if (typeof payload === 'string' || payload.kind !== 'idle-vote') return {};
  const later = delivered.filter((d) => d.id > vote.id).sort((a, b) => a.id - b.id);
  const laterNotes = later.flatMap((d) => {
    const p = d.kind === 'board' ? parseDeliveryPayload(d.kind, d.payload) : null;
    return p !== null && typeof p !== 'string' && p.kind === 'board' ? p.notes : [];
  });
  return { vote: { seats: payload.seats, laterNotes, newerVote: later.some((d) => d.kind === 'idle-vote') } };
}

/**
 * Posted messages whose buttons must come off: all of them once the game is over; otherwise what a newer
 * board replaced, reminders and votes older than the newest of their kind, and the lobby message once
 * the game has started.
 */
export function staleMessages(status: string, armed: readonly DeliveryRow[], delivered: readonly DeliveryRow[]): DeliveryRow[] {
  if (status === 'finished' || status === 'abandoned') return [...armed];
  const newest = (kind: string): number => Math.max(-1, ...delivered.filter((d) => d.kind === kind).map((d) => d.id));
  const board = newest('board');
  return armed.filter((d) => {
    if (d.id < board) return true;
    if (d.kind === 'lobby') return status !== 'lobby';
    if (d.kind === 'reminder' || d.kind === 'idle-vote') return d.id < newest(d.kind);
    return false;
  });
}

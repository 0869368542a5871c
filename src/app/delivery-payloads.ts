/**
 * The payloads of the outbox's deliveries (what a channel is owed after a commit), each validated when read:
 * a delivery row is untrusted like any other row.
 */
import type { GameEvent, Seat } from '../engine/index.js';
import type { DeliveryKind } from '../persistence/schema.js';

/**
 * A line under a board about a seat: it left (and a computer plays it), was removed by vote (taken out by
 * the rules, or played by a computer from then on), was handed to a computer by the idle vote, or its owner
 * took it back. `skipped` is only read in rows written before the vote handed seats to computer players.
 */
export interface BoardNote {
  /** `computerFallback`: the computer player could not decide (it failed, or ran past its deadline); the move that looked best at a glance (greedy, one move ahead) was played. */
  /**
   * `outOfTime`: the seat's time bank ran out, a computer plays it as after an idle vote;
   * `outOfTimeWaits`: the same with no other human playing their own seat, so after the turn that was due
   * the game waits for a player to take their seat back; `outOfTimeEnds` is only read in rows written
   * when running out with no other human at the table ended the game.
   */
  /** `seatTaken`: a substitute from the bench took the seat from `from`; `givenBack`: the substitute `from` gave it back to its owner. */
  readonly kind: 'left' | 'leftAutopilot' | 'removed' | 'removedAutopilot' | 'skipped' | 'handedToComputer' | 'reclaimed' | 'computerFallback' | 'outOfTime' | 'outOfTimeWaits' | 'outOfTimeEnds' | 'seatTaken' | 'givenBack';
  readonly seat: Seat;
  readonly from?: string;
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
  | BenchOffer
  | Announcement;

/**
 * A seat handed to a computer, offered on the server's bench (src/app/service/bench.ts): posted in
 * `channelId` pinging `roleId`; `userId` held the seat when it was handed over.
 */
export interface BenchOffer {
  readonly kind: 'bench';
  readonly seat: Seat;
  readonly channelId: string;
  readonly roleId: string | null;
  readonly userId: string;
}

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
    }
  /**
   * A player's vacation on the server, set, changed or ended early (`awayUntil` not after the moment it was
   * owed): until when they are away, until when their clock stands still, and the days of the year's budget left.
   */
  | {
      readonly kind: 'announcement';
      readonly message: 'vacation';
      readonly userId: string;
      readonly awayUntil: number;
      readonly pausedUntil: number;
      readonly daysLeft: number;
      readonly daysPerYear: number;
    }
  /** The seat's owner `userId` asks its substitute for it back (src/app/service/bench.ts): Give the seat back, or Keep it. */
  | { readonly kind: 'announcement'; readonly message: 'seatBack'; readonly userId: string; readonly seat: Seat; readonly substitute: string };

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

const NOTE_KINDS = new Set(['left', 'leftAutopilot', 'removed', 'removedAutopilot', 'skipped', 'handedToComputer', 'reclaimed', 'computerFallback', 'outOfTime', 'outOfTimeWaits', 'outOfTimeEnds', 'seatTaken', 'givenBack']);
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
      const isNote = (n: unknown): n is BoardNote => typeof n === 'object' && n !== null && NOTE_KINDS.has((n as BoardNote).kind) && isSeat((n as BoardNote).seat) && ((n as BoardNote).from === undefined || SNOWFLAKE.test(String((n as BoardNote).from)));
      if (!Array.isArray(notes) || !notes.every(isNote)) {
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
    case 'bench': {
      const ids = [p.channelId, p.userId];
      if (!ids.every((id) => typeof id === 'string' && SNOWFLAKE.test(id)) || !isSeat(p.seat) || (p.roleId !== null && (typeof p.roleId !== 'string' || !SNOWFLAKE.test(p.roleId)))) return 'the bench offer is not readable';
      return { kind: 'bench', seat: p.seat, channelId: p.channelId as string, roleId: p.roleId, userId: p.userId as string };
    }
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
      if (p.message === 'vacation') {
        if (!isTime(p.awayUntil) || !isTime(p.pausedUntil) || !isCount(p.daysLeft) || !isCount(p.daysPerYear)) return 'the announcement is not readable';
        return { kind: 'announcement', message: 'vacation', userId: p.userId, awayUntil: p.awayUntil, pausedUntil: p.pausedUntil, daysLeft: p.daysLeft, daysPerYear: p.daysPerYear };
      }
      if (p.message === 'seatBack') {
        if (!isSeat(p.seat) || typeof p.substitute !== 'string' || !SNOWFLAKE.test(p.substitute)) return 'the announcement is not readable';
        return { kind: 'announcement', message: 'seatBack', userId: p.userId, seat: p.seat, substitute: p.substitute };
      }
      if (p.message !== 'abandoned') return 'the announcement is not readable';
      if (p.recorded !== undefined && typeof p.recorded !== 'boolean') return 'the announcement is not readable';
      return { kind: 'announcement', message: 'abandoned', userId: p.userId, recorded: p.recorded === true };
    default:
      return `unknown delivery kind "${kind}"`;
  }
}

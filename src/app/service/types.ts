/** What the game service answers: the loaded game (a lobby or a running game), refusals and outcomes. */
import type { Seat } from '../../engine/index.js';
import type { GameRow, SeatRow } from '../../persistence/schema.js';
import type { EffectiveEntry } from '../log.js';
import type { GameModule, LobbySettings } from '../module.js';

export interface PlayerRef {
  readonly userId: string;
  readonly displayName: string;
}

export interface LobbySnapshot {
  readonly kind: 'lobby';
  readonly row: GameRow;
  readonly seats: readonly SeatRow[];
  readonly module: GameModule;
  readonly settings: LobbySettings;
}

export interface ActiveSnapshot {
  readonly kind: 'active';
  readonly row: GameRow;
  readonly seats: readonly SeatRow[];
  readonly module: GameModule;
  readonly settings: LobbySettings;
  readonly options: unknown;
  readonly state: unknown;
}

export type Snapshot = LobbySnapshot | ActiveSnapshot;

export type Refusal =
  | { readonly ok: false; readonly code: 'unknown_game'; readonly kind: string }
  /** `option`: which choice is unknown, or 'combination' when the engine refuses them for `players`; `detail` is for the log. */
  | {
      readonly ok: false;
      readonly code: 'invalid_options';
      /** `layout_for_expansion`: a layout of the game that the chosen expansion does not use; `no_variants`: the game has none. */
      readonly option: 'layout' | 'variant' | 'expansion' | 'combination' | 'layout_for_expansion' | 'no_variants' | 'clock';
      readonly value: string;
      readonly players: number;
      readonly detail: string;
    }
  | { readonly ok: false; readonly code: 'invalid_capacity'; readonly min: number; readonly max: number }
  | { readonly ok: false; readonly code: 'channel_busy'; readonly existing: GameRow }
  | { readonly ok: false; readonly code: 'no_game' }
  | { readonly ok: false; readonly code: 'not_lobby' }
  | { readonly ok: false; readonly code: 'not_active' }
  | { readonly ok: false; readonly code: 'already_joined' }
  | { readonly ok: false; readonly code: 'lobby_full'; readonly capacity: number }
  | { readonly ok: false; readonly code: 'not_in_lobby' }
  | { readonly ok: false; readonly code: 'host_cannot_leave' }
  | { readonly ok: false; readonly code: 'not_host' }
  | { readonly ok: false; readonly code: 'too_few_players'; readonly min: number }
  | { readonly ok: false; readonly code: 'stale'; readonly currentVersion: number }
  | { readonly ok: false; readonly code: 'not_a_player' }
  | { readonly ok: false; readonly code: 'foreign_panel'; readonly owner: Seat }
  | { readonly ok: false; readonly code: 'not_your_turn'; readonly waitingFor: readonly Seat[] }
  | { readonly ok: false; readonly code: 'cannot_undo' }
  /** A compound choice that pays and then does nothing, chosen without confirming it. */
  | { readonly ok: false; readonly code: 'unconfirmed' }
  | { readonly ok: false; readonly code: 'vote_closed' }
  | { readonly ok: false; readonly code: 'cannot_vote' }
  | { readonly ok: false; readonly code: 'no_reminder' }
  | { readonly ok: false; readonly code: 'invalid_setting'; readonly field: string; readonly min: number; readonly max: number }
  | { readonly ok: false; readonly code: 'not_handed_over' }
  | { readonly ok: false; readonly code: 'removed_by_vote' }
  | { readonly ok: false; readonly code: 'reclaim_between_turns' }
  | { readonly ok: false; readonly code: 'no_computer' }
  // The substitute bench (bench.ts).
  /** The seat offered is no longer a computer's (taken by another, taken back, or the game is over). */
  | { readonly ok: false; readonly code: 'seat_taken' }
  /** The seat offered is the caller's own: they take it back as before. */
  | { readonly ok: false; readonly code: 'own_seat' }
  /** A computer is playing the seat's turn right now: it may be taken once that turn is over. */
  | { readonly ok: false; readonly code: 'seat_busy' }
  /** The caller plays at that table already. */
  | { readonly ok: false; readonly code: 'already_at_table' }
  /** Only the seat's substitute answers its owner's request. */
  | { readonly ok: false; readonly code: 'not_your_seat' }
  /** /game notify: an unknown time zone, a date that is not a day ahead, quiet hours with one end only. */
  | { readonly ok: false; readonly code: 'invalid_time_zone'; readonly value: string }
  | { readonly ok: false; readonly code: 'invalid_away_date'; readonly value: string }
  | { readonly ok: false; readonly code: 'quiet_hours_incomplete' }
  | { readonly ok: false; readonly code: 'invalid_notify' }
  /** An idle vote about a player who is away: it waits until they are back. */
  | { readonly ok: false; readonly code: 'player_away'; readonly until: number }
  | { readonly ok: false; readonly code: 'damaged'; readonly gameId: number; readonly channelId: string; readonly reason: string }
  // Many tables in one channel.
  /** A command in a channel with several running games, without saying which (`count` of them). */
  | { readonly ok: false; readonly code: 'several_games'; readonly count: number }
  /** The `game` option names a game that does not run in this channel. */
  | { readonly ok: false; readonly code: 'game_not_here'; readonly gameId: number }
  /** A click or command about game `gameId` in the thread of another game (`tableOf`). */
  | { readonly ok: false; readonly code: 'other_table'; readonly gameId: number; readonly tableOf: GameRow }
  /** Rematch pressed again: the rematch lobby `existing` is already open. */
  | { readonly ok: false; readonly code: 'rematch_open'; readonly existing: GameRow };

export type RefusalCode = Refusal['code'];

export type Result<T> = ({ readonly ok: true } & T) | Refusal;

/** What a change did, for the presenters. */
export interface Outcome {
  readonly before: ActiveSnapshot;
  readonly after: ActiveSnapshot;
  /** Entries appended by this change (the player's action and any autopilot actions), in order. */
  readonly entries: readonly EffectiveEntry[];
  /** A new turn began or the game ended: a new board is due. */
  readonly turnEnded: boolean;
  readonly finished: boolean;
  /** The game ended because fewer than two players remain: the winner by concession. */
  readonly concededTo: Seat | null;
  /** The entries of the turn that just ended (when `turnEnded`): the summary under the new board. */
  readonly summary: readonly EffectiveEntry[];
  /** The outbox delivery of the new board written with this change (when `turnEnded`). */
  readonly boardDelivery: number | null;
  /** Whether that board carries a picture (the turn player changed), or is a short text naming who decides now. */
  readonly boardPicture: boolean;
}

/** What a settings change did to the turn in progress, for the announcement. */
export interface TurnTimers {
  /** When the next reminder comes (null: no more reminders this turn). */
  readonly nextReminderAt: number | null;
  /** When the idle vote can open (or, when it is open, comes up again). */
  readonly idleAt: number;
}

/**
 * What leaving does to a seat: the rules take it out and the others play on; a computer player takes it
 * (its owner may take it back between turns); or the game ends (won by the last player standing, or by
 * nobody when no human remains).
 */
export type LeaveConsequence = { readonly kind: 'removed' } | { readonly kind: 'computer' } | { readonly kind: 'ends'; readonly winner: Seat | null };

export function refuse<C extends RefusalCode>(code: C, extra: Omit<Extract<Refusal, { code: C }>, 'ok' | 'code'>): Extract<Refusal, { code: C }> {
  return { ok: false, code, ...extra } as Extract<Refusal, { code: C }>;
}

/**
 * The shapes the Discord side shares, and nothing else: what every handler and every delivery gets (the
 * bot's context) and the interfaces that context holds. Only types live here, so any file of
 * src/discord may import them without tying itself to the implementations (the outbox deliverer, the
 * following panels), which import these types in turn.
 */
import type { PostGameAnalyses } from '../app/analysis/post-game.js';
import type { ScoreChart } from '../render/chart.js';
import type { ButtonInteraction, Client, StringSelectMenuInteraction } from 'discord.js';
import type { ComputerPlayer, ComputerTurns } from '../app/computer-turns.js';
import type { GameService, Snapshot } from '../app/game-service.js';
import type { DeliveryTrigger } from '../app/scheduler.js';
import type { Locale, Seat } from '../engine/index.js';
import type { PresenterRegistry } from '../games/contract.js';
import type { BotMetrics } from '../ops/metrics.js';
import type { EmojiBook } from './emojis.js';

export interface BotContext {
  readonly service: GameService;
  readonly presenters: PresenterRegistry;
  readonly client: Client;
  /** Posts what the outbox owes (boards, lobby, reminders); handlers never post a board themselves. */
  readonly deliverer: Deliverer;
  /** Plays the computer players' decisions after a change. */
  readonly computers: ComputerTurns;
  /** The computer player itself (for "Suggest a move"). */
  readonly player: ComputerPlayer;
  /** Private panels kept to show their player's next decision (in memory only). */
  readonly followingPanels: FollowingPanels;
  /** The operator's metrics (interactions, acknowledgement and board times); absent in tests that need none. */
  readonly metrics?: BotMetrics;
  /** The app's emojis for the games' symbols, uploaded at start; absent: every symbol in words alone. */
  readonly emojis?: EmojiBook;
  /** Finished games' analyses, reviewed in the AI pool's idle time; absent: none are made. */
  readonly analyses?: PostGameAnalyses;
  /** Draws a chart in the render pool, behind the live boards (an analysis's); absent: answers go without. */
  readonly drawChart?: (chart: ScoreChart) => Promise<Buffer>;
}

export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Posts what the outbox owes, until it arrives, exactly once. */
export interface Deliverer extends DeliveryTrigger {
  /** Takes back what was held before a restart, then looks at the outbox at its pace. */
  start(): Promise<void>;
  /** Stops looking, and waits for the deliveries in flight. */
  stop(): Promise<void>;
  /** One look: every game with due deliveries, and every game with stale buttons. Never rejects. */
  poll(): Promise<void>;
  /** Takes the game's lock, then delivers what the game is owed. Never rejects. */
  deliverGame(gameId: number, channelId: string): Promise<ReadonlySet<number>>;
  /**
   * Delivers what the game is owed now; the caller holds the game's lock. Returns the ids of the
   * deliveries that are in the channel (posted, or superseded by one that was posted). `current`: the
   * game as it stands under the lock, when the caller has it (it is then not read again).
   */
  deliverHeld(gameId: number, current?: Snapshot): Promise<ReadonlySet<number>>;
}

/** A private panel kept to show its player's next decision. */
export interface FollowingPanel {
  readonly interaction: ComponentInteraction;
  readonly userId: string;
  readonly locale: Locale;
}

/** The panels kept per game and seat, while Discord still lets their interactions be edited. */
export interface FollowingPanels {
  /** Keeps the panel answered by `interaction` to show the seat's next decision there. */
  keep(gameId: number, seat: Seat, panel: FollowingPanel): void;
  /** The seat's kept panel if it can still be edited (taken: it is shown once). */
  take(gameId: number, seat: Seat): FollowingPanel | undefined;
  /** The player opened another panel: the kept one is not shown again. */
  forget(gameId: number, seat: Seat): void;
  readonly size: number;
}

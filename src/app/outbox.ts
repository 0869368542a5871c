/**
 * What a channel is owed after a commit (the outbox). The game service writes a delivery in the same
 * transaction as the change; a deliverer (the Discord layer) takes due deliveries with a lease, posts
 * them and records the message, or counts the failure and tries again later with a growing delay. This
 * file holds the retry policy; the payloads (validated when read) are in delivery-payloads.ts.
 */
import type { GameEvent, Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import { isArmed } from '../persistence/delivery-repository.js';
import type { DeliveryRow } from '../persistence/schema.js';
import type { DamagedRowStore, DeliveryStore } from '../persistence/store.js';
import { parseDeliveryPayload, type BenchOffer, type BoardNote, type DeliveryPayload, type RemindedGame, type SummaryEvent, type HeldNotice, type DmFallback, type Announcement, type Delivery } from './delivery-payloads.js';

export { parseDeliveryPayload };
// The payloads are read where the outbox is: its users import them from here.
export type { BenchOffer, BoardNote, DeliveryPayload, RemindedGame, SummaryEvent, HeldNotice, DmFallback, Announcement, Delivery };

/** The delay before attempt `attempts + 1`: 1 s, 2 s, 4 s ... at most 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.min(attempts, 16));
}

/** At most this many short texts are gathered into a picture's summary (a turn has a few: Kiosk, auction). */
const TEXTS_IN_A_TURN = 64;

/** How long a deliverer may hold a delivery before another may take it (a crashed process's lease runs out). */
export const DELIVERY_LEASE_MS = 60_000;

export class Outbox {
  /** Per game, the last two board messages this process recorded (the board before the newest is the one asked about: see isTracked). */
  readonly #recorded = new Map<number, readonly string[]>();

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

  /**
   * The delivery is in the channel as message `messageId`. `board`: that message is now the game's board
   * (games.board_message_id: a board with a picture, or the lobby), recorded with it.
   */
  async delivered(delivery: Delivery, messageId: string | null, options: { disarmed?: boolean; postedIn?: string; board?: boolean } = {}): Promise<void> {
    const { board, ...posted } = options;
    await this.rows.delivered(delivery.id, messageId, { ...posted, ...(board === true ? { boardOf: delivery.gameId } : {}) });
    if (board === true && messageId !== null) this.#recorded.set(delivery.gameId, [messageId, ...(this.#recorded.get(delivery.gameId) ?? []).slice(0, 1)]);
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

  /** Whether a message of the game was posted through the outbox (the last boards this process recorded are known without a read). */
  async isTracked(gameId: number, messageId: string): Promise<boolean> {
    return this.#recorded.get(gameId)?.includes(messageId) === true || this.rows.postedMessage(gameId, messageId);
  }

  gamesWithStaleButtons(): Promise<{ gameId: number; channelId: string }[]> {
    return this.rows.gamesWithArmed();
  }

  /**
   * The game's posted messages whose buttons must come off now (see `staleMessages`). `status`: the game's,
   * when the caller knows it (it is then not read).
   */
  async staleButtons(gameId: number, status?: string): Promise<StaleMessage[]> {
    // Only what was posted from the oldest armed message on decides (see staleMessages and voteAfter): one read.
    const delivered = await this.rows.deliveredFromOldestArmed(gameId);
    const armed = delivered.filter(isArmed);
    if (armed.length === 0) return [];
    status ??= await this.rows.gameStatus(gameId);
    if (status === undefined) return [];
    return staleMessages(status, armed, delivered).map((d) => ({
      id: d.id,
      channelId: d.postedIn ?? d.channelId,
      messageId: d.messageId as string,
      board: d.kind === 'board',
      ...(d.kind === 'idle-vote' ? voteAfter(d, delivered) : {}),
      ...(d.kind === 'bench' ? benchAfter(d, delivered) : {}),
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
  /** A board: laid out in a container, its buttons inside it (the message is read to take them off). */
  readonly board: boolean;
  readonly vote?: { readonly seats: readonly Seat[]; readonly laterNotes: readonly BoardNote[]; readonly newerVote: boolean };
  /** A seat offered on the bench: the offer, and whether a later board told that the seat was taken from the bench. */
  readonly bench?: { readonly offer: BenchOffer; readonly taken: boolean };
}

/** The board notes that close a bench offer of their seat: taken from the bench, or taken back by its owner. */
const BENCH_CLOSING = new Set<BoardNote['kind']>(['seatTaken', 'reclaimed']);

function laterNotesOf(d: DeliveryRow, delivered: readonly DeliveryRow[]): BoardNote[] {
  return delivered
    .filter((l) => l.id > d.id && l.kind === 'board')
    .flatMap((l) => {
      const p = parseDeliveryPayload(l.kind, l.payload);
      return typeof p !== 'string' && p.kind === 'board' ? p.notes : [];
    });
}

function benchAfter(d: DeliveryRow, delivered: readonly DeliveryRow[]): Pick<StaleMessage, 'bench'> {
  const offer = parseDeliveryPayload(d.kind, d.payload);
  if (typeof offer === 'string' || offer.kind !== 'bench') return {};
  return { bench: { offer, taken: laterNotesOf(d, delivered).some((n) => n.seat === offer.seat && n.kind === 'seatTaken') } };
}

/** A bench offer closes once a later board tells its seat was taken (from the bench or back by its owner). */
function benchClosed(d: DeliveryRow, delivered: readonly DeliveryRow[]): boolean {
  const offer = parseDeliveryPayload(d.kind, d.payload);
  if (typeof offer === 'string' || offer.kind !== 'bench') return true;
  return laterNotesOf(d, delivered).some((n) => n.seat === offer.seat && BENCH_CLOSING.has(n.kind));
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
    if (d.kind === 'bench') return benchClosed(d, delivered);
    if (d.id < board) return true;
    if (d.kind === 'lobby') return status !== 'lobby';
    if (d.kind === 'reminder' || d.kind === 'idle-vote') return d.id < newest(d.kind);
    return false;
  });
}

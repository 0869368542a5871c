/**
 * The outbox table (deliveries). Rows are written inside the transaction of the change that owes them
 * (see the game service) and taken by a deliverer with a lease (`claimedUntil`), so that only one
 * deliverer, in this process or another one on the same database, works on a row at a time: a claim
 * leases the game's due, free rows in one UPDATE, which PostgreSQL makes skip the rows another process is
 * leasing at that moment (see the dialects' `notBeingClaimed`).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';
import type { Dialect } from './dialect.js';
import type { DeliveryKind, DeliveryRow } from './schema.js';
import { all, first, insertReturning, keptForCount, select, selectFields, together, update, updateQuery, updateReturningQuery, updateReturningWith, updateWith, updatingWith, type SelectQuery, type Statements, type UpdateQuery } from './statements.js';

export interface NewDelivery {
  readonly gameId: number;
  readonly guildId: string;
  readonly channelId: string;
  readonly kind: DeliveryKind;
  readonly version: number;
  readonly payload: unknown;
  /** Not before then (a direct message held until the player's quiet hours end); default: now. */
  readonly dueAt?: number;
}

/** superseded keeps its UPDATE for up to this many rows at once (a game's older boards, usually one). */
const KEPT_SUPERSEDED = 16;

/** Deliveries whose messages carry buttons that must come off once a newer message replaces them. */
export const ARMED_KINDS: readonly DeliveryKind[] = ['lobby', 'board', 'reminder', 'idle-vote', 'bench'];

/** Delivered, its message still carries buttons (as the repository's queries select them). */
export function isArmed(row: DeliveryRow): boolean {
  return row.status === 'delivered' && row.messageId !== null && row.disarmedAt === null && ARMED_KINDS.includes(row.kind as DeliveryKind);
}

export class DeliveryRepository {
  /** The queries of every move that ends a turn, built once with placeholders (SQLite prepares each once). */
  readonly #recentOfKind: SelectQuery<DeliveryRow>;
  readonly #deliveredSince: SelectQuery<DeliveryRow>;
  readonly #fromOldestArmed: SelectQuery<DeliveryRow>;
  readonly #armedOfGame: SelectQuery<DeliveryRow>;
  readonly #withMessage: SelectQuery<{ id: number }>;
  readonly #gameStatus: SelectQuery<{ status: string }>;
  /** The deliverer's changes at every delivery, built once with placeholders (prepared once). */
  readonly #claim: UpdateQuery & { readonly row?: DeliveryRow };
  readonly #delivered: UpdateQuery;
  readonly #deliveredDisarmed: UpdateQuery;
  readonly #disarmed: UpdateQuery;
  /** The game's board message (games.board_message_id), written with the delivery that posted it. */
  readonly #boardMessage: UpdateQuery;
  /** By the number of rows superseded at once (1 to KEPT_SUPERSEDED). */
  readonly #superseded = new Map<number, UpdateQuery>();

  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
    /** The shards of this process: it looks only at its own guilds' deliveries. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {
    const { deliveries } = dialect.tables;
    this.#recentOfKind = select(deliveries, {
      where: and(eq(deliveries.gameId, sql.placeholder('gameId')), eq(deliveries.kind, sql.placeholder('kind'))),
      orderBy: [desc(deliveries.id)],
      limit: sql.placeholder('limit'),
    }) as SelectQuery<DeliveryRow>;
    const gameId = sql.placeholder('gameId');
    this.#deliveredSince = select(deliveries, {
      where: and(eq(deliveries.gameId, gameId), eq(deliveries.status, 'delivered'), gte(deliveries.id, sql.placeholder('fromId'))),
      orderBy: [asc(deliveries.id)],
    }) as SelectQuery<DeliveryRow>;
    this.#fromOldestArmed = select(deliveries, {
      where: and(
        eq(deliveries.gameId, gameId),
        eq(deliveries.status, 'delivered'),
        gte(deliveries.id, sql`(select min(${deliveries.id}) from ${deliveries} where ${and(eq(deliveries.gameId, gameId), this.#armed())})`),
      ),
      orderBy: [asc(deliveries.id)],
    }) as SelectQuery<DeliveryRow>;
    this.#armedOfGame = select(deliveries, { where: and(eq(deliveries.gameId, gameId), this.#armed()), orderBy: [asc(deliveries.id)] }) as SelectQuery<DeliveryRow>;
    this.#withMessage = selectFields({ id: deliveries.id }, deliveries, { where: and(eq(deliveries.gameId, gameId), eq(deliveries.messageId, sql.placeholder('messageId'))), limit: 1 });
    const { games } = dialect.tables;
    this.#gameStatus = selectFields({ status: games.status }, games, { where: eq(games.id, gameId) });
    const byId = eq(deliveries.id, sql.placeholder('id'));
    const dueAndFree = and(eq(deliveries.gameId, gameId), this.#dueAndFree(sql.placeholder('now'))) as SQL;
    this.#claim = updateReturningQuery(deliveries, { claimedUntil: sql.placeholder('claimedUntil'), claimedBy: sql.placeholder('owner') }, and(this.dialect.notBeingClaimed(deliveries, deliveries.id, dueAndFree), dueAndFree));
    const delivered = { status: 'delivered' as const, messageId: sql.placeholder('messageId'), postedIn: sql.placeholder('postedIn'), deliveredAt: sql.placeholder('time'), claimedUntil: null, lastError: null };
    this.#delivered = updateQuery(deliveries, delivered, byId);
    this.#deliveredDisarmed = updateQuery(deliveries, { ...delivered, disarmedAt: sql.placeholder('time') }, byId);
    this.#disarmed = updateQuery(deliveries, { disarmedAt: sql.placeholder('time') }, byId);
    this.#boardMessage = updateQuery(games, { boardMessageId: sql.placeholder('messageId') }, eq(games.id, gameId));
  }

  get #deliveries() {
    return this.dialect.tables.deliveries;
  }

  /** Deliveries in this process's guilds (undefined: it runs every shard, no condition). */
  #mine(): SQL | undefined {
    return this.dialect.guildOnShards(this.#deliveries.guildId, this.shards);
  }

  /** Pending and due now, and no deliverer holds it. */
  #dueAndFree(now: number | Placeholder): SQL | undefined {
    const deliveries = this.#deliveries;
    return and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, now)));
  }

  /** Delivered, its message still carries buttons. */
  #armed(): SQL | undefined {
    const deliveries = this.#deliveries;
    return and(eq(deliveries.status, 'delivered'), isNotNull(deliveries.messageId), isNull(deliveries.disarmedAt), inArray(deliveries.kind, [...ARMED_KINDS]));
  }

  *add(delivery: NewDelivery): Statements<DeliveryRow> {
    const time = this.now();
    const { dueAt, ...row } = delivery;
    return yield* insertReturning(this.#deliveries, { ...row, payload: JSON.stringify(delivery.payload), status: 'pending', nextAttemptAt: Math.max(time, dueAt ?? time), createdAt: time });
  }

  *byId(id: number): Statements<DeliveryRow | undefined> {
    return yield* first(select(this.#deliveries, { where: eq(this.#deliveries.id, id) }));
  }

  /** Games with a delivery due now that no deliverer holds. */
  *gamesWithDue(now: number, limit = 100): Statements<{ gameId: number; channelId: string }[]> {
    const deliveries = this.#deliveries;
    return yield* all(selectFields({ gameId: deliveries.gameId, channelId: deliveries.channelId }, deliveries, { distinct: true, where: and(this.#dueAndFree(now), this.#mine()), limit }));
  }

  /** The earliest moment a pending delivery becomes due (for the deliverer's timer), or null. */
  *nextDue(): Statements<number | null> {
    const deliveries = this.#deliveries;
    const row = yield* first(selectFields({ at: this.dialect.time(sql<number | null>`min(${deliveries.nextAttemptAt})`) }, deliveries, { where: and(eq(deliveries.status, 'pending'), this.#mine()) }));
    return row?.at ?? null;
  }

  /**
   * What the outbox owes and is late with, for the operator's metrics: the pending deliveries that are due
   * or waiting for a retry (a direct message held until its player's quiet hours end is not owed yet), and
   * when the oldest of them was written (null: none). Held direct messages are left out of the age: they
   * were written hours before they became due.
   */
  *backlog(now: number): Statements<{ pending: number; oldestCreatedAt: number | null }> {
    const deliveries = this.#deliveries;
    const owed = and(eq(deliveries.status, 'pending'), or(lte(deliveries.nextAttemptAt, now), gt(deliveries.attempts, 0)), this.#mine());
    const row = yield* first(
      selectFields(
        {
          pending: this.dialect.integer(sql`count(*)`),
          oldestCreatedAt: this.dialect.time(sql<number | null>`min(case when ${deliveries.kind} <> 'dm' then ${deliveries.createdAt} end)`),
        },
        deliveries,
        { where: owed },
      ),
    );
    return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldestCreatedAt ?? null };
  }

  /**
   * Claims the game's due deliveries for `leaseMs`, atomically: a row another deliverer holds (or is
   * taking right now) is not returned. Oldest first.
   */
  *claim(gameId: number, now: number, leaseMs: number, owner: string): Statements<DeliveryRow[]> {
    const claimed = yield* updateReturningWith(this.#claim, { gameId, now, claimedUntil: now + leaseMs, owner });
    return claimed.sort((a, b) => a.id - b.id);
  }

  /**
   * `postedIn`: the channel or thread the message is in. `boardOf`: the message is now the game's board
   * (games.board_message_id), written in the same statement where the database can.
   */
  *delivered(id: number, messageId: string | null, options: { disarmed?: boolean; postedIn?: string; boardOf?: number } = {}): Statements<void> {
    const query = options.disarmed === true ? this.#deliveredDisarmed : this.#delivered;
    const values = { id, messageId, postedIn: options.postedIn ?? null, time: this.now() };
    if (options.boardOf === undefined) yield* updateWith(query, values);
    else yield* together([updatingWith(query, values), updatingWith(this.#boardMessage, { gameId: options.boardOf, messageId })]);
  }

  *superseded(ids: readonly number[], by: number | null): Statements<void> {
    if (ids.length === 0) return;
    const deliveries = this.#deliveries;
    const change = { status: 'superseded' as const, supersededBy: by, claimedUntil: null };
    const kept = keptForCount(this.#superseded, ids, KEPT_SUPERSEDED, 'id', (placeholders) => updateQuery(deliveries, { ...change, supersededBy: sql.placeholder('by') }, inArray(deliveries.id, placeholders)));
    if (kept === null) yield* update(deliveries, change, inArray(deliveries.id, [...ids]));
    else yield* updateWith(kept.query, { ...kept.values, by });
  }

  /** A failed attempt: tried again at `nextAttemptAt`. */
  *failed(id: number, attempts: number, nextAttemptAt: number, error: string): Statements<void> {
    yield* update(this.#deliveries, { attempts, nextAttemptAt, lastError: error.slice(0, 300), claimedUntil: null }, eq(this.#deliveries.id, id));
  }

  /** The payload cannot be read: set aside for good (the row stays as it is otherwise). */
  *damaged(id: number): Statements<void> {
    yield* update(this.#deliveries, { status: 'damaged', claimedUntil: null }, eq(this.#deliveries.id, id));
  }

  /** A restarted deliverer takes back what its predecessor of the same name held when it died. */
  *releaseOwnedBy(owner: string): Statements<number> {
    const deliveries = this.#deliveries;
    return yield* update(deliveries, { claimedUntil: null, claimedBy: null }, and(eq(deliveries.status, 'pending'), eq(deliveries.claimedBy, owner)));
  }

  /** Gives up the lease without counting an attempt (e.g. the game is busy elsewhere). */
  *release(ids: readonly number[]): Statements<void> {
    if (ids.length === 0) return;
    yield* update(this.#deliveries, { claimedUntil: null }, inArray(this.#deliveries.id, [...ids]));
  }

  *disarmed(id: number): Statements<void> {
    yield* updateWith(this.#disarmed, { id, time: this.now() });
  }

  /** Delivered messages of the game whose buttons are still on (newest last). */
  *armed(gameId: number): Statements<DeliveryRow[]> {
    return yield* all(this.#armedOfGame, { gameId });
  }

  /** Games with armed messages that may be stale: more than one armed message, or the game is over. */
  *gamesWithArmed(): Statements<{ gameId: number; channelId: string }[]> {
    const { deliveries, games } = this.dialect.tables;
    const query = selectFields({ gameId: deliveries.gameId, channelId: deliveries.channelId }, deliveries, {
      distinct: true,
      innerJoin: { table: games, on: eq(games.id, deliveries.gameId) },
      where: and(
        this.#armed(),
        this.#mine(),
        or(
          inArray(games.status, ['finished', 'abandoned']),
          // A seat offered on the bench stays open past newer boards: it closes with the delivery that tells it was taken.
          sql`${deliveries.kind} <> 'bench' and exists (select 1 from ${deliveries} as newer where newer.game_id = ${deliveries.gameId} and newer.kind = 'board' and newer.status = 'delivered' and newer.id > ${deliveries.id})`,
        ),
      ),
    });
    return yield* all(query);
  }

  *gameStatus(gameId: number): Statements<string | undefined> {
    return (yield* first(this.#gameStatus, { gameId }))?.status;
  }

  /** The game's deliveries in order (tests and the operator's view). */
  *ofGame(gameId: number): Statements<DeliveryRow[]> {
    const deliveries = this.#deliveries;
    return yield* all(select(deliveries, { where: eq(deliveries.gameId, gameId), orderBy: [asc(deliveries.id)] }));
  }

  /** The game's delivered messages from delivery `fromId` on, in order (not the game's whole outbox). */
  *deliveredSince(gameId: number, fromId: number): Statements<DeliveryRow[]> {
    return yield* all(this.#deliveredSince, { gameId, fromId });
  }

  /**
   * The game's delivered messages from its oldest armed one on, in order (none when no message is armed):
   * the armed ones and what was posted after them, all that decides which buttons are stale, in one read.
   */
  *deliveredFromOldestArmed(gameId: number): Statements<DeliveryRow[]> {
    return yield* all(this.#fromOldestArmed, { gameId });
  }

  /** Whether a delivery of the game posted the message (one row read, not the game's whole outbox). */
  *postedMessage(gameId: number, messageId: string): Statements<boolean> {
    return (yield* first(this.#withMessage, { gameId, messageId })) !== undefined;
  }

  /** The game's newest deliveries of one kind, newest first. */
  *recentOfKind(gameId: number, kind: DeliveryKind, limit: number): Statements<DeliveryRow[]> {
    return yield* all(this.#recentOfKind, { gameId, kind, limit });
  }

  /** The newest delivered board or lobby message of the game, if any. */
  *latestPosted(gameId: number): Statements<DeliveryRow | undefined> {
    const deliveries = this.#deliveries;
    return yield* first(select(deliveries, { where: and(eq(deliveries.gameId, gameId), eq(deliveries.status, 'delivered'), inArray(deliveries.kind, ['board', 'lobby'])), orderBy: [desc(deliveries.id)], limit: 1 }));
  }
}

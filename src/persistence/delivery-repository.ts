/**
 * The outbox table (deliveries). Rows are written inside the transaction of the change that owes them
 * (see the game service) and taken by a deliverer with a lease (`claimedUntil`), so that only one
 * deliverer, in this process or another one on the same database, works on a row at a time.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';
import type { Db } from './database.js';
import { guildOnShardsSqlite } from './shard-filter.js';
import { deliveries, games, type DeliveryKind, type DeliveryRow } from './schema.js';

export interface NewDelivery {
  readonly gameId: number;
  readonly guildId: string;
  readonly channelId: string;
  readonly kind: DeliveryKind;
  readonly version: number;
  readonly payload: unknown;
}

/** Deliveries whose messages carry buttons that must come off once a newer message replaces them. */
export const ARMED_KINDS: readonly DeliveryKind[] = ['lobby', 'board', 'reminder', 'idle-vote'];

export class DeliveryRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** The shards of this process: it looks only at its own guilds' deliveries. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {}

  /** Deliveries in this process's guilds (undefined: it runs every shard, no condition). */
  #mine(): SQL | undefined {
    return guildOnShardsSqlite(deliveries.guildId, this.shards);
  }

  add(delivery: NewDelivery): DeliveryRow {
    const time = this.now();
    return this.db
      .insert(deliveries)
      .values({ ...delivery, payload: JSON.stringify(delivery.payload), status: 'pending', nextAttemptAt: time, createdAt: time })
      .returning()
      .get();
  }

  byId(id: number): DeliveryRow | undefined {
    return this.db.select().from(deliveries).where(eq(deliveries.id, id)).get();
  }

  /** Games with a delivery due now that no deliverer holds. */
  gamesWithDue(now: number, limit = 100): { gameId: number; channelId: string }[] {
    return this.db
      .selectDistinct({ gameId: deliveries.gameId, channelId: deliveries.channelId })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, now)), this.#mine()))
      .limit(limit)
      .all();
  }

  /** The earliest moment a pending delivery becomes due (for the deliverer's timer), or null. */
  nextDue(): number | null {
    const row = this.db
      .select({ at: sql<number>`min(${deliveries.nextAttemptAt})` })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), this.#mine()))
      .get();
    return row?.at ?? null;
  }

  /**
   * Claims the game's due deliveries for `leaseMs`, atomically: a row another deliverer holds is not
   * returned. Oldest first.
   */
  claim(gameId: number, now: number, leaseMs: number, owner: string): DeliveryRow[] {
    return this.db
      .update(deliveries)
      .set({ claimedUntil: now + leaseMs, claimedBy: owner })
      .where(
        and(
          eq(deliveries.gameId, gameId),
          eq(deliveries.status, 'pending'),
          lte(deliveries.nextAttemptAt, now),
          or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, now)),
        ),
      )
      .returning()
      .all()
      .sort((a, b) => a.id - b.id);
  }

  /** `postedIn`: the channel or thread the message is in. */
  delivered(id: number, messageId: string | null, options: { disarmed?: boolean; postedIn?: string } = {}): void {
    const time = this.now();
    this.db
      .update(deliveries)
      .set({ status: 'delivered', messageId, postedIn: options.postedIn ?? null, deliveredAt: time, claimedUntil: null, lastError: null, ...(options.disarmed ? { disarmedAt: time } : {}) })
      .where(eq(deliveries.id, id))
      .run();
  }

  superseded(ids: readonly number[], by: number | null): void {
    if (ids.length === 0) return;
    this.db.update(deliveries).set({ status: 'superseded', supersededBy: by, claimedUntil: null }).where(inArray(deliveries.id, [...ids])).run();
  }

  /** A failed attempt: tried again at `nextAttemptAt`. */
  failed(id: number, attempts: number, nextAttemptAt: number, error: string): void {
    this.db
      .update(deliveries)
      .set({ attempts, nextAttemptAt, lastError: error.slice(0, 300), claimedUntil: null })
      .where(eq(deliveries.id, id))
      .run();
  }

  /** The payload cannot be read: set aside for good (the row stays as it is otherwise). */
  damaged(id: number): void {
    this.db.update(deliveries).set({ status: 'damaged', claimedUntil: null }).where(eq(deliveries.id, id)).run();
  }

  /** A restarted deliverer takes back what its predecessor of the same name held when it died. */
  releaseOwnedBy(owner: string): number {
    return this.db
      .update(deliveries)
      .set({ claimedUntil: null, claimedBy: null })
      .where(and(eq(deliveries.status, 'pending'), eq(deliveries.claimedBy, owner)))
      .run().changes;
  }

  /** Gives up the lease without counting an attempt (e.g. the game is busy elsewhere). */
  release(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.db.update(deliveries).set({ claimedUntil: null }).where(inArray(deliveries.id, [...ids])).run();
  }

  disarmed(id: number): void {
    this.db.update(deliveries).set({ disarmedAt: this.now() }).where(eq(deliveries.id, id)).run();
  }

  /** Delivered messages of the game whose buttons are still on (newest last). */
  armed(gameId: number): DeliveryRow[] {
    return this.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.gameId, gameId),
          eq(deliveries.status, 'delivered'),
          isNotNull(deliveries.messageId),
          isNull(deliveries.disarmedAt),
          inArray(deliveries.kind, [...ARMED_KINDS]),
        ),
      )
      .orderBy(asc(deliveries.id))
      .all();
  }

  /** Games with armed messages that may be stale: more than one armed message, or the game is over. */
  gamesWithArmed(): { gameId: number; channelId: string }[] {
    return this.db
      .selectDistinct({ gameId: deliveries.gameId, channelId: deliveries.channelId })
      .from(deliveries)
      .innerJoin(games, eq(games.id, deliveries.gameId))
      .where(
        and(
          eq(deliveries.status, 'delivered'),
          isNotNull(deliveries.messageId),
          isNull(deliveries.disarmedAt),
          inArray(deliveries.kind, [...ARMED_KINDS]),
          this.#mine(),
          or(
            inArray(games.status, ['finished', 'abandoned']),
            sql`exists (select 1 from ${deliveries} as newer where newer.game_id = ${deliveries.gameId} and newer.kind = 'board' and newer.status = 'delivered' and newer.id > ${deliveries.id})`,
          ),
        ),
      )
      .all();
  }

  gameStatus(gameId: number): string | undefined {
    return this.db.select({ status: games.status }).from(games).where(eq(games.id, gameId)).get()?.status;
  }

  /** The game's deliveries in order (tests and the operator's view). */
  ofGame(gameId: number): DeliveryRow[] {
    return this.db.select().from(deliveries).where(eq(deliveries.gameId, gameId)).orderBy(asc(deliveries.id)).all();
  }

  /** The game's newest deliveries of one kind, newest first. */
  recentOfKind(gameId: number, kind: DeliveryKind, limit: number): DeliveryRow[] {
    return this.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.kind, kind)))
      .orderBy(desc(deliveries.id))
      .limit(limit)
      .all();
  }

  /** The newest delivered board or lobby message of the game, if any. */
  latestPosted(gameId: number): DeliveryRow | undefined {
    return this.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.status, 'delivered'), inArray(deliveries.kind, ['board', 'lobby'])))
      .orderBy(desc(deliveries.id))
      .limit(1)
      .get();
  }
}

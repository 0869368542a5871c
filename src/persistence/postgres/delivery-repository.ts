/**
 * The outbox table (deliveries) on PostgreSQL: the SQLite DeliveryRepository's contract
 * (../delivery-repository.ts), asynchronously. A claim locks the game's due, free rows with FOR UPDATE
 * SKIP LOCKED and leases them in the same statement: a deliverer in another process (or machine) that
 * claims at the same moment skips the rows being taken instead of waiting for them, and a row leased
 * while the statement ran is checked again and left out, so a row is only ever held by one deliverer.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { SINGLE_SHARD, type ShardSet } from '../../sharding.js';
import { ARMED_KINDS, type NewDelivery } from '../delivery-repository.js';
import type { DeliveryKind } from '../schema.js';
import { guildOnShardsPostgres } from '../shard-filter.js';
import type { DeliveryStore } from '../store.js';
import type { Executor } from './executor.js';
import { deliveries, games, type DeliveryRow } from './schema.js';

export class PostgresDeliveryRepository implements DeliveryStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
    /** The shards of this process: it looks only at its own guilds' deliveries. */
    private readonly shards: ShardSet = SINGLE_SHARD,
  ) {}

  /** Deliveries in this process's guilds (undefined: it runs every shard, no condition). */
  #mine(): SQL | undefined {
    return guildOnShardsPostgres(deliveries.guildId, this.shards);
  }

  async add(delivery: NewDelivery): Promise<DeliveryRow> {
    const time = this.now();
    const [row] = await this.db()
      .insert(deliveries)
      .values({ ...delivery, payload: JSON.stringify(delivery.payload), status: 'pending', nextAttemptAt: time, createdAt: time })
      .returning();
    return row!;
  }

  async byId(id: number): Promise<DeliveryRow | undefined> {
    const [row] = await this.db().select().from(deliveries).where(eq(deliveries.id, id));
    return row;
  }

  /** Games with a delivery due now that no deliverer holds. */
  gamesWithDue(now: number, limit = 100): Promise<{ gameId: number; channelId: string }[]> {
    return this.db()
      .selectDistinct({ gameId: deliveries.gameId, channelId: deliveries.channelId })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, now)), this.#mine()))
      .limit(limit);
  }

  /** The earliest moment a pending delivery becomes due (for the deliverer's timer), or null. */
  async nextDue(): Promise<number | null> {
    // min() of a bigint comes back as text from the driver.
    const [row] = await this.db()
      .select({ at: sql<number | null>`min(${deliveries.nextAttemptAt})`.mapWith(Number) })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), this.#mine()));
    return row?.at ?? null;
  }

  /**
   * Claims the game's due deliveries for `leaseMs`, atomically: a row another deliverer holds (or is
   * taking right now) is not returned. Oldest first.
   */
  async claim(gameId: number, now: number, leaseMs: number, owner: string): Promise<DeliveryRow[]> {
    const dueAndFree = and(
      eq(deliveries.gameId, gameId),
      eq(deliveries.status, 'pending'),
      lte(deliveries.nextAttemptAt, now),
      or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, now)),
    );
    const free = this.db().select({ id: deliveries.id }).from(deliveries).where(dueAndFree).for('update', { skipLocked: true });
    const rows = await this.db()
      .update(deliveries)
      .set({ claimedUntil: now + leaseMs, claimedBy: owner })
      .where(and(inArray(deliveries.id, free), dueAndFree))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** `postedIn`: the channel or thread the message is in. */
  async delivered(id: number, messageId: string | null, options: { disarmed?: boolean; postedIn?: string } = {}): Promise<void> {
    const time = this.now();
    await this.db()
      .update(deliveries)
      .set({ status: 'delivered', messageId, postedIn: options.postedIn ?? null, deliveredAt: time, claimedUntil: null, lastError: null, ...(options.disarmed ? { disarmedAt: time } : {}) })
      .where(eq(deliveries.id, id));
  }

  async superseded(ids: readonly number[], by: number | null): Promise<void> {
    if (ids.length === 0) return;
    await this.db()
      .update(deliveries)
      .set({ status: 'superseded', supersededBy: by, claimedUntil: null })
      .where(inArray(deliveries.id, [...ids]));
  }

  /** A failed attempt: tried again at `nextAttemptAt`. */
  async failed(id: number, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
    await this.db()
      .update(deliveries)
      .set({ attempts, nextAttemptAt, lastError: error.slice(0, 300), claimedUntil: null })
      .where(eq(deliveries.id, id));
  }

  /** The payload cannot be read: set aside for good (the row stays as it is otherwise). */
  async damaged(id: number): Promise<void> {
    await this.db().update(deliveries).set({ status: 'damaged', claimedUntil: null }).where(eq(deliveries.id, id));
  }

  /** A restarted deliverer takes back what its predecessor of the same name held when it died. */
  async releaseOwnedBy(owner: string): Promise<number> {
    const released = await this.db()
      .update(deliveries)
      .set({ claimedUntil: null, claimedBy: null })
      .where(and(eq(deliveries.status, 'pending'), eq(deliveries.claimedBy, owner)));
    return released.rowCount ?? 0;
  }

  /** Gives up the lease without counting an attempt (e.g. the game is busy elsewhere). */
  async release(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db()
      .update(deliveries)
      .set({ claimedUntil: null })
      .where(inArray(deliveries.id, [...ids]));
  }

  async disarmed(id: number): Promise<void> {
    await this.db().update(deliveries).set({ disarmedAt: this.now() }).where(eq(deliveries.id, id));
  }

  /** Delivered messages of the game whose buttons are still on (newest last). */
  armed(gameId: number): Promise<DeliveryRow[]> {
    return this.db()
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
      .orderBy(asc(deliveries.id));
  }

  /** Games with armed messages that may be stale: more than one armed message, or the game is over. */
  gamesWithArmed(): Promise<{ gameId: number; channelId: string }[]> {
    return this.db()
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
      );
  }

  async gameStatus(gameId: number): Promise<string | undefined> {
    const [row] = await this.db().select({ status: games.status }).from(games).where(eq(games.id, gameId));
    return row?.status;
  }

  /** The game's deliveries in order (tests and the operator's view). */
  ofGame(gameId: number): Promise<DeliveryRow[]> {
    return this.db().select().from(deliveries).where(eq(deliveries.gameId, gameId)).orderBy(asc(deliveries.id));
  }

  /** The game's newest deliveries of one kind, newest first. */
  recentOfKind(gameId: number, kind: DeliveryKind, limit: number): Promise<DeliveryRow[]> {
    return this.db()
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.kind, kind)))
      .orderBy(desc(deliveries.id))
      .limit(limit);
  }

  /** The newest delivered board or lobby message of the game, if any. */
  async latestPosted(gameId: number): Promise<DeliveryRow | undefined> {
    const [row] = await this.db()
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.status, 'delivered'), inArray(deliveries.kind, ['board', 'lobby'])))
      .orderBy(desc(deliveries.id))
      .limit(1);
    return row;
  }
}

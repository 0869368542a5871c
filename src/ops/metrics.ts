/**
 * The bot's Prometheus metrics (prom-client), on a registry of their own (never prom-client's global
 * one, so a test may build several). Counters and histograms are fed where things happen (the router,
 * the deliverer, the worker pools, the store's transactions); gauges are read only when Prometheus
 * scrapes, by `collect()` callbacks over the sources given to `watch` (nothing polls). The names and
 * what they mean are listed in docs/operating.md ("Running it as a service").
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SHARD_STATES, type ShardState } from './gateway-state.js';

export type InteractionKind = 'command' | 'autocomplete' | 'button' | 'select' | 'other';
/**
 * ok: handled (a refusal the handler itself answers, such as "not your turn", is ok too); refused: the
 * router turned it away (unknown command, unreadable custom_id, a game of another channel); late: Discord
 * refused the acknowledgement as too late (10062); failed: an error reached the router.
 */
export type InteractionOutcome = 'ok' | 'refused' | 'late' | 'failed';
/** click: the board was posted while its click was handled; outbox: later, by the deliverer's loop. */
export type BoardPath = 'click' | 'outbox';

/** What the gauges read at scrape time. Each may be missing (then its gauges read 0, or have no series). */
export interface MetricSources {
  /** The outbox's owed deliveries and the creation time of the oldest (outbox clock, ms). */
  readonly outbox?: () => Promise<{ pending: number; oldestCreatedAt: number | null }>;
  /** Scheduled jobs due now, and those due for longer than the scheduler should take. */
  readonly jobs?: () => Promise<{ due: number; late: number }>;
  /** Lobbies and active games of this process's guilds. */
  readonly games?: () => Promise<{ lobby: number; active: number }>;
  /** The outbox clock (the same as the rows' times). */
  readonly now?: () => number;
  /** Tasks waiting for a worker of the pool. */
  readonly renderQueue?: () => number;
  readonly aiQueue?: () => number;
  /** The shards this process runs and their gateway state. */
  readonly shards?: () => readonly ShardState[];
}

export interface BotMetricsOptions {
  /** prom-client's default process metrics (CPU, memory, event loop lag, handles, GC): only when someone scrapes. */
  readonly processMetrics?: boolean;
  /** A gauge's source failed at scrape time (its gauges read NaN, or have no series, in that scrape). */
  readonly onCollectError?: (source: string, error: unknown) => void;
}

const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10];
const BOARD_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 300, 1800];
const TASK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const TRANSACTION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export class BotMetrics {
  readonly registry = new Registry();
  readonly interactions: Counter<'kind' | 'outcome'>;
  readonly acknowledgement: Histogram<'kind'>;
  readonly clickToBoard: Histogram<'path'>;
  readonly renderTime: Histogram<'outcome'>;
  readonly aiTime: Histogram<'outcome'>;
  readonly transactionTime: Histogram<'outcome'>;
  readonly collectFailures: Counter<'source'>;
  #sources: MetricSources = {};
  readonly #onCollectError: BotMetricsOptions['onCollectError'];

  constructor(options: BotMetricsOptions = {}) {
    const registers = [this.registry];
    this.#onCollectError = options.onCollectError;
    if (options.processMetrics === true) collectDefaultMetrics({ register: this.registry });
    this.interactions = new Counter({ name: 'bazaar_interactions_total', help: 'Interactions handled, by kind and outcome', labelNames: ['kind', 'outcome'], registers });
    this.acknowledgement = new Histogram({
      name: 'bazaar_interaction_ack_seconds',
      help: "From an interaction's arrival to Discord's answer to its acknowledgement (Discord allows 3 s)",
      labelNames: ['kind'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.clickToBoard = new Histogram({
      name: 'bazaar_click_to_board_seconds',
      help: "From a click to Discord's answer to the board post it caused (path=click); for boards the deliverer's loop posted later, from the change's commit (path=outbox)",
      labelNames: ['path'],
      buckets: BOARD_BUCKETS,
      registers,
    });
    this.renderTime = new Histogram({ name: 'bazaar_render_seconds', help: 'Board pictures: time in the render pool, queue wait included', labelNames: ['outcome'], buckets: TASK_BUCKETS, registers });
    this.aiTime = new Histogram({ name: 'bazaar_ai_decision_seconds', help: "Computer players' decisions: time in the AI pool, queue wait included", labelNames: ['outcome'], buckets: TASK_BUCKETS, registers });
    this.transactionTime = new Histogram({
      name: 'bazaar_db_transaction_seconds',
      help: 'Database transactions, by outcome (commit or rollback); on SQLite the time the database was held',
      labelNames: ['outcome'],
      buckets: TRANSACTION_BUCKETS,
      registers,
    });
    this.collectFailures = new Counter({ name: 'bazaar_metrics_collect_failures_total', help: 'Gauge sources that failed at scrape time', labelNames: ['source'], registers });
    this.#gauges(registers);
  }

  /** The sources the gauges read when scraped (the composition root sets them once the parts exist). */
  watch(sources: MetricSources): void {
    this.#sources = { ...this.#sources, ...sources };
  }

  /** For the store's `onTransaction`. */
  readonly transactionEnded = (seconds: number, committed: boolean): void => {
    this.transactionTime.observe({ outcome: committed ? 'commit' : 'rollback' }, seconds);
  };

  async #read<T>(source: string, read: (() => Promise<T>) | undefined): Promise<T | undefined> {
    if (read === undefined) return undefined;
    try {
      return await read();
    } catch (error) {
      this.collectFailures.inc({ source });
      this.#onCollectError?.(source, error);
      return undefined;
    }
  }

  #gauges(registers: Registry[]): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- prom-client calls collect() with the gauge as `this`.
    const metrics = this;
    const now = (): number => metrics.#sources.now?.() ?? Date.now();
    // The outbox's two gauges come from one query per scrape.
    let outboxRead: Promise<{ pending: number; oldestCreatedAt: number | null } | undefined> | null = null;
    const outbox = () => {
      outboxRead ??= metrics.#read('outbox', metrics.#sources.outbox).finally(() => setImmediate(() => (outboxRead = null)));
      return outboxRead;
    };
    let jobsRead: Promise<{ due: number; late: number } | undefined> | null = null;
    const jobs = () => {
      jobsRead ??= metrics.#read('jobs', metrics.#sources.jobs).finally(() => setImmediate(() => (jobsRead = null)));
      return jobsRead;
    };
    new Gauge({
      name: 'bazaar_outbox_backlog',
      help: 'Deliveries owed: due now or waiting for a retry (direct messages held for quiet hours are not owed yet)',
      registers,
      async collect() {
        this.reset();
        const read = await outbox();
        this.set(read === undefined ? NaN : read.pending);
      },
    });
    new Gauge({
      name: 'bazaar_outbox_oldest_pending_seconds',
      help: 'Age of the oldest owed delivery (0 when none is owed)',
      registers,
      async collect() {
        this.reset();
        const read = await outbox();
        this.set(read === undefined ? NaN : read.oldestCreatedAt === null ? 0 : Math.max(0, (now() - read.oldestCreatedAt) / 1000));
      },
    });
    new Gauge({
      name: 'bazaar_scheduler_jobs_due',
      help: 'Scheduled jobs (reminders, idle deadlines, votes) whose time has come',
      registers,
      async collect() {
        this.reset();
        const read = await jobs();
        this.set(read === undefined ? NaN : read.due);
      },
    });
    new Gauge({
      name: 'bazaar_scheduler_jobs_late',
      help: 'Scheduled jobs due for more than a minute (the scheduler looks every 30 s)',
      registers,
      async collect() {
        this.reset();
        const read = await jobs();
        this.set(read === undefined ? NaN : read.late);
      },
    });
    new Gauge({
      name: 'bazaar_games_running',
      help: "Games of this process's guilds that are not over, by status (lobby, active)",
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        const read = await metrics.#read('games', metrics.#sources.games);
        if (read === undefined) return;
        this.set({ status: 'lobby' }, read.lobby);
        this.set({ status: 'active' }, read.active);
      },
    });
    new Gauge({
      name: 'bazaar_render_queue_depth',
      help: 'Board pictures waiting for a render worker',
      registers,
      collect() {
        this.reset();
        const depth = metrics.#sources.renderQueue?.();
        if (depth !== undefined) this.set(depth);
      },
    });
    new Gauge({
      name: 'bazaar_ai_queue_depth',
      help: "Computer players' decisions waiting for an AI worker",
      registers,
      collect() {
        this.reset();
        const depth = metrics.#sources.aiQueue?.();
        if (depth !== undefined) this.set(depth);
      },
    });
    new Gauge({
      name: 'bazaar_shards',
      help: 'Shards this process runs',
      registers,
      collect() {
        this.reset();
        const shards = metrics.#sources.shards?.();
        if (shards !== undefined) this.set(shards.length);
      },
    });
    new Gauge({
      name: 'bazaar_shard_state',
      help: "Each shard's gateway state: 1 for the state it is in, 0 for the others",
      labelNames: ['shard', 'state'],
      registers,
      collect() {
        this.reset();
        for (const shard of metrics.#sources.shards?.() ?? []) {
          for (const state of SHARD_STATES) this.set({ shard: String(shard.id), state }, shard.state === state ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: 'bazaar_shard_ping_seconds',
      help: "Each shard's last gateway heartbeat round trip",
      labelNames: ['shard'],
      registers,
      collect() {
        this.reset();
        for (const shard of metrics.#sources.shards?.() ?? []) if (shard.pingMs >= 0) this.set({ shard: String(shard.id) }, shard.pingMs / 1000);
      },
    });
  }
}

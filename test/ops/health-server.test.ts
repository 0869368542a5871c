/**
 * The operator's listener on its own (src/ops): /health answers 200 only when the gateway is connected
 * and the database answers in time, else 503 with each reason; /metrics answers Prometheus' text format
 * from a registry of its own (several can live in one process); nothing else is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayProblem } from '../../src/ops/gateway-state.js';
import { startOpsServer, type OpsServer } from '../../src/ops/health-server.js';
import { BotMetrics } from '../../src/ops/metrics.js';

let servers: OpsServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

interface World {
  gateway: string | null;
  database: () => Promise<void>;
}

async function serve(world: World, metrics = new BotMetrics()): Promise<{ server: OpsServer; get(path: string, method?: string): Promise<{ status: number; type: string | null; body: string }> }> {
  const server = await startOpsServer({
    host: '127.0.0.1',
    port: 0,
    registry: metrics.registry,
    health: { gateway: () => world.gateway, database: () => world.database() },
    databaseTimeoutMs: 200,
  });
  servers.push(server);
  return {
    server,
    async get(path, method = 'GET') {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    },
  };
}

describe('the health and metrics listener', () => {
  it('is healthy when the gateway is connected and the database answers', async () => {
    const { server, get } = await serve({ gateway: null, database: async () => undefined });
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.type).toContain('application/json');
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', gateway: 'ok', database: 'ok' });
  });

  it('answers 503 with the reason when the gateway is not connected, the database fails, or it does not answer in time', async () => {
    const world: World = { gateway: 'shard 0 is disconnected', database: async () => undefined };
    const { get } = await serve(world);
    let health = await get('/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'unavailable', gateway: 'shard 0 is disconnected', database: 'ok' });

    world.gateway = null;
    world.database = () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
    health = await get('/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'unavailable', gateway: 'ok', database: 'the query failed: SQLITE_IOERR: disk I/O error' });

    world.database = () => new Promise(() => undefined);
    health = await get('/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body).database).toBe('no answer within 200 ms');

    world.database = async () => undefined;
    expect((await get('/health')).status).toBe(200);
  });

  it('names every shard that is not ready', () => {
    expect(gatewayProblem([{ id: 0, state: 'ready', pingMs: 20 }])).toBeNull();
    expect(
      gatewayProblem([
        { id: 0, state: 'ready', pingMs: 20 },
        { id: 1, state: 'waiting_for_guilds', pingMs: -1 },
        { id: 2, state: 'disconnected', pingMs: -1 },
      ]),
    ).toBe('shard 1 is waiting for guilds, shard 2 is disconnected');
    expect(gatewayProblem([])).toBe('this process runs no shard');
  });

  it('serves the metrics in Prometheus’ text format, gauges read when scraped; a failing source’s gauges read NaN', async () => {
    const metrics = new BotMetrics({ processMetrics: true });
    let backlogReads = 0;
    metrics.watch({
      now: () => 10_000,
      outbox: async () => {
        backlogReads++;
        return { pending: 3, oldestCreatedAt: 4_000 };
      },
      jobs: () => Promise.reject(new Error('database gone')),
      games: async () => ({ lobby: 1, active: 2 }),
      renderQueue: () => 4,
      aiQueue: () => 0,
      shards: () => [{ id: 0, state: 'ready', pingMs: 42 }],
    });
    metrics.interactions.inc({ kind: 'button', outcome: 'ok' });
    metrics.acknowledgement.observe({ kind: 'button' }, 0.12);
    const { get } = await serve({ gateway: null, database: async () => undefined }, metrics);
    // A second set of metrics in the same process: its own registry, no clash.
    const other = new BotMetrics({ processMetrics: true });
    expect(await other.registry.metrics()).toContain('bazaar_interactions_total');

    const scraped = await get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.type).toContain('text/plain');
    const text = scraped.body;
    expect(backlogReads).toBe(1);
    expect(text).toContain('bazaar_interactions_total{kind="button",outcome="ok"} 1');
    expect(text).toContain('bazaar_interaction_ack_seconds_bucket{le="0.25",kind="button"} 1');
    expect(text).toContain('bazaar_outbox_backlog 3');
    expect(text).toContain('bazaar_outbox_oldest_pending_seconds 6');
    expect(text).toContain('bazaar_games_running{status="active"} 2');
    expect(text).toContain('bazaar_render_queue_depth 4');
    expect(text).toContain('bazaar_ai_queue_depth 0');
    expect(text).toContain('bazaar_shards 1');
    expect(text).toContain('bazaar_shard_state{shard="0",state="ready"} 1');
    expect(text).toContain('bazaar_shard_state{shard="0",state="disconnected"} 0');
    expect(text).toContain('bazaar_shard_ping_seconds{shard="0"} 0.042');
    // Unknown this time, not 0 (prom-client writes NaN as "Nan", which Prometheus' parser reads as NaN).
    expect(text).toMatch(/^bazaar_scheduler_jobs_due nan$/im);
    expect(text).toMatch(/^bazaar_scheduler_jobs_late nan$/im);
    // Counted while the gauges are read, after the counter was written: the next scrape shows it.
    expect((await get('/metrics')).body).toContain('bazaar_metrics_collect_failures_total{source="jobs"} 1');
    // prom-client's default process metrics.
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('the operating guide documents every bazaar_ metric, and no other', async () => {
    const readme = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/operating.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `(bazaar_[a-z_]+)(?:\{[a-z,]+\})?` \|/gm)].map((m) => m[1]));
    const registered = new Set((await new BotMetrics().registry.getMetricsAsJSON()).map((m) => m.name).filter((name) => name.startsWith('bazaar_')));
    expect([...documented].sort()).toEqual([...registered].sort());
  });

  it('serves nothing else', async () => {
    const { get } = await serve({ gateway: null, database: async () => undefined });
    expect((await get('/')).status).toBe(404);
    expect((await get('/metrics', 'POST')).status).toBe(405);
    expect((await get('/health', 'HEAD')).status).toBe(200);
  });
});

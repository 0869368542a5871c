/**
 * The operator's listener on the bot as a real process against the fake Discord:
 * without METRICS_PORT nothing listens; with it (0: any free port, which the bot logs) the listener is
 * bound to 127.0.0.1, /health answers 200 once the gateway is connected, /metrics carries the documented
 * metrics, and after a played turn the interaction counter and the acknowledgement and click-to-board
 * histograms have moved; the Docker image's health check (src/healthcheck.ts) passes; when the
 * gateway is gone for good (Discord closed it with 4004), /health answers 503 and says why, and the
 * health check fails.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { END_TURN, playTurn } from '../support/turn-driver.js';
import { BotProcess, until } from './bot-process.js';
import { boards, buttonFor, hasButton, tempDbFile } from './harness.js';
import { nodeArgsFor } from '../support/node-entry.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every metric the operating guide (docs/operating.md) documents (prom-client's process metrics besides). */
const DOCUMENTED = [
  'bazaar_interactions_total',
  'bazaar_interaction_ack_seconds',
  'bazaar_click_to_board_seconds',
  'bazaar_render_queue_depth',
  'bazaar_render_seconds',
  'bazaar_ai_queue_depth',
  'bazaar_ai_decision_seconds',
  'bazaar_outbox_backlog',
  'bazaar_outbox_oldest_pending_seconds',
  'bazaar_scheduler_jobs_due',
  'bazaar_scheduler_jobs_late',
  'bazaar_db_transaction_seconds',
  'bazaar_games_running',
  'bazaar_shards',
  'bazaar_shard_state',
  'bazaar_shard_ping_seconds',
  'bazaar_metrics_collect_failures_total',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

/**
 * The TCP sockets a process listens on (Linux: its socket inodes in /proc/<pid>/fd, looked up in
 * /proc/net/tcp{,6} in state 0A, LISTEN), as "address:port".
 */
function listeningSockets(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1] as string);
    } catch {
      // Closed meanwhile.
    }
  }
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const lines = fs.readFileSync(`/proc/net/${table}`, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // sl, local_address, rem_address, st, tx_queue:rx_queue, tr:tm->when, retrnsmt, uid, timeout, inode
      const [local, , state, , , , , , inode] = fields.slice(1);
      if (state !== '0A' || inode === undefined || !inodes.has(inode)) continue;
      const [hex, portHex] = (local as string).split(':') as [string, string];
      const address = table === 'tcp' ? (hex.match(/../g) as string[]).reverse().map((b) => parseInt(b, 16)).join('.') : `[${hex}]`;
      found.push(`${address}:${parseInt(portHex, 16)}`);
    }
  }
  return found;
}

/** The value of one series in Prometheus' text format (NaN when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? NaN : Number(line.slice(series.length + 1));
}

let fake: FakeDiscord;
let quiet: BotProcess;
let bot: BotProcess;
let alice: FakeUser;
let bob: FakeUser;
let base = '';

beforeAll(async () => {
  fake = await FakeDiscord.start();
  alice = fake.users.create('alice', { globalName: 'Alice' });
  bob = fake.users.create('bob', { globalName: 'Bob' });
}, 180_000);

afterAll(async () => {
  for (const process of [quiet, bot]) {
    await process?.stop();
    process?.cleanup();
    if (process !== undefined) fs.rmSync(path.dirname(process.dbFile), { recursive: true, force: true });
  }
  await fake?.stop();
});

/** The image's HEALTHCHECK command (src/healthcheck.ts) with `env`: its exit code and what it printed. */
async function healthcheck(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, nodeArgsFor(path.join(ROOT, 'src/healthcheck.ts')), { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out: out.trim() };
}

async function get(pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${pathname}`);
  return { status: response.status, body: await response.text() };
}

describe('health and metrics of the bot process', () => {
  it('listens nowhere without METRICS_PORT', async () => {
    quiet = new BotProcess(fake, tempDbFile('no-metrics'));
    await quiet.start();
    expect(listeningSockets(quiet.pid as number)).toEqual([]);
    expect(quiet.logs.some((l) => l.msg === 'health and metrics listening')).toBe(false);
    await quiet.stop();
  }, 180_000);

  it('with METRICS_PORT=0 it listens on a free port of 127.0.0.1, logs where, and is healthy once connected', async () => {
    bot = new BotProcess(fake, tempDbFile('metrics'), { METRICS_PORT: '0' });
    await bot.start();
    const line = bot.logs.find((l) => l.msg === 'health and metrics listening');
    expect(line).toMatchObject({ address: '127.0.0.1', level: 30 });
    const port = line?.port as number;
    expect(port).toBeGreaterThan(0);
    expect(listeningSockets(bot.pid as number)).toEqual([`127.0.0.1:${port}`]);
    base = `http://127.0.0.1:${port}`;
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', gateway: 'ok', database: 'ok' });
  }, 180_000);

  it('has the documented metrics, and a played turn moves the interaction counter and the histograms', async () => {
    const before = (await get('/metrics')).body;
    for (const name of DOCUMENTED) expect(before, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(sample(before, 'bazaar_shard_state{shard="0",state="ready"}')).toBe(1);
    expect(sample(before, 'bazaar_shards')).toBe(1);
    expect(sample(before, 'bazaar_games_running{status="active"}')).toBe(0);

    const channelId = fake.channelId();
    await alice.runCommand(channelId, 'game', { subcommand: 'new', options: { game: 'istanbul', players: 2 }, until: 'none' });
    await until(fake, () => fake.channelMessages(channelId).some((m) => hasButton(m, 'join')), 'the lobby');
    const lobby = fake.channelMessages(channelId).find((m) => hasButton(m, 'join')) as SeenMessage;
    const revisions = fake.world.messages.get(lobby.id)?.revisions.length ?? 0;
    await bob.clickButton(lobby.id, buttonFor(lobby, 'join'), { until: 'none' });
    await until(fake, () => (fake.world.messages.get(lobby.id)?.revisions.length ?? 0) > revisions, 'the lobby to show Bob');
    await alice.clickButton(lobby.id, buttonFor(fake.message(lobby.id) as SeenMessage, 'start'), { until: 'none' });
    await until(fake, () => boards(fake, channelId).length === 1, 'the first board');
    const played = await playTurn(
      { fake, channelId },
      { policy: ({ choices, step }) => (step >= 30 ? null : (choices.find((c) => END_TURN.test(c.label)) ?? choices[0] ?? null)) },
    );
    expect(played?.clicks).toBeGreaterThan(0);
    await until(fake, () => boards(fake, channelId).length >= 2, 'the board after the turn');

    // The board's post is recorded just after Discord answered it: look until the counters show it.
    let after = '';
    await until(
      fake,
      async () => {
        after = (await get('/metrics')).body;
        return sample(after, 'bazaar_click_to_board_seconds_count{path="click"}') >= 2;
      },
      'the boards to be counted',
    );
    expect(sample(after, 'bazaar_interactions_total{kind="command",outcome="ok"}')).toBe(1);
    expect(sample(after, 'bazaar_interactions_total{kind="button",outcome="ok"}')).toBeGreaterThanOrEqual(2 + (played?.clicks ?? 0));
    expect(sample(after, 'bazaar_interaction_ack_seconds_count{kind="button"}')).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'bazaar_interaction_ack_seconds_bucket{le="+Inf",kind="button"}')).toBe(sample(after, 'bazaar_interaction_ack_seconds_count{kind="button"}'));
    expect(sample(after, 'bazaar_click_to_board_seconds_sum{path="click"}')).toBeGreaterThan(0);
    expect(sample(after, 'bazaar_render_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'bazaar_db_transaction_seconds_count{outcome="commit"}')).toBeGreaterThan(sample(before, 'bazaar_db_transaction_seconds_count{outcome="commit"}') || 0);
    expect(sample(after, 'bazaar_games_running{status="active"}')).toBe(1);
    expect(sample(after, 'bazaar_outbox_backlog')).toBe(0);
    expect(sample(after, 'bazaar_outbox_oldest_pending_seconds')).toBe(0);
    expect(sample(after, 'bazaar_scheduler_jobs_late')).toBe(0);
  }, 300_000);

  it('the Docker image’s health check passes while the bot is healthy', async () => {
    const check = await healthcheck({ METRICS_PORT: new URL(base).port });
    expect(check).toEqual({ code: 0, out: '200 {"status":"ok","gateway":"ok","database":"ok"}' });
    expect((await healthcheck({ METRICS_PORT: new URL(base).port, METRICS_HOST: '0.0.0.0' })).code).toBe(0);
    expect((await healthcheck({})).code).toBe(0);
  }, 120_000);

  it('answers 503 with the reason when the gateway is gone', async () => {
    // 4004 (authentication failed) is a close discord.js does not come back from.
    fake.gateway.closeWith(4004, 'Authentication failed');
    let health = { status: 0, body: '' };
    await until(
      fake,
      async () => {
        health = await get('/health');
        return health.status === 503;
      },
      '/health to answer 503',
    );
    expect(JSON.parse(health.body)).toEqual({ status: 'unavailable', gateway: 'shard 0 is disconnected', database: 'ok' });
    const metrics = (await get('/metrics')).body;
    expect(sample(metrics, 'bazaar_shard_state{shard="0",state="disconnected"}')).toBe(1);
    expect(sample(metrics, 'bazaar_shard_state{shard="0",state="ready"}')).toBe(0);
    const check = await healthcheck({ METRICS_PORT: new URL(base).port });
    expect(check.code).toBe(1);
    expect(check.out).toContain('503');
  }, 120_000);
});

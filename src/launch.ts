/**
 * Builds the running bot on an opened database: the game service, the discord.js client and the bot
 * (router, notifier, scheduler), and, when METRICS_PORT is set, the operator's listener (/health and
 * /metrics, src/ops/). src/main.ts launches it with the system clock; the playground with its local
 * Discord's clock.
 */
import type { Clock } from './app/clock.js';
import { createGameService } from './app/game-service.js';
import { GAMES } from './games/index.js';
import { startBot, type Bot } from './discord/bot.js';
import { createDiscordClient, DISCORD_REST_TIMEOUT_MS, recommendedShardCount } from './discord/client.js';
import { startupStep } from './startup-step.js';
import { resolveShards } from './sharding.js';
import { storeOn } from './persistence/open-store.js';
import { RenderPool } from './app/workers/render-pool.js';
import { aiComputerPlayer } from './app/computer-player.js';
import { gatewayProblem, shardStates } from './ops/gateway-state.js';
import { startOpsServer, type OpsServer } from './ops/health-server.js';
import { BotMetrics } from './ops/metrics.js';
import type { LaunchContext } from './startup.js';

/** A scheduled job due for longer than this counts as late (the scheduler looks every 30 s). */
export const LATE_JOB_MS = 60_000;

export async function launchBot({ config, logger, database }: LaunchContext, clock: Clock): Promise<Bot> {
  const api = { token: config.discordToken, ...(config.discordApiBaseUrl !== undefined ? { apiBaseUrl: config.discordApiBaseUrl } : {}) };
  // SHARD_COUNT=auto asks Discord (GET /gateway/bot) once, before anything is built on the count.
  const shards = await resolveShards(config, () => startupStep('asking Discord for the recommended shard count (GET /gateway/bot)', () => recommendedShardCount(api), DISCORD_REST_TIMEOUT_MS));
  logger.info({ shardCount: shards.shardCount, shardIds: shards.shardIds }, 'shards');
  const client = createDiscordClient({ ...api, shards });
  // Counted whether or not anyone scrapes (it costs next to nothing); the process metrics only when someone may.
  const metrics = new BotMetrics({
    processMetrics: config.metrics !== undefined,
    onCollectError: (source, error) => logger.warn({ source, err: error }, 'a metric could not be read'),
  });
  // The store is on the opened database; start-up closes it after the bot stopped.
  const store = storeOn(database, { now: () => clock.now(), shards, onTransaction: metrics.transactionEnded });
  const service = createGameService({ store, modules: GAMES.modules, clock, logger, shards });
  // Board pictures are drawn in worker threads, never on the event loop.
  const boards = new RenderPool({
    workers: config.renderWorkers,
    timeoutMs: config.renderTimeoutMs,
    onTask: (seconds, ok) => metrics.renderTime.observe({ outcome: ok ? 'ok' : 'failed' }, seconds),
  });
  // The computer players think in worker threads of their own (started with the first decision).
  const computers = aiComputerPlayer({ onTask: (seconds, outcome) => metrics.aiTime.observe({ outcome }, seconds) });
  const gateway = () => shardStates(client, shards.shardIds);
  metrics.watch({
    now: () => clock.now(),
    outbox: () => store.deliveries.backlog(clock.now()),
    jobs: () => {
      const now = clock.now();
      return store.games.jobsDue(now, now - LATE_JOB_MS);
    },
    games: () => store.games.runningCounts(),
    renderQueue: () => boards.queueSize,
    aiQueue: () => computers.queueSize(),
    shards: gateway,
  });
  let ops: OpsServer | null = null;
  try {
    // Listening before the login: /health answers 503 (the gateway is not connected yet) while the bot starts.
    if (config.metrics !== undefined) {
      ops = await startOpsServer({
        ...config.metrics,
        registry: metrics.registry,
        health: { gateway: () => gatewayProblem(gateway()), database: () => store.ping() },
        onError: (error) => logger.error({ err: error }, 'the health and metrics listener could not answer'),
      });
      logger.info({ address: ops.host, port: ops.port, url: `http://${ops.host.includes(':') ? `[${ops.host}]` : ops.host}:${ops.port}/metrics` }, 'health and metrics listening');
    }
    const bot = await startBot({
      computerPlayer: computers,
      // Finished games are analysed in the AI pool's idle time, for every game with a computer player.
      drawChart: (chart) => boards.render({ game: 'chart', view: chart, options: {} }, 'asked'),
      analyst: { games: GAMES.plugins.filter((plugin) => plugin.policy !== undefined).map((plugin) => plugin.id), review: (task) => computers.analyse(task) },
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      client,
      service,
      logger,
      metrics,
      presenters: GAMES.presenters(boards),
      applicationId: config.discordAppId,
      ...(config.devGuildId !== undefined ? { guildId: config.devGuildId } : {}),
    });
    const listening = ops;
    return {
      ...bot,
      async stop() {
        await listening?.close();
        await bot.stop();
        await boards.close();
      },
    };
  } catch (error) {
    await ops?.close();
    await client.destroy();
    await boards.close();
    await computers.close();
    throw error;
  }
}

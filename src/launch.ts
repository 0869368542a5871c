/**
 * Builds the running bot on an opened database: the game service, the discord.js client and the bot
 * (router, notifier, scheduler). src/main.ts launches it with the system clock; the playground with its
 * local Discord's clock.
 */
import type { Clock } from './app/clock.js';
import { GameService } from './app/game-service.js';
import { GAMES } from './games/index.js';
import { startBot, type Bot } from './discord/bot.js';
import { createDiscordClient, DISCORD_REST_TIMEOUT_MS, recommendedShardCount } from './discord/client.js';
import { startupStep } from './startup-step.js';
import { resolveShards } from './sharding.js';
import { storeOn } from './persistence/open-store.js';
import { RenderPool } from './app/workers/render-pool.js';
import { aiComputerPlayer } from './app/computer-player.js';
import type { LaunchContext } from './startup.js';

export async function launchBot({ config, logger, database }: LaunchContext, clock: Clock): Promise<Bot> {
  const api = { token: config.discordToken, ...(config.discordApiBaseUrl !== undefined ? { apiBaseUrl: config.discordApiBaseUrl } : {}) };
  // SHARD_COUNT=auto asks Discord (GET /gateway/bot) once, before anything is built on the count.
  const shards = await resolveShards(config, () => startupStep('asking Discord for the recommended shard count (GET /gateway/bot)', () => recommendedShardCount(api), DISCORD_REST_TIMEOUT_MS));
  logger.info({ shardCount: shards.shardCount, shardIds: shards.shardIds }, 'shards');
  const client = createDiscordClient({ ...api, shards });
  // The store is on the opened database; start-up closes it after the bot stopped.
  const store = storeOn(database, { now: () => clock.now(), shards });
  const service = new GameService({ store, modules: GAMES.modules, clock, logger, shards });
  // Board pictures are drawn in worker threads, never on the event loop.
  const boards = new RenderPool({ workers: config.renderWorkers, timeoutMs: config.renderTimeoutMs });
  // The computer players think in worker threads of their own (started with the first decision).
  const computers = aiComputerPlayer();
  try {
    const bot = await startBot({
      computerPlayer: computers,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      client,
      service,
      logger,
      presenters: GAMES.presenters(boards),
      applicationId: config.discordAppId,
      ...(config.devGuildId !== undefined ? { guildId: config.devGuildId } : {}),
    });
    return {
      ...bot,
      async stop() {
        await bot.stop();
        await boards.close();
      },
    };
  } catch (error) {
    await client.destroy();
    await boards.close();
    await computers.close();
    throw error;
  }
}

/**
 * The running bot: the game service, the discord.js client with the router on interactionCreate, the
 * notifier and the scheduler. `startBot` is what src/main.ts runs and what the end-to-end tests run
 * against the fake Discord (with a controllable clock).
 */
import { once } from 'node:events';
import { Events, type Client } from 'discord.js';
import type { GameService } from '../app/game-service.js';
import { ComputerTurns, type ComputerPlayer } from '../app/computer-turns.js';
import { Scheduler } from '../app/scheduler.js';
import type { Logger } from '../logger.js';
import { commandDefinitions } from './commands.js';
import type { BotContext } from './context.js';
import type { PresenterRegistry } from '../games/contract.js';
import { Deliverer } from './deliverer.js';
import { registerCommands } from './register-commands.js';
import { createRouter } from './router.js';
import type { BotMetrics } from '../ops/metrics.js';

export interface BotOptions {
  readonly client: Client;
  /** The game service (built by the composition root on the opened database). */
  readonly service: GameService;
  readonly logger: Logger;
  readonly presenters: PresenterRegistry;
  readonly applicationId: string;
  /** Register the commands in this guild only (instant; for development), else globally. */
  readonly guildId?: string;
  /** How often the scheduler looks for due jobs (default 30 s). */
  readonly schedulerIntervalMs?: number;
  /** How often the deliverer looks for owed messages and stale buttons (default 2 s). */
  readonly deliveryPollMs?: number;
  /** The computer player (its search runs in a worker pool). */
  readonly computerPlayer: ComputerPlayer;
  /** Runs last when the bot stops (e.g. the worker pools are shut down). */
  readonly onStop?: () => Promise<void>;
  /** The operator's metrics, fed by the router and the deliverer (none: nothing is counted). */
  readonly metrics?: BotMetrics;
}

export interface Bot {
  readonly service: GameService;
  readonly scheduler: Scheduler;
  readonly deliverer: Deliverer;
  readonly client: Client;
  stop(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const { client, logger, service } = options;
  const computers = new ComputerTurns(service, options.computerPlayer, logger);
  const ctx = {
    service,
    presenters: options.presenters,
    client,
    computers,
    player: options.computerPlayer,
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
  } as BotContext & { deliverer: Deliverer };
  const deliverer = new Deliverer(ctx, logger, options.deliveryPollMs === undefined ? {} : { pollMs: options.deliveryPollMs });
  ctx.deliverer = deliverer;
  const router = createRouter(ctx, logger);
  if (logger.isLevelEnabled('trace')) {
    // Every REST call at trace level: method, path (tokens in it are scrubbed by the logger) and status,
    // never the request or response body.
    client.rest.on('response', (request, response) => {
      logger.trace({ method: request.method, path: request.path, status: response.status, retries: request.retries }, 'Discord REST call');
    });
    client.rest.on('restDebug', (info) => logger.trace({ info }, 'Discord REST debug'));
  }
  const pending = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const task = router(interaction).finally(() => pending.delete(task));
    pending.add(task);
  });
  const scheduler = new Scheduler(service, deliverer, logger, options.schedulerIntervalMs);

  await registerCommands(client.rest, {
    applicationId: options.applicationId,
    commands: commandDefinitions(service.modules, options.presenters),
    ...(options.guildId ? { guildId: options.guildId } : {}),
  });
  logger.info({ scope: options.guildId ? `guild ${options.guildId}` : 'global' }, 'commands registered');

  const ready = once(client, Events.ClientReady);
  await client.login();
  await ready;
  logger.info({ user: client.user?.tag }, 'logged in');
  // What was owed before a restart is delivered first; then the jobs; the stored games are checked in
  // the background (a damaged one is reported with its id and channel, and never holds up the others).
  await deliverer.start();
  scheduler.start();
  void scheduler.tick();
  const sweep = service.sweep().then(
    async (result) => {
      logger.info({ running: result.checked, damaged: result.damaged.length, computerTurns: result.computerTurns.length }, 'games checked');
      // Games that stopped during a computer player's turn go on.
      await Promise.all(
        result.computerTurns.map(({ gameId, channelId }) =>
          service.locked(channelId, async () => {
            await computers.playHeld(gameId);
            await deliverer.deliverHeld(gameId);
          }),
        ),
      );
    },
    (error: unknown) => logger.error({ err: error }, 'the start-up check of stored games failed; games are checked when first used'),
  );

  return {
    service,
    scheduler,
    deliverer,
    client,
    async stop() {
      await scheduler.stop();
      await sweep;
      // Let interactions in flight finish their writes and posts before the client goes.
      await Promise.allSettled([...pending]);
      await deliverer.stop();
      await client.destroy();
      await options.onStop?.();
    },
  };
}

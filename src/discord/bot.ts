/**
 * The running bot: the game service, the discord.js client with the router on interactionCreate, the
 * notifier and the scheduler. `startBot` is what src/main.ts runs and what the end-to-end tests run
 * against the fake Discord (with a controllable clock).
 */
import { once } from 'node:events';
import { Events, type Client } from 'discord.js';
import type { GameService } from '../app/game-service.js';
import { Scheduler } from '../app/scheduler.js';
import type { Logger } from '../logger.js';
import { commandDefinitions } from './commands.js';
import type { BotContext } from './context.js';
import type { PresenterRegistry } from './games/presenter.js';
import { DiscordNotifier } from './notifier.js';
import { registerCommands } from './register-commands.js';
import { createRouter } from './router.js';

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
}

export interface Bot {
  readonly service: GameService;
  readonly scheduler: Scheduler;
  readonly client: Client;
  stop(): Promise<void>;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const { client, logger, service } = options;
  const sweep = service.sweep();
  for (const damaged of sweep.damaged) {
    logger.error(damaged, 'a running game is damaged: its channel gets an explanation, every other channel keeps working');
  }
  logger.info({ running: sweep.checked, damaged: sweep.damaged.length }, 'games checked');

  const ctx: BotContext = { service, presenters: options.presenters, client };
  const router = createRouter(ctx, logger);
  const pending = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const task = router(interaction).finally(() => pending.delete(task));
    pending.add(task);
  });
  const scheduler = new Scheduler(service, new DiscordNotifier(ctx, logger), logger, options.schedulerIntervalMs);

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
  scheduler.start();
  void scheduler.tick();

  return {
    service,
    scheduler,
    client,
    async stop() {
      await scheduler.stop();
      // Let interactions in flight finish their writes and posts before the client goes.
      await Promise.allSettled([...pending]);
      await client.destroy();
    },
  };
}

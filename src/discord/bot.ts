/**
 * The running bot: the game service, the discord.js client with the router on interactionCreate, the
 * notifier and the scheduler. `startBot` is what src/main.ts runs and what the end-to-end tests run
 * against the fake Discord (with a controllable clock).
 */
import { once } from 'node:events';
import { Events, MessageFlags, type Client, type Interaction } from 'discord.js';
import type { GameService } from '../app/game-service.js';
import { ComputerTurns, type ComputerPlayer } from '../app/computer-turns.js';
import { Scheduler } from '../app/scheduler.js';
import { settleAfterCommit } from '../app/after-commit.js';
import { coachingSettled } from './coaching.js';
import type { Logger } from '../logger.js';
import { registeredCommands } from './handlers/commands.js';
import type { BotContext, Deliverer, FollowingPanels } from './types.js';
import type { PresenterRegistry } from '../games/contract.js';
import { OutboxDeliverer } from './delivery/deliverer.js';
import { startupStep } from '../startup-step.js';
import { FollowingPanelStore } from './following-panels.js';
import { registerCommands } from './register-commands.js';
import { createRouter } from './router.js';
import { describeError } from './errors.js';
import { lookAgain, syncApplicationEmojis } from './emojis.js';
import { t, toLocale } from './i18n/index.js';
import type { BotMetrics } from '../ops/metrics.js';
import { PostGameAnalyses, type Analyst } from '../app/analysis/post-game.js';
import type { ScoreChart } from '../render/chart.js';

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
  /** How long a stop waits for interactions and deliveries in flight before it goes on without them (default 10 s). */
  readonly shutdownTimeoutMs?: number;
  /** The operator's metrics, fed by the router and the deliverer (none: nothing is counted). */
  readonly metrics?: BotMetrics;
  /** Reviews finished games' turns for their analysis (the AI pool's idle time); none: no analyses are made. */
  readonly analyst?: Analyst;
  /** Draws an asked-for chart (an analysis's) in the render pool; none: the analysis is shown without it. */
  readonly drawChart?: (chart: ScoreChart) => Promise<Buffer>;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface Bot {
  readonly service: GameService;
  readonly scheduler: Scheduler;
  readonly deliverer: Deliverer;
  readonly client: Client;
  /** Once the learning games' coaching is at rest: every suggestion searched and shown (coaching.ts). */
  coachingSettled(): Promise<void>;
  /** Finished games' analyses (null: the bot makes none). */
  readonly analyses: PostGameAnalyses | null;
  stop(): Promise<void>;
}

/** Whether this process runs shard 0 (or the only shard): the one that uploads the app's emojis. */
function runsShardZero(client: Client): boolean {
  const shards = client.options.shards;
  return shards === undefined || shards === 'auto' || (Array.isArray(shards) ? shards.includes(0) : shards === 0);
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const { client, logger, service } = options;
  const computers = new ComputerTurns(service, options.computerPlayer, logger);
  const followingPanels: FollowingPanels = new FollowingPanelStore(() => service.now());
  // The games' symbols as the app's own emojis: drawn in the render pool and uploaded when missing before
  // the bot logs in, so every panel shows the same; a symbol whose emoji failed is shown in words alone.
  const synced = await syncApplicationEmojis(client.rest, options.applicationId, options.presenters, logger, runsShardZero(client));
  const emojis = synced.book;
  const stopLooking = lookAgain(client.rest, options.applicationId, synced, logger);
  const analyses = options.analyst === undefined ? null : new PostGameAnalyses(service, options.analyst, logger);
  const ctx = {
    service,
    presenters: options.presenters,
    client,
    computers,
    player: options.computerPlayer,
    followingPanels,
    emojis,
    ...(analyses === null ? {} : { analyses }),
    ...(options.drawChart === undefined ? {} : { drawChart: options.drawChart }),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
  } as BotContext & { deliverer: Deliverer };
  const deliverer = new OutboxDeliverer(ctx, logger, options.deliveryPollMs === undefined ? {} : { pollMs: options.deliveryPollMs });
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
  let stopping = false;
  client.on(Events.InteractionCreate, (interaction) => {
    // A stopping bot takes no new interaction: it says so at once (no database, nothing changed).
    const task = (stopping ? refuseWhileStopping(interaction, logger) : router(interaction)).finally(() => pending.delete(task));
    pending.add(task);
  });
  // A computer turn that stalled (its job came due) is played like one after a click, under the lock.
  const owedTurns = {
    play: ({ gameId, channelId }: { gameId: number; channelId: string }) =>
      service
        .lockedGame(gameId, async () => {
          await computers.playOwed(gameId);
          await deliverer.deliverHeld(gameId);
        })
        .catch((error: unknown) => logger.error({ err: error, gameId, channelId }, 'an owed computer turn could not be played; the scheduler tries again')),
  };
  const scheduler = new Scheduler(service, deliverer, logger, options.schedulerIntervalMs, owedTurns);

  const commandsRoute = options.guildId ? `PUT /applications/${options.applicationId}/guilds/${options.guildId}/commands` : `PUT /applications/${options.applicationId}/commands`;
  await startupStep(
    `registering the slash commands with Discord (${commandsRoute})`,
    () =>
      registerCommands(client.rest, {
        applicationId: options.applicationId,
        commands: registeredCommands(service.modules, options.presenters),
        ...(options.guildId ? { guildId: options.guildId } : {}),
      }),
    client.rest.options.timeout,
  );
  logger.info({ scope: options.guildId ? `guild ${options.guildId}` : 'global' }, 'commands registered');

  const ready = once(client, Events.ClientReady);
  await startupStep("logging in to Discord's gateway (GET /gateway/bot, then the WebSocket)", async () => {
    await client.login();
    await ready;
  }, client.rest.options.timeout);
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
        result.computerTurns.map(({ gameId }) =>
          service.lockedGame(gameId, () => settleAfterCommit({ computers, deliverer, analyses }, gameId)),
        ),
      );
    },
    (error: unknown) => logger.error({ err: error }, 'the start-up check of stored games failed; games are checked when first used'),
  );
  // Finished games still owed an analysis (a restart in the middle of one) are found again.
  analyses?.start();

  return {
    service,
    scheduler,
    deliverer,
    client,
    coachingSettled: () => coachingSettled(ctx),
    analyses,
    async stop() {
      stopping = true;
      stopLooking();
      const timeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      const deadline = performance.now() + timeoutMs;
      // Decisions in flight are abandoned first (their turns stay owed, for the scheduler after the
      // restart): a click waiting for a computer's turn then finishes at once, and a hung worker holds nothing up.
      const analysesStopped = analyses?.stop();
      await options.computerPlayer.close?.();
      await analysesStopped;
      await scheduler.stop();
      // Interactions in flight finish their writes and posts, and the deliveries in flight theirs, within
      // the time given; what is left then is owed in the database and delivered after the restart.
      const drained = await within(Promise.allSettled([sweep, ...pending]).then(() => deliverer.stop()), deadline);
      if (!drained) logger.warn({ timeoutMs, interactions: pending.size }, 'stopping without waiting longer for work in flight; what it owed is delivered after the restart');
      await client.destroy();
      await options.onStop?.();
    },
  };
}

/** True when `work` ended before `deadline` (performance.now() time), false when the deadline came first. */
async function within(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to an interaction that comes while the bot stops: one line, in the user's language. */
async function refuseWhileStopping(interaction: Interaction, logger: Logger): Promise<void> {
  try {
    if (interaction.isAutocomplete()) await interaction.respond([]);
    else if (interaction.isRepliable()) await interaction.reply({ content: t(toLocale(interaction.locale), 'error.stopping'), flags: MessageFlags.Ephemeral });
  } catch (error) {
    logger.debug({ reason: describeError(error) }, 'could not answer an interaction while stopping');
  }
}

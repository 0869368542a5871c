/**
 * The one entry point for interactions and the one error boundary. For every interaction it
 * acknowledges first, as the handler declares (deferReply / deferUpdate), then runs the handler; custom_ids
 * are parsed and validated before any handler sees them. An unexpected error is logged with the ids of
 * what was handled and answered with a short private message carrying a reference.
 */
import { randomUUID } from 'node:crypto';
import { DiscordAPIError, MessageFlags, type Interaction, type RepliableInteraction } from 'discord.js';
import { describeError } from './errors.js';
import { childLogger, type Logger } from '../logger.js';
import { parseCustomId } from './codec.js';
import type { BotContext, ComponentHandler, ComponentInteraction, HandlerEnv } from './context.js';
import { COMMAND_HANDLERS, MESSAGE_COMMAND_HANDLERS, commandDefinitions } from './handlers/commands.js';
import { COMPONENT_HANDLERS } from './handlers/components.js';
import { t, toLocale } from './i18n/index.js';
import type { Locale } from '../engine/index.js';
import { answerPrivately, isCommitted, markUpdateAck, refusalText } from './respond.js';
import type { Refusal } from '../app/game-service.js';
import { tellOfClosedDms } from './closed-dms.js';
import { parseRulesCardId, showRulesCard } from './rules-cards.js';
import { checkCommandOptions } from './command-options.js';
import { duringClick } from './click-time.js';
import type { BotMetrics, InteractionKind, InteractionOutcome } from '../ops/metrics.js';

export interface Router {
  (interaction: Interaction): Promise<void>;
}

export function createRouter(ctx: BotContext, logger: Logger): Router {
  const commands = new Map(COMMAND_HANDLERS.map((h) => [h.route, h]));
  const messageCommands = new Map(MESSAGE_COMMAND_HANDLERS.map((h) => [h.data.name, h]));
  // The commands as registered: every command's options are checked against them first.
  const definitions = commandDefinitions(ctx.service.modules, ctx.presenters);

  return async function route(interaction: Interaction): Promise<void> {
    // The bot's own time to acknowledge is counted from here: what Discord's 3-second window asks of us.
    const receivedAt = performance.now();
    const kind = interactionKind(interaction);
    let outcome: InteractionOutcome = 'failed';
    try {
      outcome = await duringClick(receivedAt, () => handle(interaction, { receivedAt, kind, metrics: ctx.metrics }));
    } finally {
      ctx.metrics?.interactions.inc({ kind, outcome });
    }
  };

  /** Handles one interaction; resolves with how it went (for the metrics). */
  async function handle(interaction: Interaction, timing: AckTiming): Promise<InteractionOutcome> {
    const log = childLogger(logger, {
      interactionId: interaction.id,
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      userId: interaction.user.id,
    });
    const locale = toLocale(interaction.locale);
    // The game's channel is looked up after the acknowledgement (in a thread it is a database read).
    const envFor = async (): Promise<HandlerEnv> => ({ ctx, logger: log, locale, ...(await gameChannel(ctx, interaction)) });
    try {
      const outcome = await handleChecked(interaction, timing, log, locale, envFor);
      ctx.service.outage.answered();
      return outcome;
    } catch (error) {
      const ref = randomUUID().slice(0, 8);
      const saved = isCommitted(interaction);
      // The database cannot be reached: nothing was applied; the outage is logged once, not per click.
      const unreachable = !saved && ctx.service.outage.failed(error, 'interaction');
      if (!unreachable) log.error({ err: error, ref, committed: saved }, 'interaction failed');
      try {
        // After a commit the truth is "your move is saved", not "try again". Once acknowledged, the answer
        // is a new private follow-up: editing the reply may be exactly what failed, and a second initial
        // response would be refused (40060).
        const content = unreachable ? t(locale, 'error.databaseDown') : t(locale, saved ? 'error.afterCommit' : 'error.generic', { ref });
        if (interaction.isRepliable()) {
          if (interaction.deferred || interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
          else if (!ackAttempted.has(interaction)) await answerPrivately(interaction, content);
        }
      } catch (replyError) {
        log.error({ err: replyError, ref }, 'could not tell the user about the failure');
      }
      if (unreachable) return 'refused';
      return error instanceof DiscordAPIError && error.code === 10062 ? 'late' : 'failed';
    }
  }

  /** Routes one interaction to its handler, the untrusted parts (options, custom_id) checked first. */
  async function handleChecked(interaction: Interaction, timing: AckTiming, log: Logger, locale: Locale, envFor: () => Promise<HandlerEnv>): Promise<InteractionOutcome> {
    if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
      const subcommand = interaction.options.getSubcommand(false);
      const name = subcommand === null ? interaction.commandName : `${interaction.commandName} ${subcommand}`;
      const handler = commands.get(name);
      if (handler === undefined) {
        log.warn({ command: name }, 'unknown command');
        if (interaction.isChatInputCommand()) await answerPrivately(interaction, t(locale, 'refusal.bad_button'));
        else await interaction.respond([]);
        return 'refused';
      }
      if (interaction.isAutocomplete()) {
        await (handler.autocomplete?.(await envFor(), interaction) ?? interaction.respond([]));
        return 'ok';
      }
      const problem = checkCommandOptions(definitions, interaction.commandName, interaction.options.data);
      if (problem !== null) {
        log.warn({ command: name, option: problem.option }, 'command option that does not fit its definition');
        await answerPrivately(interaction, t(locale, 'refusal.bad_option', { option: problem.option }));
        return 'refused';
      }
      if (handler.ack === 'ephemeral') await acknowledgeOnce(interaction, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }), log, timing);
      const env = await envFor();
      const seen = await playerSeen(ctx, interaction, log);
      log.debug({ command: name }, 'command');
      await handler.handle(env, interaction);
      if (seen.dmFailed) await tellOfClosedDms(ctx, interaction, env.locale, log);
      return 'ok';
    }
    if (interaction.isButton() || interaction.isStringSelectMenu()) {
      // The pictures of /help rules belong to no game: their own ids, answered in place.
      const rulesCard = parseRulesCardId(interaction.customId);
      if (rulesCard !== null) {
        await acknowledge(interaction, 'update', log, timing);
        await showRulesCard(await envFor(), interaction, rulesCard, ctx.presenters);
        return 'ok';
      }
      const id = parseCustomId(interaction.customId);
      if (id === null) {
        log.warn({ customId: interaction.customId }, 'unrecognised custom_id');
        await answerPrivately(interaction, t(locale, 'refusal.bad_button'));
        return 'refused';
      }
      const handler = COMPONENT_HANDLERS[id.verb];
      await acknowledge(interaction, handler.ack, log, timing);
      const env = await envFor();
      const seen = await playerSeen(ctx, interaction, log);
      // A custom_id names its game; it is honoured only where that game is shown: its channel or its own
      // thread (a forged or copied id clicked elsewhere, or in another game's thread, changes nothing). A
      // replay's, anywhere in the game's server: its handler refuses another server's game.
      const misplaced = handler.scope === 'guild' ? null : await clickElsewhere(ctx, interaction.channelId, env, id.gameId);
      if (misplaced !== null) {
        log.warn({ gameId: id.gameId, verb: id.verb }, 'custom_id of a game shown elsewhere');
        await answerPrivately(interaction, misplaced === 'wrong_channel' ? t(locale, 'refusal.wrong_channel') : refusalText(ctx, misplaced, locale));
        return 'refused';
      }
      const scoped = { ...env, logger: log.child({ gameId: id.gameId, verb: id.verb }) };
      await handler.handle(scoped, interaction, id);
      if (seen.dmFailed) await tellOfClosedDms(ctx, interaction, env.locale, log);
      return 'ok';
    }
    if (interaction.isMessageContextMenuCommand()) {
      const handler = messageCommands.get(interaction.commandName);
      if (handler === undefined) {
        log.warn({ command: interaction.commandName }, 'unknown message command');
        await answerPrivately(interaction, t(locale, 'refusal.bad_button'));
        return 'refused';
      }
      await acknowledgeOnce(interaction, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }), log, timing);
      await playerSeen(ctx, interaction, log);
      log.debug({ command: interaction.commandName }, 'message command');
      await handler.handle(await envFor(), interaction);
      return 'ok';
    }
    // Nothing handles other interactions (modals and the like are not used).
    return 'refused';
  }
}

/** The interaction's kind, as the metrics count it. */
function interactionKind(interaction: Interaction): InteractionKind {
  if (interaction.isChatInputCommand() || interaction.isMessageContextMenuCommand()) return 'command';
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isButton()) return 'button';
  if (interaction.isStringSelectMenu()) return 'select';
  return 'other';
}

/** When the interaction arrived, and where its time to acknowledge is counted. */
interface AckTiming {
  readonly receivedAt: number;
  readonly kind: InteractionKind;
  readonly metrics: BotMetrics | undefined;
}

/**
 * One read of the player's row per interaction: the language of their latest interaction is stored (when it
 * changed) before the handler, so a message the handler causes already speaks it; and it says whether a
 * direct message failed that they must be told of after the answer. A failure here only logs.
 */
async function playerSeen(ctx: BotContext, interaction: Interaction, log: Logger): Promise<{ dmFailed: boolean }> {
  try {
    return await ctx.service.playerSeen(interaction.user.id, toLocale(interaction.locale));
  } catch (error) {
    // An unreachable database is reported once for the outage (the handler's own read fails next).
    if (!ctx.service.outage.failed(error, 'interaction')) log.warn({ err: error }, 'could not read or remember the player\'s settings');
    return { dmFailed: false };
  }
}

/**
 * The game's channel for an interaction in its thread, and that game (the thread is its table);
 * otherwise the interaction's own channel.
 */
async function gameChannel(ctx: BotContext, interaction: Interaction): Promise<{ channelId: string; tableGameId: number | null }> {
  const channelId = interaction.channelId ?? '';
  // Only a thread (or a channel the client does not know) can be a game's thread.
  const maybeThread = interaction.channel === null || interaction.channel.isThread();
  const table = maybeThread && channelId !== '' ? await ctx.service.gameOfThread(channelId) : undefined;
  return table === undefined ? { channelId, tableGameId: null } : { channelId: table.channelId, tableGameId: table.id };
}

/**
 * Why a click on a component of game `gameId` is refused where it happened (`at`), or null when it is in
 * place: the game's channel or its own thread. In another game's thread it is told which game that is.
 */
async function clickElsewhere(ctx: BotContext, at: string | null, env: HandlerEnv, gameId: number): Promise<Refusal | 'wrong_channel' | null> {
  // Only where it is shown: the state (the bulk of the row) is not read at every click.
  const row = await ctx.service.gamePlace(gameId);
  if (row !== undefined && at !== null && (at === row.channelId || at === row.threadId)) return null;
  if (row !== undefined && env.tableGameId !== undefined && env.tableGameId !== null && env.tableGameId !== gameId && row.channelId === env.channelId) {
    const table = await ctx.service.gameRow(env.tableGameId);
    if (table !== undefined) return { ok: false, code: 'other_table', gameId, tableOf: table };
  }
  return 'wrong_channel';
}

async function acknowledge(interaction: ComponentInteraction, ack: ComponentHandler['ack'], log: Logger, timing: AckTiming): Promise<void> {
  if (ack === 'update') {
    markUpdateAck(interaction);
    await acknowledgeOnce(interaction, () => interaction.deferUpdate(), log, timing);
  } else {
    await acknowledgeOnce(interaction, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }), log, timing);
  }
}

/**
 * Exactly one acknowledgement per interaction: it is sent once and never again, whatever its answer. If
 * the call times out, Discord may well have taken it (only its answer was late), and a second initial
 * response would be refused (40060) or come after the 3-second window (10062); if Discord says it was
 * already acknowledged (40060), it was. Either way the interaction counts as acknowledged and the handler
 * goes on; a later edit or follow-up that fails is logged. Other refusals (e.g. 10062, too late) stop here.
 */
async function acknowledgeOnce(interaction: RepliableInteraction, send: () => Promise<unknown>, log: Logger, { receivedAt, kind, metrics }: AckTiming): Promise<void> {
  ackAttempted.add(interaction);
  try {
    await send();
    // From the interaction's arrival in this process to Discord's answer to the acknowledgement.
    const ackMs = performance.now() - receivedAt;
    metrics?.acknowledgement.observe({ kind }, ackMs / 1000);
    log.debug({ ackMs: Math.round(ackMs) }, 'acknowledged');
  } catch (error) {
    const tooLate = error instanceof DiscordAPIError && error.code === 10062;
    if (tooLate) throw error;
    // 40060 (already acknowledged), a timeout, a 5xx: Discord may have it; never a second one.
    const ackMs = performance.now() - receivedAt;
    metrics?.acknowledgement.observe({ kind }, ackMs / 1000);
    log.warn({ reason: describeError(error), ackMs: Math.round(ackMs) }, 'the acknowledgement got no clear answer; it counts as sent');
    interaction.deferred = true;
  }
}

/** Interactions whose acknowledgement was sent (successfully or not): no second initial response. */
const ackAttempted = new WeakSet<object>();

/**
 * Shared pieces of the handlers: refusal texts, the permission check, posting a board (and taking the
 * buttons off the previous one), and private answers that fit how the interaction was acknowledged.
 */
import {
  MessageFlags,
  PermissionFlagsBits,
  PermissionsBitField,
  type BaseInteraction,
  type Client,
  type Interaction,
  type SendableChannels,
} from 'discord.js';
import type { ActiveSnapshot, Refusal, Snapshot } from '../app/game-service.js';
import type { Locale } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { BotContext, ComponentInteraction } from './context.js';
import type { GamePresenter } from './games/presenter.js';
import { t, type CoreKey } from './i18n/index.js';
import { boardMessage, names, type BoardNotes, type PrivateMessage } from './messages.js';

export function presenterFor(ctx: BotContext, kind: string): GamePresenter {
  const presenter = ctx.presenters.get(kind);
  if (presenter === undefined) throw new Error(`no presenter for game kind ${kind}`);
  return presenter;
}

export function refusalText(ctx: BotContext, refusal: Refusal, locale: Locale, game?: Snapshot): string {
  const key = `refusal.${refusal.code}` as CoreKey;
  switch (refusal.code) {
    case 'unknown_game':
      return t(locale, key, { kind: refusal.kind });
    case 'invalid_options':
      if (refusal.option === 'combination') return t(locale, 'refusal.invalid_combination', { players: refusal.players });
      if (refusal.option === 'expansion') return t(locale, 'refusal.invalid_expansion', { value: refusal.value });
      return t(locale, refusal.option === 'layout' ? 'refusal.invalid_layout' : 'refusal.invalid_variant', { value: refusal.value });
    case 'invalid_capacity':
    case 'invalid_setting':
      return t(locale, key, { min: refusal.min, max: refusal.max, ...('field' in refusal ? { field: refusal.field } : {}) });
    case 'channel_busy': {
      const presenter = ctx.presenters.get(refusal.existing.kind);
      return t(locale, key, { game: presenter?.name(locale) ?? refusal.existing.kind, id: refusal.existing.id, status: refusal.existing.status });
    }
    case 'lobby_full':
      return t(locale, key, { capacity: refusal.capacity });
    case 'too_few_players':
      return t(locale, key, { min: refusal.min });
    case 'not_your_turn': {
      const playerNames = game === undefined ? [] : names(game);
      return t(locale, key, { players: refusal.waitingFor.map((s) => playerNames[s] ?? `#${s + 1}`).join(', ') || '-' });
    }
    case 'damaged':
      return t(locale, key, { id: refusal.gameId, reason: refusal.reason });
    default:
      return t(locale, key);
  }
}

/** What the bot needs in a channel to post boards there. */
export const BOARD_PERMISSIONS = [
  ['ViewChannel', PermissionFlagsBits.ViewChannel],
  ['SendMessages', PermissionFlagsBits.SendMessages],
  ['AttachFiles', PermissionFlagsBits.AttachFiles],
] as const;

/** The explanation of what to grant, or null when the bot may post boards here. */
export function missingPermissions(interaction: BaseInteraction, locale: Locale): string | null {
  if (!interaction.inGuild()) return null;
  const perms = interaction.appPermissions ?? new PermissionsBitField(0n);
  const missing = BOARD_PERMISSIONS.filter(([, bit]) => !perms.has(bit, true)).map(([name]) => t(locale, `perm.${name}`));
  if (missing.length === 0) return null;
  return t(locale, 'perm.missing', { permissions: missing.join(', '), bot: interaction.client.user.username });
}

/** A private answer, whatever the acknowledgement was. */
export async function answerPrivately(interaction: Interaction, message: PrivateMessage | string): Promise<void> {
  const body = typeof message === 'string' ? { content: message, components: [] } : message;
  if (!interaction.isRepliable()) return;
  if (!interaction.deferred && !interaction.replied) {
    await interaction.reply({ ...body, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  } else if (isUpdateAck(interaction) && !isEphemeralMessage(interaction)) {
    // deferUpdate on a public message (lobby, board, vote): that message is not the place for a private answer.
    await interaction.followUp({ ...body, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  } else {
    // A deferred ephemeral reply, or deferUpdate on the user's own ephemeral panel: replaced in place.
    await interaction.editReply({ ...body, allowedMentions: { parse: [] } });
  }
}

/** Component interactions acknowledged with deferUpdate are marked by the router. */
const updateAcks = new WeakSet<object>();
export function markUpdateAck(interaction: ComponentInteraction): void {
  updateAcks.add(interaction);
}
function isUpdateAck(interaction: Interaction): boolean {
  return updateAcks.has(interaction);
}

export function isEphemeralMessage(interaction: ComponentInteraction | Interaction): boolean {
  if (!interaction.isMessageComponent()) return false;
  return interaction.message.flags.has(MessageFlags.Ephemeral);
}

export async function sendableChannel(client: Client, channelId: string): Promise<SendableChannels> {
  const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId));
  if (channel === null || !channel.isSendable()) throw new Error(`channel ${channelId} is not a text channel the bot can use`);
  return channel;
}

/**
 * Posts the board of `game` in its channel, takes the buttons off the previous board and remembers the
 * new one. Returns the new message id.
 */
export async function postBoard(ctx: BotContext, logger: Logger, game: ActiveSnapshot, notes: BoardNotes = {}): Promise<string> {
  const presenter = presenterFor(ctx, game.row.kind);
  const message = await boardMessage(ctx.service, game, presenter, notes);
  const channel = await sendableChannel(ctx.client, game.row.channelId);
  const sent = await channel.send(message);
  const previous = game.row.boardMessageId;
  ctx.service.setBoardMessage(game.row.id, sent.id);
  if (previous !== null && previous !== sent.id) {
    try {
      await channel.messages.edit(previous, { components: [] });
    } catch (error) {
      // The old board may have been deleted by a moderator: nothing to take off.
      logger.warn({ err: error, gameId: game.row.id, messageId: previous }, 'could not take the buttons off the previous board');
    }
  }
  return sent.id;
}

/** Takes the buttons off the current board (the game ended without a new board). */
export async function retireBoard(ctx: BotContext, logger: Logger, channelId: string, messageId: string | null): Promise<void> {
  if (messageId === null) return;
  try {
    const channel = await sendableChannel(ctx.client, channelId);
    await channel.messages.edit(messageId, { components: [] });
  } catch (error) {
    logger.warn({ err: error, messageId }, 'could not take the buttons off the board');
  }
}

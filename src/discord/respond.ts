/**
 * Shared pieces of the handlers: refusal texts, the permission check, posting a board (and taking the
 * buttons off the previous one), and private answers that fit how the interaction was acknowledged.
 */
import { tableLink } from './links.js';
import {
  MessageFlags,
  PermissionFlagsBits,
  PermissionsBitField,
  type BaseInteraction,
  type Client,
  type Interaction,
  type SendableChannels,
} from 'discord.js';
import type { Refusal, Snapshot } from '../app/game-service.js';
import type { Locale } from '../engine/index.js';
import type { BotContext, ComponentInteraction } from './types.js';
import type { GamePresenter } from '../games/contract.js';
import { t, type CoreKey } from './i18n/index.js';
import { names, type PrivateMessage } from './messages/index.js';
import { echo } from './text.js';
import { truncate } from './panel.js';

/** Discord's limit of a message's content. */
const MESSAGE_LIMIT = 2_000;

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
    case 'invalid_options': {
      // The value is the user's own input: echoed plain and short.
      const value = echo(refusal.value, 60);
      switch (refusal.option) {
        case 'combination':
          return t(locale, 'refusal.invalid_combination', { players: refusal.players });
        case 'expansion':
          return t(locale, 'refusal.invalid_expansion', { value });
        case 'layout_for_expansion':
          return t(locale, 'refusal.layout_for_expansion', { value });
        case 'no_variants':
          return t(locale, 'refusal.no_variants');
        case 'layout':
          return t(locale, 'refusal.invalid_layout', { value });
        case 'variant':
          return t(locale, 'refusal.invalid_variant', { value });
        case 'clock':
          return t(locale, 'refusal.invalid_clock', { value });
      }
      break;
    }
    case 'invalid_capacity':
    case 'invalid_setting':
      return t(locale, key, { min: refusal.min, max: refusal.max, ...('field' in refusal ? { field: refusal.field } : {}) });
    case 'channel_busy': {
      const presenter = ctx.presenters.get(refusal.existing.kind);
      return t(locale, key, { game: presenter?.name(locale) ?? refusal.existing.kind, id: refusal.existing.id, status: refusal.existing.status });
    }
    case 'invalid_time_zone':
    case 'invalid_away_date':
      return t(locale, key, { value: echo(refusal.value, 40) });
    case 'player_away':
      return t(locale, key, { date: `<t:${Math.floor(refusal.until / 1000)}:f>` });
    case 'lobby_full':
      return t(locale, key, { capacity: refusal.capacity });
    case 'too_few_players':
      return t(locale, key, { min: refusal.min });
    case 'not_your_turn': {
      const playerNames = game === undefined ? [] : names(game);
      return t(locale, key, { players: refusal.waitingFor.map((s) => playerNames[s] ?? `#${s + 1}`).join(', ') || '-' });
    }
    case 'damaged':
      return t(locale, key, { id: refusal.gameId, reason: echo(refusal.reason, 300) });
    // A channel with several tables.
    case 'several_games':
      return t(locale, key, { count: refusal.count });
    case 'game_not_here':
      return t(locale, key, { id: refusal.gameId });
    case 'rematch_open': {
      // A named link to the lobby; before its first post, its channel.
      const link = tableLink(refusal.existing);
      return link === null ? t(locale, 'refusal.rematch_openPending', { id: refusal.existing.id, channel: `<#${refusal.existing.channelId}>` }) : t(locale, key, { id: refusal.existing.id, link });
    }
    case 'other_table':
      return t(locale, key, { id: refusal.gameId, table: refusal.tableOf.id, game: ctx.presenters.get(refusal.tableOf.kind)?.name(locale) ?? refusal.tableOf.kind });
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

/** What the bot needs to play a game in a thread of the channel. */
export const THREAD_PERMISSIONS = [
  ['CreatePublicThreads', PermissionFlagsBits.CreatePublicThreads],
  ['SendMessagesInThreads', PermissionFlagsBits.SendMessagesInThreads],
] as const;

/** The thread permissions by their names in Discord's settings, for a line that says what to grant. */
export function threadPermissionNames(locale: Locale, missing: readonly (typeof THREAD_PERMISSIONS)[number][0][] = THREAD_PERMISSIONS.map(([name]) => name)): string {
  return missing.map((name) => t(locale, `perm.${name}`)).join(', ');
}

/** The thread permissions the bot lacks where the interaction happened. */
export function missingThreadPermissions(interaction: BaseInteraction): (typeof THREAD_PERMISSIONS)[number][0][] {
  const perms = interaction.appPermissions ?? new PermissionsBitField(0n);
  return THREAD_PERMISSIONS.filter(([, bit]) => !perms.has(bit, true)).map(([name]) => name);
}

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
  const given = typeof message === 'string' ? { content: message, components: [] } : message;
  // Discord refuses a message over 2,000 characters: a long echo of the user's input must not be one.
  const body = typeof given.content === 'string' && given.content.length > MESSAGE_LIMIT ? { ...given, content: truncate(given.content, MESSAGE_LIMIT) } : given;
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

/** A private note beside the answer (a new ephemeral follow-up): the message the user clicked stays as it is. */
export async function notePrivately(interaction: Interaction, content: string): Promise<void> {
  if (!interaction.isRepliable()) return;
  await interaction.followUp({ content: truncate(content, MESSAGE_LIMIT), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/**
 * Interactions whose change is committed: if anything fails after that, the user is told that their move
 * was saved instead of "something went wrong, try again" (trying again would be refused as stale).
 */
const committed = new WeakSet<object>();
export function markCommitted(interaction: Interaction): void {
  committed.add(interaction);
}
export function isCommitted(interaction: Interaction): boolean {
  return committed.has(interaction);
}

// A link to a message, and which table a link to a game opens: links.ts.
export { messageLink } from './links.js';

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

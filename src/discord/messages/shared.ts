/**
 * What every message of the bot is made of: the public and private message shapes, the game's language,
 * buttons and rows, and Discord's content limit.
 */
import { ComponentType, type ButtonStyle, type APIActionRowComponent, type APIButtonComponentWithCustomId, type APIComponentInMessageActionRow, type MessageMentionOptions } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import { isLocale, type Locale } from '../../engine/index.js';
import { truncate } from '../panel.js';

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface PublicMessage {
  content: string;
  components: Row[];
  allowedMentions: MessageMentionOptions;
  files?: { attachment: Buffer; name: string; description?: string }[];
}

export interface PrivateMessage {
  content: string;
  components: Row[];
  /** A panel's picture (see GamePresenter.panelPicture); [] takes off the one an edited panel showed. */
  files?: { attachment: Buffer; name: string; description?: string }[];
}

export const CONTENT_MAX = 2000;

export function gameLocale(game: Snapshot): Locale {
  return isLocale(game.row.locale) ? game.row.locale : 'en';
}

export const BUTTON_MAX = 80;

export function button(label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, label: truncate(label, BUTTON_MAX), custom_id: customId };
}

export function row(...components: APIButtonComponentWithCustomId[]): Row {
  return { type: ComponentType.ActionRow, components };
}

/** A text's length as Discord counts it against its limits: in code points (an emoji marker is one). */
export function characters(text: string): number {
  return [...text].length;
}

/** Joins lines and keeps the message within Discord's limit. */
export function fit(lines: readonly string[]): string {
  return truncate(lines.filter((l) => l !== '').join('\n'), CONTENT_MAX);
}

/** A clock time as Discord shows it to each reader in their own time zone ("in 2 hours", "3 minutes ago"). */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

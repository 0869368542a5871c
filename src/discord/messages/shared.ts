/**
 * What every message of the bot is made of: the public and private message shapes, the game's language,
 * buttons and rows, and Discord's content limit.
 */
import { ComponentType, MessageFlags, type ButtonStyle, type APIActionRowComponent, type APIButtonComponentWithCustomId, type APIComponentInContainer, type APIComponentInMessageActionRow, type APIContainerComponent, type APIMessageTopLevelComponent, type APIUnfurledMediaItem, type MessageCreateOptions, type MessageMentionOptions } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import { isLocale, type Locale } from '../../engine/index.js';
import { truncate } from '../panel.js';

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface PublicMessage {
  /** What it says: the message's content, or its container's text. */
  content: string;
  components: Row[];
  allowedMentions: MessageMentionOptions;
  files?: { attachment: Buffer; name: string; description?: string }[];
  /**
   * Laid out in a container (Components V2, see `laidOut`) with a bar of this colour (null: none): a board.
   * Without it, a plain message.
   */
  container?: { readonly accent: number | null };
}

export interface PrivateMessage {
  content: string;
  components: Row[];
  /** A panel's picture (see GamePresenter.panelPicture); [] takes off the one an edited panel showed. */
  files?: { attachment: Buffer; name: string; description?: string }[];
}

export const CONTENT_MAX = 2000;
/** Discord's limit of the text of a Components V2 message: all its text displays together. */
export const CONTAINER_TEXT_MAX = 4000;

/** How much text `message` may carry. */
export function textMax(message: Pick<PublicMessage, 'container'>): number {
  return message.container === undefined ? CONTENT_MAX : CONTAINER_TEXT_MAX;
}

/** The message with `line` said first (a thread's notice), within its room. */
export function withFirstLine(message: PublicMessage, line: string): PublicMessage {
  return { ...message, content: truncate(`${line}\n${message.content}`, textMax(message)) };
}

/**
 * What is sent to Discord. A message in a container is a Components V2 message (no content): one container
 * with the accent bar, the text in a text display, each picture in a media gallery of its own (at the
 * container's full width, its description the alt text), then the buttons. Its mentions ping as the
 * content's would, as `allowedMentions` says.
 */
export function laidOut(message: PublicMessage): MessageCreateOptions {
  const { container, content, components, allowedMentions, files } = message;
  const attached = files === undefined ? {} : { files };
  if (container === undefined) return { content, components, allowedMentions, ...attached };
  const parts: APIComponentInContainer[] = [
    { type: ComponentType.TextDisplay, content },
    ...(files ?? []).map((file): APIComponentInContainer => ({
      type: ComponentType.MediaGallery,
      items: [{ media: { url: `attachment://${file.name}` }, ...(file.description === undefined || file.description === '' ? {} : { description: file.description }) }],
    })),
    ...components,
  ];
  const card: APIContainerComponent = { type: ComponentType.Container, ...(container.accent === null ? {} : { accent_color: container.accent }), components: parts };
  return { flags: MessageFlags.IsComponentsV2, components: [card], allowedMentions, ...attached };
}

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

/** A message as Discord has it, for an edit of its components. */
export interface PostedMessage {
  readonly flags: number;
  readonly components: readonly APIMessageTopLevelComponent[];
  readonly attachments: readonly { readonly id: string; readonly filename: string; readonly url: string }[];
}

/**
 * What an edit sends to take the buttons off a posted message: a plain message loses its action rows; a
 * Components V2 message is sent whole without them (an edit replaces the whole tree), keeping its flag,
 * its media naming its own files again as `attachment://` (Discord answers with them resolved).
 */
export function withoutButtons(message: PostedMessage): { components: APIMessageTopLevelComponent[]; flags?: MessageFlags.IsComponentsV2 } {
  if ((message.flags & MessageFlags.IsComponentsV2) === 0) return { components: [] };
  const media = (item: APIUnfurledMediaItem): APIUnfurledMediaItem => {
    const file = message.attachments.find((a) => a.id === item.attachment_id || a.url === item.url);
    return { url: file === undefined ? item.url : `attachment://${file.filename}` };
  };
  const kept = (component: APIMessageTopLevelComponent | APIComponentInContainer): APIComponentInContainer[] => {
    switch (component.type) {
      case ComponentType.ActionRow:
        return [];
      case ComponentType.MediaGallery:
        return [{ ...component, items: component.items.map((item) => ({ ...item, media: media(item.media) })) }];
      case ComponentType.File:
        return [{ ...component, file: media(component.file) }];
      case ComponentType.Section:
        return [{ ...component, accessory: component.accessory.type === ComponentType.Button ? { ...component.accessory, disabled: true } : { ...component.accessory, media: media(component.accessory.media) } }];
      case ComponentType.Container:
        return [];
      default:
        return [component];
    }
  };
  const components = message.components.flatMap((component): APIMessageTopLevelComponent[] => {
    if (component.type !== ComponentType.Container) return kept(component);
    const inside = component.components.flatMap(kept);
    return inside.length === 0 ? [] : [{ ...component, components: inside }];
  });
  return { components, flags: MessageFlags.IsComponentsV2 };
}

/** A text's length as Discord counts it against its limits: in code points (an emoji marker is one). */
export function characters(text: string): number {
  return [...text].length;
}

/** Joins lines and keeps the message within Discord's limit (`max`: a container's). */
export function fit(lines: readonly string[], max = CONTENT_MAX): string {
  return truncate(lines.filter((l) => l !== '').join('\n'), max);
}

/** A clock time as Discord shows it to each reader in their own time zone ("in 2 hours", "3 minutes ago"). */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

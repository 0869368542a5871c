/**
 * What a user sees: read-only snapshots of messages, with the parts tests look at most (text, buttons,
 * selects, attachments with their bytes) pulled out.
 */
import { ComponentType, MessageFlags, PermissionFlagsBits, type APIEmbed, type APIMessageTopLevelComponent, type ButtonStyle } from 'discord-api-types/v10';
import { walkComponents } from './messages.js';
import type { MessageInteractionRef, MessageRevision, StoredAttachment, StoredMessage, World } from './world.js';

export interface SeenAttachment {
  id: string;
  filename: string;
  contentType: string | undefined;
  size: number;
  bytes: Buffer;
  width?: number;
  height?: number;
  description?: string;
  url: string;
}

export interface SeenButton {
  customId: string | undefined;
  label: string | undefined;
  style: ButtonStyle;
  disabled: boolean;
  url: string | undefined;
  emoji: string | undefined;
}

export interface SeenSelect {
  customId: string;
  type: ComponentType;
  placeholder: string | undefined;
  /** `emoji`: the name of the option's emoji, if it has one. */
  options: { label: string; value: string; description?: string; emoji?: string; default: boolean }[];
  minValues: number;
  maxValues: number;
  disabled: boolean;
}

/** A link as Discord shows it in message text: a masked link `[label](url)` by its label, a bare URL as itself. */
export interface SeenLink {
  label: string;
  url: string;
}

export interface SeenMessage {
  id: string;
  channelId: string;
  authorId: string;
  /** Only the user it was sent to can see it. */
  ephemeral: boolean;
  /** A deferred reply that still shows "<bot> is thinking...". */
  loading: boolean;
  edited: boolean;
  deleted: boolean;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: SeenAttachment[];
  flags: number;
  interaction: MessageInteractionRef | undefined;
  createdAt: number;
  editedAt: number | null;
  /** Content, embed texts and text display components, joined by newlines: what a reader reads. */
  text: string;
  buttons: SeenButton[];
  selects: SeenSelect[];
  /** The links in `text`, in order, as a reader sees them. */
  links: SeenLink[];
}

function seenAttachment(a: StoredAttachment): SeenAttachment {
  return {
    id: a.id,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    bytes: a.bytes,
    ...(a.width !== undefined ? { width: a.width } : {}),
    ...(a.height !== undefined ? { height: a.height } : {}),
    ...(a.description ? { description: a.description } : {}),
    url: a.url,
  };
}

export function textOf(body: { content: string; embeds: APIEmbed[]; components: APIMessageTopLevelComponent[] }): string {
  const parts: string[] = [];
  if (body.content) parts.push(body.content);
  for (const embed of body.embeds) {
    for (const s of [embed.author?.name, embed.title, embed.description]) if (s) parts.push(s);
    for (const field of embed.fields ?? []) parts.push(field.name, field.value);
    if (embed.footer?.text) parts.push(embed.footer.text);
  }
  for (const { component } of walkComponents(body.components)) {
    if (component.type === ComponentType.TextDisplay && typeof component.content === 'string') parts.push(component.content);
  }
  return parts.join('\n');
}

/** What a reader reads in a message body the bot sent (a request's JSON, or its `payload_json`), as `text` does. */
export function bodyText(body: unknown): string {
  const sent = (body ?? {}) as { content?: string | null; embeds?: APIEmbed[] | null; components?: APIMessageTopLevelComponent[] | null };
  return textOf({ content: sent.content ?? '', embeds: sent.embeds ?? [], components: sent.components ?? [] });
}

const MASKED_LINK = /(?<!\\)\[([^\]\n]+)\]\(<?(https?:\/\/[^)\s>]+)>?\)/g;
const BARE_LINK = /<?(https?:\/\/[^\s<>]+[^\s<>.,:;"')\]])>?/g;

/** The links Discord renders in message text: masked ones by their label, then bare URLs, in text order. */
export function linksOf(text: string): SeenLink[] {
  const found: { at: number; link: SeenLink }[] = [];
  const rest = text.replace(MASKED_LINK, (whole, label: string, url: string, at: number) => {
    found.push({ at, link: { label, url } });
    return ' '.repeat(whole.length);
  });
  for (const m of rest.matchAll(BARE_LINK)) found.push({ at: m.index, link: { label: m[1] as string, url: m[1] as string } });
  return found.sort((a, b) => a.at - b.at).map((f) => f.link);
}

export function buttonsOf(components: readonly APIMessageTopLevelComponent[]): SeenButton[] {
  return walkComponents(components)
    .filter(({ component }) => component.type === ComponentType.Button)
    .map(({ component: c }) => ({
      customId: c.custom_id as string | undefined,
      label: c.label as string | undefined,
      style: c.style as ButtonStyle,
      disabled: Boolean(c.disabled),
      url: c.url as string | undefined,
      emoji: (c.emoji as { name?: string } | undefined)?.name,
    }));
}

const SELECT_TYPES = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

export function selectsOf(components: readonly APIMessageTopLevelComponent[]): SeenSelect[] {
  return walkComponents(components)
    .filter(({ component }) => SELECT_TYPES.has(component.type as number))
    .map(({ component: c }) => ({
      customId: c.custom_id as string,
      type: c.type as ComponentType,
      placeholder: c.placeholder as string | undefined,
      options: ((c.options as { label: string; value: string; description?: string; default?: boolean; emoji?: { name?: string } }[] | undefined) ?? []).map((o) => ({
        label: o.label,
        value: o.value,
        ...(o.description ? { description: o.description } : {}),
        ...(o.emoji?.name ? { emoji: o.emoji.name } : {}),
        default: Boolean(o.default),
      })),
      minValues: (c.min_values as number | undefined) ?? 1,
      maxValues: (c.max_values as number | undefined) ?? 1,
      disabled: Boolean(c.disabled),
    }));
}

export function seenMessage(message: StoredMessage): SeenMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    authorId: message.authorId,
    ephemeral: message.ephemeralFor !== undefined,
    loading: message.loading,
    edited: message.editedAt !== null,
    deleted: message.deletedAt !== null,
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments.map(seenAttachment),
    flags: message.flags | (message.ephemeralFor ? MessageFlags.Ephemeral : 0),
    interaction: message.interaction,
    createdAt: message.createdAt,
    editedAt: message.editedAt,
    text: textOf(message),
    buttons: buttonsOf(message.components),
    selects: selectsOf(message.components),
    links: linksOf(textOf(message)),
  };
}

function byId(a: { id: string }, b: { id: string }): number {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Messages of a channel the user can see right now, oldest first: channel messages and their own ephemerals. */
export function visibleTo(world: World, userId: string, channelId: string): SeenMessage[] {
  const canView = (world.permissionsIn(userId, channelId) & PermissionFlagsBits.ViewChannel) !== 0n;
  if (!canView) return [];
  return [...world.messages.values()]
    .filter((m) => m.channelId === channelId && m.deletedAt === null && (m.ephemeralFor === undefined || m.ephemeralFor === userId))
    .sort(byId)
    .map(seenMessage);
}

/** Current non-ephemeral messages of a channel, oldest first. */
export function channelMessages(world: World, channelId: string): SeenMessage[] {
  return [...world.messages.values()]
    .filter((m) => m.channelId === channelId && m.deletedAt === null && m.ephemeralFor === undefined)
    .sort(byId)
    .map(seenMessage);
}

export interface Occurrence {
  messageId: string;
  channelId: string;
  revision: MessageRevision['change'];
  at: number;
  where: string;
}

/**
 * Every place a needle ever appeared in a public (non-ephemeral) message, in any revision including edited
 * and deleted ones: text (content, embeds, components, attachments' descriptions) for a string or RegExp; attachment bytes or
 * file names for a Buffer (bytes) or string (file names too).
 */
export function publicOccurrences(world: World, needle: string | RegExp | Buffer, channelId?: string): Occurrence[] {
  const found: Occurrence[] = [];
  for (const message of world.messages.values()) {
    if (message.ephemeralFor !== undefined) continue;
    if (channelId && message.channelId !== channelId) continue;
    for (const revision of message.revisions) {
      const base = { messageId: message.id, channelId: message.channelId, revision: revision.change, at: revision.at };
      if (Buffer.isBuffer(needle)) {
        for (const a of revision.attachments) if (a.bytes.includes(needle)) found.push({ ...base, where: `attachment ${a.filename}` });
        continue;
      }
      const haystacks: [string, string][] = [
        ['content', revision.content],
        ['embeds', JSON.stringify(revision.embeds)],
        ['components', JSON.stringify(revision.components)],
        ...revision.attachments.map((a): [string, string] => [`attachment name ${a.filename}`, a.filename]),
        // An attachment's description is its alt text: public words, read aloud to whoever cannot see the picture.
        ...revision.attachments.filter((a) => a.description !== undefined).map((a): [string, string] => [`attachment description ${a.filename}`, a.description as string]),
        ...revision.attachments
          .filter((a) => a.contentType?.startsWith('text/'))
          .map((a): [string, string] => [`attachment text ${a.filename}`, a.bytes.toString('utf8')]),
      ];
      for (const [where, text] of haystacks) {
        const hit = typeof needle === 'string' ? text.includes(needle) : new RegExp(needle.source, needle.flags.replace('g', '')).test(text);
        if (hit) found.push({ ...base, where });
      }
    }
  }
  return found;
}

/**
 * What the playground page receives: messages as a Discord client shows them (attachments turned into
 * URLs of this server, the slash command that produced a reply), and the command box's forms built from
 * the commands the bot registered. Pure functions, no I/O.
 */
import { ComponentType, MessageFlags, type APIApplicationCommand, type APIApplicationCommandOption, type APIEmbed, type APIMessageTopLevelComponent } from 'discord.js';
import type { LocalAttachment, LocalMessage } from './discord.js';

/** A text in the default language plus its translations by Discord locale ('de', 'nl', 'en-US', ...). */
export interface Localized {
  readonly default: string;
  readonly [locale: string]: string;
}

export interface AttachmentView {
  readonly id: string;
  readonly url: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly description: string | null;
}

export interface MessageView {
  readonly id: string;
  readonly authorId: string;
  readonly ephemeral: boolean;
  /** "<bot> is thinking..." */
  readonly loading: boolean;
  readonly edited: boolean;
  readonly createdAt: number;
  readonly content: string;
  /** What a reader reads: the content, then each text display (a Components V2 message has no content). */
  readonly text: string;
  readonly embeds: APIEmbed[];
  /** With the media they name (`attachment://…`) at this server's URLs. */
  readonly components: APIMessageTopLevelComponent[];
  /**
   * Attachments shown on their own: not inside an embed (Discord shows those only in the embed); a Components
   * V2 message shows none (its files only where its components name them).
   */
  readonly attachments: AttachmentView[];
  /** The slash command this message answers: who used it and its full name ("game new"). */
  readonly command: { readonly userId: string; readonly name: string } | null;
}

/** Where this server serves an attachment's recorded bytes. */
export function attachmentUrl(messageId: string, attachment: Pick<LocalAttachment, 'id' | 'filename'>): string {
  return `/attachments/${messageId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
}

function attachmentView(messageId: string, a: LocalAttachment): AttachmentView {
  return {
    id: a.id,
    url: attachmentUrl(messageId, a),
    filename: a.filename,
    contentType: a.contentType ?? null,
    size: a.size,
    width: a.width ?? null,
    height: a.height ?? null,
    description: a.description ?? null,
  };
}

/** Replaces `attachment://name` references in an embed by this server's URL of that attachment. */
function resolveEmbed(embed: APIEmbed, byName: ReadonlyMap<string, AttachmentView>, used: Set<string>): APIEmbed {
  const resolve = (url: string | undefined): string | undefined => {
    if (url === undefined || !url.startsWith('attachment://')) return url;
    const found = byName.get(url.slice('attachment://'.length));
    if (found === undefined) return undefined;
    used.add(found.id);
    return found.url;
  };
  const out: APIEmbed = { ...embed };
  if (embed.image) {
    const url = resolve(embed.image.url);
    if (url === undefined) delete out.image;
    else out.image = { ...embed.image, url };
  }
  if (embed.thumbnail) {
    const url = resolve(embed.thumbnail.url);
    if (url === undefined) delete out.thumbnail;
    else out.thumbnail = { ...embed.thumbnail, url };
  }
  return out;
}

/** Components with `attachment://name` media at this server's URL of that attachment. */
function resolveComponents(components: readonly APIMessageTopLevelComponent[], byName: ReadonlyMap<string, AttachmentView>): APIMessageTopLevelComponent[] {
  const copy = structuredClone(components) as unknown[];
  const resolve = (media: { url?: string } | undefined): void => {
    if (media?.url?.startsWith('attachment://') !== true) return;
    const found = byName.get(media.url.slice('attachment://'.length));
    if (found !== undefined) media.url = found.url;
  };
  const visit = (node: unknown): void => {
    const component = node as { media?: { url?: string }; file?: { url?: string }; items?: { media?: { url?: string } }[]; components?: unknown[]; accessory?: unknown };
    resolve(component.media);
    resolve(component.file);
    for (const item of component.items ?? []) resolve(item.media);
    for (const child of component.components ?? []) visit(child);
    if (component.accessory !== undefined) visit(component.accessory);
  };
  copy.forEach(visit);
  return copy as APIMessageTopLevelComponent[];
}

/** The text displays of a tree of components, in order. */
function textDisplays(components: readonly unknown[]): string[] {
  return components.flatMap((node) => {
    const component = node as { type: number; content?: string; components?: unknown[] };
    if (component.type === ComponentType.TextDisplay) return component.content === undefined ? [] : [component.content];
    return textDisplays(component.components ?? []);
  });
}

/**
 * A message as the page shows it. `commandNames` maps interaction ids to the full command name the
 * playground sent ("game new"); other interactions fall back to the command's top-level name.
 */
export function messageView(message: LocalMessage, commandNames: ReadonlyMap<string, string> = new Map()): MessageView {
  const attachments = message.attachments.map((a) => attachmentView(message.id, a));
  const byName = new Map(attachments.map((a) => [a.filename, a]));
  const inEmbeds = new Set<string>();
  const embeds = message.embeds.map((e) => resolveEmbed(e, byName, inEmbeds));
  const interaction = message.interaction;
  // Type 2 is APPLICATION_COMMAND: Discord shows "<user> used /command" above the reply.
  const command =
    interaction !== undefined && interaction.type === 2
      ? { userId: interaction.userId, name: commandNames.get(interaction.id) ?? interaction.commandName ?? '' }
      : null;
  return {
    id: message.id,
    authorId: message.authorId,
    ephemeral: message.ephemeral,
    loading: message.loading,
    edited: message.edited,
    createdAt: message.createdAt,
    content: message.content,
    text: [message.content, ...textDisplays(message.components)].filter((t) => t !== '').join('\n'),
    embeds,
    components: resolveComponents(message.components, byName),
    attachments: (message.flags & MessageFlags.IsComponentsV2) !== 0 ? [] : attachments.filter((a) => !inEmbeds.has(a.id)),
    command,
  };
}

// ----- the command box -------------------------------------------------------------------------------------

export type OptionKind = 'string' | 'integer' | 'number' | 'boolean' | 'user' | 'channel' | 'role' | 'mentionable' | 'attachment';

export interface OptionForm {
  readonly name: string;
  readonly label: Localized;
  readonly description: Localized;
  readonly kind: OptionKind;
  readonly required: boolean;
  readonly choices: readonly { readonly value: string | number; readonly label: Localized }[] | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly minLength: number | null;
  readonly maxLength: number | null;
  /** Values are suggested by the bot as the user types (the page asks /api/autocomplete). */
  readonly autocomplete: boolean;
}

/** One runnable command line: `/game new`, `/help`, with the options it takes. */
export interface CommandForm {
  /** Unique key: the names joined by spaces ("game new"). */
  readonly key: string;
  readonly command: string;
  readonly group: string | null;
  readonly subcommand: string | null;
  /** The full name as the user's client shows it, e.g. { default: 'game new', de: 'spiel neu' }. */
  readonly label: Localized;
  readonly description: Localized;
  readonly options: readonly OptionForm[];
}

const OPTION_KINDS: Record<number, OptionKind> = {
  3: 'string',
  4: 'integer',
  5: 'boolean',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'mentionable',
  10: 'number',
  11: 'attachment',
};

function localized(base: string, translations: Partial<Record<string, string | null>> | null | undefined): Localized {
  const out: Record<string, string> = { default: base };
  for (const [locale, text] of Object.entries(translations ?? {})) if (typeof text === 'string' && text !== '') out[locale] = text;
  return out as Localized;
}

/** Joins localized names word by word ("game" + "new" -> "game new", "spiel" + "neu" -> "spiel neu"). */
function joinLocalized(parts: readonly Localized[]): Localized {
  const locales = new Set(parts.flatMap((p) => Object.keys(p)));
  const out: Record<string, string> = {};
  for (const locale of locales) out[locale] = parts.map((p) => p[locale] ?? p.default).join(' ');
  return out as Localized;
}

function optionForm(option: APIApplicationCommandOption): OptionForm {
  const o = option as APIApplicationCommandOption & {
    required?: boolean;
    choices?: { name: string; name_localizations?: Record<string, string> | null; value: string | number }[];
    min_value?: number;
    max_value?: number;
    min_length?: number;
    max_length?: number;
    autocomplete?: boolean;
  };
  return {
    name: o.name,
    label: localized(o.name, o.name_localizations),
    description: localized(o.description, o.description_localizations),
    kind: OPTION_KINDS[o.type] ?? 'string',
    required: o.required === true,
    choices: o.choices && o.choices.length > 0 ? o.choices.map((c) => ({ value: c.value, label: localized(c.name, c.name_localizations) })) : null,
    min: o.min_value ?? null,
    max: o.max_value ?? null,
    minLength: o.min_length ?? null,
    maxLength: o.max_length ?? null,
    autocomplete: o.autocomplete === true,
  };
}

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

/** The runnable command lines of registered chat-input commands, in registration order. */
export function commandForms(commands: readonly APIApplicationCommand[]): CommandForm[] {
  const forms: CommandForm[] = [];
  for (const command of commands) {
    if (command.type !== undefined && command.type !== 1) continue; // chat input only
    const top = { name: localized(command.name, command.name_localizations), description: localized(command.description, command.description_localizations) };
    const options = command.options ?? [];
    const subs = options.filter((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP);
    if (subs.length === 0) {
      forms.push({ key: command.name, command: command.name, group: null, subcommand: null, label: top.name, description: top.description, options: options.map(optionForm) });
      continue;
    }
    for (const sub of subs) {
      const subName = localized(sub.name, sub.name_localizations);
      const subDescription = localized(sub.description, sub.description_localizations);
      const children = (sub as { options?: APIApplicationCommandOption[] }).options ?? [];
      if (sub.type === SUBCOMMAND) {
        forms.push({
          key: `${command.name} ${sub.name}`,
          command: command.name,
          group: null,
          subcommand: sub.name,
          label: joinLocalized([top.name, subName]),
          description: subDescription,
          options: children.map(optionForm),
        });
        continue;
      }
      for (const leaf of children) {
        forms.push({
          key: `${command.name} ${sub.name} ${leaf.name}`,
          command: command.name,
          group: sub.name,
          subcommand: leaf.name,
          label: joinLocalized([top.name, subName, localized(leaf.name, leaf.name_localizations)]),
          description: localized(leaf.description, leaf.description_localizations),
          options: ((leaf as { options?: APIApplicationCommandOption[] }).options ?? []).map(optionForm),
        });
      }
    }
  }
  return forms;
}

export type OptionValue = string | number | boolean;

/**
 * Turns the page's form values (strings from inputs) into typed option values for the form's options.
 * Empty values are left out (an optional option not given). Throws on a value of the wrong type; range,
 * choices and required options are checked by Discord (the fake) exactly as the real client would.
 */
export function parseOptionValues(form: CommandForm, raw: Readonly<Record<string, unknown>>): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(raw)) {
    const option = form.options.find((o) => o.name === name);
    if (option === undefined) throw new Error(`/${form.key} has no option "${name}"`);
    if (value === undefined || value === null || value === '') continue;
    const text = String(value).trim();
    if (text === '') continue;
    switch (option.kind) {
      case 'integer':
      case 'number': {
        const n = Number(text);
        if (!Number.isFinite(n) || (option.kind === 'integer' && !Number.isInteger(n))) throw new Error(`${name} must be ${option.kind === 'integer' ? 'a whole number' : 'a number'}`);
        out[name] = n;
        break;
      }
      case 'boolean':
        if (text !== 'true' && text !== 'false') throw new Error(`${name} must be true or false`);
        out[name] = text === 'true';
        break;
      case 'attachment':
        throw new Error(`the playground cannot attach files (${name})`);
      default:
        out[name] = text;
    }
  }
  return out;
}

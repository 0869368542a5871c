/**
 * What the playground needs from a local Discord: the shape of the fake Discord in test/fake-discord,
 * declared here structurally so that nothing under src/ imports test code (the production build and the
 * Docker image compile src/ alone). test/playground/helpers.ts checks at compile time that the real
 * FakeDiscord fits these types (it starts the fake as a StartLocalDiscord); the playground's entry point (main.ts) loads the compiled fake at
 * run time.
 */
import type { EventEmitter } from 'node:events';
import type { APIApplicationCommand, APIEmbed, APIMessageTopLevelComponent, Locale, PermissionFlagsBits } from 'discord.js';

export interface LocalAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string | undefined;
  readonly size: number;
  readonly bytes: Buffer;
  readonly width?: number;
  readonly height?: number;
  readonly description?: string;
}

export interface LocalMessage {
  readonly id: string;
  readonly channelId: string;
  readonly authorId: string;
  /** Only the user it was sent to can see it. */
  readonly ephemeral: boolean;
  /** A deferred reply that still shows "<bot> is thinking...". */
  readonly loading: boolean;
  readonly edited: boolean;
  readonly deleted: boolean;
  readonly content: string;
  readonly embeds: APIEmbed[];
  readonly components: APIMessageTopLevelComponent[];
  readonly attachments: LocalAttachment[];
  /** Message flags (IS_COMPONENTS_V2: the message is its components, its files shown only where they name them). */
  readonly flags: number;
  readonly interaction: { readonly id: string; readonly type: number; readonly userId: string; readonly commandName?: string } | undefined;
  readonly createdAt: number;
  readonly editedAt: number | null;
}

/** The answer to an interaction a local user sent. */
export interface LocalInteraction {
  readonly id: string;
  /** Why the user saw "The application did not respond", if they did. */
  readonly failure: string | undefined;
  /** Resolves when the bot is done; rejects on "did not respond" or a request Discord would reject. */
  settled(): Promise<unknown>;
}

export interface LocalWait {
  until?: 'none' | 'response' | 'settled';
  timeoutMs?: number;
}

export interface LocalUser {
  readonly id: string;
  readonly name: string;
  readonly locale: string;
  readonly record: { readonly globalName: string | null };
  setLocale(locale: Locale): void;
  runCommand(
    channelId: string,
    name: string,
    options: LocalWait & { subcommandGroup?: string; subcommand?: string; options?: Record<string, string | number | boolean> },
  ): Promise<LocalInteraction>;
  clickButton(messageId: string, customId: string, wait?: LocalWait): Promise<LocalInteraction>;
  selectOptions(messageId: string, customId: string, values: string[], wait?: LocalWait): Promise<LocalInteraction>;
}

export interface LocalDiscord {
  readonly token: string;
  /** What createDiscordClient takes as `apiBaseUrl`. */
  readonly apiBaseUrl: string;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly guildId: string;
  /** The fake's clock: the bot's game service reads it too, so the playground can move time. */
  readonly clock: { now(): number; advance(ms: number): void };
  /** messageCreate, messageUpdate, messageDelete, interactionCreate, interactionUpdate, commandsUpdate, ... */
  readonly events: EventEmitter;
  readonly world: {
    readonly bot: { readonly username: string };
    /** The application's own emojis by id, with their pictures (the page shows them as Discord's CDN would). */
    readonly applicationEmojis: ReadonlyMap<string, { readonly png: Buffer }>;
    guild(id: string): { readonly name: string; readonly channelIds: readonly string[] };
    channel(id: string): { readonly name: string; readonly topic: string | null };
  };
  readonly users: {
    create(name: string, options?: { globalName?: string; locale?: Locale }): LocalUser;
    get(id: string): LocalUser;
    all(): LocalUser[];
  };
  channelId(name?: string): string;
  createChannel(name: string, options?: { topic?: string }): string;
  commands(guildId?: string): APIApplicationCommand[];
  visibleTo(userId: string, channelId: string): LocalMessage[];
  /** The public threads opened in a text channel, oldest first; a thread's messages are read like a channel's. */
  threadsOf(channelId: string): readonly LocalThread[];
  /** What the bot wrote to a user in direct messages, oldest first (none before it opened the DM channel). */
  directMessagesTo(userId: string): LocalMessage[];
  /** The user's DM channel with the bot (made when first asked for, as opening it in Discord does). */
  dmChannelOf(userId: string): string;
  message(id: string): LocalMessage | undefined;
  stop(): Promise<void>;
}

export interface LocalThread {
  readonly id: string;
  readonly name: string;
  readonly parentId: string;
}

/** A permission of the bot's role, by its name in discord.js (PermissionFlagsBits). */
export type LocalPermission = keyof typeof PermissionFlagsBits;

/** How the playground starts a local Discord (FakeDiscord.start from test/fake-discord). */
export type StartLocalDiscord = (options: {
  botName?: string;
  guild?: { name?: string; channels?: string[] };
  botPermissions?: readonly LocalPermission[];
}) => Promise<LocalDiscord>;

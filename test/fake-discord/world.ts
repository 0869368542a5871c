/**
 * The fake's state: guilds with roles, channels and members; users; registered commands; every message
 * (with all its revisions, including deleted ones); every interaction and how the bot answered it.
 *
 * Changes are announced on `events` so a test, an actor handle or the playground can react:
 *   'messageCreate' (message), 'messageUpdate' (message), 'messageDelete' (message),
 *   'interactionCreate' (interaction), 'interactionUpdate' (interaction),
 *   'violation' (violation), 'request' (request record, after it was answered), 'requestReceived' (request
 *   record, before it is processed), 'channelUpdate' (channel).
 */
import { EventEmitter } from 'node:events';
import {
  ChannelFlags,
  ChannelType,
  Locale,
  MessageFlags,
  OverwriteType,
  type APIApplicationCommand,
  type APIAttachment,
  type APIChannel,
  type APIEmbed,
  type APIGuildMember,
  type APIInteraction,
  type APIMessage,
  type APIMessageTopLevelComponent,
  type APIRole,
  type APIUser,
  type InteractionResponseType,
  type InteractionType,
  type MessageType,
} from 'discord-api-types/v10';
import type { FakeClock } from './clock.js';
import { channelPermissions, toBits, type Overwrite, type PermissionInput, type PermissionName } from './permissions.js';
import { walkComponents } from './messages.js';
import type { SchemaIssue } from './schema.js';
import { SnowflakeGenerator } from './snowflake.js';

export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  locale: Locale;
  bot: boolean;
  /** The user added the app to their account (a user install, `installApp()`): its commands follow them everywhere. */
  appInstalled?: boolean;
}

export interface RoleRecord {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

export interface ChannelRecord {
  id: string;
  guildId: string;
  name: string;
  /** A forum (GuildForum) holds threads only: its posts, each opened with its starter message. */
  type: ChannelType.GuildText | ChannelType.GuildForum | ChannelType.PublicThread | ChannelType.DM | ChannelType.GroupDM;
  position: number;
  overwrites: Overwrite[];
  topic: string | null;
  /** A forum that asks a tag of every post (tags are not modelled: it refuses every post, 40067). */
  requireTag?: boolean;
  /** A thread's text channel (a thread has no overwrites of its own: its parent's apply). */
  parentId: string | null;
  /** A thread: who opened it, when, after how many minutes of quiet it archives, its starter message. */
  thread?: { ownerId: string; createdAt: number; autoArchiveDuration: number; starterMessageId: string | null };
  /** A direct message channel between the bot and this user (no guild: `guildId` is ''). */
  recipientId?: string;
  /** A group DM between users (no guild, and the bot is not in it): its members. */
  recipientIds?: string[];
}

export interface MemberRecord {
  userId: string;
  roleIds: string[];
  joinedAt: string;
  nick: string | null;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  locale: Locale;
  roles: Map<string, RoleRecord>;
  channelIds: string[];
  /** Active threads, for GUILD_CREATE. */
  threadIds: string[];
  members: Map<string, MemberRecord>;
}

export interface StoredAttachment {
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

export interface MessageBody {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: StoredAttachment[];
  flags: number;
}

export interface MessageRevision extends MessageBody {
  at: number;
  change: 'create' | 'edit' | 'delete';
}

export interface MessageInteractionRef {
  id: string;
  type: InteractionType;
  userId: string;
  commandName?: string;
  customId?: string;
}

export interface StoredMessage extends MessageBody {
  id: string;
  channelId: string;
  guildId: string;
  authorId: string;
  type: MessageType;
  /** Set for messages created through an interaction (the application's webhook). */
  webhookId?: string;
  /** Set for ephemeral messages: the only user who can see it. */
  ephemeralFor?: string;
  /** A deferred response still showing "<bot> is thinking...". */
  loading: boolean;
  interaction?: MessageInteractionRef;
  createdAt: number;
  editedAt: number | null;
  deletedAt: number | null;
  revisions: MessageRevision[];
}

export type InitialResponseType =
  | InteractionResponseType.ChannelMessageWithSource
  | InteractionResponseType.DeferredChannelMessageWithSource
  | InteractionResponseType.DeferredMessageUpdate
  | InteractionResponseType.UpdateMessage
  | InteractionResponseType.ApplicationCommandAutocompleteResult
  | InteractionResponseType.Modal;

export interface InteractionRecord {
  id: string;
  token: string;
  type: InteractionType;
  userId: string;
  channelId: string;
  guildId: string;
  payload: APIInteraction;
  createdAt: number;
  /** When the gateway dispatch went out (the 3 s window starts here). */
  dispatchedAt: number;
  initial: {
    type: InitialResponseType;
    /** When the fake took the response (after reading and checking it). */
    at: number;
    /**
     * When the response's request reached the fake, before its body was read: the end of the bot's own
     * time to acknowledge (`receivedAt - dispatchedAt`), which the window holds; the fake's own work
     * after that does not count against the bot.
     */
    receivedAt: number;
    ephemeral: boolean;
    /** World.changes when the response was accepted (to notice what the bot did afterwards). */
    changesAt: number;
  } | null;
  /** The message @original refers to: the reply (types 4/5) or the component's message (types 6/7). */
  originalMessageId?: string;
  /** For component interactions: the message carrying the component. */
  sourceMessageId?: string;
  followUpIds: string[];
  /** A modal the bot opened (type 9). */
  modal?: unknown;
  /** Why the user saw "The application did not respond", if they did. */
  failure?: string;
  /** Initial-response requests that reached the fake and are being handled (the deadline waits for them). */
  callbacksInFlight?: number;
  violations: Violation[];
}

export interface Violation {
  at: number;
  method: string;
  path: string;
  route: string;
  status: number;
  code: number;
  message: string;
  issues: SchemaIssue[];
  interactionId?: string;
}

export interface RequestRecord {
  at: number;
  method: string;
  path: string;
  /** OpenAPI path template, or '?' for unknown routes. */
  route: string;
  query: string;
  status: number;
  body: unknown;
  files: { field: string; filename: string; contentType: string; size: number }[];
  fault?: string;
  /** How the request stands to the global rate limit (unknown routes: not set). */
  budget?: 'counted' | 'exempt';
  /** Answered 429 by the global rate limit. */
  globallyLimited?: true;
}

export type StoredCommand = APIApplicationCommand;

/** An emoji the app uploaded for itself (usable everywhere the app posts): its PNG kept as sent. */
export interface StoredApplicationEmoji {
  readonly id: string;
  readonly name: string;
  readonly png: Buffer;
}

const DEFAULT_BOT_PERMISSIONS: readonly PermissionName[] = [
  'ViewChannel',
  'SendMessages',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'UseApplicationCommands',
  'UseExternalEmojis',
  'AddReactions',
];

const DM_PERMISSIONS = toBits(['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory']);

const DEFAULT_MEMBER_PERMISSIONS: readonly PermissionName[] = [
  'ViewChannel',
  'SendMessages',
  'ReadMessageHistory',
  'UseApplicationCommands',
  'AddReactions',
  'AttachFiles',
  'EmbedLinks',
];

export class World {
  readonly events = new EventEmitter();
  readonly ids: SnowflakeGenerator;
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  /** Users who turned off direct messages from server members (Discord answers the bot 50007). */
  readonly closedDms = new Set<string>();
  readonly messages = new Map<string, StoredMessage>();
  /** Files users attached to ATTACHMENT command options. */
  readonly uploads = new Map<string, StoredAttachment>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly globalCommands = new Map<string, StoredCommand>();
  readonly guildCommands = new Map<string, Map<string, StoredCommand>>();
  /** The application's own emojis, by id. */
  readonly applicationEmojis = new Map<string, StoredApplicationEmoji>();
  readonly violations: Violation[] = [];
  readonly requests: RequestRecord[] = [];
  readonly bot: UserRecord;
  readonly applicationId: string;
  /** Counts message creations, edits and deletions. */
  changes = 0;
  /** Base URL of the fake's HTTP server, for attachment URLs. Set by the server once it listens. */
  baseUrl = 'http://127.0.0.1';

  constructor(
    readonly clock: FakeClock,
    options: { botName: string },
  ) {
    this.events.setMaxListeners(0);
    this.ids = new SnowflakeGenerator(clock);
    this.applicationId = this.ids.next();
    this.bot = { id: this.applicationId, username: options.botName, globalName: null, locale: Locale.EnglishUS, bot: true };
    this.users.set(this.bot.id, this.bot);
  }

  // ----- guilds, channels, roles, members -------------------------------------------------------------

  createGuild(options: {
    name: string;
    locale?: Locale;
    botPermissions?: PermissionInput;
    everyonePermissions?: PermissionInput;
    /** [shard_id, shard_count]: the guild's id is one this shard owns. */
    shard?: [number, number];
  }): GuildRecord {
    const id = options.shard ? this.ids.nextOnShard(options.shard[0], options.shard[1]) : this.ids.next();
    const owner = this.createUser({ username: `${options.name.toLowerCase().replace(/\W+/g, '-')}-owner` });
    const guild: GuildRecord = {
      id,
      name: options.name,
      ownerId: owner.id,
      locale: options.locale ?? Locale.EnglishUS,
      roles: new Map(),
      channelIds: [],
      threadIds: [],
      members: new Map(),
    };
    guild.roles.set(id, {
      id,
      name: '@everyone',
      permissions: toBits(options.everyonePermissions ?? DEFAULT_MEMBER_PERMISSIONS),
      position: 0,
      managed: false,
    });
    const botRoleId = this.ids.next();
    guild.roles.set(botRoleId, {
      id: botRoleId,
      name: this.bot.username,
      permissions: toBits(options.botPermissions ?? DEFAULT_BOT_PERMISSIONS),
      position: 1,
      managed: true,
      botId: this.bot.id,
    });
    this.guilds.set(id, guild);
    this.addMember(guild, owner.id, []);
    this.addMember(guild, this.bot.id, [botRoleId]);
    return guild;
  }

  createChannel(guildId: string, options: { name: string; overwrites?: Overwrite[]; topic?: string; type?: ChannelType.GuildText | ChannelType.GuildForum; requireTag?: boolean }): ChannelRecord {
    const guild = this.guild(guildId);
    const channel: ChannelRecord = {
      id: this.ids.next(),
      guildId,
      name: options.name,
      type: options.type ?? ChannelType.GuildText,
      ...(options.requireTag === true ? { requireTag: true } : {}),
      position: guild.channelIds.length,
      overwrites: options.overwrites ?? [],
      topic: options.topic ?? null,
      parentId: null,
    };
    this.channels.set(channel.id, channel);
    guild.channelIds.push(channel.id);
    return channel;
  }

  /**
   * A public thread in a text channel, from a message of it (`starterMessageId`, then it shares its id) or on
   * its own; in a forum, a post (its starter message is then created in it with the thread's id).
   */
  createThread(parentId: string, options: { name: string; ownerId: string; autoArchiveDuration: number; starterMessageId?: string }): ChannelRecord {
    const parent = this.channel(parentId);
    const guild = this.guild(parent.guildId);
    const thread: ChannelRecord = {
      id: options.starterMessageId ?? this.ids.next(),
      guildId: parent.guildId,
      name: options.name,
      type: ChannelType.PublicThread,
      position: 0,
      overwrites: [],
      topic: null,
      parentId,
      thread: { ownerId: options.ownerId, createdAt: this.clock.now(), autoArchiveDuration: options.autoArchiveDuration, starterMessageId: options.starterMessageId ?? null },
    };
    this.channels.set(thread.id, thread);
    guild.threadIds.push(thread.id);
    return thread;
  }

  /** The bot's direct message channel with a user (one per user, as on Discord). */
  dmChannel(userId: string): ChannelRecord {
    const existing = [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId);
    if (existing) return existing;
    const channel: ChannelRecord = { id: this.ids.next(), guildId: '', name: '', type: ChannelType.DM, position: 0, overwrites: [], topic: null, parentId: null, recipientId: userId };
    this.channels.set(channel.id, channel);
    return channel;
  }

  /**
   * A group DM of these users (a private channel): the bot is not a member, so it can neither see nor post
   * there; a user who installed the app still runs its commands there, answered through the interaction.
   */
  groupDm(userIds: readonly string[]): ChannelRecord {
    const channel: ChannelRecord = { id: this.ids.next(), guildId: '', name: '', type: ChannelType.GroupDM, position: 0, overwrites: [], topic: null, parentId: null, recipientIds: [...userIds] };
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Whether the bot may write to a user at all: they share a server (or installed the app) and take direct messages (Discord: 50007 otherwise). */
  acceptsDirectMessages(userId: string): boolean {
    // A user who installed the app to their account may be written to by its bot without a common server.
    return (this.sharesGuildWithBot(userId) || this.users.get(userId)?.appInstalled === true) && !this.closedDms.has(userId);
  }

  /** Whether the user and the bot are members of a common server. */
  sharesGuildWithBot(userId: string): boolean {
    return [...this.guilds.values()].some((g) => g.members.has(userId) && g.members.has(this.bot.id));
  }

  /** The threads opened in a channel, oldest first. */
  threadsOf(parentId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId);
  }

  createRole(guildId: string, options: { name: string; permissions?: PermissionInput }): RoleRecord {
    const guild = this.guild(guildId);
    const role: RoleRecord = {
      id: this.ids.next(),
      name: options.name,
      permissions: toBits(options.permissions),
      position: guild.roles.size,
      managed: false,
    };
    guild.roles.set(role.id, role);
    return role;
  }

  createUser(options: { username: string; globalName?: string; locale?: Locale }): UserRecord {
    const user: UserRecord = {
      id: this.ids.next(),
      username: options.username,
      globalName: options.globalName ?? null,
      locale: options.locale ?? Locale.EnglishUS,
      bot: false,
    };
    this.users.set(user.id, user);
    return user;
  }

  addMember(guild: GuildRecord, userId: string, roleIds: string[]): MemberRecord {
    const member: MemberRecord = { userId, roleIds, joinedAt: this.clock.isoNow(), nick: null };
    guild.members.set(userId, member);
    return member;
  }

  guild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`no guild ${id}`);
    return guild;
  }

  channel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`no channel ${id}`);
    return channel;
  }

  user(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  /** Effective permissions of a user in a channel (0 if not a member of its guild). */
  permissionsIn(userId: string, channelId: string): bigint {
    const channel = this.channel(channelId);
    // A direct message channel: its two ends read and write there, nobody else sees it.
    if (channel.type === ChannelType.DM) return userId === this.bot.id || userId === channel.recipientId ? DM_PERMISSIONS : 0n;
    if (channel.type === ChannelType.GroupDM) return (channel.recipientIds ?? []).includes(userId) ? DM_PERMISSIONS : 0n;
    const guild = this.guild(channel.guildId);
    const member = guild.members.get(userId);
    if (!member) return 0n;
    // A public thread has its parent's permissions.
    const overwrites = channel.parentId === null ? channel.overwrites : this.channel(channel.parentId).overwrites;
    return channelPermissions(guild, { userId, roleIds: member.roleIds }, overwrites);
  }

  setOverwrite(channelId: string, overwrite: { id: string; type?: OverwriteType; allow?: PermissionInput; deny?: PermissionInput }): void {
    const channel = this.channel(channelId);
    const type =
      overwrite.type ?? (this.guild(channel.guildId).roles.has(overwrite.id) ? OverwriteType.Role : OverwriteType.Member);
    const next: Overwrite = { id: overwrite.id, type, allow: toBits(overwrite.allow), deny: toBits(overwrite.deny) };
    channel.overwrites = [...channel.overwrites.filter((o) => o.id !== overwrite.id), next];
    this.events.emit('channelUpdate', channel);
  }

  clearOverwrite(channelId: string, id: string): void {
    const channel = this.channel(channelId);
    channel.overwrites = channel.overwrites.filter((o) => o.id !== id);
    this.events.emit('channelUpdate', channel);
  }

  // ----- API shapes ----------------------------------------------------------------------------------

  apiUser(user: UserRecord): APIUser {
    return {
      id: user.id,
      username: user.username,
      discriminator: '0',
      global_name: user.globalName,
      avatar: null,
      ...(user.bot ? { bot: true } : {}),
      public_flags: 0,
      flags: 0,
      primary_guild: null,
    } as unknown as APIUser;
  }

  apiRole(role: RoleRecord): APIRole {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: role.managed,
      mentionable: false,
      flags: 0 as APIRole['flags'],
      ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
    };
  }

  apiChannel(channel: ChannelRecord): APIChannel {
    if (channel.type === ChannelType.DM) {
      return { id: channel.id, type: ChannelType.DM, last_message_id: this.lastMessageId(channel.id), recipients: [this.apiUser(this.user(channel.recipientId as string))], flags: 0 } as unknown as APIChannel;
    }
    if (channel.type === ChannelType.GroupDM) {
      return { id: channel.id, type: ChannelType.GroupDM, name: null, icon: null, owner_id: channel.recipientIds?.[0], last_message_id: this.lastMessageId(channel.id), recipients: (channel.recipientIds ?? []).map((id) => this.apiUser(this.user(id))), flags: 0 } as unknown as APIChannel;
    }
    if (channel.thread !== undefined) {
      const messages = [...this.messages.values()].filter((m) => m.channelId === channel.id && !m.ephemeralFor).length;
      return {
        id: channel.id,
        type: ChannelType.PublicThread,
        guild_id: channel.guildId,
        name: channel.name,
        parent_id: channel.parentId,
        owner_id: channel.thread.ownerId,
        last_message_id: this.lastMessageId(channel.id),
        rate_limit_per_user: 0,
        message_count: messages,
        total_message_sent: messages,
        member_count: 1,
        flags: 0,
        thread_metadata: {
          archived: false,
          auto_archive_duration: channel.thread.autoArchiveDuration,
          archive_timestamp: new Date(channel.thread.createdAt).toISOString(),
          locked: false,
          create_timestamp: new Date(channel.thread.createdAt).toISOString(),
        },
      } as unknown as APIChannel;
    }
    // A forum lists no tags and keeps Discord's defaults for its posts.
    const forum = channel.type === ChannelType.GuildForum ? { available_tags: [], default_reaction_emoji: null, default_thread_rate_limit_per_user: 0, default_sort_order: null, default_forum_layout: 0 } : {};
    return {
      id: channel.id,
      type: channel.type,
      ...forum,
      guild_id: channel.guildId,
      name: channel.name,
      position: channel.position,
      permission_overwrites: channel.overwrites.map((o) => ({
        id: o.id,
        type: o.type,
        allow: o.allow.toString(),
        deny: o.deny.toString(),
      })),
      topic: channel.topic,
      nsfw: false,
      parent_id: null,
      last_message_id: this.lastMessageId(channel.id),
      rate_limit_per_user: 0,
      flags: channel.requireTag === true ? ChannelFlags.RequireTag : 0,
    } as unknown as APIChannel;
  }

  apiMember(guild: GuildRecord, member: MemberRecord): APIGuildMember {
    return {
      user: this.apiUser(this.user(member.userId)),
      nick: member.nick,
      avatar: null,
      banner: null,
      roles: member.roleIds,
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    } as unknown as APIGuildMember;
  }

  private lastMessageId(channelId: string): string | null {
    let last: string | null = null;
    for (const m of this.messages.values()) if (m.channelId === channelId && !m.ephemeralFor) last = m.id;
    return last;
  }

  apiAttachment(a: StoredAttachment, ephemeral: boolean): APIAttachment {
    return {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      ...(a.contentType ? { content_type: a.contentType } : {}),
      ...(a.width !== undefined ? { width: a.width, height: a.height ?? null } : {}),
      ...(a.description ? { description: a.description } : {}),
      ...(ephemeral ? { ephemeral: true } : {}),
    } as APIAttachment;
  }

  apiMessage(message: StoredMessage): APIMessage {
    const ephemeral = message.ephemeralFor !== undefined;
    // A message that started a thread carries it (the thread has the message's id) and says so in its flags.
    const started = this.channels.get(message.id);
    const thread = started?.thread?.starterMessageId === message.id ? started : undefined;
    const interactionUser = message.interaction ? this.apiUser(this.user(message.interaction.userId)) : undefined;
    return {
      id: message.id,
      channel_id: message.channelId,
      author: this.apiUser(this.user(message.authorId)),
      content: message.content,
      timestamp: new Date(message.createdAt).toISOString(),
      edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((a) => this.apiAttachment(a, ephemeral)),
      embeds: message.embeds,
      components: this.resolvedMedia(message.components, message.attachments),
      pinned: false,
      type: message.type,
      flags: message.flags | (message.loading ? MessageFlags.Loading : 0) | (ephemeral ? MessageFlags.Ephemeral : 0) | (thread !== undefined ? MessageFlags.HasThread : 0),
      ...(thread !== undefined ? { thread: this.apiChannel(thread) } : {}),
      ...(message.webhookId ? { webhook_id: message.webhookId, application_id: this.applicationId } : {}),
      ...(message.interaction && interactionUser
        ? {
            interaction_metadata: {
              id: message.interaction.id,
              type: message.interaction.type,
              user: interactionUser,
              // As the interaction had them (a user install's is the user's), else the guild's install.
              authorizing_integration_owners: (this.interactions.get(message.interaction.id)?.payload as { authorizing_integration_owners?: unknown } | undefined)?.authorizing_integration_owners ?? { 0: message.guildId },
              ...this.interactionMessages(message),
            },
          }
        : {}),
    } as APIMessage;
  }

  /**
   * Components as Discord answers with them: media named `attachment://<file name>` resolved to that
   * attachment (its url, size and type, and its id).
   */
  private resolvedMedia(components: StoredMessage['components'], attachments: readonly StoredAttachment[]): StoredMessage['components'] {
    const copy = structuredClone(components);
    const resolve = (media: unknown): void => {
      const item = media as { url?: unknown } | undefined;
      if (typeof item?.url !== 'string' || !item.url.startsWith('attachment://')) return;
      const attachment = attachments.find((a) => a.filename === (item.url as string).slice('attachment://'.length));
      if (attachment === undefined) return;
      Object.assign(item, {
        url: attachment.url,
        proxy_url: attachment.url,
        ...(attachment.width !== undefined ? { width: attachment.width, height: attachment.height ?? null } : {}),
        ...(attachment.contentType !== undefined ? { content_type: attachment.contentType } : {}),
        attachment_id: attachment.id,
      });
    };
    for (const { component } of walkComponents(copy)) {
      resolve(component.media);
      resolve(component.file);
      if (Array.isArray(component.items)) for (const item of component.items as { media?: unknown }[]) resolve(item.media);
    }
    return copy;
  }

  /**
   * What a message's interaction_metadata says of the messages around it: for a component's interaction the
   * message that carried the component, and for a follow-up the interaction's original response.
   */
  private interactionMessages(message: StoredMessage): { interacted_message_id?: string; original_response_message_id?: string } {
    const interaction = message.interaction === undefined ? undefined : this.interactions.get(message.interaction.id);
    if (interaction === undefined) return {};
    const original = interaction.originalMessageId;
    return {
      ...(interaction.sourceMessageId !== undefined ? { interacted_message_id: interaction.sourceMessageId } : {}),
      ...(original !== undefined && original !== message.id ? { original_response_message_id: original } : {}),
    };
  }

  // ----- messages --------------------------------------------------------------------------------------

  /** `id`: given for a forum post's starter message, which has its thread's id. */
  createMessage(init: Omit<StoredMessage, 'id' | 'createdAt' | 'editedAt' | 'deletedAt' | 'revisions'>, id = this.ids.next()): StoredMessage {
    const now = this.clock.now();
    const message: StoredMessage = { ...init, id, createdAt: now, editedAt: null, deletedAt: null, revisions: [] };
    message.revisions.push(snapshot(message, now, 'create'));
    this.messages.set(message.id, message);
    this.changes++;
    this.events.emit('messageCreate', message);
    return message;
  }

  editMessage(message: StoredMessage, patch: Partial<MessageBody>, options: { markEdited?: boolean } = {}): StoredMessage {
    const now = this.clock.now();
    Object.assign(message, patch);
    const wasLoading = message.loading;
    message.loading = false;
    // Completing a deferred response is not shown as an edit.
    if (options.markEdited ?? !wasLoading) message.editedAt = now;
    message.revisions.push(snapshot(message, now, 'edit'));
    this.changes++;
    this.events.emit('messageUpdate', message);
    return message;
  }

  deleteMessage(message: StoredMessage): void {
    const now = this.clock.now();
    message.deletedAt = now;
    message.revisions.push(snapshot(message, now, 'delete'));
    this.changes++;
    this.events.emit('messageDelete', message);
  }

  liveMessage(id: string): StoredMessage | undefined {
    const message = this.messages.get(id);
    return message && message.deletedAt === null ? message : undefined;
  }

  // ----- commands ----------------------------------------------------------------------------------------

  commandsFor(guildId: string | undefined): Map<string, StoredCommand> {
    if (!guildId) return this.globalCommands;
    let map = this.guildCommands.get(guildId);
    if (!map) {
      map = new Map();
      this.guildCommands.set(guildId, map);
    }
    return map;
  }

  // ----- records ----------------------------------------------------------------------------------------

  recordViolation(violation: Violation): void {
    this.violations.push(violation);
    if (violation.interactionId) {
      const interaction = this.interactions.get(violation.interactionId);
      if (interaction) {
        interaction.violations.push(violation);
        this.events.emit('interactionUpdate', interaction);
      }
    }
    this.events.emit('violation', violation);
  }
}

function snapshot(message: StoredMessage, at: number, change: MessageRevision['change']): MessageRevision {
  return {
    at,
    change,
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments,
    flags: message.flags,
  };
}


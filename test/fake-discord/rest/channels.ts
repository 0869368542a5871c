/**
 * Channel, guild, user and gateway routes the bot (through discord.js) uses outside interactions.
 * Channel actions check the bot's effective permissions in the channel, as Discord does.
 */
import { ChannelType, MessageType, PermissionFlagsBits } from 'discord-api-types/v10';
import type { Core } from '../core.js';
import { DiscordError, errors } from '../errors.js';
import { buildMessageBody, type RawMessagePayload } from '../messages.js';
import { hasAll, missingNames } from '../permissions.js';
import type { ChannelRecord, StoredMessage } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

const json = (status: number, body: unknown): RouteReply => ({ status, json: body });

function channelFor(core: Core, req: RouteRequest): ChannelRecord {
  const channel = core.world.channels.get(req.params.channel_id as string);
  if (!channel) throw errors.unknownChannel();
  return channel;
}

/** Throws Discord's 50001 (cannot see the channel) or 50013 (lacks a permission). */
function requirePermissions(core: Core, channel: ChannelRecord, required: bigint): void {
  const perms = core.world.permissionsIn(core.world.bot.id, channel.id);
  if (!hasAll(perms, PermissionFlagsBits.ViewChannel)) throw errors.missingAccess();
  if (!hasAll(perms, required)) throw errors.missingPermissions(missingNames(perms, required).join(', '));
}

function channelMessage(core: Core, channel: ChannelRecord, id: string): StoredMessage {
  const message = core.world.liveMessage(id);
  if (!message || message.channelId !== channel.id || message.ephemeralFor) throw errors.unknownMessage();
  return message;
}

function listMessages(core: Core, req: RouteRequest): RouteReply {
  const channel = channelFor(core, req);
  requirePermissions(core, channel, PermissionFlagsBits.ReadMessageHistory);
  const limit = Math.min(100, Math.max(1, Number(req.query.get('limit') ?? 50)));
  const before = req.query.get('before');
  const after = req.query.get('after');
  let list = [...core.world.messages.values()].filter((m) => m.channelId === channel.id && !m.ephemeralFor && m.deletedAt === null);
  if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
  if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
  list.sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  list = after ? list.slice(-limit) : list.slice(0, limit);
  return json(200, list.map((m) => core.world.apiMessage(m)));
}

/**
 * Discord's idempotent send: with `enforce_nonce`, a second message with the same nonce from the same
 * author in the same channel within a few minutes returns the first message instead of creating one.
 * Discord does not name the window; the fake keeps 5 minutes of its clock.
 */
export const NONCE_WINDOW_MS = 5 * 60_000;
const noncesByCore = new WeakMap<Core, Map<string, { messageId: string; at: number }>>();

function nonceKey(channelId: string, authorId: string, nonce: unknown): string | null {
  return typeof nonce === 'string' || typeof nonce === 'number' ? `${channelId}:${authorId}:${String(nonce)}` : null;
}

function createMessage(core: Core, req: RouteRequest): RouteReply {
  const channel = channelFor(core, req);
  const body = req.body as RawMessagePayload & { message_reference?: { message_id?: string } | null; nonce?: unknown; enforce_nonce?: unknown };
  const key = body.enforce_nonce === true ? nonceKey(channel.id, core.world.bot.id, body.nonce) : null;
  const nonces = noncesByCore.get(core) ?? new Map<string, { messageId: string; at: number }>();
  noncesByCore.set(core, nonces);
  const earlier = key === null ? undefined : nonces.get(key);
  if (earlier !== undefined && core.clock.now() - earlier.at <= NONCE_WINDOW_MS) {
    const existing = core.world.messages.get(earlier.messageId);
    if (existing !== undefined) return json(200, core.world.apiMessage(existing));
  }
  // A forum holds posts (threads) only: a message goes into one of them.
  if (channel.type === ChannelType.GuildForum) throw new DiscordError(400, 50008, 'Cannot send messages in a non-text channel', 'rejection');
  // In a thread, Send Messages in Threads takes the place of Send Messages.
  if (channel.type === ChannelType.DM && !core.world.acceptsDirectMessages(channel.recipientId as string)) {
    throw new DiscordError(403, 50007, 'Cannot send messages to this user', 'rejection');
  }
  let required = channel.parentId === null ? PermissionFlagsBits.SendMessages : PermissionFlagsBits.SendMessagesInThreads;
  if (req.uploads.length > 0) required |= PermissionFlagsBits.AttachFiles;
  if (body.message_reference) required |= PermissionFlagsBits.ReadMessageHistory;
  requirePermissions(core, channel, required);
  const { patch } = buildMessageBody(core.world, body, {
    mode: 'create',
    target: 'channel',
    uploads: req.uploads,
    maxFileSize: core.options.maxFileSize,
  });
  const reference = body.message_reference?.message_id;
  if (reference) channelMessage(core, channel, reference);
  const message = core.world.createMessage({
    content: patch.content ?? '',
    embeds: patch.embeds ?? [],
    components: patch.components ?? [],
    attachments: patch.attachments ?? [],
    flags: patch.flags ?? 0,
    channelId: channel.id,
    guildId: channel.guildId,
    authorId: core.world.bot.id,
    type: reference ? MessageType.Reply : MessageType.Default,
    loading: false,
  });
  if (key !== null) nonces.set(key, { messageId: message.id, at: core.clock.now() });
  return json(200, core.world.apiMessage(message));
}

function editChannelMessage(core: Core, req: RouteRequest): RouteReply {
  const channel = channelFor(core, req);
  requirePermissions(core, channel, 0n);
  const message = channelMessage(core, channel, req.params.message_id as string);
  if (message.authorId !== core.world.bot.id) throw errors.cannotEditOthers();
  if (req.uploads.length > 0) requirePermissions(core, channel, PermissionFlagsBits.AttachFiles);
  const { patch } = buildMessageBody(core.world, req.body as RawMessagePayload, {
    mode: 'edit',
    target: 'channel',
    uploads: req.uploads,
    existing: message.attachments,
    existingFlags: message.flags,
    maxFileSize: core.options.maxFileSize,
  });
  return json(200, core.world.apiMessage(core.world.editMessage(message, patch)));
}

function deleteChannelMessage(core: Core, req: RouteRequest): RouteReply {
  const channel = channelFor(core, req);
  const message = channelMessage(core, channel, req.params.message_id as string);
  requirePermissions(core, channel, message.authorId === core.world.bot.id ? 0n : PermissionFlagsBits.ManageMessages);
  core.world.deleteMessage(message);
  return { status: 204 };
}

function guildFor(core: Core, req: RouteRequest) {
  const guild = core.world.guilds.get(req.params.guild_id as string);
  if (!guild || !guild.members.has(core.world.bot.id)) throw errors.unknownGuild();
  return guild;
}

export const channelRoutes: Route<Core>[] = [
  {
    method: 'GET',
    path: '/channels/{channel_id}',
    auth: true,
    handle: (core, req) => {
      const channel = channelFor(core, req);
      requirePermissions(core, channel, 0n);
      return json(200, core.world.apiChannel(channel));
    },
  },
  { method: 'GET', path: '/channels/{channel_id}/messages', auth: true, handle: listMessages },
  { method: 'POST', path: '/channels/{channel_id}/messages', auth: true, handle: createMessage },
  {
    method: 'GET',
    path: '/channels/{channel_id}/messages/{message_id}',
    auth: true,
    handle: (core, req) => {
      const channel = channelFor(core, req);
      requirePermissions(core, channel, PermissionFlagsBits.ReadMessageHistory);
      return json(200, core.world.apiMessage(channelMessage(core, channel, req.params.message_id as string)));
    },
  },
  { method: 'PATCH', path: '/channels/{channel_id}/messages/{message_id}', auth: true, handle: editChannelMessage },
  { method: 'DELETE', path: '/channels/{channel_id}/messages/{message_id}', auth: true, handle: deleteChannelMessage },
  {
    method: 'POST',
    path: '/channels/{channel_id}/typing',
    auth: true,
    handle: (core, req) => {
      requirePermissions(core, channelFor(core, req), PermissionFlagsBits.SendMessages);
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    path: '/guilds/{guild_id}',
    auth: true,
    handle: (core, req) => {
      const guild = guildFor(core, req);
      const data = core.gateway.guildCreate(guild, 0) as unknown as Record<string, unknown>;
      for (const key of ['joined_at', 'large', 'unavailable', 'member_count', 'voice_states', 'members', 'channels', 'threads', 'presences', 'stage_instances', 'guild_scheduled_events', 'soundboard_sounds']) {
        delete data[key];
      }
      if (req.query.get('with_counts') === 'true') {
        data.approximate_member_count = guild.members.size;
        data.approximate_presence_count = 0;
      }
      return json(200, data);
    },
  },
  {
    method: 'GET',
    path: '/guilds/{guild_id}/channels',
    auth: true,
    handle: (core, req) => json(200, guildFor(core, req).channelIds.map((id) => core.world.apiChannel(core.world.channel(id)))),
  },
  {
    method: 'GET',
    path: '/guilds/{guild_id}/roles',
    auth: true,
    handle: (core, req) => json(200, [...guildFor(core, req).roles.values()].map((r) => core.world.apiRole(r))),
  },
  {
    method: 'GET',
    path: '/guilds/{guild_id}/members/{user_id}',
    auth: true,
    handle: (core, req) => {
      const guild = guildFor(core, req);
      const member = guild.members.get(req.params.user_id as string);
      if (!member) throw errors.unknownMember();
      return json(200, core.world.apiMember(guild, member));
    },
  },
  {
    // Opens (or finds) the bot's direct message channel with a user.
    method: 'POST',
    path: '/users/@me/channels',
    auth: true,
    handle: (core, req) => {
      const recipient = (req.body as { recipient_id?: string }).recipient_id ?? '';
      const user = core.world.users.get(recipient);
      if (!user || user.bot) throw errors.unknownUser();
      return json(200, core.world.apiChannel(core.world.dmChannel(user.id)));
    },
  },
  {
    method: 'GET',
    path: '/users/@me',
    auth: true,
    handle: (core) => json(200, { ...core.world.apiUser(core.world.bot), verified: true, mfa_enabled: false }),
  },
  {
    method: 'GET',
    path: '/users/{user_id}',
    auth: true,
    handle: (core, req) => {
      const user = core.world.users.get(req.params.user_id as string);
      if (!user) throw errors.unknownUser();
      return json(200, core.world.apiUser(user));
    },
  },
  {
    method: 'GET',
    path: '/gateway',
    auth: false,
    handle: (core) => json(200, { url: core.gateway.url }),
  },
  {
    method: 'GET',
    path: '/gateway/bot',
    auth: true,
    handle: (core) =>
      json(200, {
        url: core.gateway.url,
        shards: core.options.recommendedShards,
        session_start_limit: {
          total: 1000,
          remaining: 1000 - core.gateway.stats.identifies,
          reset_after: 14_400_000,
          max_concurrency: core.options.maxConcurrency,
        },
      }),
  },
  {
    method: 'GET',
    path: '/applications/@me',
    auth: true,
    handle: (core) =>
      json(200, {
        id: core.world.applicationId,
        name: core.world.bot.username,
        icon: null,
        description: '',
        summary: '',
        type: null,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: 0,
        bot: core.world.apiUser(core.world.bot),
        team: null,
        owner: core.world.apiUser(core.world.bot),
      }),
  },
];

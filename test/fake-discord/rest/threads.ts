/**
 * Public threads in text channels, as Discord opens them for a bot: from a message of the channel (the
 * thread then has the message's id) or on their own. A forum's posts are threads too, opened with their
 * starter message (`message`), which has the thread's id and is in the thread: Send Messages in the forum. Opening one needs Create Public Threads in the
 * channel (and Read Message History to start from a message); one thread per message; a text channel only.
 * The connected client hears THREAD_CREATE. Posting in a thread needs Send Messages in Threads (see
 * channels.ts); a thread has its parent's permissions. The guild's active threads are listed (those in
 * channels the bot can view), as Discord lists them, newest first; a message that started a thread
 * carries it (see World.apiMessage).
 */
import { ChannelType, MessageType, PermissionFlagsBits, ThreadAutoArchiveDuration } from 'discord-api-types/v10';
import type { Core } from '../core.js';
import { DiscordError, errors } from '../errors.js';
import { buildMessageBody, type RawMessagePayload } from '../messages.js';
import { hasAll, missingNames } from '../permissions.js';
import type { ChannelRecord } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

interface ThreadBody {
  name: string;
  auto_archive_duration?: number;
  type?: number;
  /** A forum post's starter message. */
  message?: RawMessagePayload;
}

/** The channel a thread opens in, when the bot may see it; `required` is checked by the caller (a forum's differs). */
function visibleParent(core: Core, req: RouteRequest): ChannelRecord {
  const channel = core.world.channels.get(req.params.channel_id as string);
  if (!channel) throw errors.unknownChannel();
  if (!hasAll(core.world.permissionsIn(core.world.bot.id, channel.id), PermissionFlagsBits.ViewChannel)) throw errors.missingAccess();
  return channel;
}

function parentFor(core: Core, req: RouteRequest, required: bigint): ChannelRecord {
  const channel = core.world.channels.get(req.params.channel_id as string);
  if (!channel) throw errors.unknownChannel();
  const perms = core.world.permissionsIn(core.world.bot.id, channel.id);
  if (!hasAll(perms, PermissionFlagsBits.ViewChannel)) throw errors.missingAccess();
  // Threads open in text channels only (not inside another thread).
  if (channel.type !== ChannelType.GuildText) throw new DiscordError(400, 50024, 'Cannot execute action on this channel type', 'rejection');
  if (!hasAll(perms, required)) throw errors.missingPermissions(missingNames(perms, required).join(', '));
  return channel;
}

/** A forum post: the thread, and in it its starter message with the thread's id (Send Messages in the forum). */
function openPost(core: Core, req: RouteRequest, forum: ChannelRecord): RouteReply {
  const perms = core.world.permissionsIn(core.world.bot.id, forum.id);
  if (!hasAll(perms, PermissionFlagsBits.SendMessages)) throw errors.missingPermissions(missingNames(perms, PermissionFlagsBits.SendMessages).join(', '));
  const body = req.body as ThreadBody;
  if (body.message === undefined) throw new DiscordError(400, 50035, 'Invalid Form Body (a forum post needs its message)', 'violation');
  if (body.type !== undefined) throw new DiscordError(400, 50035, 'Invalid Form Body (a forum post takes no thread type)', 'violation');
  if (forum.requireTag === true) throw new DiscordError(400, 40067, 'A tag is required to create a forum post in this channel', 'rejection');
  // The starter message obeys the rules of any message (the document checked its shape only).
  const { patch } = buildMessageBody(core.world, body.message, { mode: 'create', target: 'channel', uploads: req.uploads, maxFileSize: core.options.maxFileSize });
  const thread = core.world.createThread(forum.id, { name: body.name, ownerId: core.world.bot.id, autoArchiveDuration: body.auto_archive_duration ?? ThreadAutoArchiveDuration.OneDay });
  core.world.createMessage(
    {
      content: patch.content ?? '',
      embeds: patch.embeds ?? [],
      components: patch.components ?? [],
      attachments: patch.attachments ?? [],
      flags: patch.flags ?? 0,
      channelId: thread.id,
      guildId: thread.guildId,
      authorId: core.world.bot.id,
      type: MessageType.Default,
      loading: false,
    },
    thread.id,
  );
  const data = core.world.apiChannel(thread);
  core.gateway.dispatch(forum.guildId, 'THREAD_CREATE' as never, { ...data, newly_created: true } as never);
  core.world.events.emit('threadCreate', thread);
  // Discord answers a forum post with the thread and its starter message.
  return { status: 201, json: { ...data, message: core.world.apiMessage(core.world.messages.get(thread.id)!) } };
}

function open(core: Core, parent: ChannelRecord, body: ThreadBody, starterMessageId?: string): RouteReply {
  const thread = core.world.createThread(parent.id, {
    name: body.name,
    ownerId: core.world.bot.id,
    autoArchiveDuration: body.auto_archive_duration ?? ThreadAutoArchiveDuration.OneDay,
    ...(starterMessageId === undefined ? {} : { starterMessageId }),
  });
  const data = core.world.apiChannel(thread);
  core.gateway.dispatch(parent.guildId, 'THREAD_CREATE' as never, { ...data, newly_created: true } as never);
  core.world.events.emit('threadCreate', thread);
  return { status: 201, json: data };
}

export const threadRoutes: Route<Core>[] = [
  {
    method: 'GET',
    path: '/guilds/{guild_id}/threads/active',
    auth: true,
    handle: (core, req) => {
      const guild = core.world.guilds.get(req.params.guild_id as string);
      if (!guild || !guild.members.has(core.world.bot.id)) throw errors.unknownGuild();
      const visible = guild.threadIds
        .map((id) => core.world.channel(id))
        .filter((thread) => hasAll(core.world.permissionsIn(core.world.bot.id, thread.id), PermissionFlagsBits.ViewChannel))
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      // Thread members are not modelled.
      return { status: 200, json: { threads: visible.map((thread) => core.world.apiChannel(thread)), members: [], has_more: false } };
    },
  },
  {
    method: 'POST',
    path: '/channels/{channel_id}/messages/{message_id}/threads',
    auth: true,
    handle: (core, req) => {
      const parent = parentFor(core, req, PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.ReadMessageHistory);
      const message = core.world.liveMessage(req.params.message_id as string);
      if (!message || message.channelId !== parent.id || message.ephemeralFor) throw errors.unknownMessage();
      if (core.world.channels.has(message.id)) throw new DiscordError(400, 160004, 'A thread has already been created for this message', 'rejection');
      return open(core, parent, req.body as ThreadBody, message.id);
    },
  },
  {
    method: 'POST',
    path: '/channels/{channel_id}/threads',
    auth: true,
    handle: (core, req) => {
      const body = req.body as ThreadBody;
      const parent = visibleParent(core, req);
      if (parent.type === ChannelType.GuildForum) return openPost(core, req, parent);
      if (body.message !== undefined) throw new DiscordError(400, 50035, 'Invalid Form Body (a starter message opens a forum post only)', 'violation');
      // Without a message only a thread type makes sense here; this fake opens public ones.
      if (body.type !== undefined && body.type !== ChannelType.PublicThread) {
        throw new DiscordError(400, 50035, 'Invalid Form Body (only public threads are modelled)', 'violation');
      }
      return open(core, parentFor(core, req, PermissionFlagsBits.CreatePublicThreads), body);
    },
  },
];

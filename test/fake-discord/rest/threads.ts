/**
 * Public threads in text channels, as Discord opens them for a bot: from a message of the channel (the
 * thread then has the message's id) or on their own. Opening one needs Create Public Threads in the
 * channel (and Read Message History to start from a message); one thread per message; a text channel only.
 * The connected client hears THREAD_CREATE. Posting in a thread needs Send Messages in Threads (see
 * channels.ts); a thread has its parent's permissions. The guild's active threads are listed (those in
 * channels the bot can view), as Discord lists them, newest first; a message that started a thread
 * carries it (see World.apiMessage).
 */
import { ChannelType, PermissionFlagsBits, ThreadAutoArchiveDuration } from 'discord-api-types/v10';
import type { Core } from '../core.js';
import { DiscordError, errors } from '../errors.js';
import { hasAll, missingNames } from '../permissions.js';
import type { ChannelRecord } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

interface ThreadBody {
  name: string;
  auto_archive_duration?: number;
  type?: number;
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
      // Without a message only a thread type makes sense here; this fake opens public ones.
      if (body.type !== undefined && body.type !== ChannelType.PublicThread) {
        throw new DiscordError(400, 50035, 'Invalid Form Body (only public threads are modelled)', 'violation');
      }
      return open(core, parentFor(core, req, PermissionFlagsBits.CreatePublicThreads), body);
    },
  },
];

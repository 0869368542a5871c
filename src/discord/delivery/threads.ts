/**
 * A game's thread: where each step is posted, the thread opened from the lobby message (or taken when it
 * is already open: an answer lost after Discord opened it), and told of the game's end.
 */
import { ChannelType, DiscordAPIError, ThreadAutoArchiveDuration, type TextChannel } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { Delivery, DmFallback } from '../../app/outbox.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { t } from '../i18n/index.js';
import { gameLocale, laidOut, type PublicMessage } from '../messages/index.js';
import { truncate } from '../panel.js';
import { THREAD_PERMISSIONS, threadPermissionNames, messageLink, presenterFor, sendableChannel } from '../respond.js';
import { describeError } from '../errors.js';
import type { DeliveryStep } from './plan.js';
import { GONE } from './stale-buttons.js';

/** Whether the game is played in a thread, and which (null until it is opened), as it stands in this delivery. */
export interface ThreadChoice {
  use: boolean;
  id: string | null;
}

/**
 * Where a step is posted: a game played in a thread has its boards, reminders and votes there (the
 * thread is opened with the first of them, from the lobby message), and so do changed timer settings and
 * a player's vacation;
 * the lobby, the final standings and the end of an abandoned game stay in the channel. When the bot may
 * not open the thread, the game goes on in the channel and the first message there says why.
 */
export async function postTarget(ctx: BotContext, logger: Logger, game: Snapshot, step: DeliveryStep, thread: ThreadChoice): Promise<{ channelId: string; notice?: string }> {
  const channelId = game.row.channelId;
  const tableNotice = step.kind === 'announcement' && step.delivery.payload.kind === 'announcement' && (step.delivery.payload.message === 'settings' || step.delivery.payload.message === 'vacation');
  // The mention instead of a refused direct message goes where the post it links to is.
  if (step.kind === 'dm-fallback') return { channelId: (step.delivery.payload as DmFallback).postedIn };
  // A seat offered on the server's bench is posted there.
  if (step.delivery.payload.kind === 'bench') return { channelId: step.delivery.payload.channelId };
  const inThread = step.kind === 'reminder' || step.kind === 'bank-warning' || step.kind === 'idle-vote' || tableNotice || (step.kind === 'board' && game.row.status === 'active');
  if (!inThread || !thread.use) return { channelId };
  if (thread.id !== null) return { channelId: thread.id };
  try {
    thread.id = await openThread(ctx, logger, game);
    await ctx.service.threadOpened(game.row.id, thread.id);
    logger.info({ gameId: game.row.id, channelId, threadId: thread.id }, 'thread opened');
    return { channelId: thread.id };
  } catch (error) {
    if (!(error instanceof DiscordAPIError && (error.code === 50013 || error.code === 50001))) throw error;
    // Another game is played in the channel itself (it holds one): this one waits for its thread.
    if (!(await ctx.service.threadRefused(game.row.id))) throw new Error(`cannot open the game's thread (${describeError(error)}) and another game is played in the channel`);
    thread.use = false;
    logger.warn({ gameId: game.row.id, channelId, reason: describeError(error) }, 'the thread cannot be opened; the game is played in the channel');
    const locale = gameLocale(game);
    return { channelId, notice: t(locale, 'thread.refused', { permissions: threadPermissionNames(locale, missingThreadPermissions(ctx, channelId)) }) };
  }
}

/** What the bot lacks to open threads in the channel, as the client sees it (all of it when it cannot tell). */
function missingThreadPermissions(ctx: BotContext, channelId: string): (typeof THREAD_PERMISSIONS)[number][0][] {
  const channel = ctx.client.channels.cache.get(channelId);
  const me = ctx.client.user;
  const perms = channel !== undefined && 'permissionsFor' in channel && me !== null ? channel.permissionsFor(me) : null;
  const missing = THREAD_PERMISSIONS.filter(([, bit]) => perms === null || !perms.has(bit, true)).map(([name]) => name);
  return missing.length > 0 ? missing : THREAD_PERMISSIONS.map(([name]) => name);
}

/**
 * `fromLobby`: grown from the lobby message (a game's first thread), else a thread of its own (one
 * replacing a deleted thread). Opening a thread is not recorded with Discord's answer in one step: the
 * answer may be lost (the process killed, the connection cut) after Discord opened it. So a thread that
 * is already there is taken, never a second one opened: the lobby message's own thread (Discord opens one
 * per message and refuses another, 160004), or the bot's thread of this game's name in the channel.
 */
export async function openThread(ctx: BotContext, logger: Logger, game: Snapshot, fromLobby = true): Promise<string> {
  const channel = await sendableChannel(ctx.client, game.row.channelId);
  if (!('threads' in channel) || channel.type !== ChannelType.GuildText) throw new Error(`channel ${game.row.channelId} cannot hold threads`);
  const locale = gameLocale(game);
  const name = truncate(t(locale, 'thread.name', { game: presenterFor(ctx, game.row.kind).name(locale), id: game.row.id }), 100);
  const options = { name, autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek };
  // From the lobby message when it is known, so the channel shows where the game went.
  const lobby = game.row.boardMessageId;
  if (lobby !== null && fromLobby) {
    try {
      return (await channel.threads.create({ ...options, startMessage: lobby })).id;
    } catch (error) {
      if (!(error instanceof DiscordAPIError && (error.code === 10008 || error.code === 160004))) throw error;
      if (error.code === 160004) {
        const grown = await threadOfMessage(channel, lobby);
        if (grown !== null) {
          logger.info({ gameId: game.row.id, channelId: channel.id, threadId: grown }, 'the thread of the lobby message was already open; the game takes it');
          return grown;
        }
      }
    }
  }
  // Active threads only: one opened a moment ago is not archived, and an archived one is no new table.
  const active = await channel.threads.fetchActive(false);
  const mine = active.threads.find((thread) => thread.parentId === channel.id && thread.ownerId === ctx.client.user?.id && thread.name === name && thread.id !== game.row.threadId);
  if (mine !== undefined) {
    logger.info({ gameId: game.row.id, channelId: channel.id, threadId: mine.id }, "the game's thread was already open; the game takes it");
    return mine.id;
  }
  return (await channel.threads.create({ ...options, type: ChannelType.PublicThread })).id;
}

/** The thread Discord opened from a message of the channel (null: the message has none, or it is gone). */
async function threadOfMessage(channel: TextChannel, messageId: string): Promise<string | null> {
  try {
    const message = await channel.messages.fetch({ message: messageId, force: true });
    return message.thread?.parentId === channel.id ? message.thread.id : null;
  } catch (error) {
    if (error instanceof DiscordAPIError && typeof error.code === 'number' && GONE.has(error.code)) return null;
    throw error;
  }
}

/** The final standings are in the channel; the thread says so, with a link (best effort: nothing waits on it). */
export async function closeThread(ctx: BotContext, logger: Logger, game: Snapshot, threadId: string, finalMessageId: string, delivery: Delivery): Promise<void> {
  try {
    const link = messageLink(game.row.guildId, game.row.channelId, finalMessageId);
    const content = t(gameLocale(game), 'thread.over', { link });
    const channel = await sendableChannel(ctx.client, threadId);
    await channel.send({ content, allowedMentions: { parse: [] }, nonce: `bz${delivery.id}x`, enforceNonce: true });
  } catch (error) {
    logger.warn({ gameId: game.row.id, threadId, reason: describeError(error) }, 'could not point the thread to the final standings');
  }
}

/** The end of an abandoned game, said in its thread as in the channel (best effort: nothing waits on it). */
export async function endInThread(ctx: BotContext, logger: Logger, game: Snapshot, threadId: string, message: PublicMessage, delivery: Delivery): Promise<void> {
  try {
    const channel = await sendableChannel(ctx.client, threadId);
    await channel.send({ ...laidOut(message), allowedMentions: { parse: [] }, nonce: `bz${delivery.id}x`, enforceNonce: true });
  } catch (error) {
    logger.warn({ gameId: game.row.id, threadId, reason: describeError(error) }, 'could not tell the thread that the game was ended');
  }
}

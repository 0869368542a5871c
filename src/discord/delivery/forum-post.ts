/**
 * A seat offered on a bench that is a forum: a post (a thread opened with its starter message, which has
 * the thread's id). Later edits of the offer (taken, closed) edit that starter message, recorded as the
 * delivery's message in the thread. A forum post takes no nonce, so the answer may be lost after Discord
 * opened it (the process killed, the connection cut): before opening one, the forum's active posts are read
 * for the offer's own (the bot's post of this name whose starter message carries Take the seat of this
 * game and seat, no delivery recorded), and that one is taken, never a second one opened.
 */
import { DiscordAPIError, ThreadAutoArchiveDuration, type ForumChannel, type Message, type ThreadChannel } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { Delivery } from '../../app/outbox.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { parseCustomId } from '../codec.js';
import { t } from '../i18n/index.js';
import { gameLocale, laidOut, type PublicMessage } from '../messages/index.js';
import { truncate } from '../panel.js';
import { presenterFor } from '../respond.js';
import { GONE } from './stale-buttons.js';

/** Posts the offer in the forum (or takes the post an earlier attempt opened); answers its starter message's id and its thread. */
export async function postInForum(ctx: BotContext, logger: Logger, game: Snapshot, forum: ForumChannel, message: PublicMessage, delivery: Delivery): Promise<{ id: string; channelId: string }> {
  const seat = delivery.payload.kind === 'bench' ? delivery.payload.seat : null;
  if (seat === null) throw new Error(`delivery ${delivery.id} is no bench offer: a forum takes those only`);
  const locale = gameLocale(game);
  const name = truncate(t(locale, 'bench.postName', { game: presenterFor(ctx, game.row.kind).name(locale), id: game.row.id }), 100);
  const earlier = await offerPosted(ctx, game.row.id, seat, forum, name);
  if (earlier !== undefined) {
    logger.info({ gameId: game.row.id, channelId: forum.id, threadId: earlier, delivery: delivery.id }, 'the bench post was already open; the offer takes it');
    return { id: earlier, channelId: earlier };
  }
  const { content, components, allowedMentions } = laidOut(message);
  const post = await forum.threads.create({ name, autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek, message: { content, components, allowedMentions } });
  // The starter message has its post's id.
  return { id: post.id, channelId: post.id };
}

/** The bot's open post in the forum offering seat `seat` of game `gameId` that no delivery recorded (its id), if any. */
async function offerPosted(ctx: BotContext, gameId: number, seat: number, forum: ForumChannel, name: string): Promise<string | undefined> {
  const me = ctx.client.user?.id;
  const active = await forum.threads.fetchActive(false);
  const candidates = active.threads.filter((thread) => thread.parentId === forum.id && thread.ownerId === me && thread.name === name);
  for (const thread of candidates.values()) {
    const starter = await starterOf(thread);
    if (starter !== null && offersSeat(starter, gameId, seat) && !(await ctx.service.outbox.isTracked(gameId, starter.id))) return thread.id;
  }
  return undefined;
}

/** A post's starter message (null: deleted). */
async function starterOf(post: ThreadChannel): Promise<Message | null> {
  try {
    return await post.fetchStarterMessage({ force: true });
  } catch (error) {
    if (error instanceof DiscordAPIError && typeof error.code === 'number' && GONE.has(error.code)) return null;
    throw error;
  }
}

/** Whether a message carries Take the seat for seat `seat` of game `gameId`. */
function offersSeat(message: Message, gameId: number, seat: number): boolean {
  return message.components.some((row) =>
    'components' in row && row.components.some((c) => {
      const id = 'customId' in c && typeof c.customId === 'string' ? parseCustomId(c.customId) : null;
      return id !== null && id.gameId === gameId && id.verb === 'bench' && id.seat === seat;
    }),
  );
}

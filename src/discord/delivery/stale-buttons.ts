/** The buttons come off the messages a newer one replaced (an idle vote says why it closed). */
import { DiscordAPIError, type Message } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { StaleMessage } from '../../app/outbox.js';
import { voteClosure } from '../../app/vote-closure.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { t } from '../i18n/index.js';
import { gameLocale, mention, withoutButtons, type PostedMessage } from '../messages/index.js';
import { presenterFor, sendableChannel } from '../respond.js';
import { benchClosedText } from '../messages/bench.js';
import { describeError } from '../errors.js';
import { activeSeatsOf } from './plan.js';
import type { ThroughInteraction } from './through-interaction.js';

/** Discord codes meaning the message is gone or out of reach for good: nothing left to disarm. */
export const GONE = new Set([10003, 10008, 50001]);

/** A board posted before the outbox existed (games.board_message_id only): its buttons come off too. */
export async function disarmUntracked(ctx: BotContext, game: Snapshot, newMessageId: string): Promise<void> {
  const previous = game.row.boardMessageId;
  if (previous === null || previous === newMessageId) return;
  if (await ctx.service.outbox.isTracked(game.row.id, previous)) return;
  await disarmMessage(ctx, game.row.channelId, previous, true).catch(() => undefined);
}

/**
 * Takes the buttons off the game's messages that a newer one replaced (or all, once the game is over).
 * `status`: the game's, when the caller has the game at hand. `through`: a message posted as a click's
 * follow-up loses them through that click's token while it lives (no request of the global rate limit).
 */
export async function disarmStale(ctx: BotContext, logger: Logger, gameId: number, status?: string, through?: ThroughInteraction): Promise<void> {
  const { outbox } = ctx.service;
  for (const d of await outbox.staleButtons(gameId, status)) {
    try {
      const content = d.vote !== undefined ? await voteClosedText(ctx, gameId, d.vote) : d.bench !== undefined ? await benchClosed(ctx, gameId, d.bench) : undefined;
      if (through === undefined || !(await through.disarm(d.messageId, content))) await disarmMessage(ctx, d.channelId, d.messageId, d.board, content);
      await outbox.disarmed(d.id);
    } catch (error) {
      if (error instanceof DiscordAPIError && typeof error.code === 'number' && GONE.has(error.code)) {
        await outbox.disarmed(d.id);
        continue;
      }
      logger.warn({ gameId, channelId: d.channelId, messageId: d.messageId, reason: describeError(error) }, 'could not take the buttons off an old message; trying again later');
      return;
    }
  }
}

/**
 * `board`: the message is a board, whose buttons sit in its container: it is read (the client keeps the
 * messages it posted; else Discord is asked) and sent back whole without them. `content`: what the message
 * says instead (an idle vote says why it closed).
 */
async function disarmMessage(ctx: BotContext, channelId: string, messageId: string, board: boolean, content?: string): Promise<void> {
  const channel = await sendableChannel(ctx.client, channelId);
  const edit = board ? withoutButtons(posted(await channel.messages.fetch(messageId))) : { components: [] };
  await channel.messages.edit(messageId, content === undefined ? edit : { ...edit, content, allowedMentions: { parse: [] } });
}

/** A message as Discord has it. */
export function posted(message: Message): PostedMessage {
  return {
    flags: message.flags.bitfield,
    components: message.components.map((component) => component.toJSON()),
    attachments: [...message.attachments.values()].map((a) => ({ id: a.id, filename: a.name, url: a.url })),
  };
}

/** Why an idle vote closed, in the game's language (undefined: the game cannot be read; the buttons just come off). */
async function voteClosedText(ctx: BotContext, gameId: number, vote: NonNullable<StaleMessage['vote']>): Promise<string | undefined> {
  const loaded = await ctx.service.byId(gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') return undefined;
  const game = loaded.game;
  const closure = voteClosure({ status: game.row.status, seats: vote.seats, laterNotes: vote.laterNotes, deciding: activeSeatsOf(game), newerVote: vote.newerVote });
  // A vote that passed says so as its handler wrote it (this edit may come first).
  const key = closure.reason === 'passedSkip' || closure.reason === 'passedKick' ? (`vote.${closure.reason}` as const) : (`vote.closed.${closure.reason}` as const);
  return t(gameLocale(game), key, 'seat' in closure ? { player: mention(game, closure.seat) } : {});
}

/** Why a bench offer closed, with the offer, in the server's language (undefined: the game cannot be read). */
async function benchClosed(ctx: BotContext, gameId: number, bench: NonNullable<StaleMessage['bench']>): Promise<string | undefined> {
  const loaded = await ctx.service.byId(gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') return undefined;
  const game = loaded.game;
  const closure = bench.taken ? 'taken' : game.row.status === 'active' ? 'reclaimed' : 'ended';
  return benchClosedText(game, presenterFor(ctx, game.row.kind), bench.offer, closure);
}

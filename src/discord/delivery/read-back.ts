/**
 * Reading the channel back for a board that may be there without a record. A board posted as a click's
 * follow-up carries no nonce (Discord takes none there), so a bot that died between the post and its
 * record, or a post whose answer was lost, would post the board again; before it does, the deliverer asks
 * the channel. A board is known by its buttons (the game's id and the version it shows, codec.ts).
 */
import { ComponentType, DiscordAPIError, type APIBaseComponent, type Message } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { parseCustomId, type Verb } from '../codec.js';
import { sendableChannel } from '../respond.js';
import { describeError } from '../errors.js';

/** Verbs only a board's buttons carry (a running game's, or the final board's; a reminder's take the turn too). */
const BOARD_VERBS: ReadonlySet<Verb> = new Set<Verb>(['hand', 'log', 'rematch', 'replay']);

/** Discord's largest page of a channel's messages. */
const PAGE = 100;

/**
 * The newest board of game `gameId` in `channelId` after message `after` (a snowflake: Discord's time,
 * whatever the bot's clock says) that no delivery of the game recorded, with the game's version it shows;
 * undefined when there is none or the channel cannot be read (then nothing can be known, and the board is
 * posted).
 */
export async function unrecordedBoard(ctx: BotContext, logger: Logger, gameId: number, channelId: string, after: string): Promise<{ message: Message; version: number } | undefined> {
  let recent: Message[];
  try {
    const channel = await sendableChannel(ctx.client, channelId);
    recent = [...(await channel.messages.fetch({ after, limit: PAGE, cache: false })).values()];
  } catch (error) {
    if (!(error instanceof DiscordAPIError)) throw error;
    logger.warn({ gameId, channelId, reason: describeError(error) }, 'the channel cannot be read back for an unrecorded board; the board is posted');
    return undefined;
  }
  const me = ctx.client.user?.id;
  const boards = recent
    .filter((m) => m.author.id === me)
    .flatMap((message) => {
      const version = boardVersion(message, gameId);
      return version === undefined ? [] : [{ message, version }];
    })
    .sort((a, b) => b.version - a.version || (BigInt(b.message.id) > BigInt(a.message.id) ? 1 : -1));
  for (const board of boards) if (!(await ctx.service.outbox.isTracked(gameId, board.message.id))) return board;
  return undefined;
}

/** The version of game `gameId` a message shows, when it is one of its boards (its buttons in rows, a board's inside its container). */
function boardVersion(message: Message, gameId: number): number | undefined {
  for (const customId of customIds(message.components.map((component) => component.toJSON()))) {
    const id = parseCustomId(customId);
    if (id !== null && id.gameId === gameId && BOARD_VERBS.has(id.verb)) return id.version;
  }
  return undefined;
}

/** The custom ids of the buttons in a tree of components, in order. */
function customIds(components: readonly APIBaseComponent<ComponentType>[]): string[] {
  return components.flatMap((component) => {
    const node = component as { type: ComponentType; custom_id?: string; components?: APIBaseComponent<ComponentType>[]; accessory?: APIBaseComponent<ComponentType> };
    const own = node.type === ComponentType.Button && node.custom_id !== undefined ? [node.custom_id] : [];
    return [...own, ...customIds(node.components ?? []), ...customIds(node.accessory === undefined ? [] : [node.accessory])];
  });
}

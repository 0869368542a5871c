/**
 * What every handler gets, and the shapes of command and component handlers (one per file). The router
 * acknowledges each interaction as its handler declares before the handler runs, so no handler can
 * forget the 3-second deadline.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Locale } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { IdFor, Verb } from './codec.js';
import type { BotContext, ComponentInteraction } from './types.js';

export type { BotContext, ComponentInteraction } from './types.js';

/** How the router acknowledges before the handler runs. */
export type Ack =
  /** The handler answers at once (no rendering, no lock): reply() or respond(). */
  | 'none'
  /** deferReply, ephemeral: the answer is private to the user. */
  | 'ephemeral'
  /** deferUpdate: the answer replaces the message that carries the component. */
  | 'update';

export interface HandlerEnv {
  readonly ctx: BotContext;
  readonly logger: Logger;
  /** The user's language (ephemeral answers). */
  readonly locale: Locale;
  /**
   * The channel whose game the interaction is about: where it happened, or the game's own channel when it
   * happened in the game's thread (games, their locks and their lobbies belong to the channel).
   */
  readonly channelId: string;
  /**
   * The running game whose thread the interaction happened in (that thread is its table: every command
   * there means this game), or null/absent elsewhere (a channel may hold several tables).
   */
  readonly tableGameId?: number | null;
}

export interface CommandHandler {
  /** "game new", "game status", "help", ... (the English names). */
  readonly route: string;
  readonly ack: Ack;
  handle(env: HandlerEnv, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<void>;
}

export interface ComponentHandler<V extends Verb = Verb> {
  readonly verb: V;
  readonly ack: Exclude<Ack, 'none'>;
  /**
   * Where its custom_id is honoured: in its game's channel (the default), or anywhere in the game's server
   * (a replay, opened from /game history in any channel); a 'guild' handler checks the server itself.
   */
  readonly scope?: 'channel' | 'guild';
  handle(env: HandlerEnv, interaction: ComponentInteraction, id: IdFor<V>): Promise<void>;
}

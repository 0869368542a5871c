/**
 * What every handler gets, and the shapes of command and component handlers as the router dispatches them
 * (each file declares its handler through handlers/command.ts or handlers/component.ts). The router
 * acknowledges each interaction as its handler declares before the handler runs, so no handler can
 * forget the 3-second deadline.
 */
import type { APIApplicationCommandBasicOption, AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Locale } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { CustomId, TableCommand, Verb } from './codec.js';
import type { Hosted, NamedKey } from './command-data.js';
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

/** A command's key in the catalogue: 'cmd.game.log' is /game log, 'cmd.help' is /help. */
export type CommandKey = Extract<NamedKey, `cmd.${string}`>;

/** A slash command as the router dispatches it (declared with handlers/command.ts). */
export interface CommandHandler {
  /** "game new", "game status", "help", ... (the English names). */
  readonly route: string;
  readonly ack: Ack;
  /** What Discord is told of it: its names (by its key) and its options, given the games hosted. */
  readonly data: { readonly key: CommandKey; options(hosted: Hosted): APIApplicationCommandBasicOption[] };
  handle(env: HandlerEnv, interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<void>;
}

/** A command about one of the channel's games: the "which game?" menu (table-pick.ts) runs it for the game chosen. */
export interface TableCommandHandler<C extends TableCommand = TableCommand> extends CommandHandler {
  readonly table: C;
  /** Runs the command for game `gameId`, chosen in the menu, with the options the menu carried (`args`, as in its custom_id). */
  pick(env: HandlerEnv, interaction: ComponentInteraction, gameId: number, args: readonly number[]): Promise<void>;
}

/** A component handler as the router dispatches it (declared with handlers/component.ts). */
export interface ComponentHandler<V extends Verb = Verb> {
  readonly verb: V;
  readonly ack: Exclude<Ack, 'none'>;
  /**
   * Where its custom_id is honoured: in its game's channel, or anywhere in the game's server (a replay,
   * opened from /game history in any channel); a 'guild' handler checks the server itself.
   */
  readonly scope: 'channel' | 'guild';
  /** Handles a click whose custom_id has this handler's verb. */
  handle(env: HandlerEnv, interaction: ComponentInteraction, id: CustomId): Promise<void>;
}

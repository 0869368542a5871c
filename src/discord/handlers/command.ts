/**
 * A slash command as its file declares it: its data (its names, and its options typed: command-data.ts),
 * how the router acknowledges it, and its handler, which gets the options typed from that data.
 *
 * A command about one of the channel's games (`tableCommand`) also declares what it needs of that game
 * (needs.ts). Which game is meant is decided once (tables.ts: the thread's, the one named, the only one,
 * or a menu that asks); the game is loaded and checked as declared; and the menu's choice runs the same
 * handler for the game chosen, with the options the menu carried.
 */
import { ApplicationCommandOptionType, type AutocompleteInteraction, type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import type { TableCommand } from '../codec.js';
import { discordName, focusOf, optionsData, readOption, readOptions, type GivenOptions, type IntegerSpec, type OptionSpecs, type OptionsOf } from '../command-data.js';
import type { Ack, CommandHandler, CommandKey, HandlerEnv, TableCommandHandler } from '../context.js';
import { carriedArgs, completeGame, completeOwnGame, gameForCommand, TABLE_OPTION } from '../tables.js';
import { refuse } from './caller.js';
import { fulfil, type Given, type Need } from './needs.js';

/** What an autocomplete handler gets: the option being typed, what was typed, and the value of another option given so far. */
export interface Focus<S extends OptionSpecs> {
  readonly option: keyof S;
  readonly typed: string;
  given<K extends keyof S>(option: K): OptionsOf<S>[K];
}

interface CommandDeclaration<S extends OptionSpecs> {
  /** Its names and description: 'cmd.game.log' is /game log, 'cmd.help' is /help. */
  readonly key: CommandKey;
  readonly ack: Ack;
  readonly options: S;
  handle(env: HandlerEnv, interaction: ChatInputCommandInteraction, options: OptionsOf<S>): Promise<void>;
  autocomplete?(env: HandlerEnv, interaction: AutocompleteInteraction, focus: Focus<S>): Promise<void>;
}

/** "game log", "help": the command line as Discord names it (the English names). */
function routeOf(key: CommandKey): string {
  return key.startsWith('cmd.game.') ? `${discordName('cmd.game')} ${discordName(key)}` : discordName(key);
}

export function command<S extends OptionSpecs>(declared: CommandDeclaration<S>): CommandHandler {
  const { key, ack, options: specs, autocomplete } = declared;
  return {
    route: routeOf(key),
    ack,
    data: { key, options: (hosted) => optionsData(specs, hosted) },
    handle: (env, interaction) => declared.handle(env, interaction, readOptions(specs, interaction.options)),
    ...(autocomplete === undefined
      ? {}
      : {
          async autocomplete(env: HandlerEnv, interaction: AutocompleteInteraction) {
            const focus = focusOf(specs, interaction);
            if (focus === null) return interaction.respond([]);
            await autocomplete.call(declared, env, interaction, { ...focus, given: (option) => readOption(specs, option, interaction.options) });
          },
        }),
  };
}

/** The options a table command may have: integers, which the "which game?" menu carries in its custom_id. */
type CarriedSpecs = { readonly [name: string]: IntegerSpec };

interface TableDeclaration<C extends TableCommand, S extends CarriedSpecs, G> {
  readonly table: C;
  readonly options: S;
  /** The games its `game` option suggests: the channel's, or only those the user plays in. */
  readonly suggests?: 'own';
  handle(env: HandlerEnv, interaction: RepliableInteraction, given: { readonly options: OptionsOf<S> } & G): Promise<void>;
}

/** The game's id as the command means it (null: the channel has no running game), when nothing more is needed. */
type GameIdOnly = { readonly gameId: number | null };

export function tableCommand<C extends TableCommand, S extends CarriedSpecs, N extends Need>(declared: TableDeclaration<C, S, Given[N]> & { readonly needs: N }): TableCommandHandler<C>;
export function tableCommand<C extends TableCommand, S extends CarriedSpecs>(declared: TableDeclaration<C, S, GameIdOnly>): TableCommandHandler<C>;
export function tableCommand(declared: TableDeclaration<TableCommand, CarriedSpecs, Partial<Given[Need] & GameIdOnly>> & { readonly needs?: Need }): TableCommandHandler {
  const { table, options: specs, needs } = declared;
  const key: CommandKey = `cmd.game.${table}`;
  const withTable = { ...specs, game: TABLE_OPTION };

  /** The command for game `gameId` (null: none running in the channel), loaded and checked as declared. */
  async function run(env: HandlerEnv, interaction: RepliableInteraction, gameId: number | null, options: OptionsOf<CarriedSpecs>): Promise<void> {
    if (needs === undefined) return declared.handle(env, interaction, { options, gameId });
    const { service } = env.ctx;
    // With no running game, what is read (a board, a log, a hand) is the channel's last ended game's; what
    // changes a game (leaving, settings) is about a running one.
    const loaded = gameId !== null ? await service.byId(gameId) : needs === 'open' ? await service.byChannel(env.channelId) : await service.byChannelOrFinished(env.channelId);
    const found = await fulfil(env, interaction, needs, loaded, { userId: interaction.user.id });
    if (found !== undefined) await declared.handle(env, interaction, { options, ...found });
  }

  return {
    route: routeOf(key),
    ack: 'ephemeral',
    table,
    data: { key, options: (hosted) => optionsData(withTable, hosted) },
    async handle(env, interaction) {
      const { game: chosen, ...options } = readOptions(withTable, interaction.options);
      // The command's own options go with it into the menu, if it asks which game.
      const gameId = await gameForCommand(env, interaction, table, chosen, Object.values(options));
      if (gameId !== undefined) await run(env, interaction, gameId, options);
    },
    autocomplete: declared.suggests === 'own' ? completeOwnGame : completeGame,
    async pick(env, interaction, gameId, args) {
      const running = await env.ctx.service.runningInChannel(env.channelId);
      if (!running.some((row) => row.id === gameId)) return refuse(env, interaction, { ok: false, code: 'game_not_here', gameId });
      await run(env, interaction, gameId, readOptions(specs, carriedOptions(specs, carriedArgs(args))));
    },
  };
}

/**
 * The options the menu carried, as if given with the command: integers, each checked against its bounds
 * again (else not given).
 */
function carriedOptions(specs: CarriedSpecs, args: readonly (number | null)[]): GivenOptions {
  const values = new Map(Object.values(specs).map((spec, i) => [discordName(spec.key), spec.within(args[i] ?? null)]));
  const integer = (name: string): number | null => values.get(name) ?? null;
  return {
    get: (name) => {
      const value = integer(name);
      return value === null ? null : { name, type: ApplicationCommandOptionType.Integer, value };
    },
    getInteger: integer,
    getString: () => null,
    getBoolean: () => null,
  };
}

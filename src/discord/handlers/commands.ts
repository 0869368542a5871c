/**
 * The slash commands, gathered from their handlers, each of which declares its own data (names, options:
 * command-data.ts). The tree serves every game: `/game new game:<choice>` lists the registered games;
 * players, layout, variant and expansion are autocompleted for the chosen game.
 *
 *   /game new game:.. [players:..] [layout:..] [variant:..] [expansion:..] [thread:..] [clock:..]
 *   /game learn game:.. [opponents:..] [level:..] [thread:..]
 *   /game status | hand | log [count] | settings [reminder_hours] [reminder_limit] [idle_hours] | leave | abandon
 *     (each with [game]: which running game of the channel, autocompleted, where it has several)
 *   /game list [server] | mine [dm]
 *   /game history [count]
 *   /game replay [game]
 *   /game export [game] [results]
 *   /game notify [how] [time_zone] [quiet_from] [quiet_to] [away_until] [play_forced] [phone_picture]
 *   /game follow | unfollow
 *   /game server [vacation_days]
 *   /help [topic] [game]
 *   /stats [user]
 *   Board as text (a message command: Apps › Board as text on a board)
 */
import { ApplicationCommandOptionType, ApplicationCommandType, type RESTPostAPIApplicationCommandsJSONBody, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { ModuleRegistry, PresenterRegistry } from '../../games/contract.js';
import { ALL_CONTEXTS, INTEGRATION_TYPES } from '../anywhere.js';
import type { TableCommand } from '../codec.js';
import { named, type Hosted } from '../command-data.js';
import type { CommandHandler, TableCommandHandler } from '../context.js';
import { boardAsTextCommand, type MessageCommandHandler } from './commands/board-as-text.js';
import { gameAbandon } from './commands/game-abandon.js';
import { gameExport } from './commands/game-export.js';
import { gameFollow, gameUnfollow } from './commands/game-follow.js';
import { gameHand } from './commands/game-hand.js';
import { gameHistory } from './commands/game-history.js';
import { gameLearn } from './commands/game-learn.js';
import { gameLeave } from './commands/game-leave.js';
import { gameList } from './commands/game-list.js';
import { gameLog } from './commands/game-log.js';
import { gameMine } from './commands/game-mine.js';
import { gameNew } from './commands/game-new.js';
import { gameNotify } from './commands/game-notify.js';
import { gameReplay } from './commands/game-replay.js';
import { gameServer } from './commands/game-server.js';
import { gameSettings } from './commands/game-settings.js';
import { gameStatus } from './commands/game-status.js';
import { help } from './commands/help.js';
import { stats } from './commands/stats.js';

/** /game's subcommands, in the order Discord lists them. */
const GAME_SUBCOMMANDS: readonly CommandHandler[] = [gameNew, gameLearn, gameStatus, gameHand, gameLog, gameSettings, gameLeave, gameAbandon, gameList, gameMine, gameHistory, gameReplay, gameExport, gameNotify, gameFollow, gameUnfollow, gameServer];

/** The commands of their own beside /game. */
const OWN_COMMANDS: readonly CommandHandler[] = [help, stats];

export const COMMAND_HANDLERS: readonly CommandHandler[] = [...GAME_SUBCOMMANDS, ...OWN_COMMANDS];

/** The commands about one of the channel's games, by name: the "which game?" menu runs the one it was asked for. */
export const TABLE_COMMAND_HANDLERS: { readonly [C in TableCommand]: TableCommandHandler<C> } = {
  status: gameStatus,
  hand: gameHand,
  log: gameLog,
  settings: gameSettings,
  leave: gameLeave,
  abandon: gameAbandon,
  follow: gameFollow,
  unfollow: gameUnfollow,
  replay: gameReplay,
  export: gameExport,
};

/** The commands as Discord is told of them, for the games the bot hosts. */
export function commandDefinitions(modules: ModuleRegistry, presenters: PresenterRegistry): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const counts = [...modules.values()].map((m) => m.definition.players);
  const hosted: Hosted = {
    games: [...presenters.values()].filter((p) => modules.has(p.kind)).map((p) => ({ name: p.name('en'), name_localizations: { de: p.name('de'), nl: p.name('nl') }, value: p.kind })),
    players: { min: Math.min(...counts.map((c) => c.min)), max: Math.max(...counts.map((c) => c.max)) },
  };
  // Playable anywhere (guild and user installs; servers, the bot's DMs, private channels).
  const anywhere = { type: ApplicationCommandType.ChatInput, integration_types: INTEGRATION_TYPES, contexts: ALL_CONTEXTS } as const;
  const game: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    ...anywhere,
    ...named('cmd.game'),
    options: GAME_SUBCOMMANDS.map(({ data }) => ({ type: ApplicationCommandOptionType.Subcommand, ...named(data.key), options: data.options(hosted) })),
  };
  return [game, ...OWN_COMMANDS.map(({ data }) => ({ ...anywhere, ...named(data.key), options: data.options(hosted) }))];
}

/** The message commands (Apps › … on a message), beside the slash commands. */
export const MESSAGE_COMMAND_HANDLERS: readonly MessageCommandHandler[] = [boardAsTextCommand];

/** Every command as Discord is told of them: the slash commands, then the message commands, all playable anywhere. */
export function registeredCommands(modules: ModuleRegistry, presenters: PresenterRegistry): RESTPostAPIApplicationCommandsJSONBody[] {
  return [...commandDefinitions(modules, presenters), ...MESSAGE_COMMAND_HANDLERS.map(({ data }) => ({ ...data, integration_types: INTEGRATION_TYPES, contexts: ALL_CONTEXTS }))];
}

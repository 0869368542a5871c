/**
 * The slash commands as typed data, with English, German and Dutch names and descriptions from the
 * catalogue. The tree serves every game: `/game new game:<choice>` lists the registered games; players,
 * layout, variant and expansion are autocompleted for the chosen game.
 *
 *   /game new game:.. [players:..] [layout:..] [variant:..] [expansion:..] [thread:..] [clock:..]
 *   /game learn game:.. [opponents:..] [level:..] [thread:..]
 *   /game status | hand | log [count] | settings [reminder_hours] [reminder_limit] [idle_hours] | leave | abandon
 *     (each with [game]: which running game of the channel, autocompleted, where it has several)
 *   /game list [server] | mine [dm]
 *   /game history [count]
 *   /game replay [game]
 *   /game notify [how] [time_zone] [quiet_from] [quiet_to] [away_until] [play_forced]
 *   /game follow | unfollow
 *   /help [topic] [game]
 *   /stats [user]
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOptionChoice,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { NOTIFY_CHANNELS } from '../notify-settings.js';
import { SETTING_BOUNDS } from '../app/settings.js';
import { COMPUTER_LEVELS } from '../app/service/seat-identity.js';
import type { ModuleRegistry, PresenterRegistry } from '../games/contract.js';
import { core, type CoreKey } from './i18n/index.js';
import { ALL_CONTEXTS, INTEGRATION_TYPES } from './anywhere.js';
import { CLOCK_CHOICES, NO_CLOCK } from '../app/time-bank.js';
import { clockName } from './time-bank-text.js';

/** A clock's choice name in the three languages ("3 days + 4 h per move", or "No clock"). */
function clockChoiceName(value: string): { name: string; name_localizations: { de: string; nl: string } } {
  const name = (locale: 'en' | 'de' | 'nl'): string => clockName(locale, value) ?? core[locale]['clock.none'];
  return { name: name('en'), name_localizations: { de: name('de'), nl: name('nl') } };
}

type Named = { name: string; name_localizations: { de: string; nl: string }; description: string; description_localizations: { de: string; nl: string } };

function named(base: string): Named {
  const name = `${base}.name` as CoreKey;
  const description = `${base}.description` as CoreKey;
  return {
    name: core.en[name],
    name_localizations: { de: core.de[name], nl: core.nl[name] },
    description: core.en[description],
    description_localizations: { de: core.de[description], nl: core.nl[description] },
  };
}

function text(key: CoreKey): { name: string; name_localizations: { de: string; nl: string } } {
  return { name: core.en[key], name_localizations: { de: core.de[key], nl: core.nl[key] } };
}

function sub(base: string, options: APIApplicationCommandBasicOption[] = []): APIApplicationCommandSubcommandOption {
  return { type: ApplicationCommandOptionType.Subcommand, ...named(`cmd.game.${base}`), options };
}

export function commandDefinitions(modules: ModuleRegistry, presenters: PresenterRegistry): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const games: APIApplicationCommandOptionChoice<string>[] = [...presenters.values()]
    .filter((p) => modules.has(p.kind))
    .map((p) => ({ name: p.name('en'), name_localizations: { de: p.name('de'), nl: p.name('nl') }, value: p.kind }));
  const counts = [...modules.values()].map((m) => m.definition.players);
  const minPlayers = Math.min(...counts.map((c) => c.min));
  const maxPlayers = Math.max(...counts.map((c) => c.max));
  const integer = (base: string, min: number, max: number): APIApplicationCommandBasicOption => ({
    type: ApplicationCommandOptionType.Integer,
    ...named(base),
    min_value: min,
    max_value: max,
    required: false,
  });

  // Which running game of the channel a command means, where it has several.
  const table: APIApplicationCommandBasicOption = { type: ApplicationCommandOptionType.Integer, ...named('opt.table'), min_value: 1, required: false, autocomplete: true };

  const game: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: ApplicationCommandType.ChatInput,
    ...named('cmd.game'),
    // Playable anywhere (guild and user installs; servers, the bot's DMs, private channels)
    integration_types: INTEGRATION_TYPES,
    contexts: ALL_CONTEXTS,
    options: [
      sub('new', [
        { type: ApplicationCommandOptionType.String, ...named('opt.game'), required: true, choices: games },
        // The bounds of all games; the suggestions follow the chosen game (Kairo: 2–4, Istanbul: 2–5).
        { type: ApplicationCommandOptionType.Integer, ...named('opt.players'), min_value: minPlayers, max_value: maxPlayers, required: false, autocomplete: true },
        { type: ApplicationCommandOptionType.String, ...named('opt.layout'), required: false, autocomplete: true },
        { type: ApplicationCommandOptionType.String, ...named('opt.variant'), required: false, autocomplete: true },
        { type: ApplicationCommandOptionType.String, ...named('opt.expansion'), required: false, autocomplete: true },
        { type: ApplicationCommandOptionType.Boolean, ...named('opt.thread'), required: false },
        // The time bank.
        {
          type: ApplicationCommandOptionType.String,
          ...named('opt.clock'),
          required: false,
          choices: [NO_CLOCK, ...CLOCK_CHOICES.map((c) => c.value)].map((value) => ({ ...clockChoiceName(value), value })),
        },
      ]),
      // A learning game against computer players, with coaching.
      sub('learn', [
        { type: ApplicationCommandOptionType.String, ...named('opt.game'), required: true, choices: games },
        integer('opt.opponents', 1, maxPlayers - 1),
        { type: ApplicationCommandOptionType.String, ...named('opt.level'), required: false, choices: COMPUTER_LEVELS.map((level) => ({ ...text(`computer.level.${level}`), value: level })) },
        { type: ApplicationCommandOptionType.Boolean, ...named('opt.thread'), required: false },
      ]),
      sub('status', [table]),
      sub('hand', [table]),
      sub('log', [integer('opt.count', 1, 50), table]),
      sub('settings', [
        integer('opt.reminderHours', SETTING_BOUNDS.reminderHours.min, SETTING_BOUNDS.reminderHours.max),
        integer('opt.reminderLimit', SETTING_BOUNDS.reminderLimit.min, SETTING_BOUNDS.reminderLimit.max),
        integer('opt.idleHours', SETTING_BOUNDS.idleHours.min, SETTING_BOUNDS.idleHours.max),
        table,
      ]),
      sub('leave', [table]),
      sub('abandon', [table]),
      // The channel's (or server's) tables.
      sub('list', [{ type: ApplicationCommandOptionType.Boolean, ...named('opt.server'), required: false }]),
      sub('mine', [{ type: ApplicationCommandOptionType.Boolean, ...named('opt.dm'), required: false }]),
      sub('history', [integer('opt.count', 1, 25)]),
      // Replays; `game` is a game's number, completed with this server's games.
      sub('replay', [{ type: ApplicationCommandOptionType.Integer, ...named('opt.replayGame'), min_value: 1, required: false, autocomplete: true }]),
      sub('notify', [
        {
          type: ApplicationCommandOptionType.String,
          ...named('opt.how'),
          required: false,
          choices: NOTIFY_CHANNELS.map((how) => ({ ...text(`opt.how.${how}`), value: how })),
        },
        { type: ApplicationCommandOptionType.String, ...named('opt.timeZone'), required: false, max_length: 64 },
        integer('opt.quietFrom', 0, 23),
        integer('opt.quietTo', 0, 23),
        { type: ApplicationCommandOptionType.String, ...named('opt.awayUntil'), required: false, max_length: 10 },
        { type: ApplicationCommandOptionType.Boolean, ...named('opt.autoForced'), required: false },
      ]),
      // Following a game without playing it.
      sub('follow', [table]),
      sub('unfollow', [table]),
    ],
  };

  const stats: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: ApplicationCommandType.ChatInput,
    ...named('cmd.stats'),
    integration_types: INTEGRATION_TYPES,
    contexts: ALL_CONTEXTS,
    options: [{ type: ApplicationCommandOptionType.User, ...named('opt.user'), required: false }],
  };

  const help: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: ApplicationCommandType.ChatInput,
    ...named('cmd.help'),
    integration_types: INTEGRATION_TYPES,
    contexts: ALL_CONTEXTS,
    options: [
      {
        type: ApplicationCommandOptionType.String,
        ...named('opt.topic'),
        required: false,
        choices: (['commands', 'rules', 'decisions'] as const).map((topic) => ({ ...text(`help.topic.${topic}`), value: topic })),
      },
      { type: ApplicationCommandOptionType.String, ...named('opt.game'), required: false, choices: games },
    ],
  };
  return [game, help, stats];
}

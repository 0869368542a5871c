/**
 * Application command registration (global and per guild) and the naming rules Discord enforces beyond
 * the OpenAPI schema: CHAT_INPUT names match ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ in lower case,
 * descriptions 1-100, localization keys are Discord locales, options ordered (required first), subcommand
 * structure, choices typed, unique names, and at most 4000 characters per command.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { Core } from '../core.js';
import { errors, ruleViolation } from '../errors.js';
import { availableLocales } from '../schema.js';
import type { StoredCommand } from '../world.js';
import type { Route, RouteReply, RouteRequest } from './router.js';

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
/**
 * Discord's size of a slash command: its name, description and values, its options' (subcommands and groups
 * included) and their choices', each field counted at its longest localisation (the default value included).
 */
const MAX_COMMAND_CHARS = 8000;
const LIMITS: Record<number, number> = {
  [ApplicationCommandType.ChatInput]: 100,
  [ApplicationCommandType.User]: 15,
  [ApplicationCommandType.Message]: 15,
};

/** A command as the bot sends it (any command type; fields checked below, the schema checked the shapes). */
type CommandBody = Omit<RESTPostAPIApplicationCommandsJSONBody, 'type' | 'options' | 'description'> & {
  type?: ApplicationCommandType;
  description?: string;
  options?: APIApplicationCommandOption[];
};
type OptionBody = APIApplicationCommandOption & Record<string, unknown>;

let locales: Set<string> | undefined;
function localeSet(): Set<string> {
  locales ??= new Set(availableLocales());
  return locales;
}

function checkName(name: string, path: string, chatInput: boolean): void {
  if (chatInput) {
    if (!NAME.test(name)) throw ruleViolation(path, 'command-name', `"${name}" does not match ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$.`);
    if (name !== name.toLowerCase()) throw ruleViolation(path, 'command-name-lowercase', `"${name}" must be lower case.`);
  } else if (name.length < 1 || name.length > 32) {
    throw ruleViolation(path, 'command-name', `"${name}" must be 1-32 characters.`);
  }
}

function checkDescription(description: unknown, path: string): void {
  if (typeof description !== 'string' || description.length < 1 || description.length > 100) {
    throw ruleViolation(path, 'command-description', 'A description of 1-100 characters is required.');
  }
}

function checkLocalizations(
  map: Record<string, string | null> | null | undefined,
  path: string,
  check: (value: string, path: string) => void,
): number {
  let chars = 0;
  for (const [locale, value] of Object.entries(map ?? {})) {
    if (!localeSet().has(locale)) throw ruleViolation(`${path}/${locale}`, 'locale', `"${locale}" is not a Discord locale.`);
    if (value === null) continue;
    check(value, `${path}/${locale}`);
    chars = Math.max(chars, value.length);
  }
  return chars;
}

/** A field's characters as Discord counts them against a command's size: its longest localisation, or its default value if longer. */
function longest(value: string, localizations: Record<string, string | null> | null | undefined): number {
  return Math.max(value.length, ...Object.values(localizations ?? {}).map((v) => v?.length ?? 0));
}

/** Checks one option list; returns the number of characters it contributes. */
function checkOptions(options: OptionBody[], path: string, depth: number): number {
  let chars = 0;
  const names = new Set<string>();
  let sawOptional = false;
  const nested = options.filter(
    (o) => o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (nested.length > 0 && nested.length !== options.length) {
    throw ruleViolation(path, 'subcommand-mix', 'Subcommands and groups cannot be mixed with other options at the same level.');
  }
  options.forEach((option, i) => {
    const here = `${path}/${i}`;
    checkName(option.name, `${here}/name`, true);
    if (names.has(option.name)) throw ruleViolation(`${here}/name`, 'option-name-unique', `Option name "${option.name}" is used twice.`);
    names.add(option.name);
    checkDescription(option.description, `${here}/description`);
    checkLocalizations(option.name_localizations, `${here}/name_localizations`, (v, p) => checkName(v, p, true));
    checkLocalizations(option.description_localizations, `${here}/description_localizations`, checkDescription);
    chars += longest(option.name, option.name_localizations) + longest(option.description, option.description_localizations);
    const type = option.type;
    if (type === ApplicationCommandOptionType.SubcommandGroup) {
      if (depth > 0) throw ruleViolation(`${here}/type`, 'subcommand-nesting', 'A subcommand group can only be at the top level.');
      const children = (option.options ?? []) as OptionBody[];
      if (children.length === 0 || children.some((c) => c.type !== ApplicationCommandOptionType.Subcommand)) {
        throw ruleViolation(`${here}/options`, 'subcommand-group', 'A subcommand group must contain only subcommands (at least one).');
      }
      chars += checkOptions(children, `${here}/options`, depth + 1);
      return;
    }
    if (type === ApplicationCommandOptionType.Subcommand) {
      if (depth > 1) throw ruleViolation(`${here}/type`, 'subcommand-nesting', 'Subcommands nest at most inside one group.');
      const children = (option.options ?? []) as OptionBody[];
      if (children.some((c) => c.type === ApplicationCommandOptionType.Subcommand || c.type === ApplicationCommandOptionType.SubcommandGroup)) {
        throw ruleViolation(`${here}/options`, 'subcommand-nesting', 'A subcommand cannot contain subcommands.');
      }
      chars += checkOptions(children, `${here}/options`, depth + 1);
      return;
    }
    if (option.required) {
      if (sawOptional) throw ruleViolation(`${here}/required`, 'required-first', `Required option "${option.name}" comes after an optional one.`);
    } else {
      sawOptional = true;
    }
    const choices = option.choices as { name: string; value: unknown; name_localizations?: Record<string, string> }[] | undefined;
    if (choices && choices.length > 0) {
      if (option.autocomplete) throw ruleViolation(`${here}/choices`, 'choices-autocomplete', 'Options cannot have both choices and autocomplete.');
      choices.forEach((choice, j) => {
        const ok =
          type === ApplicationCommandOptionType.String
            ? typeof choice.value === 'string'
            : type === ApplicationCommandOptionType.Integer
              ? Number.isInteger(choice.value)
              : type === ApplicationCommandOptionType.Number
                ? typeof choice.value === 'number'
                : false;
        if (!ok) throw ruleViolation(`${here}/choices/${j}/value`, 'choice-type', `Choice value ${JSON.stringify(choice.value)} does not fit option type ${type}.`);
        chars += longest(choice.name, choice.name_localizations) + String(choice.value).length;
      });
    }
    const min = option.min_value as number | undefined;
    const max = option.max_value as number | undefined;
    if (min !== undefined && max !== undefined && min > max) throw ruleViolation(`${here}/min_value`, 'min-max', 'min_value exceeds max_value.');
    const minLength = option.min_length as number | undefined;
    const maxLength = option.max_length as number | undefined;
    if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
      throw ruleViolation(`${here}/min_length`, 'min-max', 'min_length exceeds max_length.');
    }
  });
  return chars;
}

export function checkCommand(command: CommandBody, path: string): void {
  const type = command.type ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  checkName(command.name, `${path}/name`, chatInput);
  checkLocalizations(command.name_localizations, `${path}/name_localizations`, (v, p) => checkName(v, p, chatInput));
  if (chatInput) {
    checkDescription(command.description, `${path}/description`);
    checkLocalizations(command.description_localizations, `${path}/description_localizations`, checkDescription);
    const chars = longest(command.name, command.name_localizations) + longest(command.description ?? '', command.description_localizations) + checkOptions((command.options ?? []) as OptionBody[], `${path}/options`, 0);
    if (chars > MAX_COMMAND_CHARS) throw ruleViolation(path, 'command-size', `The command has ${chars} characters; the limit is ${MAX_COMMAND_CHARS}.`);
  } else {
    if (command.description) throw ruleViolation(`${path}/description`, 'context-menu-description', 'User and message commands must have an empty description.');
    if ('options' in command && (command.options as unknown[] | undefined)?.length) {
      throw ruleViolation(`${path}/options`, 'context-menu-options', 'User and message commands cannot have options.');
    }
  }
}

function store(core: Core, body: CommandBody, guildId: string | undefined, existing: StoredCommand | undefined): StoredCommand {
  const type = body.type ?? ApplicationCommandType.ChatInput;
  const command = {
    id: existing?.id ?? core.world.ids.next(),
    application_id: core.world.applicationId,
    version: core.world.ids.next(),
    type,
    name: body.name,
    name_localizations: body.name_localizations ?? null,
    description: body.description ?? '',
    description_localizations: body.description_localizations ?? null,
    default_member_permissions: body.default_member_permissions ?? null,
    nsfw: body.nsfw ?? false,
    contexts: body.contexts ?? (guildId ? null : [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel]),
    integration_types: body.integration_types ?? [ApplicationIntegrationType.GuildInstall],
    ...(body.options ? { options: body.options } : {}),
    ...(guildId ? { guild_id: guildId } : {}),
  } as StoredCommand;
  return command;
}

function scope(core: Core, req: RouteRequest): string | undefined {
  if (req.params.application_id !== core.world.applicationId) throw errors.missingAccess();
  const guildId = req.params.guild_id;
  if (guildId !== undefined) {
    const guild = core.world.guilds.get(guildId);
    if (!guild || !guild.members.has(core.world.bot.id)) throw errors.missingAccess();
  }
  return guildId;
}

const json = (status: number, body: unknown): RouteReply => ({ status, json: body });
const key = (c: { name: string; type?: ApplicationCommandType }) => `${c.type ?? ApplicationCommandType.ChatInput}:${c.name}`;

function put(core: Core, req: RouteRequest): RouteReply {
  const guildId = scope(core, req);
  const list = (req.body ?? []) as CommandBody[];
  const seen = new Set<string>();
  const counts = new Map<number, number>();
  list.forEach((command, i) => {
    checkCommand(command, `/${i}`);
    if (seen.has(key(command))) throw ruleViolation(`/${i}/name`, 'command-name-unique', `Command "${command.name}" appears twice.`);
    seen.add(key(command));
    const type = command.type ?? ApplicationCommandType.ChatInput;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  });
  for (const [type, count] of counts) {
    if (count > (LIMITS[type] ?? 0)) throw ruleViolation('/', 'command-count', `${count} commands of type ${type}; the limit is ${LIMITS[type]}.`);
  }
  const map = core.world.commandsFor(guildId);
  const previous = new Map([...map.values()].map((c) => [key(c), c]));
  map.clear();
  const stored = list.map((command) => store(core, command, guildId, previous.get(key(command))));
  for (const command of stored) map.set(command.id, command);
  core.world.events.emit('commandsUpdate', guildId ?? null);
  return json(200, stored);
}

function post(core: Core, req: RouteRequest): RouteReply {
  const guildId = scope(core, req);
  const body = req.body as CommandBody;
  checkCommand(body, '');
  const map = core.world.commandsFor(guildId);
  const existing = [...map.values()].find((c) => key(c) === key(body));
  const command = store(core, body, guildId, existing);
  map.set(command.id, command);
  core.world.events.emit('commandsUpdate', guildId ?? null);
  return json(existing ? 200 : 201, command);
}

function one(core: Core, req: RouteRequest): StoredCommand {
  const command = core.world.commandsFor(scope(core, req)).get(req.params.command_id as string);
  if (!command) throw errors.unknownCommand();
  return command;
}

function patch(core: Core, req: RouteRequest): RouteReply {
  const command = one(core, req);
  const merged = { ...command, ...(req.body as Partial<CommandBody>) } as CommandBody;
  checkCommand(merged, '');
  const guildId = scope(core, req);
  const updated = store(core, merged, guildId, command);
  core.world.commandsFor(guildId).set(updated.id, updated);
  core.world.events.emit('commandsUpdate', guildId ?? null);
  return json(200, updated);
}

function remove(core: Core, req: RouteRequest): RouteReply {
  const command = one(core, req);
  core.world.commandsFor(scope(core, req)).delete(command.id);
  core.world.events.emit('commandsUpdate', scope(core, req) ?? null);
  return { status: 204 };
}

const GLOBAL = '/applications/{application_id}/commands';
const GUILD = '/applications/{application_id}/guilds/{guild_id}/commands';

export const commandRoutes: Route<Core>[] = [GLOBAL, GUILD].flatMap((base): Route<Core>[] => [
  { method: 'GET', path: base, auth: true, handle: (core, req) => json(200, [...core.world.commandsFor(scope(core, req)).values()]) },
  { method: 'PUT', path: base, auth: true, handle: put },
  { method: 'POST', path: base, auth: true, handle: post },
  { method: 'GET', path: `${base}/{command_id}`, auth: true, handle: (core, req) => json(200, one(core, req)) },
  { method: 'PATCH', path: `${base}/{command_id}`, auth: true, handle: patch },
  { method: 'DELETE', path: `${base}/{command_id}`, auth: true, handle: remove },
]);

export type { APIApplicationCommand };

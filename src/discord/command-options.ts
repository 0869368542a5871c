/**
 * A command's options checked against the bot's own definition of the command before any handler reads
 * them. Discord checks types, lengths, ranges and choices for the clients it knows, but an interaction is
 * untrusted input: a tampered client or a replayed payload can carry a string where a number belongs or
 * 5,000 characters where 64 are allowed. Such a command is refused with one short line naming the option;
 * nothing else happens.
 */
import {
  ApplicationCommandOptionType,
  type APIApplicationCommandOption,
  type CommandInteractionOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';

/** Discord's own limit for a string option without max_length. */
const STRING_LIMIT = 6_000;

export interface OptionProblem {
  /** The option's name as the user saw it (the English name; shortened). */
  readonly option: string;
}

/** The first option that does not fit the definition, or null when all fit. */
export function checkCommandOptions(
  definitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
  commandName: string,
  data: readonly CommandInteractionOption[],
): OptionProblem | null {
  const definition = definitions.find((d) => d.name === commandName);
  if (definition === undefined) return { option: shorten(commandName) };
  return checkLevel((definition.options ?? []) as readonly APIApplicationCommandOption[], data);
}

function checkLevel(defs: readonly APIApplicationCommandOption[], data: readonly CommandInteractionOption[]): OptionProblem | null {
  const seen = new Set<string>();
  for (const given of data) {
    const name = typeof given.name === 'string' ? given.name : '';
    const def = defs.find((d) => d.name === name);
    if (def === undefined || seen.has(name) || given.type !== def.type) return { option: shorten(name) };
    seen.add(name);
    if (def.type === ApplicationCommandOptionType.Subcommand || def.type === ApplicationCommandOptionType.SubcommandGroup) {
      const inner = checkLevel(((def as { options?: APIApplicationCommandOption[] }).options ?? []) as APIApplicationCommandOption[], given.options ?? []);
      if (inner !== null) return inner;
      continue;
    }
    if (!valueFits(def, given)) return { option: name };
  }
  for (const def of defs) {
    if ((def as { required?: boolean }).required === true && !seen.has(def.name)) return { option: def.name };
  }
  return null;
}

function valueFits(def: APIApplicationCommandOption, given: CommandInteractionOption): boolean {
  const value = given.value;
  const d = def as { min_length?: number; max_length?: number; min_value?: number; max_value?: number; choices?: { value: string | number }[]; autocomplete?: boolean };
  switch (def.type) {
    case ApplicationCommandOptionType.String:
      if (typeof value !== 'string') return false;
      if (value.length > (d.max_length ?? STRING_LIMIT) || value.length < (d.min_length ?? 0)) return false;
      return d.choices === undefined || d.choices.some((c) => c.value === value);
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (def.type === ApplicationCommandOptionType.Integer && !Number.isSafeInteger(value)) return false;
      if ((d.min_value !== undefined && value < d.min_value) || (d.max_value !== undefined && value > d.max_value)) return false;
      return d.choices === undefined || d.choices.some((c) => c.value === value);
    case ApplicationCommandOptionType.Boolean:
      return typeof value === 'boolean';
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Channel:
    case ApplicationCommandOptionType.Role:
    case ApplicationCommandOptionType.Mentionable:
      return typeof value === 'string' && /^\d{1,20}$/.test(value);
    default:
      return true;
  }
}

function shorten(name: string): string {
  return name.length > 32 ? `${name.slice(0, 32)}…` : name;
}

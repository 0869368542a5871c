/**
 * A command's data as its handler declares it: its names and descriptions (the catalogue's, in English,
 * German and Dutch) and its options, each typed. From the one declaration come both what Discord is told
 * (the registered command) and what the handler reads: `readOptions` hands it every option's value typed
 * as declared, once the router has checked the values against the same data (command-options.ts).
 */
import {
  ApplicationCommandOptionType,
  type ChannelType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOptionChoice,
  type AutocompleteInteraction,
  type CommandInteractionOption,
  type User,
} from 'discord.js';
import { core, type CoreKey } from './i18n/index.js';

/** The games the bot hosts, for the options that name or count them. */
export interface Hosted {
  readonly games: readonly APIApplicationCommandOptionChoice<string>[];
  /** The fewest and most players of any game hosted. */
  readonly players: { readonly min: number; readonly max: number };
}

/** The catalogue's keys of what has a name and a description (a command, an option): 'cmd.game.log', 'opt.count'. */
export type NamedKey = { [K in CoreKey]: K extends `${infer B}.name` ? (`${B}.description` extends CoreKey ? B : never) : never }[CoreKey];

interface Localised {
  readonly name: string;
  readonly name_localizations: { readonly de: string; readonly nl: string };
}

/** A name in the three languages, from one key of the catalogue. */
export function localised(key: CoreKey): Localised {
  return { name: core.en[key], name_localizations: { de: core.de[key], nl: core.nl[key] } };
}

/** A command's or an option's name and description in the three languages. */
export function named(key: NamedKey): Localised & { readonly description: string; readonly description_localizations: { readonly de: string; readonly nl: string } } {
  const description = localised(`${key}.description`);
  return { ...localised(`${key}.name`), description: description.name, description_localizations: description.name_localizations };
}

/** The name Discord knows an option or command by: its English one. */
export function discordName(key: NamedKey): string {
  return core.en[`${key}.name`];
}

/** One option: what Discord is told of it, and how its value is read. */
export interface OptionSpec<T> {
  readonly key: NamedKey;
  data(hosted: Hosted): APIApplicationCommandBasicOption;
  /** The value as the handler gets it, from the options given (`name`: this option's). */
  read(given: GivenOptions, name: string): T;
}

export type OptionSpecs = { readonly [name: string]: OptionSpec<unknown> };

/** The values a handler gets, one per declared option, each typed as declared. */
export type OptionsOf<S extends OptionSpecs> = { readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never };

/** An integer option whose bounds are fixed: a value carried elsewhere (a menu's custom_id) is checked against them again. */
export interface IntegerSpec extends OptionSpec<number | null> {
  /** The value if it lies within the bounds, else null (not given). */
  within(value: number | null): number | null;
}

function integerValue(given: GivenOptions, name: string): number | null {
  return given.getInteger(name);
}

export function integer(key: NamedKey, bounds: { readonly min: number; readonly max?: number; readonly autocomplete?: true }): IntegerSpec {
  const { min, max, autocomplete } = bounds;
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.Integer, ...named(key), min_value: min, ...(max === undefined ? {} : { max_value: max }), required: false, ...(autocomplete ? { autocomplete } : {}) }),
    read: integerValue,
    within: (value) => (value !== null && value >= min && (max === undefined || value <= max) ? value : null),
  };
}

/** An integer option whose bounds follow the games hosted (how many players, how many opponents). */
export function hostedInteger(key: NamedKey, bounds: (hosted: Hosted) => { min: number; max: number }, autocomplete?: true): OptionSpec<number | null> {
  return {
    key,
    data: (hosted) => {
      const { min, max } = bounds(hosted);
      return { type: ApplicationCommandOptionType.Integer, ...named(key), min_value: min, max_value: max, required: false, ...(autocomplete ? { autocomplete } : {}) };
    },
    read: integerValue,
  };
}

export function flag(key: NamedKey): OptionSpec<boolean | null> {
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.Boolean, ...named(key), required: false }),
    read: (given, name) => given.getBoolean(name),
  };
}

export function text(key: NamedKey, shape: { readonly maxLength?: number; readonly autocomplete?: true } = {}): OptionSpec<string | null> {
  return {
    key,
    data: () => ({
      type: ApplicationCommandOptionType.String,
      ...named(key),
      required: false,
      ...(shape.maxLength === undefined ? {} : { max_length: shape.maxLength }),
      ...(shape.autocomplete ? { autocomplete: shape.autocomplete } : {}),
    }),
    read: (given, name) => given.getString(name),
  };
}

/** One of a fixed list of values, each shown by its name in the three languages. */
export function oneOf<V extends string>(key: NamedKey, values: readonly V[], label: (value: V) => Localised): OptionSpec<V | null> {
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.String, ...named(key), required: false, choices: values.map((value) => ({ ...label(value), value })) }),
    read: (given, name) => {
      const chosen = given.getString(name);
      return values.find((value) => value === chosen) ?? null;
    },
  };
}

/** Which game (its kind), one of the games hosted; `required` on the commands that start one. */
export function gameKind(key: NamedKey, required: true): OptionSpec<string>;
export function gameKind(key: NamedKey, required: false): OptionSpec<string | null>;
export function gameKind(key: NamedKey, required: boolean): OptionSpec<string | null> {
  return {
    key,
    data: (hosted) => ({ type: ApplicationCommandOptionType.String, ...named(key), required, choices: [...hosted.games] }),
    // A required one is missing only while another option is autocompleted (the router refuses a command
    // without it): then it names no game.
    read: (given, name) => given.getString(name) ?? (required ? '' : null),
  };
}

/** A user: their id as given, and the user as Discord resolved them (null: named, but not resolved). */
export interface NamedUser {
  readonly id: string;
  readonly user: User | null;
}

export function user(key: NamedKey): OptionSpec<NamedUser | null> {
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.User, ...named(key), required: false }),
    read: (given, name) => {
      const named = given.get(name);
      return named === null ? null : { id: String(named.value), user: named.user ?? null };
    },
  };
}

/** A channel of the server, of the `types` given: its id (Discord offers only those types). */
export function channel(key: NamedKey, types: readonly ChannelType[]): OptionSpec<string | null> {
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.Channel, ...named(key), required: false, channel_types: [...types] }) as APIApplicationCommandBasicOption,
    read: (given, name) => {
      const value = given.get(name)?.value;
      return typeof value === 'string' ? value : null;
    },
  };
}

/** A role of the server: its id. */
export function role(key: NamedKey): OptionSpec<string | null> {
  return {
    key,
    data: () => ({ type: ApplicationCommandOptionType.Role, ...named(key), required: false }),
    read: (given, name) => {
      const value = given.get(name)?.value;
      return typeof value === 'string' ? value : null;
    },
  };
}

/** The options as Discord gives them, by name (a command's, or those given so far while one is typed). */
export interface GivenOptions {
  get(name: string): CommandInteractionOption | null;
  getString(name: string): string | null;
  getInteger(name: string): number | null;
  getBoolean(name: string): boolean | null;
}

/** One declared option's value, typed as declared. */
export function readOption<S extends OptionSpecs, K extends keyof S>(specs: S, option: K, given: GivenOptions): OptionsOf<S>[K] {
  const spec = specs[option];
  if (spec === undefined) throw new Error(`no option ${String(option)} declared`);
  // The spec's read gives its own type, the one OptionsOf<S> names for it.
  return spec.read(given, discordName(spec.key)) as OptionsOf<S>[K];
}

/** Every declared option's value, typed as declared. */
export function readOptions<S extends OptionSpecs>(specs: S, given: GivenOptions): OptionsOf<S> {
  // One value under each declared name: the shape OptionsOf<S> describes.
  return Object.fromEntries(Object.keys(specs).map((option) => [option, readOption(specs, option, given)])) as OptionsOf<S>;
}

/** The option being typed in an autocomplete, by its declared name, with what was typed so far (null: none of the declared). */
export function focusOf<S extends OptionSpecs>(specs: S, interaction: AutocompleteInteraction): { readonly option: Extract<keyof S, string>; readonly typed: string } | null {
  const focused = interaction.options.getFocused(true);
  for (const option in specs) {
    const spec = specs[option];
    if (spec !== undefined && discordName(spec.key) === focused.name) return { option, typed: String(focused.value) };
  }
  return null;
}

/** Discord's options of a command, in the order declared. */
export function optionsData(specs: OptionSpecs, hosted: Hosted): APIApplicationCommandBasicOption[] {
  return Object.values(specs).map((spec) => spec.data(hosted));
}

/**
 * Registers the bot's slash commands, replacing the whole set in one PUT (Discord keeps the ids of
 * commands whose name is unchanged). Global commands reach every guild; guild commands update instantly
 * and suit development.
 */
import {
  Routes,
  type REST,
  type RESTPostAPIApplicationCommandsJSONBody,
  type RESTPutAPIApplicationCommandsResult,
} from 'discord.js';

export interface RegisterCommandsOptions {
  applicationId: string;
  commands: readonly RESTPostAPIApplicationCommandsJSONBody[];
  /** Register for this guild only; omit for global registration. */
  guildId?: string;
}

export async function registerCommands(rest: REST, options: RegisterCommandsOptions): Promise<RESTPutAPIApplicationCommandsResult> {
  const route = options.guildId
    ? Routes.applicationGuildCommands(options.applicationId, options.guildId)
    : Routes.applicationCommands(options.applicationId);
  return (await rest.put(route, { body: options.commands })) as RESTPutAPIApplicationCommandsResult;
}

/**
 * Play anywhere: the commands are declared for guild and user installs, in servers, in the
 * bot's direct messages and in private channels. Where an interaction happened decides what works:
 * - a server that installed the bot: everything;
 * - the bot's direct messages: games against computer players (nobody else can see or join a direct
 *   message), without threads; history and statistics of the "direct messages" scope, the player's own;
 * - a server that did not install the bot (the user's own install) and group DMs (private channels): the
 *   bot cannot post boards there, so /help answers and a game is refused with where it can be played.
 */
import { ApplicationIntegrationType, InteractionContextType, type BaseInteraction } from 'discord.js';

/**
 * The guild id games of direct messages are stored under: results and history of that scope are the
 * "direct messages" ones. '0' also keeps them on shard 0, where Discord sends direct-message interactions.
 */
export const DM_SCOPE = '0';

/** The command declaration: both installs, and every context. */
export const INTEGRATION_TYPES = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall];
export const ALL_CONTEXTS = [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel];

export type Place = 'server' | 'botDm' | 'serverWithoutBot' | 'privateChannel';

/** Where the interaction happened, as far as what the bot can do there. */
export function placeOf(interaction: BaseInteraction): Place {
  if (interaction.context === InteractionContextType.BotDM) return 'botDm';
  if (interaction.context === InteractionContextType.PrivateChannel) return 'privateChannel';
  if (interaction.guildId === null) return interaction.channel?.isDMBased() === true ? 'botDm' : 'privateChannel';
  // In a server through the user's own install only: the bot is not a member and cannot post there.
  return interaction.authorizingIntegrationOwners.guildId === null && interaction.context === InteractionContextType.Guild ? 'serverWithoutBot' : 'server';
}

/**
 * Whose records the interaction reads (history, statistics): the server's, or in the bot's direct messages
 * those of the "direct messages" scope (`inDm`); null where none are kept (a private channel).
 */
export function recordsScope(interaction: BaseInteraction): { readonly guildId: string; readonly inDm: boolean } | null {
  const inDm = placeOf(interaction) === 'botDm';
  const guildId = interaction.guildId ?? (inDm ? DM_SCOPE : null);
  return guildId === null ? null : { guildId, inDm };
}

/** Whether a game can be played where the interaction happened (the bot can post its boards there). */
export function canHostGames(place: Place): boolean {
  return place === 'server' || place === 'botDm';
}

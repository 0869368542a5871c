/**
 * Lobby: the seats change (a player joins or leaves, the host adds a computer player of the level picked
 * in the select or removes the one added last), and the lobby message shows them as they are now.
 */
import { COMPUTER_LEVELS, type LobbySnapshot, type Result } from '../../../app/game-service.js';
import type { ComponentInteraction, HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { lobbyMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { displayName, refuse } from '../caller.js';
import { component } from '../component.js';

/** The lobby as the change left it, in place of the one clicked; or why nothing changed. */
async function showLobby(env: HandlerEnv, interaction: ComponentInteraction, result: Result<{ game: LobbySnapshot }>): Promise<void> {
  if (!result.ok) return refuse(env, interaction, result);
  await interaction.editReply(lobbyMessage(result.game, presenterFor(env.ctx, result.game.row.kind)));
}

export const lobbyJoin = component({
  verb: 'join',
  ack: 'update',
  locked: true,
  handle: async (env, interaction, { id }) => showLobby(env, interaction, await env.ctx.service.join(id.gameId, { userId: interaction.user.id, displayName: displayName(interaction) })),
});

export const lobbyQuit = component({
  verb: 'quit',
  ack: 'update',
  locked: true,
  handle: async (env, interaction, { id }) => showLobby(env, interaction, await env.ctx.service.leaveLobby(id.gameId, interaction.user.id)),
});

export const lobbyAddComputer = component({
  verb: 'addbot',
  ack: 'update',
  locked: true,
  async handle(env, interaction, { id }) {
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    const level = values.length === 1 ? COMPUTER_LEVELS.find((known) => known === values[0]) : undefined;
    if (level === undefined) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    await showLobby(env, interaction, await env.ctx.service.addComputer(id.gameId, interaction.user.id, level));
  },
});

export const lobbyRemoveComputer = component({
  verb: 'rmbot',
  ack: 'update',
  locked: true,
  handle: async (env, interaction, { id }) => showLobby(env, interaction, await env.ctx.service.removeComputer(id.gameId, interaction.user.id)),
});

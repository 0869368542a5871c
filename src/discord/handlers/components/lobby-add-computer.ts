/** Lobby: the host adds a computer player of the level picked in the select. */
import { COMPUTER_LEVELS, type Level } from '../../../app/game-service.js';
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { lobbyMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';

export const lobbyAddComputer: ComponentHandler<'addbot'> = {
  verb: 'addbot',
  ack: 'update',
  async handle(env, interaction, id) {
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    const level = values.length === 1 && (COMPUTER_LEVELS as readonly string[]).includes(values[0] as string) ? (values[0] as Level) : null;
    if (level === null) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.addComputer(id.gameId, interaction.user.id, level);
      if (!result.ok) return refuse(env, interaction, result);
      await interaction.editReply(lobbyMessage(result.game, presenterFor(env.ctx, result.game.row.kind)));
    });
  },
};

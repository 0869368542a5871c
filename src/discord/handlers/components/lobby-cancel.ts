/** Lobby: Cancel (the host, or a member who may manage the channel). */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { gameLocale } from '../../messages/index.js';
import { presenterFor } from '../../respond.js';
import { canManage, refuse } from '../caller.js';

export const lobbyCancel: ComponentHandler<'cancel'> = {
  verb: 'cancel',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.cancelLobby(id.gameId, interaction.user.id, canManage(interaction));
      if (!result.ok) return refuse(env, interaction, result);
      const locale = gameLocale(result.game);
      const presenter = presenterFor(env.ctx, result.game.row.kind);
      await interaction.editReply({
        content: t(locale, 'lobby.cancelled', { game: presenter.name(locale), user: `<@${interaction.user.id}>` }),
        components: [],
        allowedMentions: { parse: [] },
      });
    });
  },
};

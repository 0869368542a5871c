/** Lobby: Cancel (the host, or a member who may manage the channel). */
import { t } from '../../i18n/index.js';
import { gameLocale } from '../../messages/index.js';
import { presenterFor } from '../../respond.js';
import { canManage, refuse } from '../caller.js';
import { component } from '../component.js';

export const lobbyCancel = component({
  verb: 'cancel',
  ack: 'update',
  locked: true,
  async handle(env, interaction, { id }) {
    const result = await env.ctx.service.cancelLobby(id.gameId, interaction.user.id, canManage(interaction));
    if (!result.ok) return refuse(env, interaction, result);
    const locale = gameLocale(result.game);
    const presenter = presenterFor(env.ctx, result.game.row.kind);
    await interaction.editReply({
      content: t(locale, 'lobby.cancelled', { game: presenter.name(locale), user: `<@${interaction.user.id}>` }),
      components: [],
      allowedMentions: { parse: [] },
    });
  },
});

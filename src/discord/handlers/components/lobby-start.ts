/** Lobby: Start (the host). Seats are shuffled with the seed and the first board is posted. */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { gameLocale, mention } from '../../messages.js';
import { answerPrivately, missingPermissions, presenterFor } from '../../respond.js';
import { postBoardAfterChange, refuse } from '../common.js';

export const lobbyStart: ComponentHandler<'start'> = {
  verb: 'start',
  ack: 'update',
  async handle(env, interaction, id) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.locked(interaction.channelId, async () => {
      const result = service.start(id.gameId, interaction.user.id, id.version);
      if (!result.ok) return refuse(env, interaction, result);
      const game = result.game;
      const locale = gameLocale(game);
      const presenter = presenterFor(env.ctx, game.row.kind);
      const players = game.seats.map((s) => `${s.seat + 1}. ${mention(game, s.seat)}`).join(', ');
      await interaction.editReply({
        content: t(locale, 'lobby.started', { game: presenter.name(locale), id: game.row.id, players }),
        components: [],
        allowedMentions: { parse: [] },
      });
      if (!(await postBoardAfterChange(env, game))) await answerPrivately(interaction, t(env.locale, 'board.postFailed'));
    });
  },
};

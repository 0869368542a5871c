/** /game status: posts the current board again (with fresh buttons). */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, missingPermissions, postBoard, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';

export const gameStatus: CommandHandler = {
  route: 'game status',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = service.byChannel(interaction.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind === 'lobby') {
      const presenter = presenterFor(env.ctx, game.row.kind);
      return answerPrivately(interaction, t(env.locale, 'status.lobby', { game: presenter.name(env.locale), id: game.row.id }));
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    await service.locked(interaction.channelId, async () => {
      // Reload under the lock: a turn may have ended while we waited.
      const current = service.byId(game.row.id);
      if (!current.ok) return refuse(env, interaction, current);
      if (current.game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
      await postBoard(env.ctx, env.logger, current.game);
      await answerPrivately(interaction, t(env.locale, 'status.posted'));
    });
  },
};

/** Turn panel: Undo (the seat's own latest move of this turn, back to the last checkpoint), naming what was undone. */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { labelNames } from '../../messages.js';
import { presenterFor } from '../../respond.js';
import { afterPanelChange } from '../common.js';

export const panelUndo: ComponentHandler<'undo'> = {
  verb: 'undo',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.locked(env.channelId, async () => {
      const result = await service.undo(id.gameId, interaction.user.id, id.seat, id.version);
      let notice = t(env.locale, 'panel.undone');
      if (result.ok && result.undone !== null) {
        const game = result.outcome.after;
        const action = presenterFor(env.ctx, game.row.kind).format(game.module.definition.describeAction(result.undone), env.locale, labelNames(game));
        notice = t(env.locale, 'panel.undoneAction', { action });
      }
      await afterPanelChange(env, interaction, id.gameId, id.seat, result, notice);
    });
  },
};

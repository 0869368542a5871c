/** Turn panel: Undo (the seat's own latest move of this turn, back to the last checkpoint). */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { afterPanelChange } from '../common.js';

export const panelUndo: ComponentHandler<'undo'> = {
  verb: 'undo',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.locked(env.channelId, async () => {
      const result = service.undo(id.gameId, interaction.user.id, id.seat, id.version);
      await afterPanelChange(env, interaction, id.gameId, id.seat, result, t(env.locale, 'panel.undone'));
    });
  },
};

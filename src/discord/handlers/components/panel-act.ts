/** Turn panel: a button (one legal action by its index at the panel's version). */
import type { ComponentHandler } from '../../context.js';
import { answerPrivately, missingPermissions } from '../../respond.js';
import { afterPanelChoice } from '../after-click.js';

export const panelAct: ComponentHandler<'act'> = {
  verb: 'act',
  ack: 'update',
  async handle(env, interaction, id) {
    // A turn may end with this click, and then a board must be posted: check before changing anything.
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.act(id.gameId, interaction.user.id, id.seat, id.version, id.index);
      await afterPanelChoice(env, interaction, id.gameId, id.seat, id.index, result);
    });
  },
};

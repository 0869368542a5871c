/** The Yes of the question before a compound choice that pays and then does nothing: the choice, confirmed. */
import type { ComponentHandler } from '../../context.js';
import { answerPrivately, missingPermissions } from '../../respond.js';
import { afterPanelChange } from '../after-click.js';

export const panelSure: ComponentHandler<'sure'> = {
  verb: 'sure',
  ack: 'update',
  async handle(env, interaction, id) {
    // The turn may end with this click, and then a board must be posted: check before changing anything.
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      // The version in the button: a question the game has moved past is refused (and the current panel shown).
      const result = await service.act(id.gameId, interaction.user.id, id.seat, id.version, id.index, true);
      await afterPanelChange(env, interaction, id.gameId, id.seat, result);
    });
  },
};

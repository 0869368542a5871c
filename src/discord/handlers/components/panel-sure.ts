/** The Yes of the question before a compound choice that pays and then does nothing: the choice, confirmed. */
import { afterPanelChange } from '../after-click.js';
import { component } from '../component.js';

export const panelSure = component({
  verb: 'sure',
  ack: 'update',
  // The turn may end with this click, and then a board is posted.
  posts: true,
  locked: true,
  async handle(env, interaction, { id }) {
    // The version in the button: a question the game has moved past is refused (and the current panel shown).
    const result = await env.ctx.service.act(id.gameId, interaction.user.id, id.seat, id.version, id.index, true);
    await afterPanelChange(env, interaction, id.gameId, id.seat, result);
  },
});

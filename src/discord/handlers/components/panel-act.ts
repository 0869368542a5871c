/** Turn panel: a button (one legal action by its index at the panel's version). */
import { afterPanelChoice } from '../after-click.js';
import { component } from '../component.js';

export const panelAct = component({
  verb: 'act',
  ack: 'update',
  // A turn may end with this click, and then a board is posted.
  posts: true,
  locked: true,
  async handle(env, interaction, { id }) {
    const result = await env.ctx.service.act(id.gameId, interaction.user.id, id.seat, id.version, id.index);
    await afterPanelChoice(env, interaction, id.gameId, id.seat, id.index, result);
  },
});

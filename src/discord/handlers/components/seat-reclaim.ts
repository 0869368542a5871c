/** Take my seat back: the owner of a seat a computer plays for them plays it again (between turns). */
import { t } from '../../i18n/index.js';
import { answerPrivately, markCommitted } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

export const seatReclaim = component({
  verb: 'reclaim',
  ack: 'ephemeral',
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.reclaim(id.gameId, interaction.user.id);
    if (!result.ok) return refuse(env, interaction, result);
    markCommitted(interaction);
    // The channel is told on a fresh board.
    const posted = await deliverNow(env, id.gameId, result.boardDelivery);
    await answerPrivately(interaction, posted ? t(env.locale, 'computer.reclaimed') : `${t(env.locale, 'computer.reclaimed')}\n${t(env.locale, 'board.postPending')}`);
  },
});

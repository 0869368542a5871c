/**
 * The Confirm button of /game leave and /game abandon: does what the prompt said, if the game is still as
 * it was when asked (the version in the custom_id); otherwise nothing changes and the user is told to ask
 * again. The prompt is replaced in place by the answer.
 */
import { t } from '../../i18n/index.js';
import { answerPrivately, markCommitted, missingPermissions } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { canManage, refuse } from '../caller.js';
import { component } from '../component.js';

export const confirmCommand = component({
  verb: 'confirm',
  ack: 'update',
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const stale = t(env.locale, 'confirm.stale', { what: id.what });
    if (id.what === 'abandon') {
      await service.lockedGame(id.gameId, async () => {
        const result = await service.abandon(env.channelId, interaction.user.id, canManage(interaction), { gameId: id.gameId, version: id.version });
        if (!result.ok) return result.code === 'stale' ? answerPrivately(interaction, stale) : refuse(env, interaction, result);
        markCommitted(interaction);
        // The announcement is owed through the outbox; the old boards lose their buttons there too.
        await env.ctx.deliverer.deliverHeld(result.row.id);
        await answerPrivately(interaction, t(env.locale, result.recorded ? 'abandon.doneRecorded' : 'abandon.done'));
      });
      return;
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    await service.lockedGame(id.gameId, async () => {
      const result = await service.leave(id.gameId, interaction.user.id, id.version);
      if (!result.ok) return result.code === 'stale' ? answerPrivately(interaction, stale) : refuse(env, interaction, result);
      markCommitted(interaction);
      const posted = await deliverNow(env, id.gameId, result.outcome.boardDelivery, result.outcome.after);
      await answerPrivately(interaction, posted ? t(env.locale, 'leave.done') : `${t(env.locale, 'leave.done')}\n${t(env.locale, 'board.postPending')}`);
    });
  },
});

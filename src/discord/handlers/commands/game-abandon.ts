/** /game abandon: ends the lobby or game of this channel at once (host, or Manage Channel). Works on a damaged game. */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { canManage, refuse } from '../common.js';

export const gameAbandon: CommandHandler = {
  route: 'game abandon',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    await service.locked(interaction.channelId, async () => {
      const result = service.abandon(interaction.channelId, interaction.user.id, canManage(interaction));
      if (!result.ok) return refuse(env, interaction, result);
      // The announcement is owed through the outbox; the old boards lose their buttons there too.
      await env.ctx.deliverer.deliverHeld(result.row.id);
      await answerPrivately(interaction, t(env.locale, 'abandon.done'));
    });
  },
};

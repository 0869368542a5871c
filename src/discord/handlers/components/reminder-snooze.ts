/** Reminder: Snooze (the reminded player postpones the next reminder by one interval). */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { refuse } from '../caller.js';

export const reminderSnooze: ComponentHandler<'snooze'> = {
  verb: 'snooze',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.snooze(id.gameId, interaction.user.id, id.seat);
      if (!result.ok) return refuse(env, interaction, result);
      await answerPrivately(interaction, t(env.locale, 'reminder.snoozed', { when: `<t:${Math.floor(result.dueAt / 1000)}:R>` }));
    });
  },
};

/** Reminder: Snooze (the reminded player postpones the next reminder by one interval). */
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

export const reminderSnooze = component({
  verb: 'snooze',
  ack: 'ephemeral',
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.snooze(id.gameId, interaction.user.id, id.seat);
    if (!result.ok) return refuse(env, interaction, result);
    await answerPrivately(interaction, t(env.locale, 'reminder.snoozed', { when: `<t:${Math.floor(result.dueAt / 1000)}:R>` }));
  },
});

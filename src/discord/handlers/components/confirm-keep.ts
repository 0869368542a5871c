/** The "Keep playing" button of a confirmation: nothing changes; the prompt says so and loses its buttons. */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';

export const confirmKeep: ComponentHandler<'keep'> = {
  verb: 'keep',
  ack: 'update',
  async handle(env, interaction) {
    await answerPrivately(interaction, t(env.locale, 'confirm.kept'));
  },
};

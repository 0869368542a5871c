/** The "Keep playing" button of a confirmation: nothing changes; the prompt says so and loses its buttons. */
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { component } from '../component.js';

export const confirmKeep = component({
  verb: 'keep',
  ack: 'update',
  handle: (env, interaction) => answerPrivately(interaction, t(env.locale, 'confirm.kept')),
});

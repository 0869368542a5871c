/** The "back to my choices" of the question before a compound choice: nothing changes, the panel comes back. */
import { t } from '../../i18n/index.js';
import { answerPanel } from '../caller.js';
import { component } from '../component.js';

export const panelBack = component({
  verb: 'back',
  ack: 'update',
  needs: 'ownPanel',
  handle: (env, interaction, { game, seat }) => answerPanel(env, interaction, game, seat.seat, { notice: t(env.locale, 'confirm.kept') }),
});

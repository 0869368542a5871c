/**
 * Turn panel: Suggest a move. Privately shows what the normal computer player would do now, with its
 * estimated chance to win, for players learning the game. Nothing is played.
 */
import { computerRequest } from '../../../app/computer-turns.js';
import { t } from '../../i18n/index.js';
import { labelNames } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { component } from '../component.js';

export const panelSuggest = component({
  verb: 'suggest',
  ack: 'ephemeral',
  needs: 'turn',
  async handle(env, interaction, { game, seat }) {
    const request = computerRequest(game, seat.seat, 'normal');
    const choice = request.legal.length === 1 ? { index: 0, value: null } : await env.ctx.player.choose(request);
    const presenter = presenterFor(env.ctx, game.row.kind);
    const action = presenter.format(game.module.definition.describeAction(request.legal[choice.index]), env.locale, labelNames(game));
    const why = request.legal.length === 1 ? t(env.locale, 'suggest.only') : choice.value === null ? '' : t(env.locale, 'suggest.why', { percent: Math.round(choice.value * 100) });
    await answerPrivately(interaction, t(env.locale, 'suggest.text', { action, why }).trim());
  },
});

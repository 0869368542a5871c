/**
 * Turn panel: Suggest a move. Privately shows what the normal computer player would do now, with its
 * estimated chance to win, for players learning the game. Nothing is played.
 */
import { computerRequest } from '../../../app/computer-turns.js';
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { labelNames } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';

export const panelSuggest: ComponentHandler<'suggest'> = {
  verb: 'suggest',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = await service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind !== 'active' || game.row.status !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const seat = service.seatOf(game, interaction.user.id);
    if (seat === undefined || seat.seat !== id.seat) return refuse(env, interaction, { ok: false, code: 'foreign_panel', owner: id.seat });
    if (!service.activeSeats(game).includes(seat.seat)) return refuse(env, interaction, { ok: false, code: 'not_your_turn', waitingFor: service.activeSeats(game) });
    const request = computerRequest(game, seat.seat, 'normal');
    const choice = request.legal.length === 1 ? { index: 0, value: null } : await env.ctx.player.choose(request);
    const presenter = presenterFor(env.ctx, game.row.kind);
    const action = presenter.format(game.module.definition.describeAction(request.legal[choice.index]), env.locale, labelNames(game));
    const why = request.legal.length === 1 ? t(env.locale, 'suggest.only') : choice.value === null ? '' : t(env.locale, 'suggest.why', { percent: Math.round(choice.value * 100) });
    await answerPrivately(interaction, t(env.locale, 'suggest.text', { action, why }).trim());
  },
};

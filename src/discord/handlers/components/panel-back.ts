/** The "back to my choices" of the question before a compound choice: nothing changes, the panel comes back. */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { panelMessage } from '../../messages/index.js';
import { answerCoached } from '../../coaching.js';
import { presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';

export const panelBack: ComponentHandler<'back'> = {
  verb: 'back',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = await service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const seat = service.seatOf(game, interaction.user.id);
    if (seat?.seat !== id.seat) return refuse(env, interaction, { ok: false, code: 'foreign_panel', owner: id.seat });
    await answerCoached(env, interaction, { game, seat: id.seat, locale: env.locale }, (coaching) =>
      panelMessage(service, game, presenterFor(env.ctx, game.row.kind), id.seat, env.locale, { notice: t(env.locale, 'confirm.kept'), coaching }),
    );
  },
};

/** Turn panel: a select menu (an action by its index, or another page of a long list). */
import type { ComponentHandler } from '../../context.js';
import { parseSelectValue } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { panelMessage } from '../../messages/index.js';
import { answerCoached } from '../../coaching.js';
import { answerPrivately, missingPermissions, presenterFor } from '../../respond.js';
import { afterPanelChoice } from '../after-click.js';
import { refuse } from '../caller.js';

export const panelSelect: ComponentHandler<'sel'> = {
  verb: 'sel',
  ack: 'update',
  async handle(env, interaction, id) {
    const raw = interaction.isStringSelectMenu() ? interaction.values : [];
    const value = raw.length === 1 ? parseSelectValue(raw[0]) : null;
    if (value === null) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    const { service } = env.ctx;
    if (value.kind === 'page') {
      const loaded = await service.byId(id.gameId);
      if (!loaded.ok) return refuse(env, interaction, loaded);
      const game = loaded.game;
      if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
      const seat = service.seatOf(game, interaction.user.id);
      if (seat?.seat !== id.seat) return refuse(env, interaction, { ok: false, code: 'foreign_panel', owner: id.seat });
      const notice = game.row.version === id.version ? undefined : t(env.locale, 'refusal.stale');
      const page = game.row.version === id.version ? { group: id.group, page: value.page } : undefined;
      // Another page of the same panel: the same coaching (coaching.ts).
      return answerCoached(env, interaction, { game, seat: id.seat, locale: env.locale }, (coaching) =>
        panelMessage(service, game, presenterFor(env.ctx, game.row.kind), id.seat, env.locale, { ...(notice ? { notice } : {}), ...(page ? { page } : {}), coaching }),
      );
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    await service.lockedGame(id.gameId, async () => {
      const result = await service.act(id.gameId, interaction.user.id, id.seat, id.version, value.index);
      await afterPanelChoice(env, interaction, id.gameId, id.seat, value.index, result);
    });
  },
};

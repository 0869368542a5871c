/** Turn panel: a select menu (an action by its index, or another page of a long list). */
import { parseSelectValue } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, missingPermissions } from '../../respond.js';
import { afterPanelChoice } from '../after-click.js';
import { answerPanel } from '../caller.js';
import { component } from '../component.js';
import { fulfil } from '../needs.js';

export const panelSelect = component({
  verb: 'sel',
  ack: 'update',
  async handle(env, interaction, { id }) {
    const raw = interaction.isStringSelectMenu() ? interaction.values : [];
    const value = raw.length === 1 ? parseSelectValue(raw[0]) : null;
    if (value === null) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    const { service } = env.ctx;
    if (value.kind === 'page') {
      // Only another page of the panel needs it to be the caller's own; a choice is checked as it is played.
      const own = await fulfil(env, interaction, 'ownPanel', await service.byId(id.gameId), { userId: interaction.user.id, panelSeat: id.seat });
      if (own === undefined) return;
      const { game } = own;
      const current = game.row.version === id.version;
      // Another page of the same panel: the same coaching (coaching.ts).
      return answerPanel(env, interaction, game, id.seat, current ? { page: { group: id.group, page: value.page } } : { notice: t(env.locale, 'refusal.stale') });
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    await service.lockedGame(id.gameId, async () => {
      const result = await service.act(id.gameId, interaction.user.id, id.seat, id.version, value.index);
      await afterPanelChoice(env, interaction, id.gameId, id.seat, value.index, result);
    });
  },
});

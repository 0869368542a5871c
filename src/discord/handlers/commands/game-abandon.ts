/**
 * /game abandon [game]: asks the host (or a member who may manage the channel) to confirm, privately, saying
 * what ending the game does; the Confirm button (confirm.ts) ends it. Works on a damaged game. Which game:
 * see ../../tables.ts.
 */
import { t } from '../../i18n/index.js';
import { confirmMessage, standingsNow } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { canManage, refuse } from '../caller.js';
import { tableCommand } from '../command.js';

export const gameAbandon = tableCommand({
  table: 'abandon',
  options: {},
  // Only the game's id: its row is read, not the game, so a damaged game can be ended too.
  async handle(env, interaction, { gameId }) {
    const { service } = env.ctx;
    const row = gameId === null ? undefined : await service.gameRow(gameId);
    if (row === undefined || (row.status !== 'lobby' && row.status !== 'active')) return refuse(env, interaction, { ok: false, code: 'no_game' });
    // Only those who may end it are asked.
    if (row.hostUserId !== interaction.user.id && !canManage(interaction)) return refuse(env, interaction, { ok: false, code: 'not_host' });
    const loaded = await service.byId(row.id);
    const game = env.ctx.presenters.has(row.kind) ? presenterFor(env.ctx, row.kind).name(env.locale) : row.kind;
    const what = row.status === 'lobby' ? 'lobby' : loaded.ok ? 'recorded' : 'damaged';
    const question = t(env.locale, 'confirm.abandon', { id: row.id, game, what });
    // The standings that would be kept, so the host sees exactly what ending now records.
    const standings = loaded.ok && loaded.game.kind === 'active' ? standingsNow(service, loaded.game, presenterFor(env.ctx, row.kind), env.locale) : [];
    await answerPrivately(interaction, confirmMessage(row, 'abandon', [question, ...standings].join('\n'), env.locale));
  },
});

/**
 * /game abandon [game]: asks the host (or a member who may manage the channel) to confirm, privately, saying
 * what ending the game does; the Confirm button (confirm.ts) ends it. Works on a damaged game. Which game:
 * see ../../tables.ts.
 */
import type { RepliableInteraction } from 'discord.js';
import type { CommandHandler, HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { confirmMessage, standingsNow } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { completeGame, gameForCommand } from '../../tables.js';
import { canManage, refuse } from '../caller.js';

export const gameAbandon: CommandHandler = {
  route: 'game abandon',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const gameId = await gameForCommand(env, interaction, 'abandon');
    if (gameId !== undefined) await abandonOf(env, interaction, gameId);
  },
  autocomplete: completeGame,
};

/** /game abandon for game `gameId` (null: no running game in the channel). */
export async function abandonOf(env: HandlerEnv, interaction: RepliableInteraction, gameId: number | null): Promise<void> {
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
}

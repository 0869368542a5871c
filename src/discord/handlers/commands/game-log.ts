/**
 * /game log [count] [game]: the game's log, newest page first, ephemeral; after the end, the finished
 * game's (marked so). Which game: see ../../tables.ts.
 */
import type { RepliableInteraction } from 'discord.js';
import type { CommandHandler, HandlerEnv } from '../../context.js';
import { logMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { completeGame, gameForCommand } from '../../tables.js';
import { loadForCommand, refuse } from '../caller.js';

export const gameLog: CommandHandler = {
  route: 'game log',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const count = interaction.options.getInteger('count');
    const gameId = await gameForCommand(env, interaction, 'log', [count]);
    if (gameId !== undefined) await logOf(env, interaction, gameId, count);
  },
  autocomplete: completeGame,
};

/** /game log for game `gameId` (null: the channel's last ended game); `count` entries a page (null: as many as fit). */
export async function logOf(env: HandlerEnv, interaction: RepliableInteraction, gameId: number | null, count: number | null): Promise<void> {
  const { service } = env.ctx;
  const loaded = await loadForCommand(env, gameId);
  if (!loaded.ok) return refuse(env, interaction, loaded);
  const game = loaded.game;
  // `count`: how many entries a page holds (else as many as fit in a message).
  const perPage = count ?? 0;
  const viewer = service.seatOf(game, interaction.user.id)?.seat ?? null;
  const message = await logMessage(service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, { perPage });
  if (message !== null) await answerPrivately(interaction, message);
}

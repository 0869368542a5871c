/**
 * Board: Board as text. The whole public board in words, privately, to anyone in the channel (players or
 * not; on the final board too), in their language, structured for a screen reader: the game as it stands
 * now, as Phone view shows it. The message command "Board as text" (board-as-text.ts) answers the same.
 */
import type { RepliableInteraction } from 'discord.js';
import type { ActiveSnapshot } from '../../../app/game-service.js';
import { boardAsText } from '../../messages/board-text.js';
import type { HandlerEnv } from '../../context.js';
import { answerPrivately, notePrivately, presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

/** Answers with the board of `game` in words: the first message as the answer, the rest as private follow-ups. */
export async function answerBoardAsText(env: HandlerEnv, interaction: RepliableInteraction, game: ActiveSnapshot): Promise<void> {
  const [first = '', ...rest] = await boardAsText(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), env.locale);
  await answerPrivately(interaction, first);
  for (const message of rest) await notePrivately(interaction, message);
}

export const boardText = component({
  verb: 'text',
  ack: 'ephemeral',
  needs: 'game',
  async handle(env, interaction, { game }) {
    if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    await answerBoardAsText(env, interaction, game);
  },
});

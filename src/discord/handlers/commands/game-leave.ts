/**
 * /game leave [game]: leaves the lobby at once (nothing is lost), or, in a running game, asks the player to
 * confirm, privately, saying what leaving does to their seat; the Confirm button (confirm.ts) concedes
 * (see the leave policy in the game service). Which game: see ../../tables.ts.
 */
import { t } from '../../i18n/index.js';
import { confirmMessage, gameLocale, lobbyMessage, mention } from '../../messages/index.js';
import { answerPrivately, presenterFor, sendableChannel } from '../../respond.js';
import { refuse } from '../caller.js';
import { tableCommand } from '../command.js';

export const gameLeave = tableCommand({
  table: 'leave',
  options: {},
  needs: 'open',
  async handle(env, interaction, { game, seat }) {
    const { service } = env.ctx;
    const { row } = game;
    if (game.kind === 'lobby') {
      await service.lockedGame(row.id, async () => {
        const result = await service.leaveLobby(row.id, interaction.user.id);
        if (!result.ok) return refuse(env, interaction, result);
        const messageId = result.game.row.boardMessageId;
        if (messageId !== null) {
          try {
            // The lobby is posted in the channel.
            const channel = await sendableChannel(env.ctx.client, row.channelId);
            await channel.messages.edit(messageId, lobbyMessage(result.game, presenterFor(env.ctx, result.game.row.kind)));
          } catch (error) {
            env.logger.warn({ err: error, gameId: row.id }, 'could not update the lobby message');
          }
        }
        await answerPrivately(interaction, t(env.locale, 'leave.lobby'));
      });
      return;
    }
    if (seat === undefined || seat.leftAt !== null) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
    const consequence = service.leaveConsequence(game, seat.seat);
    const presenter = presenterFor(env.ctx, game.row.kind);
    const question = t(env.locale, 'confirm.leave', {
      id: game.row.id,
      game: presenter.name(env.locale),
      what: consequence.kind === 'ends' ? (consequence.winner === null ? 'endsNobody' : 'endsWinner') : consequence.kind,
      winner: consequence.kind === 'ends' && consequence.winner !== null ? mention(game, consequence.winner) : '',
      // The board's button, as the board shows it.
      takeTurn: t(gameLocale(game), 'board.takeTurn'),
    });
    await answerPrivately(interaction, confirmMessage(game.row, 'leave', question, env.locale));
  },
});

/**
 * /game status [game]: posts the current board again (with fresh buttons; the older boards lose theirs).
 * After the end, until a new game takes the channel, the finished game's final board is posted again, marked
 * as such. Someone who does not play in the game is answered privately with a link to the latest board: the
 * table gets no board that changes nothing for it. Which game: see ../../tables.ts.
 */
import { t } from '../../i18n/index.js';
import { answerPrivately, missingPermissions, presenterFor } from '../../respond.js';
import { tableLink } from '../../tables.js';
import { deliverNow } from '../after-click.js';
import { refuse } from '../caller.js';
import { tableCommand } from '../command.js';

export const gameStatus = tableCommand({
  table: 'status',
  options: {},
  needs: 'game',
  async handle(env, interaction, { game, seat }) {
    const { service } = env.ctx;
    if (game.kind === 'lobby') {
      const presenter = presenterFor(env.ctx, game.row.kind);
      // The lobby message may still be on its way (the outbox delivers it).
      const posted = game.row.boardMessageId !== null;
      return answerPrivately(interaction, t(env.locale, posted ? 'status.lobby' : 'status.lobbyPending', { game: presenter.name(env.locale), id: game.row.id }));
    }
    const link = tableLink(game.row);
    if (seat === undefined && link !== null) {
      const presenter = presenterFor(env.ctx, game.row.kind);
      return answerPrivately(interaction, t(env.locale, 'status.notPlaying', { game: presenter.name(env.locale), id: game.row.id, link }));
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const finished = game.row.status === 'finished' || game.row.status === 'abandoned';
    await service.lockedGame(game.row.id, async () => {
      // Under the lock: a turn may have ended while we waited.
      const owed = finished ? await service.repostFinalBoard(game.row.id) : await service.repostBoard(game.row.id);
      if (!owed.ok) return refuse(env, interaction, owed);
      const posted = await deliverNow(env, owed.game.row.id, owed.boardDelivery);
      await answerPrivately(interaction, t(env.locale, posted ? (finished ? 'status.postedFinished' : 'status.posted') : 'board.postPending'));
    });
  },
});

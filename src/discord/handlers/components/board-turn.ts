/** Board (and reminder): Take my turn. Opens the user's own panel if they have a decision now. */
import { ButtonStyle, ComponentType } from 'discord.js';
import { isComputerPlayed } from '../../../app/game-service.js';
import { encodeCustomId } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { answerPanel } from '../caller.js';
import { component } from '../component.js';

export const boardTurn = component({
  verb: 'turn',
  ack: 'ephemeral',
  needs: 'ownSeat',
  async handle(env, interaction, { game, seat }) {
    const { service } = env.ctx;
    if (isComputerPlayed(seat)) {
      // A computer plays this seat for its owner: one click takes it back (between turns, or at once where
      // the game waits for them: nobody else plays at the table).
      const waitsForThem = (await service.seatsWaitingForOwner(game)).includes(seat.seat);
      return answerPrivately(interaction, {
        content: t(env.locale, waitsForThem ? 'computer.yourSeatWaits' : 'computer.yourSeat'),
        components: [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.Button,
                style: ButtonStyle.Primary,
                label: t(env.locale, 'computer.reclaim'),
                custom_id: encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'reclaim' }),
              },
            ],
          },
        ],
      });
    }
    const active = service.activeSeats(game);
    if (!active.includes(seat.seat)) return answerPrivately(interaction, refusalText(env.ctx, { ok: false, code: 'not_your_turn', waitingFor: active }, env.locale, game));
    // A new panel: the one kept to follow the player is not shown again. It starts with what happened since
    // the player last decided.
    env.ctx.followingPanels.forget(game.row.id, seat.seat);
    await answerPanel(env, interaction, game, seat.seat, { catchUp: true });
  },
});

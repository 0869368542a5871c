/** Board (and reminder): Take my turn. Opens the user's own panel if they have a decision now. */
import { ButtonStyle, ComponentType } from 'discord.js';
import { isComputerPlayed } from '../../../app/game-service.js';
import { encodeCustomId } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { answerPanel } from '../caller.js';
import { component } from '../component.js';
import { checkNeed } from '../needs.js';
import { askBackOffer } from './bench.js';

export const boardTurn = component({
  verb: 'turn',
  ack: 'ephemeral',
  needs: 'game',
  async handle(env, interaction, { game: loaded }) {
    const { service } = env.ctx;
    const own = checkNeed('ownSeat', env, loaded, { userId: interaction.user.id });
    if (!own.ok) {
      // A seat given to a substitute from the bench: its owner may ask for it back (bench.ts).
      const given = own.code === 'not_a_player' && loaded.kind === 'active' && loaded.row.status === 'active' ? await service.seatGivenAway(loaded, interaction.user.id) : undefined;
      if (given !== undefined) return answerPrivately(interaction, askBackOffer(env.locale, loaded.row.id, loaded.row.version, given.userId));
      return answerPrivately(interaction, refusalText(env.ctx, own, env.locale, loaded));
    }
    const { game, seat } = own;
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

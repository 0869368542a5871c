/** Board (and reminder): Take my turn. Opens the user's own panel if they have a decision now. */
import { ButtonStyle, ComponentType } from 'discord.js';
import { isComputerPlayed, type Refusal } from '../../../app/game-service.js';
import { encodeCustomId } from '../../codec.js';
import { t } from '../../i18n/index.js';
import type { ComponentHandler } from '../../context.js';
import { panelMessage } from '../../messages/index.js';
import { answerCoached } from '../../coaching.js';
import { answerPrivately, presenterFor, refusalText } from '../../respond.js';
import { refuse } from '../caller.js';

export const boardTurn: ComponentHandler<'turn'> = {
  verb: 'turn',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = await service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind !== 'active' || game.row.status !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const seat = service.seatOf(game, interaction.user.id);
    if (seat === undefined) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
    // Removed by the others' vote: a computer plays the seat to the end, and it is not theirs to take back.
    if (seat.removedAt !== null) return refuse(env, interaction, { ok: false, code: 'removed_by_vote' });
    // Taken out of the game by the rules: nobody plays the seat.
    if (seat.leftAt !== null && seat.computer === null) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
    if (isComputerPlayed(seat)) {
      // A computer plays this seat for its owner: one click takes it back (between turns, or at once where
      // the game waits for them: nobody else plays at the table).
      const id2 = { gameId: game.row.id, version: game.row.version };
      const waitsForThem = (await service.seatsWaitingForOwner(game)).includes(seat.seat);
      return answerPrivately(interaction, {
        content: t(env.locale, waitsForThem ? 'computer.yourSeatWaits' : 'computer.yourSeat'),
        components: [
          {
            type: ComponentType.ActionRow,
            components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: t(env.locale, 'computer.reclaim'), custom_id: encodeCustomId({ ...id2, verb: 'reclaim' }) }],
          },
        ],
      });
    }
    const active = service.activeSeats(game);
    if (!active.includes(seat.seat)) {
      const refusal: Refusal = { ok: false, code: 'not_your_turn', waitingFor: active };
      return answerPrivately(interaction, refusalText(env.ctx, refusal, env.locale, game));
    }
    // A new panel: the one kept to follow the player is not shown again.
    env.ctx.followingPanels.forget(game.row.id, seat.seat);
    // In a learning game the panel carries the coaching for this decision (coaching.ts).
    await answerCoached(env, interaction, { game, seat: seat.seat, locale: env.locale }, (coaching) => panelMessage(service, game, presenterFor(env.ctx, game.row.kind), seat.seat, env.locale, { coaching }));
  },
};

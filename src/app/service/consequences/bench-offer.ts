/**
 * After a commit that handed a seat to a computer (an idle vote, a bank run out, a player who left) in a
 * running game, not a learning game, of a server with a bench (../bench.ts): the bench is owed a post
 * offering the seat, in the same transaction.
 */
import type { SeatRow } from '../../../persistence/schema.js';
import { benchOf } from '../bench.js';
import type { CommitConsequence } from '../core.js';
import { isComputerPlayed, isComputerSeatId } from '../seat-identity.js';
import type { ActiveSnapshot } from '../types.js';

/** The seats a change handed to a computer: human seats nobody played for them before, a computer plays now. */
function newlyStoodIn(before: ActiveSnapshot, after: ActiveSnapshot): SeatRow[] {
  return after.seats
    .filter((s) => !isComputerSeatId(s.userId) && isComputerPlayed(s) && !(s.leftAt !== null && s.computer === null))
    .filter((s) => {
      const was = before.seats.find((b) => b.seat === s.seat);
      return was !== undefined && !isComputerPlayed(was);
    });
}

export const benchOffered: CommitConsequence = {
  name: 'bench',
  async follow(core, { before, after }) {
    if (after.row.status !== 'active' || after.settings.learn === true) return {};
    const seats = newlyStoodIn(before, after);
    if (seats.length === 0) return {};
    const bench = await benchOf(core, after.row.guildId);
    if (bench === null) return {};
    for (const { seat, userId } of seats) {
      await core.outbox.rows.add({
        gameId: after.row.id,
        guildId: after.row.guildId,
        channelId: bench.channelId,
        kind: 'bench',
        version: after.row.version,
        payload: { kind: 'bench', seat, channelId: bench.channelId, roleId: bench.roleId, userId },
      });
    }
    return {};
  },
};

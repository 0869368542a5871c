import type { ComputerPlayer } from '../../../../src/app/computer-turns.js';
import type { TallyAction } from '../types.js';

/**
 * A computer player for the test game: it ends the turn as soon as it may (Tally has no AI policy; the
 * tests that use it are about who plays a seat and when, not about how well).
 */
export const tallyComputer: ComputerPlayer = {
  choose: async (request) => {
    const legal = request.legal as TallyAction[];
    const end = legal.findIndex((a) => a.type === 'end');
    return { index: end >= 0 ? end : 0, value: null };
  },
};

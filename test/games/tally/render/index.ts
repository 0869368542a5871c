/** Tally's pictures: small valid PNGs, enough for the fake Discord's checks (no canvas needed). */
import type { BoardPictures } from '../../../../src/render/board-job.js';
import { makePng } from '../../../fake-discord/png.js';

export const tallyPictures: BoardPictures = {
  board: async () => makePng(48, 32),
  phone: async () => makePng(24, 40),
};

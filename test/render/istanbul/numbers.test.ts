/**
 * The numbers on the pieces are the playing order: the start player's pieces carry 1, the next player's 2,
 * and so on, whatever order the seats are stored in (the lobby shuffles the seats, the setup draws the
 * start player). Read from what the renderer writes: every text it draws on a real canvas is recorded.
 */
import { describe, expect, it } from 'vitest';
import { istanbul, type IstanbulPublicView, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { drawIstanbulBoard, istanbulBoardLayout } from '../../../src/games/istanbul/render/index.js';
import { recordingContext } from './recording.js';

const NAMES = ['Aylin', 'Bram', 'Chloé', 'Dieter'];

/** Draws the board on a canvas whose fillText is recorded, in drawing order. */
function drawnTexts(view: IstanbulPublicView): string[] {
  const layout = istanbulBoardLayout(view);
  const { ctx, texts } = recordingContext(layout.width, layout.height);
  drawIstanbulBoard(ctx, view, { locale: 'en', names: NAMES }, layout);
  return texts;
}

/** A 4-player game whose start player is not seat 0 (seat 2 starts: seats 2, 3, 0, 1 play in this order). */
function viewWithStartSeat(start: number, lettersAndSeals: boolean): { view: IstanbulPublicView; order: number[] } {
  const parsed = istanbul.parseOptions(lettersAndSeals ? { players: 4, lettersAndSeals: { cards: 'mixed' } } : { players: 4 });
  if (!parsed.ok) throw new Error(parsed.error);
  for (let i = 0; i < 200; i++) {
    const state = istanbul.setup(parsed.options, `numbers-${i}`) as IstanbulState;
    if (state.startSeat === start) return { view: istanbul.view(state, null), order: [0, 1, 2, 3].map((k) => (start + k) % 4) };
  }
  throw new Error(`no seed with start seat ${start}`);
}

describe('the numbers on the Istanbul board', () => {
  for (const ls of [false, true]) {
    it(`follow the playing order from the start player${ls ? ' (Letters & Seals: the letters band too)' : ''}`, () => {
      const { view, order } = viewWithStartSeat(2, ls);
      const texts = drawnTexts(view);
      // Each player's panel (in playing order: the number token, "plays 2nd", the name), the status line
      // and the letters band (the token, then the name).
      const token = (i: number): string | undefined => [texts[i - 1], texts[i - 2]].find((t) => t !== undefined && /^\d+$/.test(t));
      order.forEach((seat, position) => {
        const name = NAMES[seat] as string;
        const before = texts.flatMap((t, i) => (t === name && token(i) !== undefined ? [token(i)] : []));
        expect(before.length, `${name} is named`).toBeGreaterThan(0);
        expect(new Set(before), `the token before ${name}`).toEqual(new Set([String(position + 1)]));
      });
      // The start player's merchant and assistants stand at the Fountain with 1 on them, the others with 2..4.
      expect(texts.filter((t) => ['1', '2', '3', '4'].includes(t)).length).toBeGreaterThan(8);
    });
  }
});

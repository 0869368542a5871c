/**
 * Reference images: a few boards rendered from fixed views and compared with the committed PNGs, with a
 * small per-pixel tolerance (anti-aliasing may differ by a shade between machines). An accidental change
 * to the drawing shows up as many differing pixels.
 *
 * After a deliberate change: UPDATE_REFERENCES=1 npx vitest run test/render/istanbul/reference.test.ts,
 * then look at the new PNGs before committing them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IstanbulPublicView } from '../../../src/games/istanbul/view/types.js';
import { renderIstanbulBoard, type IstanbulRenderOptions } from '../../../src/games/istanbul/render/index.js';
import { compareWithReference, differenceFrom } from '../reference.js';
import { fixtureView } from './fixtures.js';

const REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');

interface Case {
  readonly name: string;
  readonly view: () => IstanbulPublicView;
  readonly opts: IstanbulRenderOptions;
}

const CASES: readonly Case[] = [
  {
    name: 'late-5p-short-en',
    view: () => fixtureView({ players: 5, layout: 'short', stage: 'late' }),
    opts: { locale: 'en', names: ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter'] },
  },
  {
    name: 'fresh-2p-long-de',
    view: () => fixtureView({ players: 2, layout: 'long', stage: 'fresh' }),
    opts: { locale: 'de', names: ['Jürgen', 'Maïté'] },
  },
  {
    name: 'late-5p-expansion-nl',
    view: () => fixtureView({ players: 5, layout: 'expansion', stage: 'late' }),
    opts: { locale: 'nl' },
  },
];

describe('Istanbul board reference images', () => {
  for (const c of CASES) {
    it(`${c.name} matches its reference`, async () => {
      const { differing, allowed } = await compareWithReference(await renderIstanbulBoard(c.view(), c.opts), join(REFERENCE_DIR, `${c.name}.png`), `${c.name}`);
      expect(differing, `pixels differing from reference/${c.name}.png (actual written to test/.output/render)`).toBeLessThanOrEqual(allowed);
    });
  }

  it('the tolerance still catches a small real change (one merchant on another place)', async () => {
    const c = CASES[0] as Case;
    const view = c.view();
    const seat = view.decision!.seat;
    const moved: IstanbulPublicView = {
      ...view,
      figures: { ...view.figures, merchants: view.figures.merchants.map((m) => (m.seat === seat ? { ...m, place: 7 } : m)) },
    };
    const { differing, allowed } = await differenceFrom(await renderIstanbulBoard(moved, c.opts), join(REFERENCE_DIR, `${c.name}.png`));
    expect(differing).toBeGreaterThan(allowed);
  });
});

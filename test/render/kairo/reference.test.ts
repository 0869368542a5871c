/**
 * Reference images: a few Kairo boards rendered from fixed, hand-built views and compared with the
 * committed PNGs, with a small per-pixel tolerance (anti-aliasing may differ by a shade between
 * machines). An accidental change to the drawing shows up as many differing pixels.
 *
 * After a deliberate change: UPDATE_REFERENCES=1 npx vitest run test/render/kairo/reference.test.ts,
 * then look at the new PNGs before committing them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { KairoPublicView } from '../../../src/games/kairo/view/types.js';
import { renderKairoBoard, type KairoRenderOptions } from '../../../src/games/kairo/render/index.js';
import { compareWithReference, differenceFrom } from '../reference.js';
import { F, stageView } from './fixtures.js';

const REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');

interface Case {
  readonly name: string;
  readonly view: () => KairoPublicView;
  readonly opts: KairoRenderOptions;
}

const CASES: readonly Case[] = [
  { name: 'fresh-2p-de', view: () => stageView('fresh-2p'), opts: { locale: 'de', names: ['Jürgen', 'Maïté'] } },
  {
    name: 'mid-3p-en',
    view: () => stageView('mid-3p'),
    opts: { locale: 'en', names: ['Aylin', 'Bram', 'Charlotte van der Berg'], lastAction: { seat: 2, fields: [F('E8'), F('D8')] } },
  },
  { name: 'final-2p-nl', view: () => stageView('final-2p'), opts: { locale: 'nl', names: ['Sanne', 'Joost'] } },
  { name: 'over-4p-en', view: () => stageView('over-4p'), opts: { locale: 'en', names: ['Aylin', 'Bram', 'Chloé', 'Dieter'] } },
];

describe('Kairo board reference images', () => {
  for (const c of CASES) {
    it(`${c.name} matches its reference`, async () => {
      const { differing, allowed } = await compareWithReference(await renderKairoBoard(c.view(), c.opts), join(REFERENCE_DIR, `${c.name}.png`), `kairo-${c.name}`);
      expect(differing, `pixels differing from reference/${c.name}.png (actual written to test/.output/render)`).toBeLessThanOrEqual(allowed);
    });
  }

  it('the tolerance still catches a small real change (one customer on another field)', async () => {
    const c = CASES[1] as Case;
    const view = c.view();
    const moved: KairoPublicView = { ...view, customers: { ...view.customers, blue: F('L9') } };
    const { differing, allowed } = await differenceFrom(await renderKairoBoard(moved, c.opts), join(REFERENCE_DIR, `${c.name}.png`));
    expect(differing).toBeGreaterThan(allowed);
  });
});

/**
 * Reference images: a few Kairo boards rendered from fixed, hand-built views and compared with the
 * committed PNGs, with a small per-pixel tolerance (anti-aliasing may differ by a shade between
 * machines). An accidental change to the drawing shows up as many differing pixels.
 *
 * After a deliberate change: UPDATE_REFERENCES=1 npx vitest run test/render/kairo/reference.test.ts,
 * then look at the new PNGs before committing them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { KairoPublicView } from '../../../src/games/kairo/view.js';
import { renderKairoBoard, type KairoRenderOptions } from '../../../src/render/kairo/index.js';
import { decodePng, differingPixels, type Pixels } from '../helpers.js';
import { F, stageView } from './fixtures.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REFERENCE_DIR = join(HERE, 'reference');
const OUTPUT_DIR = join(HERE, '..', '..', '.output', 'render');
const UPDATE = process.env.UPDATE_REFERENCES === '1';

/** A pixel differs when a channel is off by more than this. */
const THRESHOLD = 48;
/** At most this share of the pixels may differ (0.01 %: about 150 pixels of a 1600 x 952 board). */
const BUDGET = 0.0001;

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

function budget(px: Pixels): number {
  return Math.floor(px.width * px.height * BUDGET);
}

async function compare(c: Case): Promise<{ differing: number; allowed: number }> {
  const png = await renderKairoBoard(c.view(), c.opts);
  const file = join(REFERENCE_DIR, `${c.name}.png`);
  if (UPDATE) {
    mkdirSync(REFERENCE_DIR, { recursive: true });
    writeFileSync(file, png);
  }
  if (!existsSync(file)) throw new Error(`missing reference ${file}: run with UPDATE_REFERENCES=1 and review it`);
  const actual = await decodePng(png);
  const expected = await decodePng(readFileSync(file));
  const differing = differingPixels(actual, expected, THRESHOLD);
  const allowed = budget(expected);
  if (differing > allowed) {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, `kairo-${c.name}.actual.png`), png);
  }
  return { differing, allowed };
}

describe('Kairo board reference images', () => {
  for (const c of CASES) {
    it(`${c.name} matches its reference`, async () => {
      const { differing, allowed } = await compare(c);
      expect(differing, `pixels differing from reference/${c.name}.png (actual written to test/.output/render)`).toBeLessThanOrEqual(allowed);
    });
  }

  it('the tolerance still catches a small real change (one customer on another field)', async () => {
    const c = CASES[1] as Case;
    const view = c.view();
    const moved: KairoPublicView = { ...view, customers: { ...view.customers, blue: F('L9') } };
    const actual = await decodePng(await renderKairoBoard(moved, c.opts));
    const expected = await decodePng(readFileSync(join(REFERENCE_DIR, `${c.name}.png`)));
    expect(differingPixels(actual, expected, THRESHOLD)).toBeGreaterThan(budget(expected));
  });
});

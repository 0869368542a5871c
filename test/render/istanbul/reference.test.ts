/**
 * Reference images: a few boards rendered from fixed views and compared with the committed PNGs, with a
 * small per-pixel tolerance (anti-aliasing may differ by a shade between machines). An accidental change
 * to the drawing shows up as many differing pixels.
 *
 * After a deliberate change: UPDATE_REFERENCES=1 npx vitest run test/render/istanbul/reference.test.ts,
 * then look at the new PNGs before committing them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IstanbulPublicView } from '../../../src/games/istanbul/view.js';
import { renderIstanbulBoard, type IstanbulRenderOptions } from '../../../src/render/istanbul/index.js';
import { decodePng, differingPixels, type Pixels } from '../helpers.js';
import { fixtureView } from './fixtures.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REFERENCE_DIR = join(HERE, 'reference');
const OUTPUT_DIR = join(HERE, '..', '..', '.output', 'render');
const UPDATE = process.env.UPDATE_REFERENCES === '1';

/** A pixel differs when a channel is off by more than this. */
const THRESHOLD = 48;
/** At most this share of the pixels may differ (0.01 %: about 170 pixels of a 1600 x 1090 board). */
const BUDGET = 0.0001;

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

function budget(px: Pixels): number {
  return Math.floor(px.width * px.height * BUDGET);
}

async function compare(c: Case): Promise<{ differing: number; allowed: number }> {
  const png = await renderIstanbulBoard(c.view(), c.opts);
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
    writeFileSync(join(OUTPUT_DIR, `${c.name}.actual.png`), png);
  }
  return { differing, allowed };
}

describe('Istanbul board reference images', () => {
  for (const c of CASES) {
    it(`${c.name} matches its reference`, async () => {
      const { differing, allowed } = await compare(c);
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
    const actual = await decodePng(await renderIstanbulBoard(moved, c.opts));
    const expected = await decodePng(readFileSync(join(REFERENCE_DIR, `${c.name}.png`)));
    expect(differingPixels(actual, expected, THRESHOLD)).toBeGreaterThan(budget(expected));
  });
});

/**
 * Reference images shared by the renderer tests: a render is compared with a committed PNG under a small
 * per-pixel tolerance (anti-aliasing may differ by a shade between machines), so an accidental change to
 * the drawing shows up as many differing pixels.
 *
 * After a deliberate change: UPDATE_REFERENCES=1 npx vitest run <the test file>, then look at the new PNGs
 * before committing them. A failing comparison writes the actual image to test/.output/render.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, differingPixels, type Pixels } from './helpers.js';

const OUTPUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.output', 'render');
const UPDATE = process.env.UPDATE_REFERENCES === '1';

/** A pixel differs when a channel is off by more than this. */
export const PIXEL_THRESHOLD = 48;
/** At most this share of the pixels may differ (0.01 %: about 150–170 pixels of a board). */
const BUDGET = 0.0001;

export function allowedDifference(px: Pixels): number {
  return Math.floor(px.width * px.height * BUDGET);
}

/** Pixels of `png` that differ from the reference file, and how many may. */
export async function differenceFrom(png: Buffer | Pixels, referenceFile: string): Promise<{ differing: number; allowed: number }> {
  if (!existsSync(referenceFile)) throw new Error(`missing reference ${referenceFile}: run with UPDATE_REFERENCES=1 and review it`);
  const actual = Buffer.isBuffer(png) ? await decodePng(png) : png;
  const expected = await decodePng(readFileSync(referenceFile));
  return { differing: differingPixels(actual, expected, PIXEL_THRESHOLD), allowed: allowedDifference(expected) };
}

/**
 * Compares a render with its reference (rewriting the reference first with UPDATE_REFERENCES=1); on too
 * many differing pixels the actual image is written as test/.output/render/<outputName>.actual.png.
 */
export async function compareWithReference(png: Buffer, referenceFile: string, outputName: string): Promise<{ differing: number; allowed: number }> {
  if (UPDATE) {
    mkdirSync(dirname(referenceFile), { recursive: true });
    writeFileSync(referenceFile, png);
  }
  const result = await differenceFrom(png, referenceFile);
  if (result.differing > result.allowed) {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, `${outputName}.actual.png`), png);
  }
  return result;
}

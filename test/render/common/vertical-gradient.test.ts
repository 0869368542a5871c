/**
 * The boards' and phone pictures' background: a vertical gradient of flat rows (fillVerticalGradient), not
 * Skia's dithered gradient, whose four colours a row in a pattern cost the PNG's deflate time and bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng, fillVerticalGradient, parseHex } from '../../../src/render/common/index.js';

const TOP = '#1f2c3a';
const BOTTOM = '#17202a';
const W = 320;
const H = 700;

function painted(): Uint8ClampedArray {
  const canvas = createCanvas(W, H);
  fillVerticalGradient(canvas.getContext('2d'), 0, 0, W, H, TOP, BOTTOM);
  return canvas.getContext('2d').getImageData(0, 0, W, H).data;
}

function rowColours(data: Uint8ClampedArray, y: number): Set<string> {
  const colours = new Set<string>();
  for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
  }
  return colours;
}

describe('a vertical gradient of flat rows', () => {
  it('fills every row with one opaque colour, from the top colour to the bottom one, a level at a time', () => {
    const data = painted();
    const rgb = (y: number): number[] => {
      const i = y * W * 4;
      return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    };
    for (let y = 0; y < H; y++) {
      expect(rowColours(data, y).size, `row ${y}`).toBe(1);
      expect(data[y * W * 4 + 3]).toBe(255);
    }
    const top = parseHex(TOP);
    const bottom = parseHex(BOTTOM);
    expect(rgb(0)).toEqual([top.r, top.g, top.b]);
    expect(rgb(H - 1)).toEqual([bottom.r, bottom.g, bottom.b]);
    for (let y = 1; y < H; y++) {
      const [a, b] = [rgb(y - 1), rgb(y)];
      for (let c = 0; c < 3; c++) {
        // Darker downwards, never by more than one level between neighbouring rows: no visible band.
        expect((a[c] as number) - (b[c] as number), `row ${y}, channel ${c}`).toBeGreaterThanOrEqual(0);
        expect((a[c] as number) - (b[c] as number), `row ${y}, channel ${c}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it("compresses smaller than Skia's dithered gradient of the same colours", async () => {
    const flat = createCanvas(W, H);
    fillVerticalGradient(flat.getContext('2d'), 0, 0, W, H, TOP, BOTTOM);
    const dithered = createCanvas(W, H);
    const ctx = dithered.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 0, H);
    gradient.addColorStop(0, TOP);
    gradient.addColorStop(1, BOTTOM);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, W, H);
    // Skia dithers it: its rows hold several colours.
    const ditheredData = ctx.getImageData(0, 0, W, H).data;
    expect(Math.max(...Array.from({ length: 50 }, (_, y) => rowColours(ditheredData, y).size))).toBeGreaterThan(1);
    expect((await encodeOpaquePng(flat)).length).toBeLessThan((await encodeOpaquePng(dithered)).length * 0.8);
  });
});

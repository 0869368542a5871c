/** Helpers for the renderer tests: decoding PNGs, counting pixels, reading a font's character map. */
import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parseHex } from '../../src/render/common/index.js';

export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** Decodes a PNG (with @napi-rs/canvas's decoder, not ours) into RGBA pixels. */
export async function decodePng(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Pixels in `box` within `tolerance` (per channel) of the hex colour. */
export function countColour(px: Pixels, box: Box, hex: string, tolerance = 6): number {
  const { r, g, b } = parseHex(hex);
  let n = 0;
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(px.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(px.height, Math.ceil(box.y + box.h));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * px.width + x) * 4;
      if (
        Math.abs((px.data[i] as number) - r) <= tolerance &&
        Math.abs((px.data[i + 1] as number) - g) <= tolerance &&
        Math.abs((px.data[i + 2] as number) - b) <= tolerance
      ) {
        n++;
      }
    }
  }
  return n;
}

/** How many pixels differ by more than `threshold` in any channel. */
export function differingPixels(a: Pixels, b: Pixels, threshold = 32): number {
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs((a.data[i] as number) - (b.data[i] as number)) > threshold ||
      Math.abs((a.data[i + 1] as number) - (b.data[i + 1] as number)) > threshold ||
      Math.abs((a.data[i + 2] as number) - (b.data[i + 2] as number)) > threshold
    ) {
      n++;
    }
  }
  return n;
}

/** The code points a TrueType font maps (cmap formats 4 and 12). */
export function fontCodePoints(path: string): Set<number> {
  const d = readFileSync(path);
  const tables = d.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + 16 * i;
    if (d.toString('latin1', rec, rec + 4) === 'cmap') cmap = d.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error(`${path} has no cmap table`);
  const out = new Set<number>();
  const subtables = d.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const o = cmap + d.readUInt32BE(cmap + 4 + 8 * i + 4);
    const format = d.readUInt16BE(o);
    if (format === 4) {
      const segX2 = d.readUInt16BE(o + 6);
      const endsAt = o + 14;
      const startsAt = endsAt + segX2 + 2;
      const deltasAt = startsAt + segX2;
      const rangesAt = deltasAt + segX2;
      for (let s = 0; s < segX2 / 2; s++) {
        const end = d.readUInt16BE(endsAt + 2 * s);
        const start = d.readUInt16BE(startsAt + 2 * s);
        const delta = d.readUInt16BE(deltasAt + 2 * s);
        const rangeOffset = d.readUInt16BE(rangesAt + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          // a code point counts only when it maps to a real glyph (not glyph 0, .notdef)
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = d.readUInt16BE(rangesAt + 2 * s + rangeOffset + 2 * (c - start));
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) out.add(c);
        }
      }
    } else if (format === 12) {
      const groups = d.readUInt32BE(o + 12);
      for (let g = 0; g < groups; g++) {
        const start = d.readUInt32BE(o + 16 + 12 * g);
        const end = d.readUInt32BE(o + 20 + 12 * g);
        for (let c = start; c <= end; c++) out.add(c);
      }
    }
  }
  return out;
}

/** Helpers for the renderer tests: decoding PNGs, counting pixels. */
export { fontCodePoints } from '../../src/render/common/fonts.js';
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

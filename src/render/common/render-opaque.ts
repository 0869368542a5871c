/**
 * One opaque picture drawn on this thread's kept canvas of its size and encoded as PNG: the drawing state
 * saved and restored around `draw`, and a canvas whose drawing failed half-way dropped (its state may be off).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { boardCanvas, forgetBoardCanvas } from './layers.js';
import { encodeOpaquePng } from './png.js';

export function renderOpaquePng(width: number, height: number, draw: (ctx: SKRSContext2D) => void): Promise<Buffer> {
  const canvas = boardCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.save();
  try {
    draw(ctx);
  } catch (error) {
    forgetBoardCanvas(canvas);
    return Promise.reject(error);
  } finally {
    ctx.restore();
  }
  return encodeOpaquePng(canvas);
}

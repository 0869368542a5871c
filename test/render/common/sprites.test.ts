/**
 * Sprites (src/render/common/sprites.ts): a small glyph drawn once per thread into a bitmap, then
 * composited at whole pixels. The picture must come out as if the glyph were drawn in place.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawSprite, type Ctx } from '../../../src/render/common/index.js';
import { drawRuby } from '../../../src/games/istanbul/render/glyphs.js';

const W = 120;
const H = 80;

function background(ctx: Ctx): void {
  ctx.fillStyle = '#1b2632';
  ctx.fillRect(0, 0, W, H);
  ctx.lineJoin = 'round';
}

/** The largest difference of a channel between two pictures, and how many pixels differ by more than 2 levels. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): { max: number; over2: number } {
  let max = 0;
  let over2 = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] as number) - (b[i] as number));
    if (d > max) max = d;
    if (d > 2) over2++;
  }
  return { max, over2 };
}

describe('sprites', () => {
  it('a ruby composited from its sprite at a fractional position covers the pixels as one drawn in place', () => {
    for (const [x, y] of [
      [37.3, 41.7],
      [60.5, 20.25],
      [20, 30],
    ] as const) {
      const direct = createCanvas(W, H);
      const dctx = direct.getContext('2d');
      background(dctx);
      drawRuby(dctx, x, y, 12, true);
      drawRuby(dctx, x + 30, y, 12, false);
      const sprited = createCanvas(W, H);
      const sctx = sprited.getContext('2d');
      background(sctx);
      for (const [cx, filled] of [
        [x, true],
        [x + 30, false],
      ] as const) {
        drawSprite(sctx, `test ruby ${filled}`, cx - 14, y - 14, 28, 28, (sprite, dx, dy) => drawRuby(sprite, cx + dx, y + dy, 12, filled));
      }
      const diff = difference(dctx.getImageData(0, 0, W, H).data, sctx.getImageData(0, 0, W, H).data);
      // Up to the rounding of a level in the sprite's stored, premultiplied pixels.
      expect(diff.over2, `at ${x}, ${y}`).toBe(0);
    }
  });

  it("is drawn once per glyph and fraction of a pixel; the picture's line joins make another", () => {
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    background(ctx);
    let drawn = 0;
    const glyph = (x: number, y: number): void =>
      drawSprite(ctx, 'test counted', x, y, 10, 10, (sprite, dx, dy) => {
        drawn++;
        sprite.fillStyle = '#ff0000';
        sprite.fillRect(x + dx, y + dy, 10, 10);
      });
    glyph(10.25, 10.5);
    glyph(40.25, 12.5);
    expect(drawn).toBe(1);
    glyph(10.75, 10.5);
    expect(drawn).toBe(2);
    ctx.lineJoin = 'miter';
    glyph(10.25, 10.5);
    expect(drawn).toBe(3);
  });

  it("leaves the picture's drawing state as it was: what the glyph sets stays on the sprite", () => {
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    background(ctx);
    ctx.fillStyle = '#123456';
    ctx.strokeStyle = '#654321';
    ctx.lineWidth = 3;
    drawSprite(ctx, 'test state', 5, 5, 20, 20, (sprite, dx, dy) => {
      sprite.fillStyle = '#ff0000';
      sprite.strokeStyle = '#00ff00';
      sprite.lineWidth = 1;
      sprite.setLineDash([2, 2]);
      sprite.strokeRect(5 + dx, 5 + dy, 20, 20);
    });
    expect([ctx.fillStyle, ctx.strokeStyle, ctx.lineWidth, ctx.getLineDash()]).toEqual(['#123456', '#654321', 3, []]);
  });
});

/**
 * The app's own emojis (goods, money, rubies, seals, letters, Kairo's colours and coins) drawn by the
 * games' renderers with the glyphs their boards use: 128 x 128 px on a transparent background, the glyph
 * filling most of it with strong outlines, so it still reads where Discord shows it at 22 px.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodePng } from './common/png.js';

export const EMOJI_SIZE = 128;

/** Draws one symbol into a `size` x `size` box at the origin. */
export type EmojiPainter = (ctx: SKRSContext2D, size: number) => void;

/** A symbol's emoji as a PNG. */
export function renderEmoji(paint: EmojiPainter): Promise<Buffer> {
  const canvas = createCanvas(EMOJI_SIZE, EMOJI_SIZE);
  const ctx = canvas.getContext('2d');
  ctx.lineJoin = 'round';
  paint(ctx, EMOJI_SIZE);
  return encodePng(canvas);
}

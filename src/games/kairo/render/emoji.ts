/** Kairo's emojis, drawn with the board's own glyphs (see src/render/emoji.ts). */
import type { EmojiPainter } from '../../../render/emoji.js';
import type { Colour } from '../view/types.js';
import type { KairoSymbol } from '../presenter/symbols.js';
import { drawCoin, drawColourShape } from './glyphs.js';
import { COLOUR_ORDER } from './style.js';

/** A colour's shape in its colour, as on its stalls, customers and medals. */
const colour = (c: Colour): EmojiPainter => (ctx, s) => drawColourShape(ctx, c, s / 2, s / 2, s * 0.42);

/** A gold coin with the colour's shape in its colour on it: the coin says money, the shape which colour. */
const coin = (c: Colour): EmojiPainter => (ctx, s) => {
  drawCoin(ctx, s / 2, s / 2, s * 0.45, '');
  drawColourShape(ctx, c, s / 2, s / 2, s * 0.27);
};

export const KAIRO_EMOJI: Readonly<Record<KairoSymbol, EmojiPainter>> = Object.fromEntries([
  ...COLOUR_ORDER.map((c) => [`kairo_${c}`, colour(c)] as const),
  ...COLOUR_ORDER.map((c) => [`kairo_coin_${c}`, coin(c)] as const),
]) as Record<KairoSymbol, EmojiPainter>;

/** Istanbul's emojis, drawn with the board's own glyphs (see src/render/emoji.ts). */
import type { EmojiPainter } from '../../../render/emoji.js';
import type { IstanbulSymbol } from '../presenter/symbols.js';
import { drawCoin, drawGood, drawRuby } from './glyphs.js';
import { drawSeal, letterMark } from './expansion/glyphs.js';

export const ISTANBUL_EMOJI: Readonly<Record<IstanbulSymbol, EmojiPainter>> = {
  fabric: (ctx, s) => drawGood(ctx, 'red', s / 2, s / 2, s * 0.4),
  spice: (ctx, s) => drawGood(ctx, 'green', s / 2, s / 2 + s * 0.04, s * 0.44),
  fruit: (ctx, s) => drawGood(ctx, 'yellow', s / 2, s / 2, s * 0.42),
  jewelry: (ctx, s) => drawGood(ctx, 'blue', s / 2, s / 2, s * 0.44),
  lira: (ctx, s) => drawCoin(ctx, s / 2, s / 2, s * 0.44),
  ruby: (ctx, s) => drawRuby(ctx, s / 2, s / 2 - s * 0.02, s * 0.46),
  seal: (ctx, s) => drawSeal(ctx, s / 2, s / 2, s * 0.45),
  letter: (ctx, s) => letterMark(ctx, s / 2, s / 2, s * 0.6),
};

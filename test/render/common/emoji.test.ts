/**
 * The app's emojis as the games draw them: 128 x 128 PNGs, transparent around the glyph, the glyph filling
 * the box; and readable where Discord shows them, at 22 px: in greyscale (what no colour at all leaves), on
 * Discord's dark and light backgrounds, any two emojis of a game still differ plainly, so none is told from
 * another by its hue alone (Istanbul's goods are a square, a triangle, a circle and a diamond; Kairo's
 * colours have a shape each, on their coins too).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { EMOJI_SIZE, renderEmoji, type EmojiPainter } from '../../../src/render/emoji.js';
import { ISTANBUL_EMOJI } from '../../../src/games/istanbul/render/emoji.js';
import { ISTANBUL_SYMBOLS } from '../../../src/games/istanbul/presenter/symbols.js';
import { KAIRO_EMOJI } from '../../../src/games/kairo/render/emoji.js';
import { KAIRO_SYMBOLS } from '../../../src/games/kairo/presenter/symbols.js';
import { checkPng } from '../../fake-discord/index.js';
import { MAX_SYMBOL_CHARS } from '../../../src/discord/emojis.js';

const GAMES: Readonly<Record<string, Readonly<Record<string, EmojiPainter>>>> = { Istanbul: ISTANBUL_EMOJI, Kairo: KAIRO_EMOJI };
const SHOWN = 22;
/** Grey levels two pixels must differ by to count as different, and the share of pixels that must. */
const LEVELS = 32;
const SHARE = 0.05;

async function pixels(png: Buffer, size: number, background?: string): Promise<Uint8ClampedArray> {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  if (background !== undefined) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, size, size);
  }
  ctx.drawImage(await loadImage(png), 0, 0, size, size);
  return ctx.getImageData(0, 0, size, size).data;
}

function greys(rgba: Uint8ClampedArray): number[] {
  const out: number[] = [];
  for (let i = 0; i < rgba.length; i += 4) out.push(0.2126 * (rgba[i] as number) + 0.7152 * (rgba[i + 1] as number) + 0.0722 * (rgba[i + 2] as number));
  return out;
}

describe("the app's emojis", () => {
  it("every symbol is a name Discord takes with its picture's hash after it, and no two games share one", () => {
    const symbols = [...ISTANBUL_SYMBOLS, ...KAIRO_SYMBOLS];
    for (const symbol of symbols) expect(symbol).toMatch(new RegExp(`^[a-z0-9_]{2,${MAX_SYMBOL_CHARS}}$`));
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it('each game draws every symbol it names', () => {
    expect(Object.keys(ISTANBUL_EMOJI).sort()).toEqual([...ISTANBUL_SYMBOLS].sort());
    expect(Object.keys(KAIRO_EMOJI).sort()).toEqual([...KAIRO_SYMBOLS].sort());
  });

  for (const [game, painters] of Object.entries(GAMES)) {
    it(`${game}: 128 x 128, transparent in the corners, the glyph filling a third of the box or more`, async () => {
      for (const [symbol, paint] of Object.entries(painters)) {
        const png = await renderEmoji(paint);
        const header = checkPng(png);
        expect(header.ok && [header.width, header.height], symbol).toEqual([EMOJI_SIZE, EMOJI_SIZE]);
        expect(png.length, symbol).toBeLessThan(256 * 1024);
        const rgba = await pixels(png, EMOJI_SIZE);
        expect(rgba[3], `${symbol}: top left`).toBe(0);
        let opaque = 0;
        for (let i = 3; i < rgba.length; i += 4) if ((rgba[i] as number) > 128) opaque++;
        expect(opaque / (EMOJI_SIZE * EMOJI_SIZE), symbol).toBeGreaterThan(1 / 3);
      }
    });

    for (const background of ['#313338', '#ffffff']) {
      it(`${game}: at 22 px in greyscale on ${background}, any two still differ plainly`, async () => {
        const shown = new Map<string, number[]>();
        for (const [symbol, paint] of Object.entries(painters)) shown.set(symbol, greys(await pixels(await renderEmoji(paint), SHOWN, background)));
        const symbols = [...shown.keys()];
        symbols.forEach((a, i) => {
          for (const b of symbols.slice(i + 1)) {
            const x = shown.get(a) as number[];
            const y = shown.get(b) as number[];
            const differing = x.filter((v, k) => Math.abs(v - (y[k] as number)) > LEVELS).length / x.length;
            expect(differing, `${a} and ${b}`).toBeGreaterThanOrEqual(SHARE);
          }
        });
      });
    }
  }
});

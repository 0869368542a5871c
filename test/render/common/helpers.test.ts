import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  drawableText,
  encodeRgbaPng,
  FONT_FAMILY,
  FONT_FILES,
  fitText,
  fontsDirectory,
  INK_DARK,
  INK_LIGHT,
  mix,
  readableInk,
  registerFonts,
  wrapText,
} from '../../../src/render/common/index.js';
import { everyText } from '../../../src/games/istanbul/render/every-text.js';
import { decodePng, fontCodePoints } from '../helpers.js';

describe('fonts', () => {
  it('ships the fonts with their licence and registers them under our own family name', () => {
    const dir = fontsDirectory();
    for (const file of FONT_FILES) expect(existsSync(join(dir, file))).toBe(true);
    expect(readFileSync(join(dir, 'LICENSE-Apache-2.0.txt'), 'utf8')).toContain('Apache License');
    expect(readFileSync(join(dir, 'OpenSans-copyright.txt'), 'utf8')).toContain('Open Sans');
    registerFonts();
    registerFonts(); // idempotent
    const family = GlobalFonts.families.find((f) => f.family === FONT_FAMILY);
    expect(family?.styles.map((s) => s.weight).sort()).toEqual([400, 700]);
  });

  it('covers every glyph German and Dutch need, and every text the renderers draw', () => {
    const needed = new Set<number>();
    for (const text of [...everyText(), 'äöüÄÖÜßëïéèêóáúñ…', 'Große Moschee · Gewürzlager · Paleis van de sultan']) {
      for (const ch of text) needed.add(ch.codePointAt(0) as number);
    }
    needed.delete(' '.codePointAt(0) as number);
    for (const file of FONT_FILES) {
      const have = fontCodePoints(join(fontsDirectory(), file));
      const missing = [...needed].filter((c) => !have.has(c)).map((c) => String.fromCodePoint(c));
      expect(missing, file).toEqual([]);
    }
  });

  it('knows which characters are missing (the parser is not vacuous)', () => {
    const have = fontCodePoints(join(fontsDirectory(), 'OpenSans-Regular.ttf'));
    expect(have.has('ß'.codePointAt(0) as number)).toBe(true);
    expect(have.has(0x2192)).toBe(false); // no arrows in Open Sans 1.11: the renderer draws them
    expect(have.has(0x4e00)).toBe(false);
  });
});

describe('text from outside', () => {
  it('drops what the fonts cannot draw (emoji, other scripts) and keeps accented Latin', () => {
    expect(drawableText('Jürgen 🎲')).toBe('Jürgen');
    expect(drawableText('  Maïté   van   Dijk ')).toBe('Maïté van Dijk');
    expect(drawableText('🐉🔥')).toBe('');
    expect(drawableText('李雷 Lei')).toBe('Lei');
    expect(drawableText('Søren Æbelø')).toBe('Søren Æbelø');
  });
});

describe('colour', () => {
  it('picks the text colour with the better contrast', () => {
    expect(readableInk('#f2c53d')).toBe(INK_DARK);
    expect(readableInk('#2f6fc0')).toBe(INK_LIGHT);
    expect(readableInk('#f6f3ec')).toBe(INK_DARK);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it('keeps the Istanbul board text at WCAG AA contrast (4.5:1) on its backgrounds', async () => {
    const { THEME, placeBand } = await import('../../../src/games/istanbul/render/style.js');
    const pairs: [string, string][] = [
      [THEME.tileInk, THEME.tile],
      [THEME.tileMuted, THEME.tile],
      [THEME.tileMuted, THEME.tileDim],
      [THEME.panelInk, THEME.panel],
      [THEME.panelMuted, THEME.panel],
      [THEME.panelMuted, THEME.panelRaised],
      [THEME.highlight, THEME.panelRaised],
      [THEME.gold, THEME.background],
      ...[1, 2, 5, 7, 10, 13, 21].map((id): [string, string] => ['#ffffff', placeBand(id)]),
    ];
    for (const [ink, bg] of pairs) expect(contrastRatio(ink, bg), `${ink} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps every player and goods colour readable with its chosen ink (WCAG AA for large text, 3:1)', async () => {
    const { PLAYER_STYLES, GOOD_STYLES } = await import('../../../src/games/istanbul/render/style.js');
    for (const s of [...Object.values(PLAYER_STYLES), ...Object.values(GOOD_STYLES)]) {
      expect(contrastRatio(s.fill, s.ink)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('text fitting', () => {
  registerFonts();
  const ctx = createCanvas(10, 10).getContext('2d');

  it('shrinks, then cuts with an ellipsis', () => {
    const fits = fitText(ctx, 'Fountain', 500, 16, 'bold', 10);
    expect(fits).toMatchObject({ text: 'Fountain', size: 16 });
    const shrunk = fitText(ctx, 'Specerijen warenhuis', 120, 16, 'bold', 10);
    expect(shrunk.size).toBeLessThan(16);
    const cut = fitText(ctx, 'A very long name that cannot possibly fit', 60, 16, 'bold', 12);
    expect(cut.text.endsWith('\u2026')).toBe(true);
    ctx.font = cut.font;
    expect(ctx.measureText(cut.text).width).toBeLessThanOrEqual(60);
  });

  it('wraps into lines that fit and marks cut text', () => {
    const lines = wrapText(ctx, 'Family members wait here until someone captures them', 90, 12, 'bold', 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('\u2026')).toBe(true);
    expect(wrapText(ctx, 'Fill up', 200, 12, 'bold', 3)).toEqual(['Fill up']);
  });
});

describe('PNG encoder', () => {
  it('round-trips pixels through a standard decoder', async () => {
    const w = 37;
    const h = 23;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      rgba[i * 4] = (i * 7) & 255;
      rgba[i * 4 + 1] = (i * 13) & 255;
      rgba[i * 4 + 2] = (i * 29) & 255;
      rgba[i * 4 + 3] = 255;
    }
    const png = await encodeRgbaPng(rgba, w, h);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const decoded = await decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([w, h]);
    expect(Buffer.from(decoded.data)).toEqual(Buffer.from(rgba));
  });

  it('refuses a buffer of the wrong size', async () => {
    await expect(encodeRgbaPng(new Uint8Array(10), 2, 2)).rejects.toThrow(/expected 16 bytes/);
  });
});

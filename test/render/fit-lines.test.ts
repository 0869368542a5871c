/**
 * Text laid out to be read whole (the phone pictures' place names): wrapped at spaces, a line narrowed
 * rather than cut, a word too wide even narrowed split with a hyphen; every line fits its width.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { fitLines, MIN_NARROWING, registerFonts } from '../../src/render/common/index.js';

registerFonts();
const ctx = createCanvas(1, 1).getContext('2d');

function rejoined(lines: readonly { text: string }[]): string {
  return lines.map((l) => l.text).filter((t) => t !== '').join(' ').replace(/- /g, '');
}

describe('fitLines', () => {
  it('wraps at spaces and keeps every word', () => {
    const lines = fitLines(ctx, 'Paleis van de sultan', 21, 'bold', () => 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(rejoined(lines)).toBe('Paleis van de sultan');
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(100.001);
  });

  it('narrows a word a little too wide instead of cutting it', () => {
    const [line, ...rest] = fitLines(ctx, 'Edelsteinhändler', 21, 'bold', () => 140);
    expect(rest).toEqual([]);
    expect(line!.text).toBe('Edelsteinhändler');
    expect(line!.scale).toBeLessThan(1);
    expect(line!.scale).toBeGreaterThanOrEqual(MIN_NARROWING);
    expect(line!.width).toBeCloseTo(140, 3);
  });

  it('starts a word on the wider line below when the first line is too narrow for it', () => {
    const lines = fitLines(ctx, 'Edelsteinhändler', 21, 'bold', (i) => (i === 0 ? 60 : 140));
    expect(lines.map((l) => l.text)).toEqual(['', 'Edelsteinhändler']);
  });

  it('splits a word too wide even narrowed, with a hyphen, and every part fits', () => {
    const lines = fitLines(ctx, 'Donaudampfschifffahrtsgesellschaft', 21, 'bold', () => 90);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(0, -1).every((l) => l.text.endsWith('-'))).toBe(true);
    expect(rejoined(lines)).toBe('Donaudampfschifffahrtsgesellschaft');
    for (const l of lines) expect(l.scale).toBeGreaterThanOrEqual(MIN_NARROWING);
    for (const l of lines) expect(l.width).toBeLessThanOrEqual(90.001);
  });
});

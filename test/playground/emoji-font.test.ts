/**
 * The playground draws the bot's emoji with a font of its own, since many machines have no colour emoji
 * font: every emoji the bot writes must be in it, or the page shows an empty box where Discord shows a picture.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEmojiFont } from '../../src/playground/server.js';
import { emojiInSources, emojiOf, fontCodePoints } from './emoji.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe("the playground's emoji font", () => {
  it('finds the emoji the bot writes, colour ones and keycaps, and leaves text symbols such as arrows to the text font', () => {
    expect(emojiOf('✅ done · 💡 tip · 🟥 red · 2️⃣ second')).toEqual([0x2705, 0x1f4a1, 0x1f7e5, 0x32, 0x20e3]);
    expect(emojiOf('◀ Previous turn · Next turn ▶ · a → b')).toEqual([]);
    expect(emojiOf('⏱️ asked for as an emoji')).toEqual([0x23f1]);
  });

  it('holds every emoji written anywhere in src/ (else run test/playground/make-emoji-font.ts)', () => {
    const file = findEmojiFont(path.join(ROOT, 'src', 'playground'));
    expect(file).toBe(path.join(ROOT, 'assets', 'fonts', 'NotoColorEmoji-bazaar.ttf'));
    const held = fontCodePoints(fs.readFileSync(file as string));
    const used = [...emojiInSources(ROOT)];
    expect(used.length).toBeGreaterThan(10);
    const missing = used.filter((cp) => !held.has(cp)).map((cp) => `U+${cp.toString(16).toUpperCase()} ${String.fromCodePoint(cp)}`);
    expect(missing).toEqual([]);
  });

  it('ships with its licence', () => {
    const licence = fs.readFileSync(path.join(ROOT, 'assets', 'fonts', 'NotoColorEmoji-LICENSE-OFL-1.1.txt'), 'utf8');
    expect(licence).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });
});

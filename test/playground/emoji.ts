/**
 * The colour emoji the bot writes, and the playground's emoji font that draws them. Discord shows its own
 * emoji pictures; a browser shows them only with a colour emoji font, which many machines (and every
 * Docker image) lack, so the playground serves a subset of Noto Color Emoji holding the bot's emoji
 * (assets/fonts/NotoColorEmoji-bazaar.ttf, made by test/playground/make-emoji-font.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every emoji in the text of src/ (code, messages, the page): a character with an emoji presentation, or one
 * asked for as an emoji (followed by U+FE0F), and the keycap sequences ("1️⃣"). Code points, as hex.
 */
export function emojiInSources(root: string): Set<number> {
  const found = new Set<number>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|js|mjs|html|css|md)$/.test(entry.name)) for (const cp of emojiOf(fs.readFileSync(file, 'utf8'))) found.add(cp);
    }
  };
  walk(path.join(root, 'src'));
  return found;
}

/** The code points a colour emoji font must hold to draw the emoji of `text`. */
export function emojiOf(text: string): number[] {
  const out: number[] = [];
  for (const match of text.matchAll(/[#*0-9]\uFE0F\u20E3|\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Presentation}|\p{Regional_Indicator}/gu)) {
    const sequence = [...match[0]].map((c) => c.codePointAt(0) as number);
    const [first] = sequence;
    // A pictograph drawn as text by default (an arrow, ▶) is left to the text font unless asked for as emoji.
    if (sequence.length === 1 && !/\p{Emoji_Presentation}/u.test(match[0]) && !/\p{Regional_Indicator}/u.test(match[0])) continue;
    if (first === undefined) continue;
    // The variation selector only asks for the emoji form: fonts draw it as nothing and need not map it.
    out.push(...sequence.filter((cp) => cp !== 0xfe0f));
  }
  return out;
}

/** The code points a TrueType font maps (its cmap's Unicode subtables of format 4 and 12). */
export function fontCodePoints(bytes: Buffer): Set<number> {
  const tables = bytes.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (bytes.toString('latin1', record, record + 4) === 'cmap') cmap = bytes.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('the font has no cmap table');
  const points = new Set<number>();
  const subtables = bytes.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const offset = cmap + bytes.readUInt32BE(cmap + 4 + 8 * i + 4);
    const format = bytes.readUInt16BE(offset);
    if (format === 12) {
      const groups = bytes.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + 12 * g;
        for (let cp = bytes.readUInt32BE(at); cp <= bytes.readUInt32BE(at + 4); cp++) points.add(cp);
      }
    } else if (format === 4) {
      const segments = bytes.readUInt16BE(offset + 6) / 2;
      for (let s = 0; s < segments; s++) {
        const end = bytes.readUInt16BE(offset + 14 + 2 * s);
        const start = bytes.readUInt16BE(offset + 16 + 2 * segments + 2 * s);
        if (start === 0xffff) continue;
        for (let cp = start; cp <= end; cp++) points.add(cp);
      }
    }
  }
  return points;
}

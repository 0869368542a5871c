/**
 * The renderers' fonts. The Docker image has no system fonts, so every renderer draws with the fonts
 * shipped in assets/fonts (Open Sans, Apache License 2.0; see assets/fonts/OpenSans-copyright.txt).
 * They are registered under our own family name, so a system font with the same name can never stand in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family name every renderer uses in `ctx.font`. */
export const FONT_FAMILY = 'Bazaar Sans';

export const FONT_FILES = ['OpenSans-Regular.ttf', 'OpenSans-Bold.ttf'] as const;

let registered = false;
let supported: Set<number> | null = null;

/**
 * The assets/fonts directory, found by walking up from this module: the same code runs from src/ (tsx,
 * vitest) and from dist/src/ (the build), which sit at different depths below the repository root.
 */
export function fontsDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES[0]))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('assets/fonts not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** Registers the shipped fonts once per process; safe to call from every renderer. */
export function registerFonts(): void {
  if (registered) return;
  const dir = fontsDirectory();
  for (const file of FONT_FILES) {
    const key = GlobalFonts.registerFromPath(join(dir, file), FONT_FAMILY);
    if (!key) throw new Error(`could not register font ${file}`);
  }
  registered = true;
}

/** A CSS font shorthand in our family: `font(14, 'bold')`. */
export function font(size: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${Math.round(size * 10) / 10}px "${FONT_FAMILY}"`;
}

/** The code points a TrueType font maps (cmap formats 4 and 12). */
export function fontCodePoints(path: string): Set<number> {
  const d = readFileSync(path);
  const tables = d.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + 16 * i;
    if (d.toString('latin1', rec, rec + 4) === 'cmap') cmap = d.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error(`${path} has no cmap table`);
  const out = new Set<number>();
  const subtables = d.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const o = cmap + d.readUInt32BE(cmap + 4 + 8 * i + 4);
    const format = d.readUInt16BE(o);
    if (format === 4) {
      const segX2 = d.readUInt16BE(o + 6);
      const endsAt = o + 14;
      const startsAt = endsAt + segX2 + 2;
      const deltasAt = startsAt + segX2;
      const rangesAt = deltasAt + segX2;
      for (let s = 0; s < segX2 / 2; s++) {
        const end = d.readUInt16BE(endsAt + 2 * s);
        const start = d.readUInt16BE(startsAt + 2 * s);
        const delta = d.readUInt16BE(deltasAt + 2 * s);
        const rangeOffset = d.readUInt16BE(rangesAt + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          // a code point counts only when it maps to a real glyph (not glyph 0, .notdef)
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const raw = d.readUInt16BE(rangesAt + 2 * s + rangeOffset + 2 * (c - start));
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) out.add(c);
        }
      }
    } else if (format === 12) {
      const groups = d.readUInt32BE(o + 12);
      for (let g = 0; g < groups; g++) {
        const start = d.readUInt32BE(o + 16 + 12 * g);
        const end = d.readUInt32BE(o + 20 + 12 * g);
        for (let c = start; c <= end; c++) out.add(c);
      }
    }
  }
  return out;
}

/** Code points every shipped font can draw. */
export function supportedCodePoints(): Set<number> {
  if (!supported) {
    const dir = fontsDirectory();
    const sets = FONT_FILES.map((file) => fontCodePoints(join(dir, file)));
    supported = new Set([...(sets[0] ?? [])].filter((c) => sets.every((s) => s.has(c))));
  }
  return supported;
}

/**
 * Text from outside (a Discord display name) with the characters the fonts cannot draw removed (emoji,
 * other scripts), so the image never shows empty boxes. Whitespace is collapsed; the result may be empty.
 */
export function drawableText(text: string): string {
  const ok = supportedCodePoints();
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (ok.has(cp) || ch === ' ') out += ch;
  }
  return out.replace(/\s+/g, ' ').trim();
}

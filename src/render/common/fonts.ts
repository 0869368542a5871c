/**
 * The renderers' fonts. The Docker image has no system fonts, so every renderer draws with the fonts
 * shipped in assets/fonts (Open Sans, Apache License 2.0; see assets/fonts/OpenSans-copyright.txt).
 * They are registered under our own family name, so a system font with the same name can never stand in.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family name every renderer uses in `ctx.font`. */
export const FONT_FAMILY = 'Bazaar Sans';

export const FONT_FILES = ['OpenSans-Regular.ttf', 'OpenSans-Bold.ttf'] as const;

let registered = false;

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

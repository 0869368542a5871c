/** Every text the board can draw, base game and expansion, in every locale: the font-coverage test checks each glyph. */
import { everyLsText } from './expansion/labels.js';
import { everyBaseGameText } from './i18n.js';

export function everyText(): string[] {
  const out: string[] = [];
  for (const locale of ['en', 'de', 'nl'] as const) out.push(...everyBaseGameText(locale), ...everyLsText(locale));
  out.push('ISTANBUL', '0123456789', '\u00d7', '\u00b7', '\u2026', '\u2013', '?+/:&=()#');
  return out;
}

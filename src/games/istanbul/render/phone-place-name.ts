/**
 * A place's band on the phone picture: its number in a box, its name whole (never cut). The name goes on
 * up to two lines beside the number when its words fit there (narrowed at most to BESIDE_NARROWING);
 * otherwise the band grows: the name continues, or starts, on full-width lines below the number. Every
 * band of a picture has the height of the tallest, so the grid stays even.
 */
import { fitLines, font, measuringContext, PHONE_MIN_TEXT, type Ctx, type FittedLine } from '../../../render/common/index.js';
import { placeName, type RenderLocale } from './i18n.js';

export const PLACE_NAME_SIZE = PHONE_MIN_TEXT;
export const PLACE_NUMBER_SIZE = 26;
/** The band when the name fits beside the number. */
export const BAND_MIN_H = 52;
/** The number's row, when lines follow below it. */
export const NUMBER_ROW_H = 46;
export const NAME_LINE_H = 23;
const INSET = 5;
/** Beside the number a name may be narrowed this far; a name that needs more goes below, at full width. */
const BESIDE_NARROWING = 0.85;

export interface PlaceNameLayout {
  /** The number box's width. */
  readonly numberW: number;
  /** Lines beside the number (at most 2), then below it. */
  readonly beside: readonly FittedLine[];
  readonly below: readonly FittedLine[];
  /** The band height this name needs. */
  readonly height: number;
}

/** Whether `lines` hold every word of `name` unsplit. */
function whole(lines: readonly FittedLine[], name: string): boolean {
  return lines.every((l) => l.text !== '') && lines.map((l) => l.text).join(' ') === name.split(/\s+/).filter(Boolean).join(' ');
}

export function placeNameLayout(ctx: Ctx, id: number, locale: RenderLocale, tileW: number): PlaceNameLayout {
  const name = placeName(id, locale);
  ctx.font = font(PLACE_NUMBER_SIZE, 'bold');
  const numberW = Math.max(34, ctx.measureText(String(id)).width + 12);
  const besideW = tileW - numberW - 3 * INSET;
  const fullW = tileW - 2 * INSET;
  const besideOnly = fitLines(ctx, name, PLACE_NAME_SIZE, 'bold', () => besideW);
  if (besideOnly.length <= 2 && whole(besideOnly, name) && besideOnly.every((l) => l.scale >= BESIDE_NARROWING)) return { numberW, beside: besideOnly, below: [], height: BAND_MIN_H };
  // The first line beside the number (or none, when the first word needs the full width), the rest below.
  const flowed = fitLines(ctx, name, PLACE_NAME_SIZE, 'bold', (line) => (line === 0 ? besideW : fullW));
  const [first, ...rest] = flowed;
  const beside = first === undefined || first.text === '' ? [] : [first];
  return { numberW, beside, below: rest, height: NUMBER_ROW_H + rest.length * NAME_LINE_H + 4 };
}

/** The band height for every place of the picture: the tallest name's. */
export function bandHeight(ids: readonly number[], locale: RenderLocale, tileW: number): number {
  const ctx = measuringContext();
  return Math.max(BAND_MIN_H, ...ids.map((id) => placeNameLayout(ctx, id, locale, tileW).height));
}

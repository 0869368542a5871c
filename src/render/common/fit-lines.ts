/**
 * Text that must be read whole on the phone pictures (place names): never cut with an ellipsis, never
 * drawn below the minimum size. It is wrapped at spaces; a line still too wide is narrowed (a horizontal
 * scale, which leaves the letters' height, and so the digits' height, as it was) down to MIN_NARROWING
 * (two words share a line when they fit narrowed a little, to JOIN_NARROWING);
 * only a word too wide even then is split, with a hyphen.
 */
import { font } from './fonts.js';
import type { Ctx } from './shapes.js';

/** The narrowest a line is drawn: below this, letters run into each other. */
export const MIN_NARROWING = 0.72;
/** A word joins the line before it when the two fit narrowed this little: one line less reads better. */
const JOIN_NARROWING = 0.88;

export interface FittedLine {
  readonly text: string;
  /** The horizontal scale to draw it at (1: as it is). */
  readonly scale: number;
  /** Its width as drawn. */
  readonly width: number;
}

function widthOf(ctx: Ctx, text: string): number {
  return ctx.measureText(text).width;
}

/** Splits a word that does not fit `room` even narrowed: the longest head (at least 2 letters each side) that fits with its hyphen. */
function splitWord(ctx: Ctx, word: string, room: number): [string, string] {
  for (let cut = word.length - 2; cut >= 2; cut -= 1) {
    const head = `${word.slice(0, cut)}-`;
    if (widthOf(ctx, head) * MIN_NARROWING <= room) return [head, word.slice(cut)];
  }
  return [word.slice(0, 1), word.slice(1)];
}

/**
 * Lays `text` out in lines of the widths `widthOfLine(i)` (the first line may be narrower, beside a
 * number). A first line too narrow for the first word is left empty (text: ''), so the word starts on the
 * wider line below. Sets ctx.font.
 */
export function fitLines(ctx: Ctx, text: string, size: number, weight: 'normal' | 'bold', widthOfLine: (line: number) => number): FittedLine[] {
  ctx.font = font(size, weight);
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: FittedLine[] = [];
  const push = (line: string): void => {
    const room = widthOfLine(lines.length);
    const natural = widthOf(ctx, line);
    const scale = natural <= room ? 1 : room / natural;
    lines.push({ text: line, scale, width: natural * scale });
  };
  let i = 0;
  while (i < words.length) {
    const room = widthOfLine(lines.length);
    const first = words[i] as string;
    if (widthOf(ctx, first) * MIN_NARROWING > room) {
      // Too wide even narrowed: a wider line below takes it whole, else it is split.
      if (widthOfLine(lines.length + 1) > room) {
        lines.push({ text: '', scale: 1, width: 0 });
        continue;
      }
      const [head, rest] = splitWord(ctx, first, room);
      push(head);
      words[i] = rest;
      continue;
    }
    // As many words as fit, narrowed a little at most; else the first alone, narrowed as it needs.
    let line = first;
    i += 1;
    while (i < words.length && widthOf(ctx, `${line} ${words[i] as string}`) * JOIN_NARROWING <= room) {
      line = `${line} ${words[i] as string}`;
      i += 1;
    }
    push(line);
  }
  return lines;
}

/** Draws a fitted line at (x, y) with the context's font, alignment and baseline, narrowed as fitted. */
export function drawFittedLine(ctx: Ctx, line: FittedLine, x: number, y: number): void {
  if (line.scale === 1) {
    ctx.fillText(line.text, x, y);
    return;
  }
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(line.scale, 1);
  ctx.fillText(line.text, 0, 0);
  ctx.restore();
}

/**
 * Basic drawing: rounded rectangles, marker shapes and text that fits its box. Game-agnostic.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { font, registerFonts } from './fonts.js';
import { mix } from './colour.js';

export type Ctx = SKRSContext2D;

export function roundRectPath(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** A rectangle with its own radius per corner: top-left, top-right, bottom-right, bottom-left. */
export function roundRectCornersPath(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  [tl, tr, br, bl]: readonly [number, number, number, number],
): void {
  const c = (r: number): number => Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + c(tl), y);
  ctx.lineTo(x + w - c(tr), y);
  if (c(tr) > 0) ctx.arcTo(x + w, y, x + w, y + c(tr), c(tr));
  ctx.lineTo(x + w, y + h - c(br));
  if (c(br) > 0) ctx.arcTo(x + w, y + h, x + w - c(br), y + h, c(br));
  ctx.lineTo(x + c(bl), y + h);
  if (c(bl) > 0) ctx.arcTo(x, y + h, x, y + h - c(bl), c(bl));
  ctx.lineTo(x, y + c(tl));
  if (c(tl) > 0) ctx.arcTo(x, y, x + c(tl), y, c(tl));
  ctx.closePath();
}

export function fillRoundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  roundRectPath(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function strokeRoundRect(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  stroke: string,
  width = 1,
): void {
  roundRectPath(ctx, x, y, w, h, r);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Shapes that tell markers apart without colour. */
export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon' | 'pentagon' | 'star' | 'drop';

/** A path for `shape` centred on (cx, cy), fitting a circle of radius r (area roughly equal across shapes). */
export function shapePath(ctx: Ctx, shape: MarkerShape, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r * 0.9, 0, Math.PI * 2);
      break;
    case 'square': {
      const s = r * 0.82;
      const k = s * 0.25;
      ctx.moveTo(cx - s + k, cy - s);
      ctx.arcTo(cx + s, cy - s, cx + s, cy + s, k);
      ctx.arcTo(cx + s, cy + s, cx - s, cy + s, k);
      ctx.arcTo(cx - s, cy + s, cx - s, cy - s, k);
      ctx.arcTo(cx - s, cy - s, cx + s, cy - s, k);
      break;
    }
    case 'triangle': {
      const h = r * 1.05;
      ctx.moveTo(cx, cy - h);
      ctx.lineTo(cx + h * 0.98, cy + h * 0.72);
      ctx.lineTo(cx - h * 0.98, cy + h * 0.72);
      break;
    }
    case 'diamond':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r * 0.85, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r * 0.85, cy);
      break;
    case 'hexagon':
    case 'pentagon': {
      const n = shape === 'hexagon' ? 6 : 5;
      for (let i = 0; i < n; i++) {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
        const px = cx + Math.cos(a) * r * 0.95;
        const py = cy + Math.sin(a) * r * 0.95;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      break;
    }
    case 'star':
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rad = i % 2 === 0 ? r : r * 0.45;
        const px = cx + Math.cos(a) * rad;
        const py = cy + Math.sin(a) * rad;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      break;
    case 'drop':
      ctx.moveTo(cx, cy - r);
      ctx.bezierCurveTo(cx + r * 0.5, cy - r * 0.35, cx + r * 0.85, cy + 0.05 * r, cx + r * 0.85, cy + r * 0.3);
      ctx.arc(cx, cy + r * 0.3, r * 0.85, 0, Math.PI);
      ctx.bezierCurveTo(cx - r * 0.85, cy + 0.05 * r, cx - r * 0.5, cy - r * 0.35, cx, cy - r);
      break;
  }
  ctx.closePath();
}

export interface MarkerStyle {
  readonly fill: string;
  readonly stroke: string;
  readonly shape: MarkerShape;
}

export function drawMarker(ctx: Ctx, style: MarkerStyle, cx: number, cy: number, r: number, lineWidth = Math.max(1, r / 7)): void {
  shapePath(ctx, style.shape, cx, cy, r);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = style.stroke;
  ctx.lineJoin = 'round';
  ctx.stroke();
}

export interface TextStyle {
  readonly size: number;
  readonly weight?: 'normal' | 'bold';
  readonly colour: string;
  readonly align?: 'left' | 'center' | 'right';
  readonly baseline?: 'alphabetic' | 'middle' | 'top' | 'bottom';
  /** Smallest size the text may shrink to before it is cut with an ellipsis. */
  readonly minSize?: number;
}

const ELLIPSIS = '\u2026';

/** Widths by font and text (see measuredWidth); cleared when it grows past this many. */
const MAX_WIDTHS = 20_000;
const widths = new Map<string, number>();

/**
 * The width of `text` in font `f` (a font() string). Remembered per thread: measuring crosses into Skia
 * (~20 µs a call), and a board measures the same labels, names and numbers about 200 times each render.
 * The width depends on the font and the text only (no letter or word spacing is ever set).
 */
export function measuredWidth(ctx: Ctx, f: string, text: string): number {
  const key = `${f}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    ctx.font = f;
    width = ctx.measureText(text).width;
    if (widths.size >= MAX_WIDTHS) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/**
 * The largest size between `minSize` and `size` at which `text` fits `maxWidth`; at `minSize` the text is
 * cut and ends with an ellipsis. Returns the text to draw and the font used.
 */
export function fitText(
  ctx: Ctx,
  text: string,
  maxWidth: number,
  size: number,
  weight: 'normal' | 'bold' = 'normal',
  minSize = size,
): { text: string; font: string; size: number } {
  let s = size;
  for (;;) {
    const f = font(s, weight);
    if (measuredWidth(ctx, f, text) <= maxWidth) {
      ctx.font = f;
      return { text, font: f, size: s };
    }
    if (s <= minSize) break;
    s = Math.max(minSize, s - Math.max(0.5, s * 0.06));
  }
  const f = font(s, weight);
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measuredWidth(ctx, f, text.slice(0, mid).trimEnd() + ELLIPSIS) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  ctx.font = f;
  return { text: lo === 0 ? ELLIPSIS : text.slice(0, lo).trimEnd() + ELLIPSIS, font: f, size: s };
}

/** Draws `text` fitted into `maxWidth` (shrinking, then ellipsis). Returns the width drawn. */
export function drawText(ctx: Ctx, text: string, x: number, y: number, maxWidth: number, style: TextStyle): number {
  const fitted = fitText(ctx, text, maxWidth, style.size, style.weight ?? 'normal', style.minSize ?? style.size);
  ctx.font = fitted.font;
  ctx.fillStyle = style.colour;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = style.baseline ?? 'alphabetic';
  ctx.fillText(fitted.text, x, y);
  return measuredWidth(ctx, fitted.font, fitted.text);
}

/** Width of `text` at a size and weight. */
export function textWidth(ctx: Ctx, text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  const f = font(size, weight);
  ctx.font = f;
  return measuredWidth(ctx, f, text);
}

/** Splits `text` into at most `maxLines` lines that fit `maxWidth`; text that does not fit ends in an ellipsis. */
export function wrapText(
  ctx: Ctx,
  text: string,
  maxWidth: number,
  size: number,
  weight: 'normal' | 'bold',
  maxLines: number,
): string[] {
  const f = font(size, weight);
  ctx.font = f;
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const candidate = current ? `${current} ${word}` : word;
    if (current === '' || measuredWidth(ctx, f, candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(fitText(ctx, [current, ...words.slice(i)].join(' '), maxWidth, size, weight, size).text);
      return lines;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(fitText(ctx, current, maxWidth, size, weight, size).text);
  return lines;
}

/**
 * Fills a rectangle with a vertical gradient from `top` to `bottom`, one flat colour per run of rows of the
 * same rounded colour. Skia dithers a canvas gradient: every row of the backgrounds then held four colours in
 * a pattern, which the PNG's deflate could not compress as it does flat rows (a board-sized background took
 * ~4 ms more to encode and twice the bytes). Neighbouring runs differ by the rounding of the interpolation:
 * for the backgrounds' gentle gradients, one level of a channel.
 */
export function fillVerticalGradient(ctx: Ctx, x: number, y: number, w: number, h: number, top: string, bottom: string): void {
  let runStart = 0;
  let runColour = mix(top, bottom, h <= 1 ? 0 : 0.5 / h);
  for (let row = 1; row <= h; row++) {
    const colour = row < h ? mix(top, bottom, (row + 0.5) / h) : '';
    if (colour === runColour) continue;
    ctx.fillStyle = runColour;
    ctx.fillRect(x, y + runStart, w, row - runStart);
    runStart = row;
    runColour = colour;
  }
}

let measuring: Ctx | null = null;

/** A context to measure text with while laying out, before the picture's canvas exists. */
export function measuringContext(): Ctx {
  // the shipped fonts, or the widths would be another font's
  registerFonts();
  measuring ??= createCanvas(1, 1).getContext('2d');
  return measuring;
}

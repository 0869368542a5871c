/**
 * Small pictograms shared by the tiles and the player panels: goods, coins, rubies, cards, dice, the start
 * player marker, mosque tiles and wheelbarrow extensions.
 */
import type { Good } from '../view/types.js';
import { darken, drawMarker, drawSprite, font, lighten, roundRectPath, shapePath, type Ctx } from '../../../render/common/index.js';
import { GOOD_STYLES, GOOD_ORDER, THEME, type FigureStyle } from './style.js';

/** A good: its colour in its own shape, with a small light glint so it reads as a token. */
export function drawGood(ctx: Ctx, good: Good, cx: number, cy: number, r: number): void {
  const style = GOOD_STYLES[good];
  drawMarker(ctx, style, cx, cy, r, Math.max(1.2, r * 0.16));
  if (r >= 7) {
    ctx.fillStyle = 'rgba(255,255,255,0.45)';
    ctx.beginPath();
    ctx.arc(cx - r * 0.28, cy - r * 0.22, r * 0.16, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** "Any good": a disc split into the four goods colours, with a question mark. */
export function drawAnyGood(ctx: Ctx, cx: number, cy: number, r: number): void {
  const rr = r * 0.9;
  GOOD_ORDER.forEach((good, i) => {
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, rr, -Math.PI / 2 + (i * Math.PI) / 2, -Math.PI / 2 + ((i + 1) * Math.PI) / 2);
    ctx.closePath();
    ctx.fillStyle = GOOD_STYLES[good].fill;
    ctx.fill();
  });
  ctx.beginPath();
  ctx.arc(cx, cy, rr, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(1.2, r * 0.16);
  ctx.strokeStyle = '#2a2118';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, rr * 0.55, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.fillStyle = '#2a2118';
  ctx.font = font(r * 0.95, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('?', cx, cy + r * 0.05);
}

/** A gold lira coin, optionally with its value. */
export function drawCoin(ctx: Ctx, cx: number, cy: number, r: number, value?: number | string): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = THEME.coin;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = THEME.coinDark;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.74, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(0.8, r * 0.07);
  ctx.strokeStyle = 'rgba(140,100,19,0.6)';
  ctx.stroke();
  if (value !== undefined) {
    const text = String(value);
    ctx.fillStyle = '#4a3306';
    ctx.font = font(r * (text.length > 1 ? 1.0 : 1.2), 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, cx, cy + r * 0.06);
  }
}

/** A cut ruby; an empty slot when `filled` is false. */
export function drawRuby(ctx: Ctx, cx: number, cy: number, r: number, filled = true): void {
  const top = cy - r * 0.72;
  const mid = cy - r * 0.22;
  const bottom = cy + r * 0.9;
  const outline = (): void => {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.5, top);
    ctx.lineTo(cx + r * 0.5, top);
    ctx.lineTo(cx + r, mid);
    ctx.lineTo(cx, bottom);
    ctx.lineTo(cx - r, mid);
    ctx.closePath();
  };
  outline();
  if (!filled) {
    ctx.fillStyle = 'rgba(0,0,0,0.12)';
    ctx.fill();
    ctx.setLineDash([Math.max(2, r * 0.3), Math.max(1.5, r * 0.22)]);
    ctx.lineWidth = Math.max(1, r * 0.12);
    ctx.strokeStyle = 'rgba(209,31,75,0.75)';
    ctx.stroke();
    ctx.setLineDash([]);
    return;
  }
  ctx.fillStyle = THEME.ruby;
  ctx.fill();
  // facets
  ctx.beginPath();
  ctx.moveTo(cx - r, mid);
  ctx.lineTo(cx + r, mid);
  ctx.moveTo(cx - r * 0.5, top);
  ctx.lineTo(cx - r * 0.25, mid);
  ctx.lineTo(cx, bottom);
  ctx.lineTo(cx + r * 0.25, mid);
  ctx.lineTo(cx + r * 0.5, top);
  ctx.lineWidth = Math.max(0.7, r * 0.07);
  ctx.strokeStyle = 'rgba(255,190,205,0.7)';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.45, top + r * 0.05);
  ctx.lineTo(cx - r * 0.1, top + r * 0.05);
  ctx.lineTo(cx - r * 0.3, mid);
  ctx.closePath();
  ctx.fillStyle = 'rgba(255,255,255,0.5)';
  ctx.fill();
  outline();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = THEME.rubyDark;
  ctx.stroke();
}

/** A bonus card seen from the back (a small fan when `count` > 1). */
export function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  roundRectPath(ctx, x, y, w, h, w * 0.14);
  ctx.fillStyle = '#2d5f8a';
  ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.07);
  ctx.strokeStyle = '#f3e6cb';
  ctx.stroke();
  ctx.beginPath();
  const cx = x + w / 2;
  const cy = y + h / 2;
  ctx.moveTo(cx, cy - h * 0.25);
  ctx.lineTo(cx + w * 0.25, cy);
  ctx.lineTo(cx, cy + h * 0.25);
  ctx.lineTo(cx - w * 0.25, cy);
  ctx.closePath();
  ctx.fillStyle = '#e6b54a';
  ctx.fill();
}

/** A die face. */
export function drawDie(ctx: Ctx, x: number, y: number, s: number, value: number): void {
  roundRectPath(ctx, x, y, s, s, s * 0.18);
  ctx.fillStyle = '#fbf8f1';
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.06);
  ctx.strokeStyle = '#3a3226';
  ctx.stroke();
  const pips: Record<number, [number, number][]> = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  ctx.fillStyle = value === 1 ? '#b3202d' : '#1f1a14';
  for (const [dx, dy] of pips[value] ?? []) {
    ctx.beginPath();
    ctx.arc(x + s / 2 + dx * s * 0.26, y + s / 2 + dy * s * 0.26, s * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** The start player marker: a gold pennant on a pole. */
export function drawStartMarker(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = THEME.gold;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = THEME.goldDark;
  ctx.stroke();
  const px = cx - r * 0.35;
  ctx.beginPath();
  ctx.moveTo(px, cy + r * 0.55);
  ctx.lineTo(px, cy - r * 0.6);
  ctx.lineWidth = Math.max(1.2, r * 0.13);
  ctx.strokeStyle = '#3b2a08';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(px, cy - r * 0.6);
  ctx.lineTo(px + r * 0.85, cy - r * 0.33);
  ctx.lineTo(px, cy - r * 0.05);
  ctx.closePath();
  ctx.fillStyle = '#b3202d';
  ctx.fill();
}

/** A mosque tile of a colour, with its threshold; a dashed slot when not owned / none left. */
export function drawMosqueTile(ctx: Ctx, x: number, y: number, s: number, good: Good, filled: boolean, threshold?: number): void {
  const style = GOOD_STYLES[good];
  roundRectPath(ctx, x, y, s, s, s * 0.18);
  if (!filled) {
    ctx.fillStyle = 'rgba(0,0,0,0.12)';
    ctx.fill();
    ctx.setLineDash([Math.max(2, s * 0.14), Math.max(2, s * 0.1)]);
    ctx.lineWidth = Math.max(1, s * 0.06);
    ctx.strokeStyle = lighten(style.fill, 0.15);
    ctx.stroke();
    ctx.setLineDash([]);
    shapePath(ctx, style.shape, x + s / 2, y + s / 2, s * 0.22);
    ctx.fillStyle = lighten(style.fill, 0.1);
    ctx.globalAlpha = 0.55;
    ctx.fill();
    ctx.globalAlpha = 1;
    return;
  }
  ctx.fillStyle = '#f6ecd6';
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, s * 0.1);
  ctx.strokeStyle = style.fill;
  ctx.stroke();
  // a small dome
  const cx = x + s / 2;
  const base = y + s * (threshold === undefined ? 0.78 : 0.62);
  const dr = s * (threshold === undefined ? 0.3 : 0.22);
  ctx.beginPath();
  ctx.moveTo(cx - dr, base);
  ctx.arc(cx, base, dr, Math.PI, 0);
  ctx.closePath();
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.05);
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx, base - dr);
  ctx.lineTo(cx, base - dr - s * 0.1);
  ctx.stroke();
  if (threshold !== undefined) {
    ctx.fillStyle = THEME.tileInk;
    ctx.font = font(s * 0.34, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(String(threshold), cx, y + s * 0.93);
  }
}

/** A wheelbarrow extension piece (a plank with a wheel hub). */
export function drawExtension(ctx: Ctx, x: number, y: number, w: number, h: number, filled: boolean): void {
  roundRectPath(ctx, x, y, w, h, h * 0.3);
  if (filled) {
    ctx.fillStyle = '#c98a4a';
    ctx.fill();
    ctx.lineWidth = Math.max(1, h * 0.12);
    ctx.strokeStyle = '#5e3a16';
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x + w * 0.33, y + h * 0.2);
    ctx.lineTo(x + w * 0.33, y + h * 0.8);
    ctx.moveTo(x + w * 0.66, y + h * 0.2);
    ctx.lineTo(x + w * 0.66, y + h * 0.8);
    ctx.lineWidth = Math.max(0.8, h * 0.08);
    ctx.strokeStyle = 'rgba(94,58,22,0.6)';
    ctx.stroke();
  } else {
    ctx.setLineDash([3, 2]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(201,138,74,0.6)';
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** An assistant token: a small rounded block in the owner's colour with a number or letter. */
export function drawAssistantToken(ctx: Ctx, cx: number, cy: number, s: number, style: FigureStyle, text: string): void {
  const x = cx - s / 2;
  const y = cy - s / 2;
  roundRectPath(ctx, x, y + s * 0.12, s, s, s * 0.22);
  ctx.fillStyle = darken(style.fill, 0.35);
  ctx.fill();
  roundRectPath(ctx, x, y, s, s * 0.9, s * 0.22);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.08);
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.font = font(s * 0.62, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy - s * 0.02);
}

// ---- the same glyphs from this thread's sprites (render/common/sprites.ts) ------------------------------
// Drawn once per size, state and fraction of a pixel, then composited: for glyphs a picture draws many
// times (a player panel's goods, rubies, mosque tiles and extensions; the tiles' goods, rubies and
// extensions). Text-free glyphs only: the tests that read what a picture writes see its own text calls.

/** drawGood, from a sprite. */
export function drawGoodSprite(ctx: Ctx, good: Good, cx: number, cy: number, r: number): void {
  const half = r * 1.3 + 2;
  drawSprite(ctx, `good ${good} ${r}`, cx - half, cy - half, 2 * half, 2 * half, (sprite, dx, dy) => drawGood(sprite, good, cx + dx, cy + dy, r));
}

/** drawRuby, from a sprite. */
export function drawRubySprite(ctx: Ctx, cx: number, cy: number, r: number, filled = true): void {
  drawSprite(ctx, `ruby ${filled} ${r}`, cx - r - 2, cy - r - 2, 2 * r + 4, 2 * r + 4, (sprite, dx, dy) => drawRuby(sprite, cx + dx, cy + dy, r, filled));
}

/** drawMosqueTile without its threshold, from a sprite. */
export function drawMosqueTileSprite(ctx: Ctx, x: number, y: number, s: number, good: Good, filled: boolean): void {
  drawSprite(ctx, `mosque tile ${good} ${filled} ${s}`, x - 2, y - 2, s + 4, s + 4, (sprite, dx, dy) => drawMosqueTile(sprite, x + dx, y + dy, s, good, filled));
}

/** drawExtension, from a sprite. */
export function drawExtensionSprite(ctx: Ctx, x: number, y: number, w: number, h: number, filled: boolean): void {
  drawSprite(ctx, `extension ${filled} ${w}x${h}`, x - 2, y - 2, w + 4, h + 4, (sprite, dx, dy) => drawExtension(sprite, x + dx, y + dy, w, h, filled));
}

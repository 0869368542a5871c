/**
 * Small pictograms of the Kairo image: colour shapes, customers, owner discs, medals, building cards,
 * card backs, the crier's megaphone and a coin.
 */
import type { Colour, KairoCardView } from '../view/types.js';
import { drawMarker, font, roundRectPath, shapePath, type Ctx } from '../../../render/common/index.js';
import { COLOUR_STYLES, NEUTRAL_DISC, OWNER_DISC, THEME } from './style.js';

/** A colour's shape in its colour (or in `fill`), outlined. */
export function drawColourShape(ctx: Ctx, colour: Colour, cx: number, cy: number, r: number, fill?: string, stroke?: string): void {
  const style = COLOUR_STYLES[colour];
  drawMarker(ctx, { fill: fill ?? style.fill, stroke: stroke ?? style.stroke, shape: style.shape }, cx, cy, r, Math.max(1.2, r * 0.18));
}

/**
 * A customer: a pawn in its colour (head and body), outlined dark with a white halo so it stands out on
 * any field, with its colour's shape in white on the body.
 */
export function drawCustomer(ctx: Ctx, colour: Colour, cx: number, cy: number, s: number): void {
  const style = COLOUR_STYLES[colour];
  const head = s * 0.2;
  const headY = cy - s * 0.26;
  const bodyTop = cy - s * 0.08;
  const bodyBottom = cy + s * 0.42;
  const topHalf = s * 0.2;
  const bottomHalf = s * 0.36;
  const body = (): void => {
    ctx.beginPath();
    ctx.moveTo(cx - topHalf, bodyTop + s * 0.04);
    ctx.quadraticCurveTo(cx - topHalf, bodyTop - s * 0.04, cx, bodyTop - s * 0.04);
    ctx.quadraticCurveTo(cx + topHalf, bodyTop - s * 0.04, cx + topHalf, bodyTop + s * 0.04);
    ctx.lineTo(cx + bottomHalf, bodyBottom - s * 0.06);
    ctx.quadraticCurveTo(cx + bottomHalf, bodyBottom, cx + bottomHalf - s * 0.06, bodyBottom);
    ctx.lineTo(cx - bottomHalf + s * 0.06, bodyBottom);
    ctx.quadraticCurveTo(cx - bottomHalf, bodyBottom, cx - bottomHalf, bodyBottom - s * 0.06);
    ctx.closePath();
  };
  const headPath = (): void => {
    ctx.beginPath();
    ctx.arc(cx, headY, head, 0, Math.PI * 2);
  };
  ctx.save();
  ctx.lineJoin = 'round';
  // halo
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(3, s * 0.12);
  body();
  ctx.stroke();
  headPath();
  ctx.stroke();
  // figure
  ctx.fillStyle = style.fill;
  ctx.strokeStyle = '#1b1f24';
  ctx.lineWidth = Math.max(1.5, s * 0.045);
  body();
  ctx.fill();
  ctx.stroke();
  headPath();
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  drawMarker(ctx, { fill: '#ffffff', stroke: '#1b1f24', shape: style.shape }, cx, cy + s * 0.2, s * 0.13, Math.max(1, s * 0.03));
}

/**
 * The owner's disc: the player's number in the playing order on white (see seatNumber in board.ts), or
 * "N" on grey for a neutral stall.
 */
export function drawOwnerDisc(ctx: Ctx, owner: number | 'neutral', cx: number, cy: number, r: number): void {
  const neutral = owner === 'neutral';
  const disc = neutral ? NEUTRAL_DISC : OWNER_DISC;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = disc.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.14);
  ctx.strokeStyle = disc.stroke;
  ctx.stroke();
  ctx.fillStyle = disc.ink;
  ctx.font = font(r * 1.2, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(neutral ? 'N' : String(owner), cx, cy + r * 0.06);
}

/** A medal (gold or silver) with the shape of its colour; the holder's disc beside it, or an empty slot. */
export function drawMedal(ctx: Ctx, kind: 'gold' | 'silver', colour: Colour, cx: number, cy: number, r: number, present = true): void {
  const fill = kind === 'gold' ? THEME.gold : THEME.silver;
  const dark = kind === 'gold' ? THEME.goldDark : THEME.silverDark;
  ctx.save();
  if (!present) ctx.globalAlpha = 0.35;
  // ribbon
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.55, cy - r * 1.35);
  ctx.lineTo(cx - r * 0.05, cy - r * 0.6);
  ctx.lineTo(cx + r * 0.05, cy - r * 0.6);
  ctx.lineTo(cx + r * 0.55, cy - r * 1.35);
  ctx.lineWidth = r * 0.32;
  ctx.strokeStyle = COLOUR_STYLES[colour].fill;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.2, r * 0.13);
  ctx.strokeStyle = dark;
  ctx.stroke();
  ctx.restore();
  if (present) drawColourShape(ctx, colour, cx, cy, r * 0.55);
}

/** A building card seen from the back. */
export function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  roundRectPath(ctx, x, y, w, h, w * 0.12);
  ctx.fillStyle = '#7a3b1d';
  ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.06);
  ctx.strokeStyle = THEME.card;
  ctx.stroke();
  const cx = x + w / 2;
  const cy = y + h / 2;
  ctx.beginPath();
  ctx.moveTo(cx, cy - h * 0.24);
  ctx.lineTo(cx + w * 0.26, cy);
  ctx.lineTo(cx, cy + h * 0.24);
  ctx.lineTo(cx - w * 0.26, cy);
  ctx.closePath();
  ctx.fillStyle = THEME.gold;
  ctx.fill();
}

/**
 * A building card face: the 3 x 3 sections of the market as a small map with the card's sections
 * filled, and the section numbers in words below ("4", "Joker 1·2·3").
 */
export function drawBuildingCard(ctx: Ctx, x: number, y: number, w: number, h: number, card: KairoCardView): void {
  roundRectPath(ctx, x, y, w, h, 7);
  ctx.fillStyle = THEME.card;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = card.joker ? THEME.goldDark : THEME.cardEdge;
  ctx.stroke();
  const pad = w * 0.12;
  const mapW = w - 2 * pad;
  const mapH = mapW * 0.75;
  const mx = x + pad;
  const my = y + pad;
  const cw = mapW / 3;
  const ch = mapH / 3;
  for (let s = 1; s <= 9; s++) {
    const col = (s - 1) % 3;
    const row = Math.floor((s - 1) / 3);
    const on = card.sections.includes(s);
    ctx.fillStyle = on ? (card.joker ? THEME.cardMarkJoker : THEME.cardMark) : THEME.cardSection;
    ctx.fillRect(mx + col * cw + 1, my + row * ch + 1, cw - 2, ch - 2);
    if (on) {
      ctx.fillStyle = '#ffffff';
      ctx.font = font(Math.min(ch * 0.78, 15), 'bold');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(s), mx + col * cw + cw / 2, my + row * ch + ch / 2 + 0.5);
    }
  }
  ctx.strokeStyle = THEME.cardEdge;
  ctx.lineWidth = 1;
  ctx.strokeRect(mx + 0.5, my + 0.5, mapW - 1, mapH - 1);
  const text = card.joker ? `Joker ${card.sections.join('·')}` : String(card.sections[0] ?? '');
  ctx.fillStyle = THEME.cardInk;
  ctx.font = font(card.joker ? Math.min(14, w * 0.19) : Math.min(22, w * 0.3), 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + w / 2, my + mapH + (y + h - (my + mapH)) / 2);
}

/** The crier's megaphone (crier cards). */
export function drawCrier(ctx: Ctx, cx: number, cy: number, r: number, fill = THEME.card, stroke = '#3a2a14'): void {
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.85, cy - r * 0.28);
  ctx.lineTo(cx - r * 0.35, cy - r * 0.28);
  ctx.lineTo(cx + r * 0.6, cy - r * 0.8);
  ctx.lineTo(cx + r * 0.6, cy + r * 0.8);
  ctx.lineTo(cx - r * 0.35, cy + r * 0.28);
  ctx.lineTo(cx - r * 0.85, cy + r * 0.28);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.2, r * 0.13);
  ctx.strokeStyle = stroke;
  ctx.stroke();
  // handle
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.45, cy + r * 0.28);
  ctx.lineTo(cx - r * 0.55, cy + r * 0.75);
  ctx.stroke();
  // sound
  ctx.lineCap = 'round';
  for (const k of [1, 2]) {
    ctx.beginPath();
    ctx.arc(cx + r * 0.6, cy, r * (0.35 + 0.3 * k), -Math.PI / 5, Math.PI / 5);
    ctx.lineWidth = Math.max(1, r * 0.1);
    ctx.strokeStyle = fill;
    ctx.stroke();
  }
  ctx.restore();
}

/** A coin (the screens hide how many: drawn with a question mark when hidden). */
export function drawCoin(ctx: Ctx, cx: number, cy: number, r: number, text: string): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = THEME.gold;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.14);
  ctx.strokeStyle = THEME.goldDark;
  ctx.stroke();
  ctx.fillStyle = THEME.goldDark;
  ctx.font = font(r * 1.15, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + r * 0.05);
}

/** Diagonal hatching inside the current path's bounds (the neutral stalls' mark). */
export function hatch(ctx: Ctx, x: number, y: number, w: number, h: number, colour: string, step = 9): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.beginPath();
  for (let d = -h; d < w; d += step) {
    ctx.moveTo(x + d, y + h);
    ctx.lineTo(x + d + h, y);
  }
  ctx.lineWidth = step * 0.32;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}

export { shapePath };

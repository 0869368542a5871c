/**
 * The figures standing on a place, and how they share the bottom strip of a tile. Every player figure
 * carries its player's number, so colour is never the only clue.
 */
import { darken, font, roundRectPath, type Ctx } from '../../../render/common/index.js';
import { drawAssistantToken } from './glyphs.js';
import { GOVERNOR_STYLE, NEUTRAL_STYLE, SMUGGLER_STYLE, THEME, type FigureStyle } from './style.js';

/** A figure to place: its size at scale 1 and how to draw it with its top-left at (x, y). */
export interface FigureItem {
  readonly key: string;
  readonly w: number;
  readonly h: number;
  draw(ctx: Ctx, x: number, y: number, scale: number): void;
}

const STACK_LAYER = 5;
const MAX_LAYERS = 6;

/** A glow ring for the figure of the player who must decide. */
function halo(ctx: Ctx, cx: number, cy: number, r: number): void {
  const g = ctx.createRadialGradient(cx, cy, r * 0.6, cx, cy, r * 1.45);
  g.addColorStop(0, 'rgba(255,210,63,0.95)');
  g.addColorStop(1, 'rgba(255,210,63,0)');
  ctx.beginPath();
  ctx.arc(cx, cy, r * 1.45, 0, Math.PI * 2);
  ctx.fillStyle = g;
  ctx.fill();
}

function countBadge(ctx: Ctx, cx: number, cy: number, s: number, text: string): void {
  ctx.font = font(11 * s, 'bold');
  const w = Math.max(16 * s, ctx.measureText(text).width + 8 * s);
  const h = 15 * s;
  roundRectPath(ctx, cx - w / 2, cy - h / 2, w, h, h / 2);
  ctx.fillStyle = '#1b1f24';
  ctx.fill();
  ctx.lineWidth = 1.2 * s;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 0.5 * s);
}

/** A round token seen from above, with a number or letter. */
function token(ctx: Ctx, cx: number, cy: number, r: number, style: FigureStyle, text: string, s: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy + 2.5 * s, r, 0, Math.PI * 2);
  ctx.fillStyle = darken(style.fill, 0.45);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 2 * s;
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.72, 0, Math.PI * 2);
  ctx.lineWidth = 1.1 * s;
  ctx.strokeStyle = darken(style.fill, 0.25);
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.font = font(r * 1.15, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + r * 0.06);
}

/**
 * A merchant on top of its assistant stack (drawn as discs below it, bottom first, each in its owner's
 * colour), with the stack size in a badge.
 */
export function merchantItem(
  key: string,
  style: FigureStyle,
  label: string,
  stack: readonly FigureStyle[],
  highlighted: boolean,
  badge = true,
): FigureItem {
  const layers = Math.min(stack.length, MAX_LAYERS);
  const r = 16;
  return {
    key,
    w: 2 * r + 14,
    h: 2 * r + 6 + layers * STACK_LAYER + 4,
    draw(ctx, x, y, s) {
      const cx = x + (r + 2) * s;
      const topCy = y + (r + 4) * s;
      const stackTop = topCy + r * 0.55 * s;
      if (highlighted) halo(ctx, cx, topCy + (layers * STACK_LAYER * s) / 2, r * s + 6 * s + (layers * STACK_LAYER * s) / 2);
      // stack discs, bottom first
      for (let i = layers - 1; i >= 0; i--) {
        const owner = stack[i] as FigureStyle;
        const ly = stackTop + (layers - 1 - i) * STACK_LAYER * s;
        roundRectPath(ctx, cx - (r - 1) * s, ly, 2 * (r - 1) * s, (STACK_LAYER + 2.5) * s, 3 * s);
        ctx.fillStyle = owner.fill;
        ctx.fill();
        ctx.lineWidth = 1.3 * s;
        ctx.strokeStyle = owner.stroke;
        ctx.stroke();
      }
      token(ctx, cx, topCy, r * s, style, label, s);
      if (badge && stack.length > 0) countBadge(ctx, cx + r * s + 2 * s, topCy - r * 0.7 * s, s, `${stack.length}`);
    },
  };
}

/** A family member: a person silhouette in the player's colour with the number on the chest. */
export function familyItem(key: string, style: FigureStyle, label: string, highlighted = false): FigureItem {
  return {
    key,
    w: 30,
    h: 46,
    draw(ctx, x, y, s) {
      const cx = x + 15 * s;
      if (highlighted) halo(ctx, cx, y + 24 * s, 22 * s);
      // body
      ctx.beginPath();
      ctx.moveTo(cx - 14 * s, y + 44 * s);
      ctx.lineTo(cx - 12 * s, y + 26 * s);
      ctx.quadraticCurveTo(cx - 11 * s, y + 17 * s, cx, y + 17 * s);
      ctx.quadraticCurveTo(cx + 11 * s, y + 17 * s, cx + 12 * s, y + 26 * s);
      ctx.lineTo(cx + 14 * s, y + 44 * s);
      ctx.closePath();
      ctx.fillStyle = style.fill;
      ctx.fill();
      ctx.lineWidth = 1.8 * s;
      ctx.strokeStyle = style.stroke;
      ctx.lineJoin = 'round';
      ctx.stroke();
      // head
      ctx.beginPath();
      ctx.arc(cx, y + 9 * s, 8 * s, 0, Math.PI * 2);
      ctx.fillStyle = style.fill;
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = style.ink;
      ctx.font = font(13 * s, 'bold');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, cx, y + 32 * s);
    },
  };
}

/** Loose assistants of one owner on a place. */
export function assistantItem(key: string, style: FigureStyle, label: string, count: number): FigureItem {
  const extra = count > 1 ? 14 : 0;
  return {
    key,
    w: 22 + extra,
    h: 24,
    draw(ctx, x, y, s) {
      drawAssistantToken(ctx, x + 11 * s, y + 12 * s, 20 * s, style, label);
      if (count > 1) countBadge(ctx, x + 24 * s, y + 6 * s, s * 0.9, `${count}`);
    },
  };
}

/** A neutral merchant (2 players): a grey-rimmed token in its colour, marked N. */
export function neutralMerchantItem(key: string, style: FigureStyle): FigureItem {
  const r = 15;
  return {
    key,
    w: 2 * r + 4,
    h: 2 * r + 8,
    draw(ctx, x, y, s) {
      const cx = x + (r + 2) * s;
      const cy = y + (r + 3) * s;
      const muted: FigureStyle = { fill: style.fill, stroke: '#55504a', ink: style.ink };
      token(ctx, cx, cy, r * s, muted, 'N', s);
      ctx.beginPath();
      ctx.arc(cx, cy, (r + 2.5) * s, 0, Math.PI * 2);
      ctx.setLineDash([3 * s, 2.5 * s]);
      ctx.lineWidth = 1.6 * s;
      ctx.strokeStyle = '#55504a';
      ctx.stroke();
      ctx.setLineDash([]);
    },
  };
}

/** A pawn (bell body, round head) for the Governor, Smuggler and other non-player figures. */
function pawn(ctx: Ctx, cx: number, y: number, s: number, style: FigureStyle): void {
  ctx.beginPath();
  ctx.moveTo(cx - 14 * s, y + 44 * s);
  ctx.quadraticCurveTo(cx - 14 * s, y + 36 * s, cx - 8 * s, y + 30 * s);
  ctx.quadraticCurveTo(cx - 4 * s, y + 24 * s, cx - 5 * s, y + 18 * s);
  ctx.lineTo(cx + 5 * s, y + 18 * s);
  ctx.quadraticCurveTo(cx + 4 * s, y + 24 * s, cx + 8 * s, y + 30 * s);
  ctx.quadraticCurveTo(cx + 14 * s, y + 36 * s, cx + 14 * s, y + 44 * s);
  ctx.closePath();
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 1.8 * s;
  ctx.strokeStyle = style.stroke;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, y + 11 * s, 8.5 * s, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.stroke();
}

/** The Governor: a purple pawn with a gold crown. */
export function governorItem(key: string): FigureItem {
  return {
    key,
    w: 30,
    h: 46,
    draw(ctx, x, y, s) {
      const cx = x + 15 * s;
      pawn(ctx, cx, y, s, GOVERNOR_STYLE);
      ctx.beginPath();
      ctx.moveTo(cx - 9 * s, y + 40 * s);
      ctx.lineTo(cx - 9 * s, y + 30 * s);
      ctx.lineTo(cx - 4.5 * s, y + 35 * s);
      ctx.lineTo(cx, y + 28 * s);
      ctx.lineTo(cx + 4.5 * s, y + 35 * s);
      ctx.lineTo(cx + 9 * s, y + 30 * s);
      ctx.lineTo(cx + 9 * s, y + 40 * s);
      ctx.closePath();
      ctx.fillStyle = THEME.gold;
      ctx.fill();
      ctx.lineWidth = 1 * s;
      ctx.strokeStyle = THEME.goldDark;
      ctx.stroke();
    },
  };
}

/** The Smuggler: a black pawn with a white eye mask. */
export function smugglerItem(key: string): FigureItem {
  return {
    key,
    w: 30,
    h: 46,
    draw(ctx, x, y, s) {
      const cx = x + 15 * s;
      pawn(ctx, cx, y, s, SMUGGLER_STYLE);
      roundRectPath(ctx, cx - 8 * s, y + 7.5 * s, 16 * s, 5.5 * s, 2.5 * s);
      ctx.fillStyle = '#f4f0e6';
      ctx.fill();
      ctx.fillStyle = '#2b2b2e';
      ctx.beginPath();
      ctx.arc(cx - 3.6 * s, y + 10.2 * s, 1.5 * s, 0, Math.PI * 2);
      ctx.arc(cx + 3.6 * s, y + 10.2 * s, 1.5 * s, 0, Math.PI * 2);
      ctx.fill();
      // sack on the body
      ctx.beginPath();
      ctx.arc(cx, y + 37 * s, 5.5 * s, 0, Math.PI * 2);
      ctx.fillStyle = '#c9a36a';
      ctx.fill();
    },
  };
}

/**
 * An expansion figure. Companions are small pawns in their player's colour with the number; the courier
 * is a pawn with an envelope; anything else a neutral pawn with its initial.
 */
export function extraItem(key: string, kind: string, style: FigureStyle | null, label: string): FigureItem {
  const small = kind === 'companion';
  return {
    key,
    w: small ? 24 : 30,
    h: small ? 36 : 46,
    draw(ctx, x, y, s) {
      const k = small ? 0.78 : 1;
      const cx = x + 15 * s * k;
      const st = style ?? NEUTRAL_STYLE;
      pawn(ctx, cx, y, s * k, st);
      if (kind === 'courier') {
        ctx.beginPath();
        ctx.rect(cx - 7 * s, y + 31 * s, 14 * s, 9 * s);
        ctx.fillStyle = '#f7f1e3';
        ctx.fill();
        ctx.lineWidth = 1 * s;
        ctx.strokeStyle = '#3a2a18';
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(cx - 7 * s, y + 31 * s);
        ctx.lineTo(cx, y + 36 * s);
        ctx.lineTo(cx + 7 * s, y + 31 * s);
        ctx.stroke();
      } else {
        ctx.fillStyle = st.ink;
        ctx.font = font(11 * s * k, 'bold');
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(label, cx, y + 36 * s * k);
      }
    },
  };
}

export interface FigureLayout {
  readonly scale: number;
  readonly placed: readonly { item: FigureItem; x: number; y: number }[];
}

const GAP = 4;

/**
 * Places figures in the box (x, y, w, h) at `maxScale` or smaller: one row if they fit, else more,
 * shrinking (to 0.55 at most) until they do. Rows are bottom-aligned and start at the left.
 */
export function layoutFigures(
  items: readonly FigureItem[],
  x: number,
  y: number,
  w: number,
  h: number,
  maxScale = 1,
): FigureLayout {
  if (items.length === 0) return { scale: 1, placed: [] };
  const rowsFor = (scale: number): FigureItem[][] => {
    const rows: FigureItem[][] = [[]];
    let used = 0;
    for (const item of items) {
      const iw = item.w * scale;
      const row = rows[rows.length - 1] as FigureItem[];
      if (row.length > 0 && used + GAP + iw > w) {
        rows.push([item]);
        used = iw;
      } else {
        row.push(item);
        used += (row.length > 1 ? GAP : 0) + iw;
      }
    }
    return rows;
  };
  let scale = maxScale;
  let rows = rowsFor(scale);
  const heightOf = (rs: FigureItem[][], sc: number): number =>
    rs.reduce((sum, row) => sum + Math.max(...row.map((i) => i.h)) * sc, 0) + (rs.length - 1) * 2;
  while (scale > 0.55 && (heightOf(rows, scale) > h || rows.some((r) => r.reduce((a, i) => a + i.w * scale + GAP, -GAP) > w))) {
    scale -= 0.05;
    rows = rowsFor(scale);
  }
  const placed: { item: FigureItem; x: number; y: number }[] = [];
  let bottom = y + h;
  for (let r = rows.length - 1; r >= 0; r--) {
    const row = rows[r] as FigureItem[];
    const rowH = Math.max(...row.map((i) => i.h)) * scale;
    let cx = x;
    for (const item of row) {
      placed.push({ item, x: cx, y: bottom - item.h * scale });
      cx += item.w * scale + GAP;
    }
    bottom -= rowH + 2;
  }
  return { scale, placed };
}

export function drawFigures(ctx: Ctx, layout: FigureLayout): void {
  for (const p of layout.placed) p.item.draw(ctx, p.x, p.y, layout.scale);
}

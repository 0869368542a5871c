/**
 * One place tile: a header band with the place number and name, the place's icon, its live state, and the
 * figures standing on it.
 */
import type { Good, PlaceDetailView, PlaceView, SultanSlot } from '../view/types.js';
import { alpha, darken, drawText, fillRoundRect, font, roundRectCornersPath, roundRectPath, strokeRoundRect, wrapText, type Ctx } from '../../../render/common/index.js';
import { drawFigures, layoutFigures, type FigureItem } from './figures.js';
import { drawAnyGood, drawCoin, drawDie, drawExtensionSprite, drawGoodSprite, drawMosqueTile, drawRubySprite } from './glyphs.js';
import { cardTitle, label, placeName, type RenderLocale } from './i18n.js';
import { drawPlaceIcon } from './icons.js';
import { GOOD_STYLES, NEUTRAL_STYLE, placeBand, THEME, type FigureStyle } from './style.js';
import { drawLsPlaceDetail, isLsPlaceDetail } from './expansion/places.js';
import type { Rect, TilePart } from './tile-shape.js';

export type { Rect, TilePart };


/** One end of a marked move on a place. */
export interface MoveMark {
  readonly end: 'from' | 'to';
  readonly style: FigureStyle;
  readonly number: number | null;
}

export interface TileContext {
  readonly locale: RenderLocale;
  readonly figures: readonly FigureItem[];
  /** The merchant of the player who must decide stands here. */
  readonly current: boolean;
  /**
   * The moves marked here (the ends of the moves since the player to move last decided, oldest first): each
   * outlined in its player's colour, dashed where it left, solid where it went; `number` (the player's, on
   * a badge at the end it went to) when several moves are marked on the board.
   */
  readonly moveMarks: readonly MoveMark[];
  /** Dice lying on this place for the pending decision (Black Market, Tea House). */
  readonly dice: readonly [number, number] | null;
  readonly announced: number | null;
  /** A seat's colours (the Letters & Seals places show who bid, chose or took a bonus). */
  readonly seatStyle?: (seat: number) => FigureStyle;
  /** The number on a seat's pieces (its place in the playing order); default seat + 1. */
  readonly seatNumber?: (seat: number) => number;
}

export const HEADER_H = 32;

/** Height of the strip at the bottom of a tile reserved for figures. */
export function figureStripHeight(tile: Rect): number {
  return Math.round(Math.min(84, Math.max(60, tile.h * 0.33)));
}

/** What a tile's static part covers: the tile and its shadow (2 px right, 4 px down). */
export function tileBaseBox(rect: Rect): Rect {
  return { x: rect.x, y: rect.y, w: rect.w + 2, h: rect.h + 4 };
}

export function drawTileBase(ctx: Ctx, rect: Rect, place: PlaceView, tc: TileContext, part: TilePart = 'all'): void {
  const { x, y, w, h } = rect;
  const radius = 10;
  const strip = figureStripHeight(rect);
  const content: Rect = { x: x + 8, y: y + HEADER_H + 6, w: w - 16, h: h - HEADER_H - strip - 10 };
  if (part === 'live') {
    drawDetail(ctx, content, place, tc, part);
    return;
  }
  // shadow, body
  fillRoundRect(ctx, x + 2, y + 4, w, h, radius, alpha(THEME.tileShadow, 0.55));
  fillRoundRect(ctx, x, y, w, h, radius, THEME.tile);
  // header band (rounded at the top) and the figure strip, a slightly darker floor (rounded at the bottom)
  const band = placeBand(place.id);
  roundRectCornersPath(ctx, x, y, w, HEADER_H, [radius, radius, 0, 0]);
  ctx.fillStyle = band;
  ctx.fill();
  ctx.fillStyle = darken(band, 0.3);
  ctx.fillRect(x, y + HEADER_H - 2, w, 2);
  roundRectCornersPath(ctx, x, y + h - strip, w, strip, [0, 0, radius, radius]);
  ctx.fillStyle = THEME.tileDim;
  ctx.fill();
  strokeRoundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, radius, THEME.tileEdge, 1);

  // id badge and name
  const badgeR = 12;
  const bcx = x + 8 + badgeR;
  const bcy = y + HEADER_H / 2;
  ctx.beginPath();
  ctx.arc(bcx, bcy, badgeR, 0, Math.PI * 2);
  ctx.fillStyle = THEME.tile;
  ctx.fill();
  ctx.fillStyle = THEME.tileInk;
  ctx.font = font(place.id >= 10 ? 13 : 15, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(place.id), bcx, bcy + 0.5);
  drawText(ctx, placeName(place.id, tc.locale), bcx + badgeR + 7, bcy + 0.5, w - (bcx - x) - badgeR - 14, {
    size: 16,
    minSize: 11.5,
    weight: 'bold',
    colour: '#ffffff',
    baseline: 'middle',
  });

  drawDetail(ctx, content, place, tc, part);
}

/** Highlights drawn over the tile (current player, last move). */
export function drawTileHighlight(ctx: Ctx, rect: Rect, tc: TileContext): void {
  const { x, y, w, h } = rect;
  // The first mark just outside the tile, the next ones inside it, each its own ring.
  tc.moveMarks.forEach((mark, k) => {
    const d = 3 - 6 * k;
    ctx.save();
    if (mark.end === 'from') ctx.setLineDash([9, 6]);
    strokeRoundRect(ctx, x - d, y - d, w + 2 * d, h + 2 * d, 13, '#11161c', 6);
    strokeRoundRect(ctx, x - d, y - d, w + 2 * d, h + 2 * d, 13, mark.style.fill, 3.5);
    ctx.restore();
  });
  // Who went here, by the number on their pieces, on the tile's top edge from the right.
  tc.moveMarks
    .filter((mark) => mark.end === 'to' && mark.number !== null)
    .forEach((mark, k) => {
      const cx = x + w - 14 - 24 * k;
      const cy = y + 1;
      ctx.beginPath();
      ctx.arc(cx, cy, 10, 0, Math.PI * 2);
      ctx.fillStyle = mark.style.fill;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#11161c';
      ctx.stroke();
      ctx.fillStyle = mark.style.ink;
      ctx.font = font(12, 'bold');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(mark.number), cx, cy + 0.5);
    });
  if (tc.current) {
    strokeRoundRect(ctx, x - 5, y - 5, w + 10, h + 10, 15, alpha(THEME.highlight, 0.35), 7);
    strokeRoundRect(ctx, x - 3, y - 3, w + 6, h + 6, 13, THEME.highlight, 3);
  }
}

export function drawTileFigures(ctx: Ctx, rect: Rect, tc: TileContext): void {
  const strip = figureStripHeight(rect);
  const layout = layoutFigures(tc.figures, rect.x + 8, rect.y + rect.h - strip + 3, rect.w - 16, strip - 7, 1.4);
  drawFigures(ctx, layout);
}

// ---- live state of each place ----------------------------------------------------------------------

function small(ctx: Ctx, text: string, x: number, y: number, maxW: number, colour: string = THEME.tileMuted, size = 12.5, weight: 'normal' | 'bold' = 'bold'): void {
  drawText(ctx, text, x, y, maxW, { size, minSize: 9.5, weight, colour, baseline: 'middle' });
}

/** A row of rubies, or one ruby and a count when there are many. Returns the width used. */
function rubyRow(ctx: Ctx, x: number, cy: number, count: number, maxW: number, r = 8, _locale: RenderLocale): number {
  const step = r * 2 + 2;
  if (count > 0 && count * step <= maxW && count <= 6) {
    for (let i = 0; i < count; i++) drawRubySprite(ctx, x + r + i * step, cy, r);
    return count * step;
  }
  // many rubies (or none left): one ruby and the count
  drawRubySprite(ctx, x + r, cy, r, count > 0);
  ctx.fillStyle = count > 0 ? THEME.tileInk : THEME.tileMuted;
  ctx.font = font(Math.max(12, r * 1.6), 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(`\u00d7${count}`, x + 2 * r + 3, cy + 0.5);
  return 2 * r + 3 + ctx.measureText(`\u00d7${count}`).width;
}

function slot(ctx: Ctx, s: SultanSlot, cx: number, cy: number, r: number): void {
  if (s === 'any') drawAnyGood(ctx, cx, cy, r);
  else drawGoodSprite(ctx, s, cx, cy, r);
}

function textLines(ctx: Ctx, text: string, x: number, cy: number, maxW: number, size: number, colour: string, maxLines = 3): void {
  const lines = wrapText(ctx, text, maxW, size, 'bold', maxLines);
  const lh = size * 1.22;
  ctx.fillStyle = colour;
  ctx.font = font(size, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, x, cy - ((lines.length - 1) * lh) / 2 + i * lh));
}

function drawDetail(ctx: Ctx, c: Rect, place: PlaceView, tc: TileContext, part: TilePart): void {
  const d: PlaceDetailView = place.detail;
  const L = tc.locale;
  // everything is designed for a 224 x 119 content box and scaled to the one we have
  const u = Math.max(0.75, Math.min(1.15, c.w / 224, c.h / 119));
  const midY = c.y + c.h / 2;
  if (isLsPlaceDetail(d)) {
    drawLsPlaceDetail(ctx, c, place, d, L, u, tc.seatStyle ?? (() => NEUTRAL_STYLE), tc.seatNumber ?? ((seat) => seat + 1), part);
    return;
  }
  // the base game's artwork belongs to the static part, all else to the live part
  const artwork = (x: number, y: number, size: number): void => {
    if (part !== 'live') drawPlaceIcon(ctx, place.id, x, y, size);
  };
  const liveToo = part !== 'static';
  /** Draws the icon at the left, vertically centred; returns the x where the state column starts. */
  const icon = (size: number): number => {
    const s = Math.min(size * u, c.h, c.w * 0.42);
    artwork(c.x, midY - s / 2, s);
    return c.x + s + 8 * u;
  };
  const colW = (x0: number): number => c.x + c.w - x0;
  switch (d.kind) {
    case 'wainwright': {
      const x0 = icon(82);
      if (!liveToo) return;
      const rw = colW(x0);
      const cr = 12 * u;
      drawCoin(ctx, x0 + cr, midY - 28 * u, cr, d.price);
      small(ctx, label('price', L), x0 + 2 * cr + 6, midY - 28 * u, rw - 2 * cr - 6, THEME.tileMuted, 12.5 * u);
      const shown = Math.max(1, Math.min(d.extensionsLeft, 3));
      for (let i = 0; i < shown; i++) drawExtensionSprite(ctx, x0 + i * 21 * u, midY - 7 * u, 18 * u, 13 * u, d.extensionsLeft > 0);
      small(ctx, `\u00d7${d.extensionsLeft}`, x0 + shown * 21 * u + 3, midY, rw - shown * 21 * u, d.extensionsLeft > 0 ? THEME.tileInk : THEME.tileMuted, 15 * u);
      rubyRow(ctx, x0, midY + 28 * u, d.rubiesLeft, rw, 9 * u, L);
      return;
    }
    case 'warehouse': {
      const x0 = icon(92);
      if (!liveToo) return;
      drawGoodSprite(ctx, d.good, x0 + 18 * u, midY - 12 * u, 16 * u);
      small(ctx, label('fillUp', L), x0, midY + 22 * u, colW(x0), THEME.tileMuted, 13.5 * u);
      return;
    }
    case 'postOffice': {
      const cell = Math.min(33 * u, (c.w * 0.6) / 4);
      const gridW = cell * 4;
      const blockH = cell * 2 + 28 * u;
      const gx = c.x + c.w - gridW;
      const gy = midY - blockH / 2;
      const is = Math.min(64 * u, gx - c.x - 8, blockH);
      artwork(c.x, gy, is);
      if (!liveToo) return;
      for (let col = 0; col < 4; col++) {
        const fields = d.fields[col];
        if (!fields) continue;
        for (let row = 0; row < 2; row++) {
          const field = fields[row as 0 | 1];
          const fx = gx + col * cell;
          const fy = gy + row * cell;
          const covered = (d.markers[col] === 'top' && row === 0) || (d.markers[col] === 'bottom' && row === 1);
          fillRoundRect(ctx, fx + 1, fy + 1, cell - 2, cell - 2, 4, covered ? '#dcc9a2' : '#fffaf0');
          strokeRoundRect(ctx, fx + 1, fy + 1, cell - 2, cell - 2, 4, THEME.tileEdge, 1);
          if (covered) {
            // the parcel marker lies on this field
            const m = cell * 0.74;
            const mx = fx + (cell - m) / 2;
            const my = fy + (cell - m) / 2;
            roundRectPath(ctx, mx, my, m, m, 3);
            ctx.fillStyle = '#a7773f';
            ctx.fill();
            ctx.lineWidth = 1.2;
            ctx.strokeStyle = '#4d3114';
            ctx.stroke();
            ctx.beginPath();
            ctx.moveTo(mx + m / 2, my);
            ctx.lineTo(mx + m / 2, my + m);
            ctx.moveTo(mx, my + m / 2);
            ctx.lineTo(mx + m, my + m / 2);
            ctx.strokeStyle = '#ecd9ab';
            ctx.lineWidth = 1.8;
            ctx.stroke();
          } else if (field.good) drawGoodSprite(ctx, field.good, fx + cell / 2, fy + cell / 2, cell * 0.32);
          else drawCoin(ctx, fx + cell / 2, fy + cell / 2, cell * 0.34, field.lira);
        }
      }
      // what it pays now
      const py = gy + cell * 2 + 16 * u;
      small(ctx, label('pays', L), c.x, py, gx - c.x - 4, THEME.tileMuted, 12 * u);
      let px = gx;
      for (const g of d.payout.goods) {
        drawGoodSprite(ctx, g, px + 10 * u, py, 9.5 * u);
        px += 23 * u;
      }
      drawCoin(ctx, px + 11 * u, py, 11 * u, d.payout.lira);
      return;
    }
    case 'caravansary': {
      const x0 = icon(72);
      if (!liveToo) return;
      const cw = colW(x0);
      const cardH = Math.min(c.h - 18 * u, 78 * u);
      const top = midY - (cardH + 16 * u) / 2;
      small(ctx, `${label('discardTop', L)} (${d.discardCount})`, x0, top + 6 * u, cw, THEME.tileMuted, 11.5 * u);
      const cardY = top + 16 * u;
      if (d.discardTop) {
        fillRoundRect(ctx, x0 + 3, cardY + 3, cw - 3, cardH, 6, 'rgba(0,0,0,0.18)');
        fillRoundRect(ctx, x0, cardY, cw - 3, cardH, 6, THEME.card);
        strokeRoundRect(ctx, x0, cardY, cw - 3, cardH, 6, THEME.cardEdge, 1.4);
        fillRoundRect(ctx, x0 + 4, cardY + 4, cw - 11, 5 * u, 2, '#2d5f8a');
        textLines(ctx, cardTitle(d.discardTop, L), x0 + 8, cardY + cardH / 2 + 3 * u, cw - 18, 13 * u, THEME.tileInk, 3);
      } else {
        ctx.save();
        ctx.setLineDash([5, 4]);
        strokeRoundRect(ctx, x0, cardY, cw - 3, cardH, 6, THEME.tileMuted, 1.2);
        ctx.restore();
        small(ctx, label('emptyPile', L), x0 + 10, cardY + cardH / 2, cw - 16);
      }
      return;
    }
    case 'fountain': {
      const x0 = icon(92);
      if (!liveToo) return;
      textLines(ctx, label('callBack', L), x0, midY, colW(x0), 13.5 * u, THEME.tileMuted);
      return;
    }
    case 'policeStation': {
      const x0 = icon(86);
      if (!liveToo) return;
      textLines(ctx, label('capture', L), x0, midY, colW(x0), 13 * u, THEME.tileMuted);
      return;
    }
    case 'blackMarket': {
      const x0 = icon(80);
      if (!liveToo) return;
      const rows: [string, number][] = [
        ['7\u20138', 1],
        ['9\u201310', 2],
        ['11\u201312', 3],
      ];
      const dice = tc.dice;
      const step = (dice ? 17 : 24) * u;
      const blockH = step * 3 + (dice ? 34 * u : 0);
      let y = midY - blockH / 2;
      if (dice) {
        diceRow(ctx, x0, y, dice, 26 * u);
        y += 34 * u;
      }
      const gr = (dice ? 6 : 7.5) * u;
      const sum = dice ? dice[0] + dice[1] : 0;
      const hit = sum >= 11 ? 2 : sum >= 9 ? 1 : sum >= 7 ? 0 : -1;
      rows.forEach(([range, n], i) => {
        const ry = y + step * (i + 0.5);
        if (i === hit) fillRoundRect(ctx, x0 - 4, ry - step / 2 + 1, colW(x0) + 2, step - 2, 4, alpha(THEME.highlight, 0.55));
        small(ctx, range, x0, ry, 44 * u, THEME.tileInk, (dice ? 11.5 : 13.5) * u);
        for (let k = 0; k < n; k++) drawGoodSprite(ctx, 'blue', x0 + 50 * u + k * (gr * 2 + 4), ry, gr);
      });
      return;
    }
    case 'teaHouse': {
      const x0 = icon(80);
      if (!liveToo) return;
      const rw = colW(x0);
      if (tc.dice || tc.announced !== null) {
        const y = midY - 30 * u;
        let dx = x0;
        if (tc.announced !== null) {
          drawCoin(ctx, x0 + 14 * u, y + 13 * u, 14 * u, tc.announced);
          dx += 34 * u;
        }
        if (tc.dice) diceRow(ctx, dx, y, tc.dice, 26 * u, tc.announced);
        textLines(ctx, label('announce', L), x0, midY + 22 * u, rw, 11.5 * u, THEME.tileMuted, 2);
      } else {
        textLines(ctx, label('announce', L), x0, midY, rw, 13.5 * u, THEME.tileMuted);
      }
      return;
    }
    case 'market': {
      const goods: Good[] = [];
      for (const g of ['red', 'green', 'yellow', 'blue'] as const) for (let i = 0; i < d.demand.goods[g]; i++) goods.push(g);
      const th = 52 * u;
      const blockH = th + 30 * u;
      const top = midY - blockH / 2;
      const is = Math.min(60 * u, th + 6);
      artwork(c.x, top + (th - is) / 2, is);
      if (!liveToo) return;
      const x0 = c.x + is + 8 * u;
      const tw = colW(x0);
      const great = d.size === 'great';
      fillRoundRect(ctx, x0 + 2, top + 3, tw - 2, th, 8, 'rgba(0,0,0,0.2)');
      fillRoundRect(ctx, x0, top, tw - 2, th, 8, great ? '#5b3a2a' : '#f0dcb4');
      strokeRoundRect(ctx, x0, top, tw - 2, th, 8, great ? '#2e1b12' : THEME.tileEdge, 1.5);
      const stepX = Math.min(25 * u, (tw - 14) / Math.max(goods.length, 1));
      const r = Math.min(10.5 * u, stepX * 0.44);
      const startX = x0 + (tw - 2) / 2 - (stepX * (goods.length - 1)) / 2;
      goods.forEach((g, i) => drawGoodSprite(ctx, g, startX + i * stepX, top + th / 2, r));
      // lira for selling 1..5 goods
      const py = top + th + 19 * u;
      const cells = d.payouts.length;
      const cw = c.w / cells;
      d.payouts.forEach((pay, i) => {
        const px = c.x + i * cw + cw / 2;
        ctx.fillStyle = THEME.tileMuted;
        ctx.font = font(11 * u, 'bold');
        ctx.textAlign = 'right';
        ctx.textBaseline = 'middle';
        ctx.fillText(`${i + 1}:`, px - 1, py);
        ctx.fillStyle = THEME.tileInk;
        ctx.font = font(14 * u, 'bold');
        ctx.textAlign = 'left';
        ctx.fillText(String(pay), px + 2, py);
      });
      return;
    }
    case 'sultan': {
      const x0 = icon(70);
      if (!liveToo) return;
      const rw = colW(x0);
      const cost = d.nextCost ?? [];
      const perRow = 5;
      const r = Math.min(10 * u, rw / perRow / 2.3);
      const costRows = Math.max(1, Math.ceil(cost.length / perRow));
      const blockH = 16 * u + costRows * (2 * r + 5) + 24 * u;
      const top = midY - blockH / 2;
      small(ctx, label('nextCost', L), x0, top + 6 * u, rw, THEME.tileMuted, 12 * u);
      const gy = top + 16 * u + r + 2;
      cost.forEach((s, i) => slot(ctx, s, x0 + r + 1 + (i % perRow) * (rw / perRow), gy + Math.floor(i / perRow) * (2 * r + 5), r));
      if (d.nextCost === null) small(ctx, label('soldOut', L), x0, gy, rw);
      rubyRow(ctx, x0, top + blockH - 9 * u, d.rubiesLeft, rw, 8.5 * u, L);
      return;
    }
    case 'mosque': {
      const x0 = icon(76);
      if (!liveToo) return;
      const rw = colW(x0);
      const ts = Math.min(42 * u, rw / 2 - 8);
      const blockH = ts + 18 * u + 20 * u;
      const top = midY - blockH / 2;
      d.stacks.forEach((stack, i) => {
        const tx = x0 + i * (ts + 14 * u);
        drawMosqueTile(ctx, tx, top, ts, stack.colour, stack.top !== null, stack.top ?? undefined);
        // the tiles still below the top one, as small chips
        const below = stack.tiles.slice(1);
        const chip = 13 * u;
        below.forEach((t, k) => {
          const chx = tx + k * (chip + 3);
          const chy = top + ts + 5 * u;
          fillRoundRect(ctx, chx, chy, chip, chip, 3, '#fbf3e2');
          strokeRoundRect(ctx, chx, chy, chip, chip, 3, GOOD_STYLES[stack.colour].fill, 1.2);
          ctx.fillStyle = THEME.tileMuted;
          ctx.font = font(9.5 * u, 'bold');
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(String(t), chx + chip / 2, chy + chip / 2 + 0.5);
        });
      });
      rubyRow(ctx, x0, top + blockH - 8 * u, d.rubiesLeft, rw, 8.5 * u, L);
      return;
    }
    case 'gemstone': {
      const x0 = icon(84);
      if (!liveToo) return;
      const rw = colW(x0);
      const cr = 21 * u;
      if (d.price !== null) {
        drawCoin(ctx, x0 + cr, midY - 16 * u, cr, d.price);
        small(ctx, label('price', L), x0 + 2 * cr + 6, midY - 16 * u, rw - 2 * cr - 6, THEME.tileMuted, 12.5 * u);
      }
      rubyRow(ctx, x0, midY + 26 * u, d.rubiesLeft, rw, 9 * u, L);
      return;
    }
    case 'other':
    default: {
      // a place without live state here (or a kind this renderer does not know yet): its icon
      const s = Math.min(c.h, 96 * u);
      artwork(c.x + (c.w - s) / 2, midY - s / 2, s);
      return;
    }
  }
}

/** Two dice and their sum; against a Tea House announcement the sum is green (made it) or red (missed). */
function diceRow(ctx: Ctx, x: number, y: number, dice: readonly [number, number], s: number, target: number | null = null): void {
  drawDie(ctx, x, y, s, dice[0]);
  drawDie(ctx, x + s + 5, y, s, dice[1]);
  ctx.fillStyle = target === null ? THEME.tileInk : dice[0] + dice[1] >= target ? '#1d7a45' : '#b3202d';
  ctx.font = font(s * 0.62, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(`= ${dice[0] + dice[1]}`, x + 2 * s + 10, y + s / 2);
}

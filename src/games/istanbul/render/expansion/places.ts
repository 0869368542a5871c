/**
 * The live state of the Letters & Seals places on their tiles: the Embassy's letter pile, the Kiosk's tiles of
 * the round under way (the chosen ones face down), the auction's highest bid, and the Secret Society's 3/2/1
 * lira still lying there (the players who took them instead).
 */
import type { AuctionHouseView, EmbassyView, KioskView, PlaceView, SecretSocietyView } from '../../view/types.js';
import { drawText, fillRoundRect, font, strokeRoundRect, type Ctx } from '../../../../render/common/index.js';
import { drawCardBack, drawCoin, drawRuby } from '../glyphs.js';
import type { RenderLocale } from '../i18n.js';
import { drawPlaceIcon } from '../icons.js';
import { THEME, type FigureStyle } from '../style.js';
import type { Rect, TilePart } from '../tile-shape.js';
import { drawKioskTile, drawLetter, drawSeal } from './glyphs.js';
import { lsLabel } from './labels.js';

export type LsPlaceDetail = EmbassyView | KioskView | AuctionHouseView | SecretSocietyView;

export function isLsPlaceDetail(d: { readonly kind: string }): d is LsPlaceDetail {
  return d.kind === 'embassy' || d.kind === 'kiosk' || d.kind === 'auctionHouse' || d.kind === 'secretSociety';
}

/** A seat's token: its colour and number. */
export type SeatStyleOf = (seat: number) => FigureStyle;
/** The number a seat's pieces carry: its place in the playing order (1 = the start player). */
export type SeatNumberOf = (seat: number) => number;

function token(ctx: Ctx, cx: number, cy: number, r: number, style: FigureStyle, n: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.font = font(r * 1.1, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(n), cx, cy + 0.5);
}

function muted(ctx: Ctx, text: string, x: number, cy: number, maxW: number, size: number): void {
  drawText(ctx, text, x, cy, maxW, { size, minSize: 9, weight: 'bold', colour: THEME.tileMuted, baseline: 'middle' });
}

/**
 * Draws the detail into the tile's content box `c` (u: the tile's scale). `seatStyle` gives a seat's colours,
 * `seatNumber` the number on its pieces.
 * The artwork of the Embassy, the auction and the Secret Society is static (the board's static layer); the
 * Kiosk's is live, as its tiles cover it while a round is under way.
 */
export function drawLsPlaceDetail(
  ctx: Ctx,
  c: Rect,
  place: PlaceView,
  d: LsPlaceDetail,
  L: RenderLocale,
  u: number,
  seatStyle: SeatStyleOf,
  seatNumber: SeatNumberOf,
  part: TilePart = 'all',
): void {
  const midY = c.y + c.h / 2;
  const staticArtwork = d.kind !== 'kiosk';
  const icon = (size: number): number => {
    const s = Math.min(size * u, c.h, c.w * 0.4);
    if (staticArtwork ? part !== 'live' : part !== 'static') drawPlaceIcon(ctx, place.id, c.x, midY - s / 2, s);
    return c.x + s + 8 * u;
  };
  if (part === 'static') {
    if (staticArtwork) icon(d.kind === 'embassy' ? 80 : d.kind === 'auctionHouse' ? 78 : 72);
    return;
  }
  const right = c.x + c.w;
  switch (d.kind) {
    case 'embassy': {
      const x0 = icon(80);
      const lw = 26 * u;
      const lh = 19 * u;
      drawLetter(ctx, x0, midY - 26 * u, lw, lh, place.id, false);
      drawLetter(ctx, x0 + lw * 0.55, midY - 26 * u + 5 * u, lw, lh, place.id, false);
      muted(ctx, lsLabel('takeLetters', L, { n: d.letters }), x0 + lw * 1.7, midY - 18 * u, right - x0 - lw * 1.7, 12.5 * u);
      muted(ctx, lsLabel('letterPile', L, { n: d.letterDeckCount }), x0, midY + 20 * u, right - x0, 11.5 * u);
      return;
    }
    case 'kiosk': {
      if (d.owner === null) {
        const x0 = icon(80);
        muted(ctx, lsLabel('kioskIdle', L), x0, midY - 12 * u, right - x0, 12.5 * u);
        muted(ctx, lsLabel('kioskPile', L, { n: d.deckCount }), x0, midY + 14 * u, right - x0, 11.5 * u);
        return;
      }
      // the tiles of this round: open ones bright, chosen ones dim and crossed
      const tiles = [...d.open.map((t) => ({ t, open: true })), ...d.chosen.map((t) => ({ t, open: false }))];
      const cols = Math.min(3, tiles.length);
      const rows = Math.ceil(tiles.length / cols);
      const waitH = 14 * u;
      const gap = 4;
      const tw = Math.min(60 * u, (c.w - (cols - 1) * gap) / cols);
      const th = Math.min(tw * 0.72, (c.h - waitH - (rows - 1) * gap) / rows);
      const gx = c.x + (c.w - (cols * tw + (cols - 1) * gap)) / 2;
      tiles.forEach(({ t, open }, i) => {
        const tx = gx + (i % cols) * (tw + gap);
        const ty = c.y + Math.floor(i / cols) * (th + gap);
        drawKioskTile(ctx, tx, ty, tw, th, t.effect, !open);
        if (!open) {
          ctx.beginPath();
          ctx.moveTo(tx + 3, ty + 3);
          ctx.lineTo(tx + tw - 3, ty + th - 3);
          ctx.strokeStyle = 'rgba(80,60,30,0.55)';
          ctx.lineWidth = 2;
          ctx.stroke();
        }
      });
      const next = d.waiting[0] ?? d.owner;
      const wy = c.y + rows * (th + gap) + waitH / 2;
      const tr = 6.5 * u;
      token(ctx, c.x + tr, wy, tr, seatStyle(next), seatNumber(next));
      muted(ctx, lsLabel('kioskWaiting', L, { who: [next, ...d.waiting.slice(1)].map((s) => seatNumber(s)).join(', ') }), c.x + 2 * tr + 5, wy, c.w - 2 * tr - 5, 11 * u);
      return;
    }
    case 'auctionHouse': {
      const x0 = icon(78);
      drawCardBack(ctx, x0, midY - 30 * u, 15 * u, 21 * u);
      drawCardBack(ctx, x0 + 8 * u, midY - 28 * u, 15 * u, 21 * u);
      if (d.owner === null) {
        muted(ctx, lsLabel('auctionIdle', L, { n: d.cards }), x0, midY + 14 * u, right - x0, 12 * u);
        return;
      }
      const cy = midY + 10 * u;
      if (d.highSeat === null) muted(ctx, lsLabel('auctionNoBid', L), x0, cy, right - x0, 12.5 * u);
      else {
        const tr = 9 * u;
        token(ctx, x0 + tr, cy, tr, seatStyle(d.highSeat), seatNumber(d.highSeat));
        drawCoin(ctx, x0 + 2 * tr + 6 + 12 * u, cy, 12 * u, d.high);
        muted(ctx, lsLabel('auctionBid', L, { n: d.high }), x0 + 2 * tr + 12 + 24 * u, cy, right - x0 - 2 * tr - 12 - 24 * u, 12 * u);
      }
      return;
    }
    case 'secretSociety': {
      const x0 = icon(72);
      // 6 seals -> a ruby
      const sr = 7 * u;
      const sy = midY - 24 * u;
      for (let i = 0; i < 3; i++) drawSeal(ctx, x0 + sr + i * (2 * sr + 2), sy, sr);
      ctx.fillStyle = THEME.tileInk;
      ctx.font = font(12 * u, 'bold');
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      const tx = x0 + 3 * (2 * sr + 2) + 2;
      ctx.fillText(`\u00d72`, tx, sy + 0.5);
      drawRuby(ctx, tx + ctx.measureText('\u00d72').width + 14 * u, sy, 8 * u);
      // the bonuses: coins still lying there, then the seats that took them
      const cy = midY + 16 * u;
      const cr = 12 * u;
      const all = [3, 2, 1];
      all.forEach((lira, i) => {
        const cx = x0 + cr + i * (2 * cr + 6 * u);
        if (i < d.paid.length) {
          const seat = d.paid[i] as number;
          fillRoundRect(ctx, cx - cr, cy - cr, 2 * cr, 2 * cr, cr, 'rgba(0,0,0,0.08)');
          strokeRoundRect(ctx, cx - cr, cy - cr, 2 * cr, 2 * cr, cr, THEME.tileEdge, 1);
          token(ctx, cx, cy, cr * 0.72, seatStyle(seat), seatNumber(seat));
        } else drawCoin(ctx, cx, cy, cr, lira);
      });
      return;
    }
  }
}


/**
 * Letters & Seals glyphs: a letter (a folded sheet with its place number), a wax seal, and a kiosk tile drawn
 * from its effect (goods, coins, cards, letters, a die, an extension, the Fountain), language-free.
 */
import type { KioskExchange, KioskTile } from '../../view/types.js';
import { fillRoundRect, font, strokeRoundRect, type Ctx } from '../../../../render/common/index.js';
import { drawAnyGood, drawCardBack, drawCoin, drawExtension, drawGood } from '../glyphs.js';
import { THEME } from '../style.js';

export const SEAL_RED = '#a3202f';

/** A wax seal: a red disc with a ragged rim and a pressed ring. */
export function drawSeal(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i <= 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const rr = r * (i % 2 === 0 ? 1 : 0.9);
    const px = cx + Math.cos(a) * rr;
    const py = cy + Math.sin(a) * rr;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = SEAL_RED;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = '#5c0d18';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.55, 0, Math.PI * 2);
  ctx.strokeStyle = '#e47a84';
  ctx.lineWidth = Math.max(1, r * 0.1);
  ctx.stroke();
}

/**
 * A letter: face up, a sheet with its place number and 1 seal; delivered, turned over: 2 seals. `w` x `h`
 * with the top-left corner at x, y.
 */
export function drawLetter(ctx: Ctx, x: number, y: number, w: number, h: number, place: number, delivered: boolean): void {
  fillRoundRect(ctx, x + 1.5, y + 2, w, h, 3, 'rgba(0,0,0,0.25)');
  fillRoundRect(ctx, x, y, w, h, 3, delivered ? '#e8dcc2' : THEME.card);
  strokeRoundRect(ctx, x, y, w, h, 3, THEME.cardEdge, 1.2);
  if (delivered) {
    drawSeal(ctx, x + w * 0.32, y + h / 2, Math.min(w * 0.22, h * 0.34));
    drawSeal(ctx, x + w * 0.68, y + h / 2, Math.min(w * 0.22, h * 0.34));
    return;
  }
  // the envelope flap and the place number, the seal in the corner
  ctx.beginPath();
  ctx.moveTo(x + 2, y + 2);
  ctx.lineTo(x + w / 2, y + h * 0.42);
  ctx.lineTo(x + w - 2, y + 2);
  ctx.strokeStyle = THEME.cardEdge;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = THEME.tileInk;
  ctx.font = font(Math.min(h * 0.5, w * 0.42), 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(place), x + w * 0.42, y + h * 0.64);
  drawSeal(ctx, x + w - h * 0.22 - 2, y + h - h * 0.22 - 2, h * 0.2);
}

/** A small letter mark for "a letter" in an exchange. */
export function letterMark(ctx: Ctx, cx: number, cy: number, s: number): void {
  const w = s * 1.5;
  const h = s;
  fillRoundRect(ctx, cx - w / 2, cy - h / 2, w, h, 2, THEME.card);
  strokeRoundRect(ctx, cx - w / 2, cy - h / 2, w, h, 2, THEME.cardEdge, 1);
  ctx.beginPath();
  ctx.moveTo(cx - w / 2 + 1, cy - h / 2 + 1);
  ctx.lineTo(cx, cy + h * 0.05);
  ctx.lineTo(cx + w / 2 - 1, cy - h / 2 + 1);
  ctx.strokeStyle = THEME.cardEdge;
  ctx.stroke();
  drawSeal(ctx, cx, cy + h * 0.05, h * 0.22);
}

function arrow(ctx: Ctx, x: number, cy: number, w: number): void {
  ctx.beginPath();
  ctx.moveTo(x, cy);
  ctx.lineTo(x + w - 3, cy);
  ctx.lineWidth = 1.6;
  ctx.strokeStyle = THEME.tileInk;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + w, cy);
  ctx.lineTo(x + w - 4, cy - 3);
  ctx.lineTo(x + w - 4, cy + 3);
  ctx.closePath();
  ctx.fillStyle = THEME.tileInk;
  ctx.fill();
}

/** One thing given or taken in an exchange, centred at cx, cy; returns nothing. */
function thing(ctx: Ctx, what: KioskExchange['pay'], lira: number, cx: number, cy: number, s: number): void {
  switch (what) {
    case 'good':
      drawAnyGood(ctx, cx, cy, s * 0.5);
      return;
    case 'letter':
      letterMark(ctx, cx, cy, s * 0.8);
      return;
    case 'card':
      drawCardBack(ctx, cx - s * 0.35, cy - s * 0.5, s * 0.7, s);
      return;
    case 'lira':
      drawCoin(ctx, cx, cy, s * 0.5, lira);
      return;
  }
}

/**
 * A kiosk tile drawn from its effect in a w x h card. No number: the tiles' ids are the engine's, and the
 * panel names a tile by what it does, as the picture shows it.
 */
export function drawKioskTile(ctx: Ctx, x: number, y: number, w: number, h: number, effect: KioskTile, dim = false): void {
  fillRoundRect(ctx, x + 1.5, y + 2, w, h, 4, 'rgba(0,0,0,0.22)');
  fillRoundRect(ctx, x, y, w, h, 4, dim ? '#d9cdb3' : '#fffaf0');
  strokeRoundRect(ctx, x, y, w, h, 4, THEME.tileEdge, 1.2);
  const cy = y + h / 2 + h * 0.06;
  const s = Math.min(h * 0.46, w * 0.24);
  switch (effect.kind) {
    case 'gain': {
      const items = effect.goods.length + (effect.lira > 0 ? 1 : 0);
      const step = Math.min(s * 1.15, (w - 6) / Math.max(1, items));
      let cx = x + w / 2 - ((items - 1) * step) / 2;
      for (const g of effect.goods) {
        drawGood(ctx, g, cx, cy, s * 0.45);
        cx += step;
      }
      if (effect.lira > 0) drawCoin(ctx, cx, cy, s * 0.48, effect.lira);
      return;
    }
    case 'card':
      drawCardBack(ctx, x + w / 2 - s * 0.36, cy - s * 0.52, s * 0.72, s * 1.04);
      return;
    case 'companion': {
      // a small pawn
      ctx.beginPath();
      ctx.arc(x + w / 2, cy - s * 0.3, s * 0.22, 0, Math.PI * 2);
      ctx.moveTo(x + w / 2 - s * 0.32, cy + s * 0.45);
      ctx.lineTo(x + w / 2, cy - s * 0.15);
      ctx.lineTo(x + w / 2 + s * 0.32, cy + s * 0.45);
      ctx.closePath();
      ctx.fillStyle = '#8a7350';
      ctx.fill();
      return;
    }
    case 'die': {
      const d = s * 0.9;
      fillRoundRect(ctx, x + w / 2 - d / 2 - s * 0.4, cy - d / 2, d, d, 3, '#ffffff');
      strokeRoundRect(ctx, x + w / 2 - d / 2 - s * 0.4, cy - d / 2, d, d, 3, THEME.tileInk, 1.2);
      ctx.fillStyle = THEME.tileInk;
      ctx.font = font(d * 0.7, 'bold');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('?', x + w / 2 - s * 0.4, cy + 0.5);
      drawCoin(ctx, x + w / 2 + s * 0.55, cy, s * 0.4, '?');
      return;
    }
    case 'extensionForLira':
    case 'extensionForGoods': {
      const left = x + w * 0.3;
      if (effect.kind === 'extensionForLira') drawCoin(ctx, left, cy, s * 0.45, effect.lira);
      else {
        const g = s * 0.2;
        drawGood(ctx, 'red', left - g, cy - g, g);
        drawGood(ctx, 'green', left + g, cy - g, g);
        drawGood(ctx, 'yellow', left - g, cy + g, g);
        drawGood(ctx, 'blue', left + g, cy + g, g);
      }
      arrow(ctx, x + w * 0.45, cy, w * 0.14);
      drawExtension(ctx, x + w * 0.62, cy - s * 0.25, w * 0.3, s * 0.5, true);
      return;
    }
    case 'fountain':
      arrow(ctx, x + w * 0.18, cy, w * 0.26);
      ctx.beginPath();
      ctx.arc(x + w * 0.64, cy, s * 0.42, 0, Math.PI * 2);
      ctx.fillStyle = '#2f4f7a';
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.font = font(s * 0.55, 'bold');
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('7', x + w * 0.64, cy + 0.5);
      return;
    case 'choose': {
      // two exchanges, one above the other
      const rowH = (h - 4) / 2;
      effect.options.forEach((ex, i) => {
        const ry = y + 3 + rowH * i + rowH / 2 + (i === 0 ? 1 : 0);
        const ts = Math.min(rowH * 0.8, w * 0.2);
        thing(ctx, ex.pay, ex.payLira, x + w * 0.28, ry, ts);
        arrow(ctx, x + w * 0.42, ry, w * 0.16);
        thing(ctx, ex.gain, ex.gainLira, x + w * 0.74, ry, ts);
      });
      return;
    }
  }
}

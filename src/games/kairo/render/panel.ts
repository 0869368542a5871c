/**
 * The right-hand column of the Kairo image: one panel per player (what the table can see: score, cards in
 * hand, crier cards, medals, main stalls still to build; coins only once the final scoring reveals them),
 * the building card display with deck, discard pile and criers, and the medals and extensions per colour.
 */
import type { KairoFinalView, KairoPlayerView, KairoPublicView } from '../view/types.js';
import { drawText, fillRoundRect, font, strokeRoundRect, type Ctx } from '../../../render/common/index.js';
import { drawBuildingCard, drawCardBack, drawCoin, drawColourShape, drawCrier, drawMedal, drawOwnerDisc } from './glyphs.js';
import { label, type RenderLocale } from './i18n.js';
import { seatNumber } from './seat-number.js';
import type { Rect } from './layout.js';
import { COLOUR_ORDER, THEME } from './style.js';

export interface PanelProps {
  readonly player: KairoPlayerView;
  readonly name: string;
  /** The number on the player's discs (the place in the playing order). */
  readonly number: number;
  readonly deciding: boolean;
  readonly final: KairoFinalView | null;
  readonly rank: number | null;
  readonly locale: RenderLocale;
}

function box(ctx: Ctx, r: Rect, fill: string = THEME.panel, edge: string = THEME.panelEdge, width = 1): void {
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, fill);
  strokeRoundRect(ctx, r.x + width / 2, r.y + width / 2, r.w - width, r.h - width, 12, edge, width);
}

/** "icon count" pairs in a row; returns the x after the item. */
function counted(ctx: Ctx, x: number, cy: number, count: number, words: string, colour: string = THEME.panelInk): number {
  ctx.fillStyle = colour;
  ctx.font = font(18, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(count), x, cy + 1);
  x += ctx.measureText(String(count)).width + 5;
  ctx.fillStyle = THEME.panelMuted;
  ctx.font = font(13);
  ctx.fillText(words, x, cy + 2);
  return x + ctx.measureText(words).width + 16;
}

export function drawPlayerPanel(ctx: Ctx, r: Rect, p: PanelProps): void {
  const L = p.locale;
  const out = p.player.out;
  box(ctx, r, p.deciding ? THEME.panelRaised : THEME.panel, p.deciding ? THEME.highlight : THEME.panelEdge, p.deciding ? 3 : 1);
  const row1 = r.y + 24;
  drawOwnerDisc(ctx, p.number, r.x + 26, row1, 15);
  // score, right-aligned, with its word below
  const scoreText = String(p.player.score);
  ctx.font = font(30, 'bold');
  const scoreW = Math.max(ctx.measureText(scoreText).width, 40);
  ctx.fillStyle = THEME.panelInk;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.fillText(scoreText, r.x + r.w - 16, row1 + 2);
  drawText(ctx, label('points', L), r.x + r.w - 16, row1 + 25, 70, { size: 12, colour: THEME.panelMuted, align: 'right', baseline: 'middle' });
  let x = r.x + 50;
  // rank once the game is over, left of the score
  let nameRight = r.x + r.w - 28 - scoreW;
  if (p.rank !== null) {
    const text = label('rank', L, { n: p.rank });
    ctx.font = font(14, 'bold');
    const w = ctx.measureText(text).width + 16;
    const rx = nameRight - w;
    fillRoundRect(ctx, rx, row1 - 12, w, 24, 12, p.rank === 1 ? THEME.highlight : THEME.panelRaised);
    ctx.fillStyle = p.rank === 1 ? THEME.highlightEdge : THEME.panelInk;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, rx + w / 2, row1 + 1);
    nameRight = rx - 8;
  }
  const tags: { text: string; fill: string; ink: string }[] = [];
  if (p.player.startPlayer) tags.push({ text: label('startPlayer', L), fill: THEME.gold, ink: THEME.goldDark });
  // at the end everyone is out; the tag only matters while others still build
  if (out && p.final === null) tags.push({ text: label('out', L), fill: THEME.danger, ink: '#ffffff' });
  ctx.font = font(12, 'bold');
  const tagsW = tags.reduce((sum, t) => sum + ctx.measureText(t.text).width + 18, 0);
  const used = drawText(ctx, p.name, x, row1 + 1, Math.max(40, nameRight - x - tagsW), {
    size: 20,
    minSize: 13,
    weight: 'bold',
    colour: p.deciding ? THEME.highlight : THEME.panelInk,
    baseline: 'middle',
  });
  x += used + 8;
  for (const t of tags) {
    ctx.font = font(12, 'bold');
    const w = ctx.measureText(t.text).width + 12;
    if (x + w > nameRight) break;
    fillRoundRect(ctx, x, row1 - 10, w, 20, 10, t.fill);
    ctx.fillStyle = t.ink;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(t.text, x + w / 2, row1 + 1);
    x += w + 6;
  }

  // row 2: cards, criers, coins
  const row2 = r.y + Math.min(66, r.h * 0.52);
  x = r.x + 16;
  drawCardBack(ctx, x, row2 - 13, 18, 26);
  x = counted(ctx, x + 26, row2, p.player.handCount, label(p.player.handCount === 1 ? 'card' : 'cards', L));
  drawCrier(ctx, x + 11, row2, 11);
  x = counted(ctx, x + 35, row2, p.player.criers, label(p.player.criers === 1 ? 'crier' : 'criers', L));
  if (p.final !== null) {
    drawCoin(ctx, x + 10, row2, 10, '');
    x += 26;
    x += drawText(ctx, label('coinsFinal', L, { coins: p.final.coins, points: p.final.coinPoints }), x, row2 + 1, r.x + r.w - x - 12, {
      size: 14,
      minSize: 10,
      weight: 'bold',
      colour: THEME.panelInk,
      baseline: 'middle',
    });
  } else {
    drawCoin(ctx, x + 10, row2, 10, '?');
    x += 26;
    drawText(ctx, label('coinsHidden', L), x, row2 + 1, r.x + r.w - x - 12, { size: 13, minSize: 10, colour: THEME.panelMuted, baseline: 'middle' });
  }

  // row 3: medals held; main stalls still to build
  const row3 = r.y + r.h - Math.min(24, r.h * 0.2);
  x = r.x + 18;
  for (const m of p.player.medals) {
    drawMedal(ctx, m.medal, m.colour, x + 10, row3 + 3, 10);
    x += 25;
  }
  if (p.final !== null && p.final.medalPoints > 0) {
    x += drawText(ctx, label('medalPoints', L, { n: p.final.medalPoints }), x, row3 + 1, 110, { size: 13, colour: THEME.panelMuted, baseline: 'middle' }) + 12;
  }
  if (p.player.stallsInSupply.length > 0) {
    const right = r.x + r.w - 16;
    const chips = p.player.stallsInSupply.length * 20;
    ctx.font = font(12);
    const words = label('stallsLeft', L);
    const wordsW = Math.min(ctx.measureText(words).width, 110);
    const start = Math.max(x + 8, right - chips - wordsW - 8);
    drawText(ctx, words, start, row3 + 1, wordsW + 1, { size: 12, minSize: 9, colour: THEME.panelMuted, baseline: 'middle' });
    p.player.stallsInSupply.forEach((c, i) => {
      const cx = start + wordsW + 8 + i * 20 + 9;
      if (cx + 9 > right + 1) return;
      drawColourShape(ctx, c, cx, row3, 9);
    });
  }
}

/** The display of building cards, the deck, the discard pile and the criers still in the supply. */
export function drawDisplay(ctx: Ctx, r: Rect, view: KairoPublicView, L: RenderLocale): void {
  box(ctx, r);
  drawText(ctx, label('display', L), r.x + 16, r.y + 20, 220, { size: 15, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' });
  const pilesW = 104;
  const cardW = Math.min(Math.round((r.w - 32 - pilesW - 27) / 4), Math.round((r.h - 46) * 0.74));
  const cardH = Math.round(cardW / 0.74);
  const top = r.y + 36 + (r.h - 46 - cardH) / 2;
  view.display.forEach((card, i) => drawBuildingCard(ctx, r.x + 16 + i * (cardW + 9), top, cardW, cardH, card));
  // the piles, stacked on the right
  const px = r.x + r.w - 12 - pilesW;
  const pw = r.x + r.w - 12 - px;
  const rowH = cardH / 3;
  const rows: { draw: (cx: number, cy: number) => void; count: number; text: string }[] = [
    { draw: (cx, cy) => drawCardBack(ctx, cx - 8, cy - 12, 16, 24), count: view.deckCount, text: label('deck', L) },
    {
      draw: (cx, cy) => {
        strokeRoundRect(ctx, cx - 8, cy - 12, 16, 24, 3, THEME.panelMuted, 1.5);
      },
      count: view.discardCount,
      text: label('discard', L),
    },
    { draw: (cx, cy) => drawCrier(ctx, cx, cy, 11), count: view.crierSupply, text: label('crierSupply', L) },
  ];
  rows.forEach((row, i) => {
    const cy = top + rowH * i + rowH / 2;
    row.draw(px + 10, cy);
    ctx.fillStyle = THEME.panelInk;
    ctx.font = font(17, 'bold');
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(row.count), px + 32, cy - 6);
    drawText(ctx, row.text, px + 32, cy + 10, pw - 32, { size: 12, minSize: 9, colour: THEME.panelMuted, baseline: 'middle' });
  });
}

/** Per colour: its shape, the gold and silver medal with their holders, and the extensions left. */
export function drawMedalTable(ctx: Ctx, r: Rect, view: KairoPublicView, L: RenderLocale): void {
  box(ctx, r);
  drawText(ctx, `${label('medals', L)} (${label('gold', L)} ${view.medalPoints.gold} \u00b7 ${label('silver', L)} ${view.medalPoints.silver})`, r.x + 16, r.y + 20, r.w - 32, {
    size: 15,
    minSize: 11,
    weight: 'bold',
    colour: THEME.panelInk,
    baseline: 'middle',
  });
  const labelW = 96;
  const colW = (r.w - 16 - labelW - 8) / COLOUR_ORDER.length;
  const inner = r.h - 40;
  const rowH = inner / 4;
  const rowY = (i: number): number => r.y + 36 + rowH * i + rowH / 2;
  const rowLabels = [label('gold', L), label('silver', L), label('extensionsLeft', L)];
  rowLabels.forEach((text, i) => drawText(ctx, text, r.x + 16, rowY(i + 1) + 1, labelW - 6, { size: 13, minSize: 9, colour: THEME.panelMuted, baseline: 'middle' }));
  COLOUR_ORDER.forEach((colour, i) => {
    const cx = r.x + 16 + labelW + colW * i + colW / 2;
    drawColourShape(ctx, colour, cx, rowY(0), Math.min(13, rowH * 0.4));
    const medal = view.medals[colour];
    for (const [k, kind] of (['gold', 'silver'] as const).entries()) {
      const holder = medal[kind];
      const cy = rowY(k + 1) + 3;
      const mr = Math.min(10, rowH * 0.3);
      if (holder === null) {
        drawMedal(ctx, kind, colour, cx, cy, mr, false);
      } else {
        drawMedal(ctx, kind, colour, cx - mr * 0.9, cy, mr);
        drawOwnerDisc(ctx, seatNumber(view, holder), cx + mr * 1.2, cy, Math.min(10, rowH * 0.3));
      }
    }
    // extensions left: the number, with pips for the supply
    const left = view.extensionSupply[colour];
    const cy = rowY(3);
    ctx.fillStyle = left === 0 ? THEME.panelMuted : THEME.panelInk;
    ctx.font = font(16, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(left), cx, cy + 1);
  });
}

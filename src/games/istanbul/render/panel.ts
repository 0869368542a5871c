/**
 * A player's panel: colour, number and name; lira; rubies against the goal; goods against the wheelbarrow's
 * capacity on four tracks; extensions; mosque tiles; bonus cards; assistants; turn order and start player.
 */
import type { Good } from '../view/types.js';
import { alpha, drawSprite, drawText, fillRoundRect, font, roundRectPath, strokeRoundRect, textWidth, type Ctx } from '../../../render/common/index.js';
import { drawCardBack, drawCoin, drawExtensionSprite, drawGood, drawGoodSprite, drawMosqueTileSprite, drawRubySprite, drawStartMarker } from './glyphs.js';
import { label, turnPositionText, type RenderLocale } from './i18n.js';
import { merchantItem } from './figures.js';
import { GOOD_ORDER, GOOD_STYLES, NEUTRAL_STYLE, THEME, type FigureStyle } from './style.js';
import type { Rect } from './tile.js';

export interface PanelProps {
  readonly name: string;
  /** The number on the player's figures: the place in the playing order (1 = the start player). */
  readonly number: number;
  readonly style: FigureStyle;
  readonly lira: number;
  readonly rubies: number;
  readonly rubyTarget: number;
  readonly goods: Readonly<Record<Good, number>>;
  readonly capacity: number;
  readonly extensions: number;
  readonly mosqueTiles: readonly Good[];
  readonly bonusCards: number;
  readonly assistantsInStack: number;
  readonly neutralInStack: number;
  readonly assistantsOnPlaces: number;
  readonly assistantsInSupply: number;
  /** 1 = start player, then clockwise. */
  readonly turnPosition: number;
  readonly isStartPlayer: boolean;
  /** This player must decide now. */
  readonly deciding: boolean;
  /** Final rank when the game is over and the caller passed the standings (1 = winner). */
  readonly rank: number | null;
  readonly locale: RenderLocale;
}

const MAX_CAPACITY = 5;

/**
 * One cell of a goods track: holding the good or empty; open, or closed (past the capacity: a dashed
 * outline).
 */
function goodsCell(ctx: Ctx, good: Good, held: boolean, open: boolean, x: number, y: number, cell: number): void {
  roundRectPath(ctx, x, y, cell, cell, 4);
  if (held) {
    ctx.fillStyle = alpha(GOOD_STYLES[good].fill, 0.22);
    ctx.fill();
  } else if (open) {
    ctx.fillStyle = 'rgba(255,255,255,0.07)';
    ctx.fill();
  }
  if (open) {
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = held ? GOOD_STYLES[good].fill : 'rgba(255,255,255,0.28)';
    ctx.stroke();
  } else {
    ctx.save();
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.16)';
    ctx.stroke();
    ctx.restore();
  }
  if (held) drawGood(ctx, good, x + cell / 2, y + cell / 2, cell * 0.36);
}

/** The four goods tracks: one row per good, cells up to 5; cells past the capacity are shown closed. */
function goodsTracks(ctx: Ctx, x: number, y: number, rowH: number, cell: number, p: PanelProps): number {
  const lead = cell * 0.5 + 8;
  GOOD_ORDER.forEach((good, i) => {
    const cy = y + i * rowH + rowH / 2;
    const have = p.goods[good];
    // the row's good, so an empty track still says what it holds
    drawGoodSprite(ctx, good, x + cell * 0.25, cy, cell * 0.26);
    for (let k = 0; k < MAX_CAPACITY; k++) {
      const cx = x + lead + k * (cell + 3);
      const held = k < have;
      const open = k < p.capacity;
      const top = cy - cell / 2;
      drawSprite(ctx, `goods cell ${good} ${held} ${open} ${cell}`, cx - 1, top - 1, cell + 2, cell + 2, (sprite, dx, dy) => goodsCell(sprite, good, held, open, cx + dx, top + dy, cell));
    }
    // the count, e.g. "3/4"
    ctx.fillStyle = have >= p.capacity ? THEME.highlight : THEME.panelInk;
    ctx.font = font(13, 'bold');
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(have), x + lead + MAX_CAPACITY * (cell + 3) + 4, cy + 0.5);
  });
  return lead + MAX_CAPACITY * (cell + 3) + 4 + textWidth(ctx, '5', 13, 'bold');
}

export function drawPanel(ctx: Ctx, r: Rect, p: PanelProps): void {
  const { x, y, w, h } = r;
  const L = p.locale;
  // card
  const lit = p.deciding || p.rank === 1;
  fillRoundRect(ctx, x, y, w, h, 12, lit ? THEME.panelRaised : THEME.panel);
  strokeRoundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, 12, p.deciding ? THEME.highlight : p.rank === 1 ? THEME.gold : THEME.panelEdge, lit ? 2.5 : 1);
  // colour stripe
  ctx.save();
  roundRectPath(ctx, x, y, w, h, 12);
  ctx.clip();
  ctx.fillStyle = p.style.fill;
  ctx.fillRect(x, y, 8, h);
  ctx.restore();

  const pad = 16;
  const left = x + pad + 4;
  // the rows are designed for 190 px and scale with the panel (fewer players, taller panels)
  const k = Math.max(0.86, Math.min(1.35, h / 190, (w - 40) / 360));
  // rows spread over the height even where the sizes stop growing
  const ky = Math.max(k, h / 190);

  // Row 1: number token, name, start marker, turn position, deciding badge
  const r1 = y + 21 * ky;
  const tr = 14 * k;
  ctx.beginPath();
  ctx.arc(left + tr, r1, tr, 0, Math.PI * 2);
  ctx.fillStyle = p.style.fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.stroke();
  ctx.fillStyle = p.style.ink;
  ctx.font = font(15 * k, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(p.number), left + tr, r1 + 1);

  let right = x + w - pad;
  if (p.rank !== null) {
    const text = p.rank === 1 ? label('winner', L) : label('rank', L, { n: p.rank });
    const bw = textWidth(ctx, text, 12.5 * k, 'bold') + 18;
    fillRoundRect(ctx, right - bw, r1 - 11 * k, bw, 22 * k, 11 * k, p.rank === 1 ? THEME.gold : 'rgba(255,255,255,0.14)');
    ctx.fillStyle = p.rank === 1 ? '#2a2118' : THEME.panelInk;
    ctx.font = font(12.5 * k, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, right - bw / 2, r1 + 0.5);
    right -= bw + 8;
  }
  if (p.deciding) {
    const text = label('deciding', L);
    const bw = textWidth(ctx, text, 12.5 * k, 'bold') + 18;
    fillRoundRect(ctx, right - bw, r1 - 11 * k, bw, 22 * k, 11 * k, THEME.highlight);
    ctx.fillStyle = '#2a2118';
    ctx.font = font(12.5 * k, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, right - bw / 2, r1 + 0.5);
    right -= bw + 8;
  }
  // place in the turn order
  const turnText = turnPositionText(p.turnPosition, L);
  const tw = textWidth(ctx, turnText, 11.5 * k, 'bold') + 14;
  strokeRoundRect(ctx, right - tw, r1 - 10 * k, tw, 20 * k, 10 * k, 'rgba(255,255,255,0.35)', 1);
  ctx.fillStyle = THEME.panelMuted;
  ctx.font = font(11.5 * k, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(turnText, right - tw / 2, r1 + 0.5);
  right -= tw + 8;
  if (p.isStartPlayer) {
    drawStartMarker(ctx, right - 11 * k, r1, 11 * k);
    right -= 26 * k;
  }
  const nameX = left + 2 * tr + 10;
  drawText(ctx, p.name, nameX, r1 + 1, right - nameX - 4, {
    size: 20 * k,
    minSize: 13,
    weight: 'bold',
    colour: THEME.panelInk,
    baseline: 'middle',
  });

  // Row 2: lira, rubies vs goal, bonus cards, assistants
  const r2 = y + 55 * ky;
  let cx = left;
  drawCoin(ctx, cx + 13 * k, r2, 13 * k);
  ctx.fillStyle = THEME.panelInk;
  ctx.font = font(21 * k, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const lira = String(p.lira);
  ctx.fillText(lira, cx + 30 * k, r2 + 1);
  cx += 30 * k + Math.max(ctx.measureText(lira).width, textWidth(ctx, '00', 21 * k, 'bold')) + 16;

  const rr = 10.5 * k;
  const slots = Math.max(p.rubyTarget, p.rubies);
  for (let i = 0; i < slots; i++) drawRubySprite(ctx, cx + rr + i * (2 * rr + 4), r2, rr, i < p.rubies);
  cx += slots * (2 * rr + 4) + 4;
  ctx.fillStyle = p.rubies >= p.rubyTarget ? THEME.highlight : THEME.panelMuted;
  ctx.font = font(13 * k, 'bold');
  ctx.fillText(`${p.rubies}/${p.rubyTarget}`, cx, r2 + 1);
  cx += ctx.measureText(`${p.rubies}/${p.rubyTarget}`).width + 18;

  // bonus cards
  const cardW = 15 * k;
  const cardH = 21 * k;
  if (p.bonusCards > 0) {
    const fan = Math.min(p.bonusCards, 3);
    for (let i = fan - 1; i >= 0; i--) drawCardBack(ctx, cx + i * 4, r2 - cardH / 2 - i * 1.5, cardW, cardH);
    cx += cardW + (fan - 1) * 4 + 6;
  } else {
    ctx.save();
    ctx.setLineDash([3, 3]);
    strokeRoundRect(ctx, cx, r2 - cardH / 2, cardW, cardH, 3, 'rgba(255,255,255,0.3)', 1);
    ctx.restore();
    cx += cardW + 6;
  }
  ctx.fillStyle = THEME.panelInk;
  ctx.font = font(17 * k, 'bold');
  ctx.fillText(String(p.bonusCards), cx, r2 + 1);
  cx += ctx.measureText(String(p.bonusCards)).width + 16;

  // assistants under the merchant: the merchant figure as on the board, with its stack
  const stackStyles: FigureStyle[] = [
    ...Array.from({ length: p.neutralInStack }, () => NEUTRAL_STYLE),
    ...Array.from({ length: p.assistantsInStack }, () => p.style),
  ];
  const fig = merchantItem('panel', p.style, '', stackStyles, false, false);
  const fs = Math.min(0.62 * k, (34 * k) / fig.h);
  fig.draw(ctx, cx, r2 - (fig.h * fs) / 2, fs);
  cx += (fig.w - 10) * fs + 6;
  ctx.fillStyle = THEME.panelInk;
  ctx.font = font(17 * k, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const stackText = p.neutralInStack > 0 ? `${p.assistantsInStack}+${p.neutralInStack}` : String(p.assistantsInStack);
  ctx.fillText(stackText, cx, r2 + 1);

  // Row 3: goods tracks (left), mosque tiles / extensions / assistants detail (right)
  const r3 = y + 76 * ky;
  const rowH = Math.min(30 * k, (y + h - 8 * ky - r3) / 4);
  const cell = rowH - 4;
  const tracksW = goodsTracks(ctx, left, r3, rowH, cell, p);

  const colX = left + tracksW + 18;
  const colW = x + w - pad - colX;
  const lineH = (rowH * 4) / 3;
  // mosque tiles owned
  const ts = Math.min(27 * k, lineH - 6);
  small(ctx, label('mosqueTiles', L), colX, r3 + lineH * 0.5, colW - 4 * (ts + 4) - 6, k);
  GOOD_ORDER.forEach((g, i) => {
    drawMosqueTileSprite(ctx, x + w - pad - (4 - i) * (ts + 4) + 4, r3 + lineH * 0.5 - ts / 2, ts, g, p.mosqueTiles.includes(g));
  });
  // wheelbarrow extensions
  const ew = 24 * k;
  const eh = 13 * k;
  small(ctx, label('extensions', L), colX, r3 + lineH * 1.5, colW - 3 * (ew + 4) - 6, k);
  for (let i = 0; i < 3; i++) {
    drawExtensionSprite(ctx, x + w - pad - (3 - i) * (ew + 4) + 4, r3 + lineH * 1.5 - eh / 2, ew, eh, i < p.extensions);
  }
  // assistants away from the merchant: loose on places, and beside the board
  const away = [label('onPlaces', L, { n: p.assistantsOnPlaces }), label('inSupply', L, { n: p.assistantsInSupply })].join(' \u00b7 ');
  strokeRoundRect(ctx, colX + 1, r3 + lineH * 2.5 - 7 * k, 14 * k, 14 * k, 3.5 * k, alpha(p.style.fill, 0.8), 1.5);
  drawText(ctx, away, colX + 22 * k, r3 + lineH * 2.5 + 0.5, colW - 22 * k, {
    size: 12 * k,
    minSize: 9.5,
    weight: 'normal',
    colour: THEME.panelMuted,
    baseline: 'middle',
  });
}

function small(ctx: Ctx, text: string, x: number, cy: number, maxW: number, k: number): void {
  drawText(ctx, text, x, cy + 0.5, Math.max(10, maxW), {
    size: 12 * k,
    minSize: 9.5,
    weight: 'normal',
    colour: THEME.panelMuted,
    baseline: 'middle',
  });
}

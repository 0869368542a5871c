/**
 * The Letters & Seals band below the board: the letter and kiosk piles and the Courier's place, then per player
 * (in turn order) the letters in front of them (face up with the place number, or delivered with 2 seals), the
 * seals they show, the companion (not taken, in the supply, or on a place) and whether the round's double move
 * was used; a legend in the title row says what those marks mean.
 */
import type { IstanbulPublicView, LettersAndSealsPlayerView, PlayerView } from '../../view/types.js';
import { alpha, drawText, fillRoundRect, font, strokeRoundRect, textWidth, type Ctx } from '../../../../render/common/index.js';
import { extraItem } from '../figures.js';
import { placeName, type RenderLocale } from '../i18n.js';
import { THEME, type FigureStyle } from '../style.js';
import type { Rect } from '../tile.js';
import { drawLetter, drawSeal } from './glyphs.js';
import { lsLabel } from './labels.js';

const TITLE_H = 40;
const ROW_H = 44;
const PAD = 12;

/** Columns of players in the band: one for 1–2 players, two otherwise. */
function columns(players: number): number {
  return players <= 2 ? 1 : 2;
}

/** The band's height for a player count. */
export function lettersBandHeight(players: number): number {
  return TITLE_H + Math.ceil(players / columns(players)) * ROW_H + PAD;
}

export interface BandPlayer {
  readonly player: PlayerView;
  readonly ls: LettersAndSealsPlayerView;
  readonly name: string;
  readonly style: FigureStyle;
}

function facts(ctx: Ctx, r: Rect, view: IstanbulPublicView, L: RenderLocale): void {
  const ls = view.lettersAndSeals;
  if (!ls) return;
  const cy = r.y + TITLE_H / 2 + 2;
  let x = r.x + 16;
  x += drawText(ctx, lsLabel('title', L), x, cy, 260, { size: 18, weight: 'bold', colour: THEME.gold, baseline: 'middle' }) + 22;
  drawLetter(ctx, x, cy - 9, 24, 18, 0, true);
  x += 32;
  x += drawText(ctx, `${lsLabel('letterPile', L, { n: ls.letterDeckCount })} \u00b7 ${lsLabel('discardPile', L, { n: ls.letterDiscardCount })}`, x, cy, 420, {
    size: 14,
    minSize: 11,
    colour: THEME.panelInk,
    baseline: 'middle',
  });
  x += 22;
  x += drawText(ctx, lsLabel('kioskPile', L, { n: ls.kioskDeckCount }), x, cy, 220, { size: 14, minSize: 11, colour: THEME.panelInk, baseline: 'middle' });
  x += 22;
  const courier = extraItem('band-courier', 'courier', null, '');
  const s = 0.62;
  courier.draw(ctx, x, cy - (courier.h * s) / 2, s);
  x += courier.w * s + 6;
  x += drawText(ctx, `${lsLabel('courier', L)}: ${ls.courier} ${placeName(ls.courier, L)}`, x, cy, 230, {
    size: 14,
    minSize: 11,
    weight: 'bold',
    colour: THEME.panelInk,
    baseline: 'middle',
  });
  legend(ctx, x + 24, r.x + r.w - 14, cy, L);
}

const LEGEND_SIZE = 12.5;
const LETTER_W = 22;
const LETTER_H = 16;

/**
 * What the marks in the rows mean, right-aligned in the title row: a face-up letter (its place number, 1
 * seal), a delivered one (2 seals), what seals buy, the spent double move. Items that do not fit are left
 * out from the last one on, so the first ones (the letters) are always explained.
 */
function legend(ctx: Ctx, left: number, right: number, cy: number, L: RenderLocale): void {
  const items: { glyph: number; text: string; draw: (x: number) => void }[] = [
    { glyph: LETTER_W + 6, text: lsLabel('legendLetter', L, { n: 9 }), draw: (x) => drawLetter(ctx, x, cy - LETTER_H / 2, LETTER_W, LETTER_H, 9, false) },
    { glyph: LETTER_W + 6, text: lsLabel('legendDelivered', L), draw: (x) => drawLetter(ctx, x, cy - LETTER_H / 2, LETTER_W, LETTER_H, 9, true) },
    { glyph: 20, text: lsLabel('legendSeals', L), draw: (x) => drawSeal(ctx, x + 8, cy, 8) },
    { glyph: 22, text: lsLabel('doubleMoveUsed', L), draw: (x) => chevrons(ctx, x + 18, cy) },
  ];
  const gap = 16;
  const widths = items.map((item) => item.glyph + textWidth(ctx, item.text, LEGEND_SIZE));
  let shown = items.length;
  const total = (n: number): number => widths.slice(0, n).reduce((a, b) => a + b, 0) + (n - 1) * gap;
  while (shown > 0 && total(shown) > right - left) shown--;
  let x = right - total(shown);
  items.slice(0, shown).forEach((item, i) => {
    item.draw(x);
    drawText(ctx, item.text, x + item.glyph, cy, (widths[i] as number) - item.glyph + 1, { size: LEGEND_SIZE, colour: THEME.panelMuted, baseline: 'middle' });
    x += (widths[i] as number) + gap;
  });
}

/** Two chevrons ending at `endX`: the round's double move is spent. */
function chevrons(ctx: Ctx, endX: number, cy: number): void {
  ctx.beginPath();
  for (const dx of [-14, -6]) {
    ctx.moveTo(endX + dx - 5, cy - 6);
    ctx.lineTo(endX + dx, cy);
    ctx.lineTo(endX + dx - 5, cy + 6);
  }
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
}

function playerRow(ctx: Ctx, r: Rect, p: BandPlayer, deciding: boolean, L: RenderLocale): void {
  const cy = r.y + r.h / 2;
  fillRoundRect(ctx, r.x, r.y + 2, r.w, r.h - 4, 10, deciding ? THEME.panelRaised : alpha('#000000', 0.16));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 2.5, r.w - 1, r.h - 5, 10, deciding ? THEME.highlight : THEME.panelEdge, deciding ? 2 : 1);
  // token and name
  let x = r.x + 10;
  const tr = 12;
  ctx.beginPath();
  ctx.arc(x + tr, cy, tr, 0, Math.PI * 2);
  ctx.fillStyle = p.style.fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255,255,255,0.8)';
  ctx.stroke();
  ctx.fillStyle = p.style.ink;
  ctx.font = font(13, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(p.player.turnOrder + 1), x + tr, cy + 0.5);
  x += 2 * tr + 8;
  drawText(ctx, p.name, x, cy, 110, { size: 14, minSize: 10, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' });
  x += 116;

  // the right part: seals, companion, double move
  const rightW = 250;
  const rx = r.x + r.w - rightW;
  // letters between
  const lw = 27;
  const lh = 21;
  const room = rx - x - 10;
  const fit = Math.max(1, Math.floor(room / (lw + 4)));
  const letters = p.ls.letters;
  if (letters.length === 0) {
    drawText(ctx, lsLabel('noLetters', L), x, cy, room, { size: 13, colour: THEME.panelMuted, baseline: 'middle' });
  } else {
    const shown = letters.length > fit ? fit - 1 : letters.length;
    letters.slice(0, shown).forEach((l, i) => drawLetter(ctx, x + i * (lw + 4), cy - lh / 2, lw, lh, l.place, l.delivered));
    if (shown < letters.length) {
      drawText(ctx, `+${letters.length - shown}`, x + shown * (lw + 4) + 2, cy, lw + 10, { size: 14, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' });
    }
  }
  // seals
  let sx = rx;
  drawSeal(ctx, sx + 9, cy, 9);
  sx += 22;
  sx += drawText(ctx, lsLabel('seals', L, { n: p.ls.seals }), sx, cy, 78, { size: 14, minSize: 10, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' }) + 12;
  // companion
  const pawn = extraItem(`band-c${p.player.seat}`, 'companion', p.style, String(p.player.turnOrder + 1));
  const ps = 0.8;
  const onBoard = typeof p.ls.companion === 'number';
  ctx.save();
  if (p.ls.companion === 'box') ctx.globalAlpha = 0.35;
  pawn.draw(ctx, sx, cy - (pawn.h * ps) / 2, ps);
  ctx.restore();
  sx += pawn.w * ps + 4;
  const where =
    p.ls.companion === 'box'
      ? lsLabel('companionBox', L)
      : p.ls.companion === 'supply'
        ? lsLabel('companionSupply', L)
        : `${String(p.ls.companion)} ${placeName(p.ls.companion, L)}`;
  const endX = r.x + r.w - 8;
  const dmW = p.ls.doubleMoveUsed ? 22 : 0;
  drawText(ctx, where, sx, cy, endX - sx - dmW - 4, { size: 12.5, minSize: 9, weight: onBoard ? 'bold' : 'normal', colour: onBoard ? THEME.panelInk : THEME.panelMuted, baseline: 'middle' });
  // two chevrons: the round's double move is spent
  if (p.ls.doubleMoveUsed) chevrons(ctx, endX, cy);
}

/** Draws the band into `r`; players in turn order; the deciding seat's row is highlighted. */
export function drawLettersBand(ctx: Ctx, r: Rect, view: IstanbulPublicView, players: readonly BandPlayer[], deciding: number | null, L: RenderLocale): void {
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, alpha('#000000', 0.22));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, alpha(THEME.gold, 0.3), 1);
  facts(ctx, r, view, L);
  const cols = columns(players.length);
  const colW = (r.w - 2 * PAD - (cols - 1) * 10) / cols;
  players.forEach((p, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    playerRow(ctx, { x: r.x + PAD + col * (colW + 10), y: r.y + TITLE_H + row * ROW_H, w: colW, h: ROW_H }, p, p.player.seat === deciding, L);
  });
}

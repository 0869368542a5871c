/**
 * Letters & Seals on the phone picture, what the full board's band shows at a size a phone reads: a strip
 * with the letter pile and the Courier's place, and under each player's row their letters (face up with
 * the place number, or delivered with two seals), the seals they show, where their companion is and
 * whether the round's double move is spent. Every text is at least PHONE_MIN_TEXT; place names are whole.
 */
import type { IstanbulPublicView, LettersAndSealsPlayerView } from '../view/types.js';
import { alpha, drawFittedLine, drawText, fillRoundRect, fitLines, font, PHONE_MIN_TEXT, shapePath, strokeRoundRect, type Ctx } from '../../../render/common/index.js';
import { drawSeal } from './expansion/glyphs.js';
import { lsLabel } from './expansion/labels.js';
import { extraItem } from './figures.js';
import { placeName, type RenderLocale } from './i18n.js';
import { THEME, type FigureStyle } from './style.js';
import type { Rect } from './tile.js';

/** The strip's height, and the line each player's row gains. */
export const LETTERS_STRIP_H = 48;
export const LETTERS_LINE_H = 48;

const LETTER_W = 42;
const LETTER_H = 32;
const LETTER_GAP = 6;
const TEXT = { size: PHONE_MIN_TEXT, minSize: PHONE_MIN_TEXT, baseline: 'middle' } as const;

/** A letter in front of a player: its place number on the envelope, or, delivered, two seals. */
function drawPhoneLetter(ctx: Ctx, x: number, cy: number, place: number, delivered: boolean): void {
  const y = cy - LETTER_H / 2;
  fillRoundRect(ctx, x + 2, y + 2, LETTER_W, LETTER_H, 4, 'rgba(0,0,0,0.25)');
  fillRoundRect(ctx, x, y, LETTER_W, LETTER_H, 4, delivered ? '#e8dcc2' : THEME.card);
  strokeRoundRect(ctx, x, y, LETTER_W, LETTER_H, 4, THEME.cardEdge, 1.5);
  if (delivered) {
    drawSeal(ctx, x + LETTER_W * 0.3, cy, 8);
    drawSeal(ctx, x + LETTER_W * 0.7, cy, 8);
    return;
  }
  ctx.fillStyle = THEME.tileInk;
  ctx.font = font(PHONE_MIN_TEXT, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(place), x + LETTER_W / 2, cy + 1);
}

/** Two chevrons ending at `endX`: the round's double move is spent (as on the full board's band). */
function chevrons(ctx: Ctx, endX: number, cy: number): void {
  ctx.beginPath();
  for (const dx of [-16, -6]) {
    ctx.moveTo(endX + dx - 7, cy - 9);
    ctx.lineTo(endX + dx, cy);
    ctx.lineTo(endX + dx - 7, cy + 9);
  }
  ctx.lineWidth = 3.5;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
}

/** Draws `text` whole in at most `room`: narrowed if it must be, never cut. Returns the width used. */
function wholeText(ctx: Ctx, text: string, x: number, cy: number, room: number, colour: string, weight: 'normal' | 'bold'): number {
  const lines = fitLines(ctx, text, PHONE_MIN_TEXT, weight, () => room);
  // One line is the rule here; a text that would need more is narrowed as a whole to the room.
  const natural = ctx.measureText(text).width;
  const line = lines.length === 1 && lines[0] !== undefined ? lines[0] : { text, scale: Math.min(1, room / natural), width: Math.min(natural, room) };
  ctx.fillStyle = colour;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  drawFittedLine(ctx, line, x, cy + 1);
  return line.width;
}

/** A companion: a diamond in the owner's colour with their number (on a place, and in the player's line). */
export function drawCompanionMark(ctx: Ctx, cx: number, cy: number, style: FigureStyle, text: string): void {
  ctx.save();
  shapePath(ctx, 'diamond', cx, cy, 18);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.restore();
  ctx.fillStyle = style.ink;
  ctx.font = font(PHONE_MIN_TEXT, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 1);
}

/** The strip under the places: the letter pile and where the Courier is. */
export function drawLettersStrip(ctx: Ctx, r: Rect, view: IstanbulPublicView, L: RenderLocale): void {
  const ls = view.lettersAndSeals;
  if (!ls) return;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 10, alpha('#000000', 0.22));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 10, alpha(THEME.gold, 0.3), 1);
  const cy = r.y + r.h / 2;
  let x = r.x + 12;
  x += drawText(ctx, lsLabel('title', L), x, cy + 1, 240, { ...TEXT, weight: 'bold', colour: THEME.gold }) + 16;
  x += drawText(ctx, lsLabel('letterPile', L, { n: ls.letterDeckCount }), x, cy + 1, 280, { ...TEXT, colour: THEME.panelInk }) + 16;
  const courier = extraItem('phone-courier', 'courier', null, '');
  const s = 0.8;
  courier.draw(ctx, x, cy - (courier.h * s) / 2, s);
  x += courier.w * s + 6;
  wholeText(ctx, `${ls.courier} ${placeName(ls.courier, L)}`, x, cy, r.x + r.w - 12 - x, THEME.panelInk, 'bold');
}

/** A player's line under their row: letters, seals, companion, the spent double move. */
export function drawLettersLine(ctx: Ctx, r: Rect, ls: LettersAndSealsPlayerView, style: FigureStyle, seatText: string, L: RenderLocale): void {
  const cy = r.y + r.h / 2;
  const right = r.x + r.w - 10;
  // From the right: the double move, the companion (with its place), the seals; the letters take the rest.
  let end = right;
  if (ls.doubleMoveUsed) {
    chevrons(ctx, end, cy);
    end -= 34;
  }
  const where = ls.companion === 'box' ? lsLabel('companionBox', L) : ls.companion === 'supply' ? lsLabel('companionSupply', L) : `${ls.companion} ${placeName(ls.companion, L)}`;
  const companionW = 230;
  const cx = end - companionW;
  ctx.save();
  // not taken yet: shown faint, as on the full board
  if (ls.companion === 'box') ctx.globalAlpha = 0.35;
  drawCompanionMark(ctx, cx + 17, cy, style, seatText);
  ctx.restore();
  const onBoard = typeof ls.companion === 'number';
  wholeText(ctx, where, cx + 40, cy, companionW - 40, onBoard ? THEME.panelInk : THEME.panelMuted, onBoard ? 'bold' : 'normal');
  const sealsX = cx - 78;
  drawSeal(ctx, sealsX + 12, cy, 12);
  ctx.fillStyle = THEME.panelInk;
  ctx.font = font(26, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(ls.seals), sealsX + 30, cy + 1);
  // the letters, in the order received; "+n" for those that do not fit
  const left = r.x + 58;
  const room = sealsX - 12 - left;
  if (ls.letters.length === 0) {
    drawText(ctx, lsLabel('noLetters', L), left, cy + 1, room, { ...TEXT, colour: THEME.panelMuted });
    return;
  }
  const fit = Math.max(1, Math.floor((room + LETTER_GAP) / (LETTER_W + LETTER_GAP)));
  const shown = ls.letters.length > fit ? fit - 1 : ls.letters.length;
  ls.letters.slice(0, shown).forEach((l, i) => drawPhoneLetter(ctx, left + i * (LETTER_W + LETTER_GAP), cy, l.place, l.delivered));
  if (shown < ls.letters.length) {
    ctx.fillStyle = THEME.panelInk;
    ctx.font = font(PHONE_MIN_TEXT + 1, 'bold');
    ctx.textAlign = 'left';
    ctx.fillText(`+${ls.letters.length - shown}`, left + shown * (LETTER_W + LETTER_GAP) + 2, cy + 1);
  }
}

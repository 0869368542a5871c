/**
 * A rules card for `/help rules`: one place or card kind of a game, its picture drawn
 * with the board's own artwork on the left, its name and what it does on the right. Each game draws the
 * picture (src/games/<game>/render/rules-card.ts); the frame, the title and the wrapped text are common.
 * Drawn in the render pool like the boards.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { fillRoundRect, font, registerFonts, roundRectPath, strokeRoundRect, wrapText, type Ctx } from './common/index.js';
import { renderOpaquePng } from './common/render-opaque.js';

registerFonts();

/** What a rules card says: its title and text, in the reader's language (the presenter chose them). */
export interface RulesCardText {
  readonly title: string;
  readonly text: string;
  /** e.g. "3 / 20": where the card stands among the game's cards. */
  readonly position: string;
}

export interface RulesCardStyle {
  readonly background: string;
  readonly panel: string;
  readonly panelEdge: string;
  readonly ink: string;
  readonly muted: string;
  /** The title band's colour (Istanbul: the place's own band). */
  readonly band: string;
  readonly bandInk: string;
}

export const RULES_CARD_WIDTH = 900;
export const RULES_CARD_HEIGHT = 380;
const PICTURE = 300;
const MARGIN = 24;
const TEXT_SIZE = 22;
const TITLE_SIZE = 30;
const BAND_H = 52;

/** Draws the card: `picture` paints the game's artwork into the square (x, y, size). */
export function drawRulesCard(ctx: Ctx, text: RulesCardText, style: RulesCardStyle, picture: (ctx: Ctx, x: number, y: number, size: number) => void): void {
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, RULES_CARD_WIDTH, RULES_CARD_HEIGHT);
  // The picture on a tile of its own.
  const px = MARGIN;
  const py = (RULES_CARD_HEIGHT - PICTURE - 16) / 2;
  fillRoundRect(ctx, px, py, PICTURE + 16, PICTURE + 16, 14, style.panel);
  strokeRoundRect(ctx, px + 0.5, py + 0.5, PICTURE + 15, PICTURE + 15, 14, style.panelEdge, 1.5);
  ctx.save();
  roundRectPath(ctx, px + 8, py + 8, PICTURE, PICTURE, 10);
  ctx.clip();
  picture(ctx, px + 8, py + 8, PICTURE);
  ctx.restore();
  // Title band and text.
  const tx = px + PICTURE + 16 + MARGIN;
  const tw = RULES_CARD_WIDTH - tx - MARGIN;
  fillRoundRect(ctx, tx, MARGIN, tw, BAND_H, 10, style.band);
  const titleLines = wrapText(ctx, text.title, tw - 28 - positionWidth(ctx, text.position), TITLE_SIZE, 'bold', 1);
  ctx.font = font(TITLE_SIZE, 'bold');
  ctx.fillStyle = style.bandInk;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(titleLines[0] ?? '', tx + 14, MARGIN + BAND_H / 2 + 1);
  ctx.font = font(16, 'normal');
  ctx.textAlign = 'right';
  ctx.fillText(text.position, tx + tw - 14, MARGIN + BAND_H / 2 + 1);
  const { lines, top, lineHeight } = rulesCardLines(ctx, text.text);
  ctx.font = font(TEXT_SIZE, 'normal');
  ctx.fillStyle = style.ink;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, tx + 4, top + i * lineHeight));
}

const TEXT_X = MARGIN + PICTURE + 16 + MARGIN;
const TEXT_W = RULES_CARD_WIDTH - TEXT_X - MARGIN - 8;
const TEXT_TOP = MARGIN + BAND_H + 18;
const LINE_HEIGHT = Math.round(TEXT_SIZE * 1.36);
/** The lines of text a card has room for. */
export const RULES_CARD_MAX_LINES = Math.floor((RULES_CARD_HEIGHT - TEXT_TOP - MARGIN) / LINE_HEIGHT);

/** The card's text wrapped as drawn (the last line room allows is cut with an ellipsis if it must be). */
export function rulesCardLines(ctx: Ctx, text: string): { lines: string[]; top: number; lineHeight: number } {
  return { lines: wrapText(ctx, text, TEXT_W, TEXT_SIZE, 'normal', RULES_CARD_MAX_LINES), top: TEXT_TOP, lineHeight: LINE_HEIGHT };
}

function positionWidth(ctx: Ctx, position: string): number {
  ctx.font = font(16, 'normal');
  return ctx.measureText(position).width + 12;
}

/** The card as a PNG. */
export function renderRulesCard(text: RulesCardText, style: RulesCardStyle, picture: (ctx: SKRSContext2D, x: number, y: number, size: number) => void): Promise<Buffer> {
  return renderOpaquePng(RULES_CARD_WIDTH, RULES_CARD_HEIGHT, (ctx) => drawRulesCard(ctx, text, style, picture));
}

/** A rules card job's options: what it says (the subject is the job's `view`). */
export function isRulesCardText(raw: unknown): raw is RulesCardText {
  if (typeof raw !== 'object' || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return typeof r.title === 'string' && typeof r.text === 'string' && typeof r.position === 'string';
}

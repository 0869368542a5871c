/**
 * The Kairo board for the phone: a second, compact picture of the public view, 800 px wide, made to be
 * read where Discord shows it about 400 px wide. The whole market with its column letters and row numbers
 * (fields are named by them), the section numbers, stalls with their owners, entrances and customers; each
 * player's points, cards, criers and stalls still to build; the building cards on display and the piles;
 * the medals' holders. Field labels, the legend, the extension counts and the colour's shape on a main stall
 * (its entrance and customer carry it) stay on the full board. Every text is at least PHONE_MIN_TEXT px
 * (test/render/phone.test.ts measures the draws).
 */
import type { Colour, KairoPlayerView, KairoPublicView } from '../view/types.js';
import {
  drawingState,
  drawText,
  renderOpaquePng,
  fillRoundRect,
  font,
  LayerCache,
  restoreDrawingState,
  type DrawingState,
  PHONE_MIN_TEXT,
  PHONE_WIDTH,
  strokeRoundRect,
  type Ctx,
  fillVerticalGradient,
  newLayer,
  type Canvas,
} from '../../../render/common/index.js';
import {
  cardLabel,
  decisionText,
  drawCustomers,
  drawEntrance,
  drawFields,
  drawHighlights,
  drawSectionLines,
  drawStall,
  drawStartRings,
  playerName,
  turnOrder,
  type KairoRenderOptions,
  type PublicViewOnly,
} from './board.js';
import { drawCardBack, drawColourShape, drawCrier, drawCustomer, drawOwnerDisc } from './glyphs.js';
import { seatNumber } from './seat-number.js';
import { label } from './i18n.js';
import type { Rect } from './layout.js';
import { COLOUR_ORDER, THEME } from './style.js';

const MARGIN = 14;
const HEADER_H = 96;
const GAP = 10;
/** The band with the column letters and row numbers. */
const AXIS = 28;
const ROW_H = 58;
const ROW_GAP = 6;
const DISPLAY_H = 104;
const MEDALS_H = 60;
/** An owner's disc big enough for its number to be PHONE_MIN_TEXT (drawOwnerDisc writes at 1.2 r). */
const DISC = PHONE_MIN_TEXT / 1.2;
const COLUMNS = 'ABCDEFGHIJKLMN';

export interface KairoPhoneLayout {
  readonly width: number;
  readonly height: number;
  readonly header: Rect;
  readonly frame: Rect;
  readonly grid: Rect;
  readonly cell: number;
  /** Player rows in turn order (the start player first). */
  readonly rows: readonly Rect[];
  readonly display: Rect;
  readonly medals: Rect;
  field(x: number, y: number): Rect;
}

export function kairoPhoneLayout(view: KairoPublicView): KairoPhoneLayout {
  const cols = view.board.width;
  const header: Rect = { x: MARGIN, y: MARGIN, w: PHONE_WIDTH - 2 * MARGIN, h: HEADER_H };
  const cell = Math.floor((PHONE_WIDTH - 2 * MARGIN - AXIS - 8) / cols);
  const frame: Rect = { x: MARGIN, y: header.y + header.h + GAP, w: PHONE_WIDTH - 2 * MARGIN, h: AXIS + view.board.height * cell + 8 };
  const grid: Rect = { x: frame.x + AXIS + (frame.w - AXIS - 4 - cols * cell) / 2, y: frame.y + AXIS, w: cols * cell, h: view.board.height * cell };
  const top = frame.y + frame.h + GAP;
  const rows: Rect[] = view.players.map((_, i) => ({ x: MARGIN, y: top + i * (ROW_H + ROW_GAP), w: PHONE_WIDTH - 2 * MARGIN, h: ROW_H }));
  const display: Rect = { x: MARGIN, y: top + view.players.length * (ROW_H + ROW_GAP) + GAP - ROW_GAP, w: PHONE_WIDTH - 2 * MARGIN, h: DISPLAY_H };
  const medals: Rect = { x: MARGIN, y: display.y + display.h + ROW_GAP, w: PHONE_WIDTH - 2 * MARGIN, h: MEDALS_H };
  return {
    width: PHONE_WIDTH,
    height: Math.ceil(medals.y + medals.h + MARGIN),
    header,
    frame,
    grid,
    cell,
    rows,
    display,
    medals,
    field: (x, y) => ({ x: grid.x + x * cell, y: grid.y + y * cell, w: cell, h: cell }),
  };
}

function box(ctx: Ctx, r: Rect, fill: string = THEME.panel, edge: string = THEME.panelEdge, width = 1): void {
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, fill);
  strokeRoundRect(ctx, r.x + width / 2, r.y + width / 2, r.w - width, r.h - width, 12, edge, width);
}

/** A number at the phone's reading size; returns its width. */
function number(ctx: Ctx, text: string, x: number, cy: number, size = 26, colour: string = THEME.panelInk, align: 'left' | 'center' | 'right' = 'left'): number {
  ctx.fillStyle = colour;
  ctx.font = font(size, 'bold');
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, cy + 1);
  return ctx.measureText(text).width;
}

function ringedDisc(ctx: Ctx, owner: number, cx: number, cy: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, DISC + 4, 0, Math.PI * 2);
  ctx.fillStyle = THEME.highlight;
  ctx.fill();
  drawOwnerDisc(ctx, owner, cx, cy, DISC);
}

/** The header's static part, its box and the wordmark; returns where the live part of its first line starts. */
function drawHeaderStatic(ctx: Ctx, r: Rect): number {
  box(ctx, r);
  const x = r.x + 14;
  return x + drawText(ctx, 'KAIRO', x, r.y + 25 + 1, 120, { size: 22, weight: 'bold', colour: THEME.gold, baseline: 'middle' }) + 14;
}

/** The header's live part: the turn, the final phase, who decides what (or the winners). */
function drawHeaderLive(ctx: Ctx, r: Rect, view: KairoPublicView, opts: KairoRenderOptions, afterTitle: number): void {
  const L = opts.locale;
  const right = r.x + r.w - 14;
  let cy = r.y + 25;
  let x = afterTitle;
  const pill = (text: string, fill: string, ink: string): void => {
    ctx.font = font(PHONE_MIN_TEXT, 'bold');
    const w = Math.min(right - x, ctx.measureText(text).width + 24);
    if (w < 60) return;
    fillRoundRect(ctx, x, cy - 16, w, 32, 16, fill);
    drawText(ctx, text, x + w / 2, cy + 1, w - 16, { size: PHONE_MIN_TEXT, weight: 'bold', colour: ink, align: 'center', baseline: 'middle' });
    x += w + 10;
  };
  if (view.phase === 'setup') pill(label('setup', L, { n: view.setup?.remaining ?? 0 }), THEME.panelRaised, THEME.panelInk);
  else pill(label('turn', L, { n: view.turn + 1 }), THEME.panelRaised, THEME.panelInk);
  if (view.finalPhase && view.phase !== 'over') pill(label('finalPhase', L), THEME.danger, '#ffffff');
  cy = r.y + r.h - 27;
  x = r.x + 14;
  if (view.phase === 'over' || view.activeSeat === null) {
    const used = drawText(ctx, label('gameOver', L), x, cy, right - x, { size: 24, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: THEME.highlight, baseline: 'middle' });
    const winners = (opts.ranks ?? view.final ?? []).filter((k) => k.rank === 1).map((k) => playerName(view, k.seat, opts));
    if (winners.length > 0 && right - x - used - 14 > 60) {
      drawText(ctx, label('winner', L, { name: winners.join(' & ') }), x + used + 14, cy, right - x - used - 14, {
        size: 24,
        minSize: PHONE_MIN_TEXT,
        weight: 'bold',
        colour: THEME.panelInk,
        baseline: 'middle',
      });
    }
    return;
  }
  ringedDisc(ctx, seatNumber(view, view.activeSeat), x + DISC + 4, cy);
  x += 2 * DISC + 18;
  x += drawText(ctx, playerName(view, view.activeSeat, opts), x, cy, Math.min(240, right - x), { size: 24, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: THEME.highlight, baseline: 'middle' }) + 10;
  const what = decisionText(view, L);
  if (what && right - x > 60) drawText(ctx, what, x, cy, right - x, { size: PHONE_MIN_TEXT, colour: THEME.panelInk, baseline: 'middle' });
}

/** The board's static part: its frame, the column letters and row numbers, the fields, start rings and section lines. */
function drawBoardStatic(ctx: Ctx, layout: KairoPhoneLayout, view: KairoPublicView): void {
  const f = layout.frame;
  fillRoundRect(ctx, f.x, f.y, f.w, f.h, 12, THEME.frame);
  strokeRoundRect(ctx, f.x + 0.5, f.y + 0.5, f.w - 1, f.h - 1, 12, THEME.frameEdge, 1);
  const g = layout.grid;
  const c = layout.cell;
  ctx.fillStyle = THEME.panelMuted;
  ctx.font = font(PHONE_MIN_TEXT, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = 0; x < view.board.width; x++) ctx.fillText(COLUMNS[x] ?? '', g.x + x * c + c / 2, g.y - AXIS / 2);
  for (let y = 0; y < view.board.height; y++) ctx.fillText(String(y + 1), g.x - AXIS / 2 - 2, g.y + y * c + c / 2 + 1);
  drawFields(ctx, layout, view);
  drawStartRings(ctx, layout, view);
  drawSectionLines(ctx, layout, view);
}

/** The board's live part: entrances, stalls, customers, the section numbers and the highlights. */
function drawBoardLive(ctx: Ctx, layout: KairoPhoneLayout, view: KairoPublicView, opts: KairoRenderOptions): void {
  const c = layout.cell;
  for (const stall of view.stalls) drawEntrance(ctx, layout, view, stall);
  for (const stall of view.stalls) drawStall(ctx, layout, view, stall, { disc: DISC, lift: 0, shape: null, sizeText: null });
  drawCustomers(ctx, layout, view);
  // the customer waiting off the board, in the west corner where the full board shows it
  const off = view.board.fields.filter((fv) => fv.area === 'off' && fv.x === 0);
  if (off.length > 0) {
    const top = layout.field(0, Math.min(...off.map((fv) => fv.y)));
    fillRoundRect(ctx, top.x + 3, top.y + 3, c - 6, off.length * c - 6, 8, THEME.panelRaised);
    drawCustomer(ctx, view.offBoardCustomer, top.x + c / 2, top.y + (off.length * c) / 2, c * 0.7);
  }
  // section numbers on chips at each section's north-west corner
  const corners = new Map<number, { x: number; y: number }>();
  for (const fv of view.board.fields) {
    if (fv.area !== 'market' || fv.section === null) continue;
    const seen = corners.get(fv.section);
    if (seen === undefined || fv.y < seen.y || (fv.y === seen.y && fv.x < seen.x)) corners.set(fv.section, { x: fv.x, y: fv.y });
  }
  for (const [n, at] of corners) {
    const r = layout.field(at.x, at.y);
    fillRoundRect(ctx, r.x + 1, r.y + 1, 26, 28, 6, THEME.sectionChip);
    number(ctx, String(n), r.x + 14, r.y + 15, PHONE_MIN_TEXT + 1, THEME.sectionChipInk, 'center');
  }
  drawHighlights(ctx, layout, view, opts);
}

function drawPlayerRow(ctx: Ctx, r: Rect, p: KairoPlayerView, view: KairoPublicView, opts: KairoRenderOptions): void {
  const L = opts.locale;
  const deciding = view.phase !== 'over' && view.activeSeat === p.seat;
  const rank = view.phase === 'over' ? (opts.ranks?.find((k) => k.seat === p.seat)?.rank ?? view.final?.find((k) => k.seat === p.seat)?.rank ?? null) : null;
  box(ctx, r, deciding || rank === 1 ? THEME.panelRaised : THEME.panel, deciding ? THEME.highlight : rank === 1 ? THEME.gold : THEME.panelEdge, deciding || rank === 1 ? 3 : 1);
  const cy = r.y + r.h / 2;
  drawOwnerDisc(ctx, seatNumber(view, p.seat), r.x + 14 + DISC, cy, DISC);
  const right = r.x + r.w - 14;
  // the score, right-aligned, the word before it
  const score = view.final?.find((k) => k.seat === p.seat)?.score ?? p.score;
  const sw = number(ctx, String(score), right, cy, 30, THEME.panelInk, 'right');
  const wordRight = right - sw - 8;
  ctx.font = font(PHONE_MIN_TEXT);
  const word = label('points', L);
  const ww = ctx.measureText(word).width;
  drawText(ctx, word, wordRight, cy + 1, 90, { size: PHONE_MIN_TEXT, colour: THEME.panelMuted, align: 'right', baseline: 'middle' });
  const tagsRight = wordRight - Math.min(90, ww) - 12;
  let x = r.x + 58;
  drawText(ctx, playerName(view, p.seat, opts), x, cy + 1, 150, { size: 22, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: deciding ? THEME.highlight : THEME.panelInk, baseline: 'middle' });
  x = r.x + 216;
  drawCardBack(ctx, x, cy - 13, 18, 26);
  number(ctx, String(p.handCount), x + 24, cy);
  x += 64;
  drawCrier(ctx, x + 12, cy, 13);
  number(ctx, String(p.criers), x + 34, cy);
  x += 64;
  // stalls still to build, by their colours' shapes; then what the table must know: start, out, rank
  for (const colour of COLOUR_ORDER) {
    if (!p.stallsInSupply.includes(colour)) continue;
    drawColourShape(ctx, colour, x + 11, cy, 11);
    x += 25;
  }
  x += 8;
  const tag = rank !== null ? label('rank', L, { n: rank }) : p.out ? label('out', L) : p.startPlayer ? label('startPlayer', L) : null;
  if (tag !== null && tagsRight - x > 50) {
    ctx.font = font(PHONE_MIN_TEXT, 'bold');
    const w = Math.min(tagsRight - x, ctx.measureText(tag).width + 20);
    fillRoundRect(ctx, x, cy - 15, w, 30, 15, rank === 1 ? THEME.gold : THEME.frame);
    drawText(ctx, tag, x + w / 2, cy + 1, w - 12, { size: PHONE_MIN_TEXT, weight: 'bold', colour: rank === 1 ? THEME.goldDark : THEME.panelInk, align: 'center', baseline: 'middle' });
  }
}

/** The building cards on display (by their sections), then the deck, the discard pile and the criers left. */
function drawDisplayRow(ctx: Ctx, r: Rect, view: KairoPublicView, opts: KairoRenderOptions): void {
  const L = opts.locale;
  box(ctx, r);
  const cy1 = r.y + 26;
  drawText(ctx, label('display', L), r.x + 14, cy1, 300, { size: PHONE_MIN_TEXT, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' });
  // the piles on the first line, from the right
  let x = r.x + r.w - 14;
  const piles: { count: number; draw: (left: number) => void }[] = [
    { count: view.crierSupply, draw: (left) => drawCrier(ctx, left + 12, cy1, 12) },
    { count: view.discardCount, draw: (left) => strokeRoundRect(ctx, left + 3, cy1 - 12, 16, 24, 3, THEME.panelMuted, 1.5) },
    { count: view.deckCount, draw: (left) => drawCardBack(ctx, left + 3, cy1 - 12, 16, 24) },
  ];
  for (const pile of piles) {
    x -= number(ctx, String(pile.count), x, cy1, 24, THEME.panelInk, 'right') + 34;
    pile.draw(x);
    x -= 16;
  }
  // the cards, as chips with their sections
  const cy2 = r.y + r.h - 32;
  x = r.x + 14;
  for (const card of view.display) {
    const text = cardLabel(card.type);
    ctx.font = font(24, 'bold');
    const w = Math.max(44, ctx.measureText(text).width + 20);
    if (x + w > r.x + r.w - 14) break;
    fillRoundRect(ctx, x, cy2 - 21, w, 42, 7, THEME.card);
    strokeRoundRect(ctx, x + 0.5, cy2 - 20.5, w - 1, 41, 7, card.joker ? THEME.cardMarkJoker : THEME.cardEdge, 2);
    number(ctx, text, x + w / 2, cy2, 24, THEME.cardInk, 'center');
    x += w + 10;
  }
}

/** Per colour: its shape, the gold and the silver medal with their holders' numbers. */
function drawMedalsRow(ctx: Ctx, r: Rect, view: KairoPublicView): void {
  box(ctx, r);
  const cy = r.y + r.h / 2;
  const slot = (r.w - 20) / COLOUR_ORDER.length;
  COLOUR_ORDER.forEach((colour: Colour, i) => {
    const x = r.x + 10 + i * slot;
    drawColourShape(ctx, colour, x + 12, cy, 11);
    const medal = view.medals[colour];
    for (const [k, holder, fill, edge] of [
      [0, medal.gold, THEME.gold, THEME.goldDark],
      [1, medal.silver, THEME.silver, THEME.silverDark],
    ] as const) {
      const cx = x + 30 + DISC + k * (2 * DISC + 6);
      ctx.beginPath();
      ctx.arc(cx, cy, DISC, 0, Math.PI * 2);
      ctx.fillStyle = holder === null ? 'rgba(255,255,255,0.06)' : fill;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = holder === null ? THEME.panelEdge : edge;
      ctx.stroke();
      if (holder !== null) number(ctx, String(holder + 1), cx, cy, PHONE_MIN_TEXT + 1, THEME.cardInk, 'center');
    }
  });
}

/** The phone picture's static layer: what never changes for a layout and its fields. */
interface StaticLayer {
  readonly canvas: Canvas;
  /** Where the header's live part starts, after the wordmark. */
  readonly afterTitle: number;
  /** The drawing state the header's static part left (its live part drew after it), and the board's. */
  readonly headerState: DrawingState;
  readonly boardState: DrawingState;
}

/** Per thread: the phone layouts in play (a layer of an 800 x 1130 picture holds 3.6 MB). */
const staticLayers = new LayerCache<StaticLayer>(4);

/**
 * The background, the header's box and wordmark, the board's frame, axis labels, fields, start rings and
 * section lines: drawn once into a canvas and composited (a bitmap copy) instead of drawn at every turn.
 */
function staticLayer(view: KairoPublicView, layout: KairoPhoneLayout): StaticLayer {
  const fields = view.board.fields.map((f) => `${f.area}${f.section ?? ''}${f.startField ? '*' : ''}`).join(' ');
  const key = `${layout.width}x${layout.height} ${view.board.width}x${view.board.height} ${fields}`;
  return staticLayers.get(key, () => {
    const { canvas, ctx } = newLayer(layout.width, layout.height);
    fillVerticalGradient(ctx, 0, 0, layout.width, layout.height, THEME.backgroundTop, THEME.background);
    const afterTitle = drawHeaderStatic(ctx, layout.header);
    const headerState = drawingState(ctx);
    drawBoardStatic(ctx, layout, view);
    return { canvas, afterTitle, headerState, boardState: drawingState(ctx) };
  });
}

/** Draws the phone picture into a context of the layout's size: the static layer, then the game's state. */
export function drawKairoPhone(ctx: Ctx, view: PublicViewOnly, opts: KairoRenderOptions, layout: KairoPhoneLayout): void {
  if ('hand' in view || 'coins' in view || 'seat' in view) throw new TypeError('the Kairo phone picture renders the public view only, not a seat view');
  const layer = staticLayer(view, layout);
  ctx.drawImage(layer.canvas, 0, 0);
  restoreDrawingState(ctx, layer.headerState);
  drawHeaderLive(ctx, layout.header, view, opts, layer.afterTitle);
  restoreDrawingState(ctx, layer.boardState);
  drawBoardLive(ctx, layout, view, opts);
  turnOrder(view).forEach((seat, i) => {
    const r = layout.rows[i];
    const player = view.players[seat];
    if (r !== undefined && player !== undefined) drawPlayerRow(ctx, r, player, view, opts);
  });
  drawDisplayRow(ctx, layout.display, view, opts);
  drawMedalsRow(ctx, layout.medals, view);
}

/**
 * Renders the phone picture as a PNG (800 px wide), on this thread's canvas of its size (reused, as the
 * boards'). The picture is opaque (its background covers it), so its pixels are read as they are stored.
 */
export function renderKairoPhone(view: PublicViewOnly, opts: KairoRenderOptions): Promise<Buffer> {
  const layout = kairoPhoneLayout(view);
  return renderOpaquePng(layout.width, layout.height, (ctx) => drawKairoPhone(ctx, view, opts, layout));
}

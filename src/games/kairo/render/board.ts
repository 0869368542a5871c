/**
 * The Kairo board image, drawn from the public view only (never the state or a seat's view, so no hidden
 * card or coin can reach it): the header with the decision in progress, the 14 x 10 grid with its
 * sections, restaurant, stalls, entrances and customers, and on the right the players, the building card
 * display and the medals.
 */
import type { CardType, FieldId, KairoFieldView, KairoPublicView, KairoStallView, Seat } from '../view/types.js';
import {
  alpha,
  drawableText,
  drawingState,
  drawText,
  renderOpaquePng,
  fillRoundRect,
  font,
  LayerCache,
  restoreDrawingState,
  type DrawingState,
  mix,
  registerFonts,
  roundRectPath,
  strokeRoundRect,
  textWidth,
  type Ctx,
  fillVerticalGradient,
  newLayer,
  type Canvas,
} from '../../../render/common/index.js';
import { drawColourShape, drawCustomer, drawOwnerDisc, hatch } from './glyphs.js';
import { ownerMark, seatNumber } from './seat-number.js';
import { colourName, label, type RenderLocale } from './i18n.js';
import type { KairoLastAction } from '../view/last-action.js';
import { computeLayout, type FieldGeometry, type KairoLayout, type Rect } from './layout.js';
import { drawDisplay, drawMedalTable, drawPlayerPanel } from './panel.js';
import { COLOUR_ORDER, COLOUR_STYLES, THEME } from './style.js';

registerFonts();

export interface KairoRenderOptions {
  readonly locale: RenderLocale;
  /** Display names by seat; missing names fall back to "Player n". */
  readonly names?: readonly (string | undefined)[];
  /** The final standings (the engine's `standings`), shown when the game is over; default: the view's final scoring. */
  readonly ranks?: readonly { readonly seat: number; readonly rank: number }[];
  /** The last turn, outlined on the board (see `lastActionFromEvents`). */
  readonly lastAction?: KairoLastAction | null;
}

/**
 * The public view and nothing more: a seat's view (which carries that seat's hand and coins) does not
 * fit, so a hidden card or coin cannot reach the image by mistake.
 */
export type PublicViewOnly = KairoPublicView & { readonly hand?: never; readonly coins?: never; readonly seat?: never };

function assertPublic(view: KairoPublicView): void {
  if ('hand' in view || 'coins' in view || 'seat' in view) throw new TypeError('the Kairo board renders the public view only, not a seat view');
}

/** The seat's display name as far as the fonts can draw it (emoji dropped), else "Player n". */
export function playerName(view: KairoPublicView, seat: number, opts: KairoRenderOptions): string {
  const raw = opts.names?.[seat];
  const name = raw ? drawableText(raw) : '';
  return name.length > 0 ? name : label('player', opts.locale, { n: seatNumber(view, seat) });
}

export function kairoBoardLayout(view: KairoPublicView): KairoLayout {
  return computeLayout(view.board.width, view.board.height, view.players.length);
}

/** The rectangle of a field in the image. */
export function fieldRect(view: KairoPublicView, field: FieldId): Rect {
  const layout = kairoBoardLayout(view);
  return layout.field(field % view.board.width, Math.floor(field / view.board.width));
}

/** Seats in turn order: the start player first, then clockwise. */
export function turnOrder(view: KairoPublicView): Seat[] {
  const n = view.players.length;
  return Array.from({ length: n }, (_, i) => (view.startSeat + i) % n);
}

// ----- background and header ------------------------------------------------------------------------

function drawBackground(ctx: Ctx, layout: KairoLayout): void {
  fillVerticalGradient(ctx, 0, 0, layout.width, layout.height, THEME.backgroundTop, THEME.background);
}

function pill(ctx: Ctx, x: number, cy: number, text: string, fill: string, ink: string, size = 15): number {
  const w = textWidth(ctx, text, size, 'bold') + 22;
  fillRoundRect(ctx, x, cy - 14, w, 28, 14, fill);
  ctx.fillStyle = ink;
  ctx.font = font(size, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + w / 2, cy + 1);
  return w;
}

/**
 * A building card as the picture names it: "4", or "Joker 1·2·3". The pending view names played cards by
 * type only, so the sections are read from the type's name (s1..s9 one section each; the jokers jr1..jr3
 * are the rows of sections, jc1..jc3 the columns: docs/rules-decisions.md).
 */
export function cardLabel(card: CardType): string {
  const m = /^(s|jr|jc)(\d)$/.exec(card);
  if (m === null) return card;
  const n = Number(m[2]);
  if (m[1] === 's') return String(n);
  const sections = m[1] === 'jr' ? [3 * n - 2, 3 * n - 1, 3 * n] : [n, n + 3, n + 6];
  return `Joker ${sections.join('\u00b7')}`;
}

export function decisionText(view: KairoPublicView, locale: RenderLocale): string {
  const p = view.pending;
  if (p === null) return '';
  const colour = p.colour === null ? '' : colourName(p.colour, locale);
  let text: string;
  switch (p.kind) {
    case 'turn':
      text = label(view.phase === 'setup' ? 'decide.setup' : 'decide.turn', locale);
      break;
    case 'build':
      text = label(`decide.build.${p.mode ?? 'stall'}`, locale, { colour });
      break;
    case 'lead':
      text = label('decide.lead', locale, { colour });
      break;
    case 'draw':
      text = label(p.step === 'discard' ? 'decide.discard' : 'decide.draw', locale, { n: p.drawn });
      break;
  }
  const details: string[] = [];
  if (p.kind === 'build') {
    if (p.cardsPlayed.length > 0) {
      const cards = p.cardsPlayed.map((card) => cardLabel(card)).join(', ');
      const coin = p.jokerCoin === null ? '' : ` ${label('step.coin', locale, { colour: colourName(p.jokerCoin, locale) })}`;
      details.push(label('step.paid', locale, { cards: cards + coin }));
    }
    if (p.section !== null) details.push(label('step.section', locale, { n: p.section }));
    const field = p.field === null ? undefined : view.board.fields[p.field];
    if (field !== undefined) details.push(label('step.field', locale, { field: field.label }));
    if (p.cost !== null) details.push(label('step.cost', locale, { n: p.cost }));
  }
  return details.length === 0 ? text : `${text} \u00b7 ${details.join(' \u00b7 ')}`;
}

/** The header's static part, its frame and wordmark; returns where the live part starts. */
function drawHeaderStatic(ctx: Ctx, r: Rect): number {
  const cy = r.y + r.h / 2;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, THEME.panel);
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, THEME.panelEdge, 1);
  let x = r.x + 18;
  ctx.fillStyle = THEME.gold;
  ctx.font = font(28, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const ch of 'KAIRO') {
    ctx.fillText(ch, x, cy + 1);
    x += ctx.measureText(ch).width + 3;
  }
  return x + 12;
}

/** The header's live part: the turn, the final phase, who decides what (or the winners). */
function drawHeaderLive(ctx: Ctx, r: Rect, view: KairoPublicView, opts: KairoRenderOptions, start: number): void {
  const L = opts.locale;
  const cy = r.y + r.h / 2;
  let x = start;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  if (view.phase === 'setup') {
    x += pill(ctx, x, cy, label('setup', L, { n: view.setup?.remaining ?? 0 }), THEME.panelRaised, THEME.panelInk) + 10;
  } else {
    x += pill(ctx, x, cy, label('turn', L, { n: view.turn + 1 }), THEME.panelRaised, THEME.panelInk) + 10;
  }
  if (view.finalPhase && view.phase !== 'over') x += pill(ctx, x, cy, label('finalPhase', L), THEME.danger, '#ffffff') + 10;
  x += 6;
  const right = r.x + r.w - 18;
  if (view.phase === 'over' || view.activeSeat === null) {
    const used = drawText(ctx, label('gameOver', L), x, cy + 1, right - x, { size: 20, weight: 'bold', colour: THEME.highlight, baseline: 'middle' });
    const winners = (opts.ranks ?? view.final ?? []).filter((k) => k.rank === 1).map((k) => playerName(view, k.seat, opts));
    if (winners.length > 0) {
      drawText(ctx, label('winner', L, { name: winners.join(' & ') }), x + used + 16, cy + 1, right - x - used - 16, {
        size: 20,
        minSize: 13,
        weight: 'bold',
        colour: THEME.panelInk,
        baseline: 'middle',
      });
    }
    return;
  }
  const seat = view.activeSeat;
  drawOwnerDisc(ctx, seatNumber(view, seat), x + 15, cy, 15);
  ctx.beginPath();
  ctx.arc(x + 15, cy, 18, 0, Math.PI * 2);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  x += 42;
  const used = drawText(ctx, playerName(view, seat, opts), x, cy + 1, Math.min(260, right - x), {
    size: 20,
    minSize: 13,
    weight: 'bold',
    colour: THEME.highlight,
    baseline: 'middle',
  });
  x += used + 10;
  const what = decisionText(view, L);
  if (what) drawText(ctx, what, x, cy + 1, right - x, { size: 17, minSize: 12, colour: THEME.panelInk, baseline: 'middle' });
}

// ----- the board ------------------------------------------------------------------------------------

const COLUMNS = 'ABCDEFGHIJKLMN';

function drawFrame(ctx: Ctx, layout: KairoLayout, view: KairoPublicView): void {
  const f = layout.frame;
  fillRoundRect(ctx, f.x, f.y, f.w, f.h, 12, THEME.frame);
  strokeRoundRect(ctx, f.x + 0.5, f.y + 0.5, f.w - 1, f.h - 1, 12, THEME.frameEdge, 1);
  const g = layout.grid;
  const c = layout.cell;
  ctx.fillStyle = THEME.panelMuted;
  ctx.font = font(14, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = 0; x < view.board.width; x++) ctx.fillText(COLUMNS[x] ?? '', g.x + x * c + c / 2, g.y - 12);
  for (let y = 0; y < view.board.height; y++) ctx.fillText(String(y + 1), g.x - 14, g.y + y * c + c / 2 + 1);
}

function sectionTone(section: number): string {
  return section % 2 === 1 ? THEME.sandA : THEME.sandB;
}

export function drawFields(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView): void {
  const c = layout.cell;
  for (const f of view.board.fields) {
    if (f.area === 'off') continue;
    const r = layout.field(f.x, f.y);
    ctx.fillStyle = f.area === 'restaurant' ? THEME.restaurant : sectionTone(f.section ?? 1);
    ctx.fillRect(r.x, r.y, c, c);
  }
  // restaurant: a quiet pattern of small tables
  ctx.fillStyle = alpha(THEME.restaurantLine, 0.35);
  for (const f of view.board.fields) {
    if (f.area !== 'restaurant') continue;
    const r = layout.field(f.x, f.y);
    for (const [dx, dy] of [
      [0.25, 0.25],
      [0.75, 0.75],
    ] as const) {
      ctx.beginPath();
      ctx.arc(r.x + c * dx, r.y + c * dy, c * 0.08, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  // grid lines
  ctx.beginPath();
  for (const f of view.board.fields) {
    if (f.area === 'off') continue;
    const r = layout.field(f.x, f.y);
    ctx.rect(r.x + 0.5, r.y + 0.5, c - 1, c - 1);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = THEME.gridLine;
  ctx.stroke();
  // watermark section numbers in the middle of each section
  const sections = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  for (const f of view.board.fields) {
    if (f.area !== 'market' || f.section === null) continue;
    const s = sections.get(f.section);
    if (s === undefined) sections.set(f.section, { x0: f.x, y0: f.y, x1: f.x, y1: f.y });
    else {
      s.x0 = Math.min(s.x0, f.x);
      s.y0 = Math.min(s.y0, f.y);
      s.x1 = Math.max(s.x1, f.x);
      s.y1 = Math.max(s.y1, f.y);
    }
  }
  ctx.font = font(c * 1.6, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = alpha(THEME.sectionLine, 0.09);
  for (const [n, s] of sections) {
    const a = layout.field(s.x0, s.y0);
    const b = layout.field(s.x1, s.y1);
    ctx.fillText(String(n), (a.x + b.x + c) / 2, (a.y + b.y + c) / 2 + c * 0.08);
  }
}

/** Thick lines between sections and around the market and the restaurant. */
export function drawSectionLines(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView): void {
  const c = layout.cell;
  const w = view.board.width;
  const at = (x: number, y: number): KairoFieldView | undefined =>
    x < 0 || y < 0 || x >= w || y >= view.board.height ? undefined : view.board.fields[y * w + x];
  const key = (f: KairoFieldView | undefined): string => (f === undefined || f.area === 'off' ? 'off' : `${f.area}:${f.area === 'market' ? f.section : 'r'}`);
  ctx.beginPath();
  for (const f of view.board.fields) {
    if (f.area === 'off') continue;
    const r = layout.field(f.x, f.y);
    const me = key(f);
    if (key(at(f.x + 1, f.y)) !== me) {
      ctx.moveTo(r.x + c, r.y);
      ctx.lineTo(r.x + c, r.y + c);
    }
    if (key(at(f.x - 1, f.y)) === 'off') {
      ctx.moveTo(r.x, r.y);
      ctx.lineTo(r.x, r.y + c);
    }
    if (key(at(f.x, f.y + 1)) !== me) {
      ctx.moveTo(r.x, r.y + c);
      ctx.lineTo(r.x + c, r.y + c);
    }
    if (key(at(f.x, f.y - 1)) === 'off') {
      ctx.moveTo(r.x, r.y);
      ctx.lineTo(r.x + c, r.y);
    }
  }
  ctx.lineWidth = 3;
  ctx.lineCap = 'square';
  ctx.strokeStyle = THEME.sectionLine;
  ctx.stroke();
}

/** The section numbers as chips at each section's north-west corner, above everything on the board. */
function drawSectionChips(ctx: Ctx, layout: KairoLayout, view: KairoPublicView): void {
  const corners = new Map<number, KairoFieldView>();
  for (const f of view.board.fields) {
    if (f.area !== 'market' || f.section === null) continue;
    const seen = corners.get(f.section);
    if (seen === undefined || f.y < seen.y || (f.y === seen.y && f.x < seen.x)) corners.set(f.section, f);
  }
  for (const [n, f] of corners) {
    const r = layout.field(f.x, f.y);
    fillRoundRect(ctx, r.x + 2, r.y + 2, 22, 22, 6, THEME.sectionChip);
    ctx.fillStyle = THEME.sectionChipInk;
    ctx.font = font(15, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(n), r.x + 13, r.y + 14);
  }
}

export function drawStartRings(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView): void {
  const c = layout.cell;
  ctx.save();
  ctx.setLineDash([5, 4]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.startRing;
  for (const f of view.board.fields) {
    if (!f.startField) continue;
    const r = layout.field(f.x, f.y);
    ctx.beginPath();
    ctx.arc(r.x + c / 2, r.y + c / 2, c * 0.4, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/** Free fields carry their label ("C4") in a corner, so a player can name any field to build on. */
function drawFieldLabels(ctx: Ctx, layout: KairoLayout, view: KairoPublicView): void {
  const c = layout.cell;
  ctx.font = font(12, 'bold');
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  for (const f of view.board.fields) {
    if (f.area === 'off' || f.stall !== null || f.entrance !== null) continue;
    const r = layout.field(f.x, f.y);
    ctx.fillStyle = f.area === 'restaurant' ? THEME.restaurantInk : THEME.fieldInk;
    ctx.fillText(f.label, r.x + c - 4, r.y + c - 5);
  }
}

const INSET = 5;

function cellBox(layout: FieldGeometry, view: KairoPublicView, field: FieldId, inset: number): Rect {
  const r = layout.field(field % view.board.width, Math.floor(field / view.board.width));
  return { x: r.x + inset, y: r.y + inset, w: r.w - 2 * inset, h: r.h - 2 * inset };
}

/** The bridge between two orthogonally adjacent fields' boxes (covers the gap between them). */
function bridge(layout: FieldGeometry, view: KairoPublicView, a: FieldId, b: FieldId, inset: number, widthShare = 1): Rect {
  const w = view.board.width;
  const ra = cellBox(layout, view, a, inset);
  const horizontal = Math.floor(a / w) === Math.floor(b / w);
  const c = layout.cell;
  if (horizontal) {
    const left = (a % w) < (b % w) ? ra : cellBox(layout, view, b, inset);
    const h = ra.h * widthShare;
    return { x: left.x + left.w - 1, y: ra.y + (ra.h - h) / 2, w: c - left.w + 2, h };
  }
  const top = a < b ? ra : cellBox(layout, view, b, inset);
  const bw = ra.w * widthShare;
  return { x: ra.x + (ra.w - bw) / 2, y: top.y + top.h - 1, w: bw, h: c - top.h + 2 };
}

function adjacent(view: KairoPublicView, a: FieldId, b: FieldId): boolean {
  const w = view.board.width;
  const dx = Math.abs((a % w) - (b % w));
  const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return dx + dy === 1;
}

/** The entrance: a tinted field with a door mat on the side of its main stall and the colour's shape. */
export function drawEntrance(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView, stall: KairoStallView): void {
  const style = COLOUR_STYLES[stall.colour];
  const box = cellBox(layout, view, stall.entrance, INSET);
  roundRectPath(ctx, box.x, box.y, box.w, box.h, 8);
  ctx.fillStyle = mix(THEME.sandA, style.fill, 0.12);
  ctx.fill();
  ctx.save();
  ctx.setLineDash([7, 5]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = style.fill;
  ctx.stroke();
  ctx.restore();
  // the doorway joining the entrance to its stall
  const door = bridge(layout, view, stall.main, stall.entrance, INSET, 0.42);
  ctx.fillStyle = style.fill;
  ctx.fillRect(door.x, door.y, door.w, door.h);
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = 2;
  ctx.strokeRect(door.x, door.y, door.w, door.h);
  // a mat just inside the entrance, on the stall's side
  const mat = 10;
  const side = stall.entranceSide;
  const matRect: Rect =
    side === 'n'
      ? { x: box.x + box.w * 0.2, y: box.y + box.h - mat, w: box.w * 0.6, h: mat }
      : side === 's'
        ? { x: box.x + box.w * 0.2, y: box.y, w: box.w * 0.6, h: mat }
        : side === 'e'
          ? { x: box.x, y: box.y + box.h * 0.2, w: mat, h: box.h * 0.6 }
          : { x: box.x + box.w - mat, y: box.y + box.h * 0.2, w: mat, h: box.h * 0.6 };
  roundRectPath(ctx, matRect.x, matRect.y, matRect.w, matRect.h, 3);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  // the colour's shape at the far side, readable without hue
  const far = { n: [0.5, 0.22], s: [0.5, 0.78], e: [0.78, 0.5], w: [0.22, 0.5] } as const;
  // entranceSide is the side of the main stall the entrance lies on: the far side of the entrance is that side
  const [fx, fy] = far[side];
  drawColourShape(ctx, stall.colour, box.x + box.w * fx, box.y + box.h * fy, 8);
}

/**
 * The sizes of a stall's marks: the owner's disc (radius, and how far above the middle), the colour's shape
 * in the corner and the size's text (null: not shown; the phone picture's bigger disc leaves no room).
 */
export interface StallMarks {
  readonly disc: number;
  readonly lift: number;
  readonly shape: number | null;
  readonly sizeText: number | null;
}

const BOARD_STALL_MARKS: StallMarks = { disc: 16, lift: 6, shape: 8, sizeText: 13 };

/** A stall: its main field and extensions as one joined piece, the owner's disc and the colour's shape. */
export function drawStall(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView, stall: KairoStallView, marks: StallMarks = BOARD_STALL_MARKS): void {
  const style = COLOUR_STYLES[stall.colour];
  const cells = [stall.main, ...stall.extensions];
  const pairs: [FieldId, FieldId][] = [];
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) if (adjacent(view, cells[i] as FieldId, cells[j] as FieldId)) pairs.push([cells[i] as FieldId, cells[j] as FieldId]);
  }
  // outline pass, then fill pass: the joined shape keeps one outline
  for (const [inset, pass] of [
    [INSET - 2.5, 'outline'],
    [INSET, 'fill'],
  ] as const) {
    for (const f of cells) {
      const b = cellBox(layout, view, f, inset);
      roundRectPath(ctx, b.x, b.y, b.w, b.h, 9);
      ctx.fillStyle = pass === 'outline' ? style.stroke : style.fill;
      ctx.fill();
    }
    for (const [a, b] of pairs) {
      const r = bridge(layout, view, a, b, inset, pass === 'outline' ? 0.72 : 0.62);
      ctx.fillStyle = pass === 'outline' ? style.stroke : style.fill;
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }
  }
  // extensions: a roof line pattern so they read as part of the stall, not as separate stalls
  for (const f of stall.extensions) {
    const b = cellBox(layout, view, f, INSET);
    hatch(ctx, b.x + 3, b.y + 3, b.w - 6, b.h - 6, alpha(style.stroke, 0.18), 12);
  }
  const m = cellBox(layout, view, stall.main, INSET);
  if (stall.owner === 'neutral') hatch(ctx, m.x + 2, m.y + 2, m.w - 4, m.h - 4, 'rgba(255,255,255,0.35)', 10);
  drawOwnerDisc(ctx, ownerMark(view, stall.owner), m.x + m.w / 2, m.y + m.h / 2 - marks.lift, marks.disc);
  if (marks.shape !== null) drawColourShape(ctx, stall.colour, m.x + m.w - 12, m.y + m.h - 12, marks.shape, '#ffffff', '#1b1f24');
  if (stall.size > 1 && marks.sizeText !== null) {
    // the stall's size, small, in the main field's corner
    ctx.fillStyle = style.ink;
    ctx.font = font(marks.sizeText, 'bold');
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(String(stall.size), m.x + 6, m.y + m.h - 6);
  }
}

export function drawCustomers(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView): void {
  const c = layout.cell;
  for (const colour of COLOUR_ORDER) {
    const field = view.customers[colour];
    if (field === null || field === undefined) continue;
    const r = layout.field(field % view.board.width, Math.floor(field / view.board.width));
    drawCustomer(ctx, colour, r.x + c / 2, r.y + c / 2 + 2, c * 0.62);
  }
}

/** North-west corner off the board: the customer waiting beside its money tableau. */
function drawWaiting(ctx: Ctx, layout: KairoLayout, view: KairoPublicView, locale: RenderLocale): void {
  const off = view.board.fields.filter((f) => f.area === 'off' && f.x === 0);
  if (off.length === 0) return;
  const c = layout.cell;
  const top = layout.field(0, Math.min(...off.map((f) => f.y)));
  const h = off.length * c;
  const box = { x: top.x + 4, y: top.y + 4, w: c - 8, h: h - 8 };
  fillRoundRect(ctx, box.x, box.y, box.w, box.h, 10, THEME.panelRaised);
  strokeRoundRect(ctx, box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1, 10, THEME.panelEdge, 1);
  drawText(ctx, label('waiting', locale), box.x + box.w / 2, box.y + 18, box.w - 8, { size: 14, minSize: 9, weight: 'bold', colour: THEME.panelInk, align: 'center', baseline: 'middle' });
  drawCustomer(ctx, view.offBoardCustomer, box.x + box.w / 2, box.y + box.h / 2 + 6, c * 0.66);
  drawText(ctx, colourName(view.offBoardCustomer, locale), box.x + box.w / 2, box.y + box.h - 16, box.w - 8, {
    size: 13,
    minSize: 9,
    colour: THEME.panelMuted,
    align: 'center',
    baseline: 'middle',
  });
}

/** North-east corner off the board: the colours with their shapes (the key to every piece). */
function drawColourKey(ctx: Ctx, layout: KairoLayout, view: KairoPublicView, locale: RenderLocale): void {
  const off = view.board.fields.filter((f) => f.area === 'off' && f.x === view.board.width - 1);
  if (off.length === 0) return;
  const c = layout.cell;
  const top = layout.field(view.board.width - 1, Math.min(...off.map((f) => f.y)));
  const h = off.length * c;
  const box = { x: top.x + 4, y: top.y + 4, w: c - 8, h: h - 8 };
  fillRoundRect(ctx, box.x, box.y, box.w, box.h, 10, THEME.panelRaised);
  strokeRoundRect(ctx, box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1, 10, THEME.panelEdge, 1);
  const rowH = (box.h - 12) / COLOUR_ORDER.length;
  COLOUR_ORDER.forEach((colour, i) => {
    const cy = box.y + 6 + rowH * i + rowH / 2;
    drawColourShape(ctx, colour, box.x + 15, cy, 10);
    drawText(ctx, colourName(colour, locale), box.x + 29, cy + 1, box.w - 32, { size: 12, minSize: 8, weight: 'bold', colour: THEME.panelInk, baseline: 'middle' });
  });
}

/** A ring around a field (solid: the last turn; dashed: the decision in progress). */
function ringField(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView, field: FieldId, dashed: boolean): void {
  const r = cellBox(layout, view, field, 1.5);
  ctx.save();
  roundRectPath(ctx, r.x, r.y, r.w, r.h, 10);
  ctx.lineWidth = 7;
  ctx.strokeStyle = THEME.highlightEdge;
  if (dashed) ctx.setLineDash([10, 6]);
  ctx.stroke();
  ctx.lineWidth = 4;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  ctx.restore();
}

export function drawHighlights(ctx: Ctx, layout: FieldGeometry, view: KairoPublicView, opts: KairoRenderOptions): void {
  const last = opts.lastAction;
  for (const f of last?.fields ?? []) if (view.board.fields[f]?.area !== 'off') ringField(ctx, layout, view, f, false);
  // Several players' turns: each ring carries the disc of the player who changed the field.
  const movers = last?.movers ?? [];
  if (last && new Set(movers).size > 1) {
    last.fields.forEach((f, i) => {
      const mover = movers[i];
      if (mover === null || mover === undefined || view.board.fields[f]?.area === 'off') return;
      const r = cellBox(layout, view, f, 1.5);
      drawOwnerDisc(ctx, seatNumber(view, mover), r.x + r.w - 3, r.y + 3, Math.min(12, layout.cell * 0.17));
    });
  }
  const p = view.pending;
  if (p === null) return;
  if (p.kind === 'build' && p.section !== null && p.field === null) {
    // the chosen section, outlined
    const fields = view.board.fields.filter((f) => f.section === p.section && (f.area === 'market' || (p.colour === 'violet' && f.area === 'restaurant')));
    ctx.save();
    ctx.setLineDash([10, 6]);
    for (const [w, colour] of [
      [7, THEME.highlightEdge],
      [4, THEME.highlight],
    ] as const) {
      ctx.beginPath();
      for (const f of fields) {
        const r = layout.field(f.x, f.y);
        const c = layout.cell;
        const inSet = (x: number, y: number): boolean => fields.some((g) => g.x === x && g.y === y);
        if (!inSet(f.x, f.y - 1)) {
          ctx.moveTo(r.x, r.y + 2);
          ctx.lineTo(r.x + c, r.y + 2);
        }
        if (!inSet(f.x, f.y + 1)) {
          ctx.moveTo(r.x, r.y + c - 2);
          ctx.lineTo(r.x + c, r.y + c - 2);
        }
        if (!inSet(f.x - 1, f.y)) {
          ctx.moveTo(r.x + 2, r.y);
          ctx.lineTo(r.x + 2, r.y + c);
        }
        if (!inSet(f.x + 1, f.y)) {
          ctx.moveTo(r.x + c - 2, r.y);
          ctx.lineTo(r.x + c - 2, r.y + c);
        }
      }
      ctx.lineWidth = w;
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
    ctx.restore();
  }
  if (p.kind === 'build' && p.field !== null) ringField(ctx, layout, view, p.field, true);
  if (p.kind === 'lead' && p.colour !== null) {
    const at = view.customers[p.colour];
    if (at !== null && at !== undefined) ringField(ctx, layout, view, at, true);
  }
}

/** The key to the pieces, under the board. */
function drawLegend(ctx: Ctx, r: Rect, view: KairoPublicView, opts: KairoRenderOptions): void {
  const L = opts.locale;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, THEME.panel);
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, THEME.panelEdge, 1);
  const red = COLOUR_STYLES.red;
  const s = 28;
  const tile = (x: number, y: number): void => {
    roundRectPath(ctx, x, y, s, s, 6);
    ctx.fillStyle = red.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = red.stroke;
    ctx.stroke();
  };
  const items: { draw: (x: number, y: number) => void; text: string }[] = [
    {
      draw: (x, y) => {
        tile(x, y);
        drawOwnerDisc(ctx, 1, x + s / 2, y + s / 2, 9);
      },
      text: label('legend.stall', L),
    },
    {
      draw: (x, y) => {
        tile(x, y);
        hatch(ctx, x + 2, y + 2, s - 4, s - 4, alpha(red.stroke, 0.25), 8);
      },
      text: label('legend.extension', L),
    },
    {
      draw: (x, y) => {
        roundRectPath(ctx, x, y, s, s, 6);
        ctx.fillStyle = mix(THEME.sandA, red.fill, 0.12);
        ctx.fill();
        ctx.save();
        ctx.setLineDash([5, 3]);
        ctx.lineWidth = 2.5;
        ctx.strokeStyle = red.fill;
        ctx.stroke();
        ctx.restore();
        fillRoundRect(ctx, x + s * 0.2, y, s * 0.6, 6, 2, red.fill);
      },
      text: label('legend.entrance', L),
    },
  ];
  if (view.stalls.some((st) => st.owner === 'neutral') || view.playerCount === 2) {
    items.push({
      draw: (x, y) => {
        tile(x, y);
        hatch(ctx, x + 2, y + 2, s - 4, s - 4, 'rgba(255,255,255,0.35)', 7);
        drawOwnerDisc(ctx, 'neutral', x + s / 2, y + s / 2, 9);
      },
      text: label('legend.neutral', L),
    });
  }
  const tail: { draw: (x: number, y: number) => void; text: string }[] = [
    { draw: (x, y) => drawCustomer(ctx, 'blue', x + s / 2, y + s / 2 + 1, s * 1.05), text: label('legend.customer', L) },
    {
      draw: (x, y) => {
        fillRoundRect(ctx, x, y, s, s, 6, THEME.sandA);
        ctx.save();
        ctx.setLineDash([4, 3]);
        ctx.beginPath();
        ctx.arc(x + s / 2, y + s / 2, s * 0.4, 0, Math.PI * 2);
        ctx.lineWidth = 2;
        ctx.strokeStyle = THEME.startRing;
        ctx.stroke();
        ctx.restore();
      },
      text: label('legend.start', L),
    },
  ];
  items.push(...tail);
  if (opts.lastAction) {
    items.push({
      draw: (x, y) => {
        roundRectPath(ctx, x + 2, y + 2, s - 4, s - 4, 6);
        ctx.lineWidth = 6;
        ctx.strokeStyle = THEME.highlightEdge;
        ctx.stroke();
        ctx.lineWidth = 3.5;
        ctx.strokeStyle = THEME.highlight;
        ctx.stroke();
      },
      // Several players' turns marked (since the player to move last decided), each field with its player's disc.
      text: label(new Set(opts.lastAction.movers ?? []).size > 1 ? 'legend.lastTurns' : 'legend.last', L),
    });
  }
  // natural widths, spread evenly; shrunk together when the language's words are long
  const natural = items.map((item) => s + 8 + textWidth(ctx, item.text, 13));
  const room = r.w - 20;
  const total = natural.reduce((a, b) => a + b, 0);
  const gap = Math.max(0, (room - total) / Math.max(1, items.length - 1));
  const squeeze = total > room ? room / total : 1;
  let x = r.x + 10;
  items.forEach((item, i) => {
    const w = (natural[i] as number) * squeeze;
    item.draw(x, r.y + (r.h - s) / 2);
    drawText(ctx, item.text, x + s + 8, r.y + r.h / 2 + 1, w - s - 8, { size: 13, minSize: 9, colour: THEME.panelMuted, baseline: 'middle' });
    x += w + gap;
  });
}

/** The static layer of a board: what never changes for a layout and its fields. */
interface StaticLayer {
  readonly canvas: Canvas;
  /** Where the header's live part starts. */
  readonly headerStart: number;
  /** The state the section lines left (the live parts after them inherited it). */
  readonly state: DrawingState;
}

/** Per thread: the board layouts in play (a layer of a 1600 x 954 board holds 6.1 MB). */
const staticLayers = new LayerCache<StaticLayer>(4);

/** The background, the header's frame and wordmark, the board's frame, fields, start rings and section lines. */
function staticLayer(view: KairoPublicView, layout: KairoLayout): StaticLayer {
  const fields = view.board.fields.map((f) => `${f.area}${f.section ?? ''}${f.startField ? '*' : ''}`).join(' ');
  const key = `${layout.width}x${layout.height} ${view.board.width}x${view.board.height} ${view.players.length} ${fields}`;
  return staticLayers.get(key, () => {
    const { canvas, ctx } = newLayer(layout.width, layout.height);
    drawBackground(ctx, layout);
    const headerStart = drawHeaderStatic(ctx, layout.header);
    drawFrame(ctx, layout, view);
    drawFields(ctx, layout, view);
    drawStartRings(ctx, layout, view);
    drawSectionLines(ctx, layout, view);
    return { canvas, headerStart, state: drawingState(ctx) };
  });
}

/**
 * Draws the board into a canvas context of the layout's size: the static layer (drawn once per board
 * layout), then everything that depends on the game's state.
 */
export function drawKairoBoard(ctx: Ctx, view: PublicViewOnly, opts: KairoRenderOptions, layout: KairoLayout): void {
  assertPublic(view);
  const layer = staticLayer(view, layout);
  ctx.drawImage(layer.canvas, 0, 0);
  drawHeaderLive(ctx, layout.header, view, opts, layer.headerStart);
  restoreDrawingState(ctx, layer.state);
  drawFieldLabels(ctx, layout, view);
  for (const stall of view.stalls) drawEntrance(ctx, layout, view, stall);
  for (const stall of view.stalls) drawStall(ctx, layout, view, stall);
  drawCustomers(ctx, layout, view);
  drawSectionChips(ctx, layout, view);
  drawHighlights(ctx, layout, view, opts);
  drawWaiting(ctx, layout, view, opts.locale);
  drawColourKey(ctx, layout, view, opts.locale);
  drawLegend(ctx, layout.legend, view, opts);

  const deciding = view.phase === 'over' ? null : view.activeSeat;
  turnOrder(view).forEach((seat, i) => {
    const r = layout.panels[i];
    const player = view.players[seat];
    if (r === undefined || player === undefined) return;
    drawPlayerPanel(ctx, r, {
      player,
      name: playerName(view, seat, opts),
      number: i + 1,
      deciding: seat === deciding,
      final: view.final?.find((f) => f.seat === seat) ?? null,
      rank: view.phase === 'over' ? (opts.ranks?.find((k) => k.seat === seat)?.rank ?? view.final?.find((f) => f.seat === seat)?.rank ?? null) : null,
      locale: opts.locale,
    });
  });
  drawDisplay(ctx, layout.display, view, opts.locale);
  drawMedalTable(ctx, layout.medals, view, opts.locale);
}

/**
 * Renders the public view as a PNG (1600 x 954), on this thread's canvas of that size. The board is
 * opaque (the static layer covers it), so its pixels are read as they are stored.
 */
export function renderKairoBoard(view: PublicViewOnly, opts: KairoRenderOptions): Promise<Buffer> {
  const layout = kairoBoardLayout(view);
  return renderOpaquePng(layout.width, layout.height, (ctx) => drawKairoBoard(ctx, view, opts, layout));
}


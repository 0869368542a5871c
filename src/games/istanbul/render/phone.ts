/**
 * The Istanbul board for the phone: a second, compact picture of the public view, 800 px wide, made to be
 * read where Discord shows it about 400 px wide. It keeps what a player decides by (whose turn and what,
 * the round, every place's number and the figures on it, each player's lira, rubies, goods and bonus
 * cards; with Letters & Seals each player's letters, seals, companion and double move, the letter pile and
 * the Courier) and leaves the rest to the full board. Every text on it is at least PHONE_MIN_TEXT px, so its
 * digits stand at least 7 px high at 400 px, and place names are never cut (test/render/phone.test.ts
 * measures the draws).
 */
import type { AssistantOwner, IstanbulPublicView, PlaceView, PlayerView } from '../view/types.js';
import {
  alpha,
  drawFittedLine,
  drawingState,
  drawText,
  renderOpaquePng,
  fillRoundRect,
  fitLines,
  font,
  LayerCache,
  PHONE_MIN_TEXT,
  PHONE_WIDTH,
  restoreDrawingState,
  roundRectPath,
  strokeRoundRect,
  type Ctx,
  type DrawingState,
  fillVerticalGradient,
  newLayer,
  type Canvas,
} from '../../../render/common/index.js';
import { extraItem, governorItem, smugglerItem, type FigureItem } from './figures.js';
import { drawCardBack, drawCoin, drawGood, drawRuby, drawStartMarker } from './glyphs.js';
import { drawPlaceIcon } from './icons.js';
import { decisionText, label, placeName, type RenderLocale } from './i18n.js';
import { drawCompanionMark, drawLettersLine, drawLettersStrip, LETTERS_LINE_H, LETTERS_STRIP_H } from './phone-letters.js';
import { bandHeight, NAME_LINE_H, NUMBER_ROW_H, PLACE_NAME_SIZE, PLACE_NUMBER_SIZE, placeNameLayout } from './phone-place-name.js';
import { playerName, seatNumber, type IstanbulRenderOptions, type PublicViewOnly } from './board.js';
import { GOOD_ORDER, NEUTRAL_STYLE, PLAYER_STYLES, placeBand, THEME, type FigureStyle } from './style.js';
import type { Rect } from './tile.js';

const MARGIN = 14;
const HEADER_H = 96;
const GAP = 10;
const CELL_GAP = 8;
/** Below the band: two rows of figures. */
const FIGURES_H = 90;
const CHIP = 36;
const ROW_H = 56;
const ROW_GAP = 6;

export interface PhoneLayout {
  readonly width: number;
  readonly height: number;
  readonly header: Rect;
  readonly grid: Rect;
  /** The places' bands (number and name): as high as the tallest name of this locale needs. */
  readonly bandH: number;
  /** Letters & Seals: the strip with the letter pile and the Courier; null in the base game. */
  readonly letters: Rect | null;
  /** Player rows in turn order (the start player first); with Letters & Seals, each with its letters line. */
  readonly rows: readonly Rect[];
  tile(row: number, col: number): Rect;
}

/** The layout depends on the locale: a longer place name makes every band taller. */
export function istanbulPhoneLayout(view: IstanbulPublicView, locale: RenderLocale): PhoneLayout {
  const cols = view.grid.width;
  const rows = view.grid.height;
  const header: Rect = { x: MARGIN, y: MARGIN, w: PHONE_WIDTH - 2 * MARGIN, h: HEADER_H };
  const cellW = (PHONE_WIDTH - 2 * MARGIN - (cols - 1) * CELL_GAP) / cols;
  const bandH = bandHeight(view.places.map((p) => p.id), locale, cellW);
  const cellH = bandH + FIGURES_H;
  const grid: Rect = { x: MARGIN, y: header.y + header.h + GAP, w: PHONE_WIDTH - 2 * MARGIN, h: rows * cellH + (rows - 1) * CELL_GAP };
  const letters: Rect | null = view.lettersAndSeals ? { x: MARGIN, y: grid.y + grid.h + GAP, w: PHONE_WIDTH - 2 * MARGIN, h: LETTERS_STRIP_H } : null;
  const top = (letters ? letters.y + letters.h : grid.y + grid.h) + GAP + 2;
  const rowH = ROW_H + (letters ? LETTERS_LINE_H : 0);
  const playerRows: Rect[] = view.players.map((_, i) => ({ x: MARGIN, y: top + i * (rowH + ROW_GAP), w: PHONE_WIDTH - 2 * MARGIN, h: rowH }));
  const bottom = top + view.players.length * (rowH + ROW_GAP) - ROW_GAP;
  return {
    width: PHONE_WIDTH,
    height: Math.ceil(bottom + MARGIN),
    header,
    grid,
    bandH,
    letters,
    rows: playerRows,
    tile: (row, col) => ({ x: grid.x + col * (cellW + CELL_GAP), y: grid.y + row * (cellH + CELL_GAP), w: cellW, h: cellH }),
  };
}

function styleOf(view: IstanbulPublicView, owner: AssistantOwner | null): FigureStyle {
  if (owner === null || owner === 'neutral') return NEUTRAL_STYLE;
  const player = view.players[owner];
  return player ? PLAYER_STYLES[player.colour] : NEUTRAL_STYLE;
}

function decidingSeat(view: IstanbulPublicView): number | null {
  return view.phase === 'over' ? null : (view.decision?.seat ?? view.turnSeat ?? null);
}

/** A seat's round token with its number, as on the full board's figures. */
function seatToken(ctx: Ctx, cx: number, cy: number, r: number, style: FigureStyle, text: string, ring: string | null): void {
  if (ring !== null) {
    ctx.beginPath();
    ctx.arc(cx, cy, r + 4, 0, Math.PI * 2);
    ctx.fillStyle = ring;
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = style.stroke;
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.font = font(Math.max(PHONE_MIN_TEXT, r * 1.2), 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 1);
}

/** One figure on a place, drawn in a CHIP-high slot; returns its width. */
type Chip = (ctx: Ctx, x: number, cy: number) => number;

/** A figure of the full board, scaled into a chip (only those without text: the governor, the smuggler, the expansion's). */
function figureChip(item: FigureItem): Chip {
  const s = Math.min(1, CHIP / item.h);
  return (ctx, x, cy) => {
    item.draw(ctx, x, cy - (item.h * s) / 2, s);
    return item.w * s;
  };
}

function merchantChip(style: FigureStyle, text: string, deciding: boolean): Chip {
  return (ctx, x, cy) => {
    seatToken(ctx, x + 18, cy, 16, style, text, deciding ? THEME.highlight : null);
    return 38;
  };
}

/** A family member: a tall rounded piece (the full board's person), its number on it. */
function familyChip(style: FigureStyle, text: string): Chip {
  return (ctx, x, cy) => {
    const w = 28;
    const h = CHIP;
    ctx.beginPath();
    ctx.moveTo(x, cy + h / 2);
    ctx.lineTo(x, cy - h / 2 + w / 2);
    ctx.arc(x + w / 2, cy - h / 2 + w / 2, w / 2, Math.PI, 0);
    ctx.lineTo(x + w, cy + h / 2);
    ctx.closePath();
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = style.stroke;
    ctx.stroke();
    ctx.fillStyle = style.ink;
    ctx.font = font(PHONE_MIN_TEXT + 1, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x + w / 2, cy + 3);
    return w;
  };
}

/** Assistants left on a place: a square token with the owner's number, and "×n" when more than one. */
function assistantChip(style: FigureStyle, text: string, count: number): Chip {
  return (ctx, x, cy) => {
    const s = 30;
    roundRectPath(ctx, x, cy - s / 2, s, s, 6);
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = style.stroke;
    ctx.stroke();
    ctx.fillStyle = style.ink;
    ctx.font = font(PHONE_MIN_TEXT, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x + s / 2, cy + 1);
    if (count <= 1) return s;
    const times = `\u00d7${count}`;
    ctx.fillStyle = THEME.tileInk;
    ctx.textAlign = 'left';
    ctx.fillText(times, x + s + 2, cy + 1);
    return s + 4 + ctx.measureText(times).width;
  };
}

/** A seat's L&S companion: a diamond with the number. */
function companionChip(style: FigureStyle, text: string): Chip {
  return (ctx, x, cy) => {
    drawCompanionMark(ctx, x + 17, cy, style, text);
    return 34;
  };
}

/** The figures on a place, in the full board's order: merchants, family, assistants, neutral, others. */
function chipsOn(view: IstanbulPublicView, place: PlaceView, deciding: number | null): Chip[] {
  const id = place.id;
  const chips: Chip[] = [];
  const merchants = view.figures.merchants.filter((m) => m.place === id);
  merchants.sort((a, b) => (a.seat === deciding ? -1 : b.seat === deciding ? 1 : a.seat - b.seat));
  for (const m of merchants) chips.push(merchantChip(PLAYER_STYLES[m.colour], String(seatNumber(view, m.seat)), m.seat === deciding));
  for (const e of view.figures.extra.filter((f) => f.place === id && f.kind === 'companion' && f.seat !== null)) {
    chips.push(companionChip(styleOf(view, e.seat), String(seatNumber(view, e.seat ?? 0))));
  }
  for (const f of view.figures.familyMembers.filter((f) => f.place === id)) chips.push(familyChip(PLAYER_STYLES[f.colour], String(seatNumber(view, f.seat))));
  for (const a of place.assistants) {
    if (a.count > 0) chips.push(assistantChip(styleOf(view, a.owner), a.owner === 'neutral' ? 'N' : String(seatNumber(view, a.owner)), a.count));
  }
  for (const n of view.figures.neutralMerchants.filter((n) => n.place === id)) chips.push(merchantChip(PLAYER_STYLES[n.colour], 'N', false));
  if (view.figures.governor === id) chips.push(figureChip(governorItem('governor')));
  if (view.figures.smuggler === id) chips.push(figureChip(smugglerItem('smuggler')));
  for (const e of view.figures.extra.filter((f) => f.place === id && f.kind !== 'companion')) {
    chips.push(figureChip(extraItem(`x${e.kind}`, e.kind, e.seat === null ? null : styleOf(view, e.seat), '')));
  }
  return chips;
}

/** The header's static part, its box and the wordmark; returns where the live part of its first line starts. */
function drawHeaderStatic(ctx: Ctx, r: Rect): number {
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, alpha('#000000', 0.25));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, alpha(THEME.gold, 0.35), 1);
  const x = r.x + 14;
  return x + drawText(ctx, 'ISTANBUL', x, r.y + 25 + 1, 160, { size: 22, weight: 'bold', colour: THEME.gold, baseline: 'middle' }) + 14;
}

/** The header's live part: the round, the end, who decides what (or the winners). */
function drawHeaderLive(ctx: Ctx, r: Rect, view: IstanbulPublicView, opts: IstanbulRenderOptions, afterTitle: number): void {
  const L = opts.locale;
  const right = r.x + r.w - 14;
  // line 1: the game, the round, the end
  let cy = r.y + 25;
  let x = afterTitle;
  const pill = (text: string, fill: string, ink: string): void => {
    ctx.font = font(PHONE_MIN_TEXT + 1, 'bold');
    const w = Math.min(right - x, ctx.measureText(text).width + 24);
    if (w < 60) return;
    fillRoundRect(ctx, x, cy - 16, w, 32, 16, fill);
    drawText(ctx, text, x + w / 2, cy + 1, w - 16, { size: PHONE_MIN_TEXT + 1, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: ink, align: 'center', baseline: 'middle' });
    x += w + 10;
  };
  pill(label('round', L, { n: view.round }), alpha(THEME.gold, 0.22), THEME.panelInk);
  if (view.endTriggered && view.phase !== 'over') pill(label('endTriggered', L), THEME.ruby, '#ffffff');
  // line 2: who decides what, or the end
  cy = r.y + r.h - 27;
  x = r.x + 14;
  const seat = decidingSeat(view);
  if (seat === null) {
    const used = drawText(ctx, label('gameOver', L), x, cy, right - x, { size: 24, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: THEME.highlight, baseline: 'middle' });
    const winners = (opts.ranks ?? []).filter((k) => k.rank === 1).map((k) => playerName(view, k.seat, opts));
    if (winners.length > 0 && right - x - used - 14 > 60) {
      drawText(ctx, label('wins', L, { name: winners.join(' & ') }), x + used + 14, cy, right - x - used - 14, {
        size: 24,
        minSize: PHONE_MIN_TEXT,
        weight: 'bold',
        colour: THEME.panelInk,
        baseline: 'middle',
      });
    }
    return;
  }
  seatToken(ctx, x + 18, cy, 17, styleOf(view, seat), String(seatNumber(view, seat)), THEME.highlight);
  x += 46;
  x += drawText(ctx, playerName(view, seat, opts), x, cy, Math.min(260, right - x), { size: 24, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: THEME.highlight, baseline: 'middle' }) + 10;
  const decision = view.decision;
  if (decision === null || right - x < 60) return;
  // What is decided, and where: the place's name whole (narrowed if need be); when both do not fit, the place alone.
  const where = decision.place === null ? null : `${decision.place} ${placeName(decision.place, L)}`;
  const both = [decisionText(decision.kind, L), ...(where === null ? [] : [where])].join(' \u00b7 ');
  const room = right - x;
  const fitted = [both, ...(where === null ? [] : [where])].map((text) => fitLines(ctx, text, PHONE_MIN_TEXT, 'normal', () => room)).find((lines) => lines.length === 1);
  if (fitted?.[0] === undefined) {
    drawText(ctx, both, x, cy, room, { size: 22, minSize: PHONE_MIN_TEXT, colour: THEME.panelInk, baseline: 'middle' });
    return;
  }
  ctx.fillStyle = THEME.panelInk;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  drawFittedLine(ctx, fitted[0], x, cy);
}

/** A place's static part: the tile, its band with the number and the name, its artwork. */
function drawPlaceStatic(ctx: Ctx, r: Rect, bandH: number, place: PlaceView, locale: RenderLocale): void {
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 10, THEME.tile);
  // the band with the number and the name
  ctx.save();
  roundRectPath(ctx, r.x, r.y, r.w, r.h, 10);
  ctx.clip();
  ctx.fillStyle = placeBand(place.id);
  ctx.fillRect(r.x, r.y, r.w, bandH);
  ctx.restore();
  const name = placeNameLayout(ctx, place.id, locale, r.w);
  const nw = name.numberW;
  fillRoundRect(ctx, r.x + 5, r.y + 6, nw, 36, 7, THEME.card);
  ctx.fillStyle = THEME.tileInk;
  ctx.font = font(PLACE_NUMBER_SIZE, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(place.id), r.x + 5 + nw / 2, r.y + 25);
  // the name, whole: beside the number (centred on it), then on full-width lines below it
  ctx.font = font(PLACE_NAME_SIZE, 'bold');
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const besideCentre = name.below.length === 0 ? r.y + 26 : r.y + 25;
  name.beside.forEach((line, i) => drawFittedLine(ctx, line, r.x + nw + 11, besideCentre + (i - (name.beside.length - 1) / 2) * 22 + 1));
  name.below.forEach((line, i) => drawFittedLine(ctx, line, r.x + 5, r.y + NUMBER_ROW_H + i * NAME_LINE_H + NAME_LINE_H / 2));
  // the place's artwork, quiet, behind the figures
  const icon = r.h - bandH - 8;
  ctx.save();
  ctx.globalAlpha = 0.35;
  drawPlaceIcon(ctx, place.id, r.x + r.w - icon - 4, r.y + bandH + 4, icon);
  ctx.restore();
}

/** A place's live part: the figures on it, and its frame (the decision's place, the last move's end). */
function drawPlaceLive(ctx: Ctx, r: Rect, bandH: number, place: PlaceView, view: IstanbulPublicView, deciding: number | null): void {
  const move = view.lastMove;
  const deciderPlace = deciding === null ? null : (view.figures.merchants.find((m) => m.seat === deciding)?.place ?? null);
  const current = place.id === deciderPlace || (view.decision !== null && view.decision.place === place.id && deciding !== null);
  // the state the static part leaves (its name's), in which the figures were drawn when the two drew together
  ctx.font = font(PLACE_NAME_SIZE, 'bold');
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  // the figures, in rows
  const chips = chipsOn(view, place, deciding);
  const left = r.x + 6;
  const rightEdge = r.x + r.w - 6;
  let x = left;
  let cy = r.y + bandH + 6 + CHIP / 2;
  for (const chip of chips) {
    // a trial draw off the tile would cost a second pass; the widest chip is about 70 px
    if (x > left && x + 40 > rightEdge) {
      x = left;
      cy += CHIP + 6;
    }
    if (cy + CHIP / 2 > r.y + r.h) break;
    x += chip(ctx, x, cy) + 5;
  }
  // the frame: the place the decision is at, and the last move's end
  const moveColour = move ? styleOf(view, move.seat).fill : null;
  if (current) strokeRoundRect(ctx, r.x + 2, r.y + 2, r.w - 4, r.h - 4, 9, THEME.highlight, 4);
  else if (move && move.to === place.id && move.from !== move.to && moveColour) {
    ctx.save();
    ctx.setLineDash([10, 6]);
    strokeRoundRect(ctx, r.x + 2, r.y + 2, r.w - 4, r.h - 4, 9, moveColour, 4);
    ctx.restore();
  } else strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 10, THEME.tileEdge, 1);
}

function drawPlayerRow(ctx: Ctx, r: Rect, p: PlayerView, view: IstanbulPublicView, opts: IstanbulRenderOptions, deciding: number | null): void {
  const L = opts.locale;
  const style = PLAYER_STYLES[p.colour];
  const rank = view.phase === 'over' ? (opts.ranks?.find((k) => k.seat === p.seat)?.rank ?? null) : null;
  const lit = p.seat === deciding || rank === 1;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 10, lit ? THEME.panelRaised : THEME.panel);
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 10, p.seat === deciding ? THEME.highlight : rank === 1 ? THEME.gold : THEME.panelEdge, lit ? 3 : 1);
  ctx.save();
  roundRectPath(ctx, r.x, r.y, r.w, r.h, 10);
  ctx.clip();
  ctx.fillStyle = style.fill;
  ctx.fillRect(r.x, r.y, 7, r.h);
  ctx.restore();
  const cy = r.y + ROW_H / 2;
  seatToken(ctx, r.x + 32, cy, 17, style, String(p.turnOrder + 1), null);
  if (p.isStartPlayer) drawStartMarker(ctx, r.x + 50, cy - 16, 8);
  const number = (text: string, x: number, colour: string = THEME.panelInk): number => {
    ctx.fillStyle = colour;
    ctx.font = font(26, 'bold');
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, cy + 1);
    return ctx.measureText(text).width;
  };
  // name, then the numbers at fixed columns so they line up from row to row
  const nameX = r.x + 58;
  drawText(ctx, playerName(view, p.seat, opts), nameX, cy + 1, 150, { size: 22, minSize: PHONE_MIN_TEXT, weight: 'bold', colour: p.seat === deciding ? THEME.highlight : THEME.panelInk, baseline: 'middle' });
  let x = r.x + 216;
  drawCoin(ctx, x + 13, cy, 13);
  number(String(p.lira), x + 30);
  x = r.x + 300;
  drawRuby(ctx, x + 12, cy, 12);
  number(`${p.rubies}/${view.rubyTarget}`, x + 28, p.rubies >= view.rubyTarget ? THEME.highlight : THEME.panelInk);
  // each good against the wheelbarrow's capacity: "2/3"
  x = r.x + 396;
  for (const good of GOOD_ORDER) {
    drawGood(ctx, good, x + 11, cy, 11);
    const have = p.goods[good];
    const w = number(String(have), x + 25, have >= p.capacity ? THEME.highlight : THEME.panelInk);
    ctx.fillStyle = THEME.panelMuted;
    ctx.font = font(PHONE_MIN_TEXT, 'bold');
    ctx.fillText(`/${p.capacity}`, x + 26 + w, cy + 3);
    x += 70;
  }
  if (rank !== null) {
    drawText(ctx, label('rank', L, { n: rank }), r.x + r.w - 10, cy + 1, r.x + r.w - x - 10, {
      size: 22,
      minSize: PHONE_MIN_TEXT,
      weight: 'bold',
      colour: rank === 1 ? THEME.gold : THEME.panelInk,
      align: 'right',
      baseline: 'middle',
    });
    return;
  }
  drawCardBack(ctx, x, cy - 13, 18, 26);
  number(String(p.bonusCards), x + 24);
}

/** Under a player's row: their Letters & Seals line, when the game has the expansion. */
function drawPlayerLetters(ctx: Ctx, r: Rect, p: PlayerView, view: IstanbulPublicView, L: RenderLocale): void {
  const ls = view.lettersAndSeals?.players.find((q) => q.seat === p.seat);
  if (ls === undefined) return;
  ctx.strokeStyle = alpha(THEME.panelEdge, 0.8);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(r.x + 58, r.y + ROW_H + 0.5);
  ctx.lineTo(r.x + r.w - 10, r.y + ROW_H + 0.5);
  ctx.stroke();
  drawLettersLine(ctx, { x: r.x, y: r.y + ROW_H, w: r.w, h: r.h - ROW_H }, ls, PLAYER_STYLES[p.colour], String(p.turnOrder + 1), L);
}

/** The phone picture's static layer: what never changes for a layout (and its places) in a locale. */
interface StaticLayer {
  readonly canvas: Canvas;
  /** Where the header's live part starts, after the wordmark. */
  readonly afterTitle: number;
  /** The drawing state the header's static part left (its live part drew after it). */
  readonly headerState: DrawingState;
}

/** Per thread: the phone layouts and locales in play (a layer of an 800 x 1424 picture holds 4.6 MB). */
const staticLayers = new LayerCache<StaticLayer>(6);

/**
 * The background, the header's box and wordmark, every place's tile, band, number, name and artwork:
 * drawn once into a canvas and composited (a bitmap copy) instead of drawn at every turn.
 */
function staticLayer(view: IstanbulPublicView, locale: RenderLocale, layout: PhoneLayout): StaticLayer {
  const places = view.places.map((p) => `${p.id}@${p.row},${p.col}`).join(' ');
  const key = `${layout.width}x${layout.height} ${view.grid.width}x${view.grid.height} ${layout.bandH} ${locale} ${places}`;
  return staticLayers.get(key, () => {
    const { canvas, ctx } = newLayer(layout.width, layout.height);
    fillVerticalGradient(ctx, 0, 0, layout.width, layout.height, THEME.backgroundTop, THEME.background);
    ctx.lineJoin = 'round';
    const afterTitle = drawHeaderStatic(ctx, layout.header);
    const headerState = drawingState(ctx);
    for (const place of view.places) drawPlaceStatic(ctx, layout.tile(place.row, place.col), layout.bandH, place, locale);
    return { canvas, afterTitle, headerState };
  });
}

/** Draws the phone picture into a context of the layout's size: the static layer, then the game's state. */
export function drawIstanbulPhone(ctx: Ctx, view: PublicViewOnly, opts: IstanbulRenderOptions, layout: PhoneLayout): void {
  if ('hand' in view || 'seat' in view) throw new TypeError('the Istanbul phone picture renders the public view only, not a seat view');
  const layer = staticLayer(view, opts.locale, layout);
  ctx.drawImage(layer.canvas, 0, 0);
  restoreDrawingState(ctx, layer.headerState);
  const deciding = decidingSeat(view);
  drawHeaderLive(ctx, layout.header, view, opts, layer.afterTitle);
  for (const place of view.places) drawPlaceLive(ctx, layout.tile(place.row, place.col), layout.bandH, place, view, deciding);
  if (layout.letters) drawLettersStrip(ctx, layout.letters, view, opts.locale);
  [...view.players]
    .sort((a, b) => a.turnOrder - b.turnOrder)
    .forEach((p, i) => {
      const r = layout.rows[i];
      if (r === undefined) return;
      drawPlayerRow(ctx, r, p, view, opts, deciding);
      drawPlayerLetters(ctx, r, p, view, opts.locale);
    });
}

/**
 * Renders the phone picture as a PNG (800 px wide), on this thread's canvas of its size (reused, as the
 * boards'). The picture is opaque (its background covers it), so its pixels are read as they are stored.
 */
export function renderIstanbulPhone(view: PublicViewOnly, opts: IstanbulRenderOptions): Promise<Buffer> {
  const layout = istanbulPhoneLayout(view, opts.locale);
  return renderOpaquePng(layout.width, layout.height, (ctx) => drawIstanbulPhone(ctx, view, opts, layout));
}

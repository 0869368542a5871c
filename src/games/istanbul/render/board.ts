/**
 * The Istanbul board image, drawn from the public view only (never the state, so no hidden card can
 * reach it): header, grid of places with their live state and figures, last move, player panels, legend.
 */
import type {
  AssistantOwner,
  IstanbulPublicView,
  MoveView,
  PlaceId,
  PlaceView,
  PlayerView,
  RollPurpose,
} from '../view/types.js';
import {
  alpha,
  drawableText,
  drawText,
  renderOpaquePng,
  fillRoundRect,
  font,
  LayerCache,
  registerFonts,
  strokeRoundRect,
  textWidth,
  type Ctx,
  fillVerticalGradient,
  newLayer,
  drawSprite,
  type Canvas,
} from '../../../render/common/index.js';
import {
  assistantItem,
  extraItem,
  familyItem,
  governorItem,
  merchantItem,
  neutralMerchantItem,
  smugglerItem,
  type FigureItem,
} from './figures.js';
import { drawCardBack, drawDie, drawGood, drawRuby, drawStartMarker } from './glyphs.js';
import { cardTitle, decisionText, goodName, label, placeName, type RenderLocale } from './i18n.js';
import { computeLayout, withBand, type BoardLayout } from './layout.js';
import { drawLettersBand, lettersBandHeight, type BandPlayer } from './expansion/band.js';
import { lsLabel } from './expansion/labels.js';
import { drawPanel, type PanelProps } from './panel.js';
import { GOOD_ORDER, NEUTRAL_STYLE, PLAYER_STYLES, THEME, type FigureStyle } from './style.js';
import { drawTileBase, drawTileFigures, drawTileHighlight, HEADER_H, tileBaseBox, type MoveMark, type Rect, type TileContext } from './tile.js';

export interface IstanbulRenderOptions {
  readonly locale: RenderLocale;
  /** Display names by seat; missing names fall back to "Player n". */
  readonly names?: readonly (string | undefined)[];
  /**
   * The final standings (the engine's `standings`), shown when the game is over: the view itself carries no
   * ranking, and the renderer does not re-score the game.
   */
  readonly ranks?: readonly { readonly seat: number; readonly rank: number }[];
  /**
   * The view's last roll was rolled since the previous board (its event is in the summary under this one).
   * Only then does the header show it, with the roller's number: the state keeps the last roll for good,
   * and an older roll beside the player deciding now would read as theirs.
   */
  readonly freshRoll?: boolean;
  /**
   * The moves since the player to move last decided, oldest first (from the events under the board), each
   * marked on the board in its player's colour; absent: the view's last move alone.
   */
  readonly moves?: readonly MoveView[];
}

registerFonts();

/**
 * The public view and nothing more: a seat's view (which carries that seat's hand) does not fit, so a
 * hidden card cannot reach the image by mistake.
 */
export type PublicViewOnly = IstanbulPublicView & { readonly hand?: never; readonly seat?: never };

function assertPublic(view: IstanbulPublicView): void {
  if ('hand' in view || 'seat' in view) throw new TypeError('the Istanbul board renders the public view only, not a seat view');
}

/** The seat's display name as far as the fonts can draw it (emoji dropped), else "Player n". */
/**
 * The number a seat's pieces carry: its place in the playing order from the start player (1 starts), so
 * the numbers on the board read as the order of play, whatever the seats' storage order.
 */
export function seatNumber(view: IstanbulPublicView, seat: number): number {
  return (view.players[seat]?.turnOrder ?? seat) + 1;
}

export function playerName(view: IstanbulPublicView, seat: number, opts: IstanbulRenderOptions): string {
  const raw = opts.names?.[seat];
  const name = raw ? drawableText(raw) : '';
  return name.length > 0 ? name : label('player', opts.locale, { n: seatNumber(view, seat) });
}

function styleOf(view: IstanbulPublicView, owner: AssistantOwner): FigureStyle {
  if (owner === 'neutral') return NEUTRAL_STYLE;
  const player = view.players[owner];
  return player ? PLAYER_STYLES[player.colour] : NEUTRAL_STYLE;
}

function ownerLabel(view: IstanbulPublicView, owner: AssistantOwner): string {
  return owner === 'neutral' ? 'N' : String(seatNumber(view, owner));
}

/** The figures standing on a place, in a fixed order: merchants, family, assistants, neutral, others. */
function figuresOn(view: IstanbulPublicView, place: PlaceView, decidingSeat: number | null): FigureItem[] {
  const id = place.id;
  const items: FigureItem[] = [];
  const merchants = view.figures.merchants.filter((m) => m.place === id);
  // the deciding player's merchant first, so its highlight is never hidden behind a wrap
  merchants.sort((a, b) => (a.seat === decidingSeat ? -1 : b.seat === decidingSeat ? 1 : a.seat - b.seat));
  for (const m of merchants) {
    items.push(
      merchantItem(
        `m${m.seat}`,
        PLAYER_STYLES[m.colour],
        String(seatNumber(view, m.seat)),
        m.stack.map((o) => styleOf(view, o)),
        m.seat === decidingSeat,
      ),
    );
  }
  for (const e of view.figures.extra.filter((f) => f.place === id && f.kind === 'companion')) {
    items.push(extraItem(`c${e.seat}`, e.kind, e.seat === null ? null : styleOf(view, e.seat), e.seat === null ? '' : String(seatNumber(view, e.seat))));
  }
  for (const f of view.figures.familyMembers.filter((f) => f.place === id)) {
    items.push(familyItem(`f${f.seat}`, PLAYER_STYLES[f.colour], String(seatNumber(view, f.seat))));
  }
  for (const a of place.assistants) {
    if (a.count > 0) items.push(assistantItem(`a${String(a.owner)}`, styleOf(view, a.owner), ownerLabel(view, a.owner), a.count));
  }
  for (const n of view.figures.neutralMerchants.filter((n) => n.place === id)) {
    items.push(neutralMerchantItem(`n${n.index}`, PLAYER_STYLES[n.colour]));
  }
  if (view.figures.governor === id) items.push(governorItem('governor'));
  if (view.figures.smuggler === id) items.push(smugglerItem('smuggler'));
  for (const e of view.figures.extra.filter((f) => f.place === id && f.kind !== 'companion')) {
    items.push(extraItem(`x${e.kind}`, e.kind, e.seat === null ? null : styleOf(view, e.seat), e.kind.slice(0, 1).toUpperCase()));
  }
  return items;
}

/** The seat that must decide now (null when the game is over). */
function decidingSeat(view: IstanbulPublicView): number | null {
  return view.decision?.seat ?? view.turnSeat ?? null;
}

/** Seats in turn order: the start player first, then clockwise. */
function turnOrder(view: IstanbulPublicView): PlayerView[] {
  return [...view.players].sort((a, b) => a.turnOrder - b.turnOrder);
}

/** The image's geometry for a view: tests use it to find where a place or a panel is drawn. */
export function istanbulBoardLayout(view: IstanbulPublicView): BoardLayout {
  const layout = computeLayout(view.grid.width, view.grid.height, view.players.length);
  return view.lettersAndSeals ? withBand(layout, lettersBandHeight(view.players.length)) : layout;
}

/** The rectangle of place `id` in the image, or null when the place is not on this board. */
export function placeRect(view: IstanbulPublicView, id: PlaceId): Rect | null {
  const layout = istanbulBoardLayout(view);
  const place = view.places.find((p) => p.id === id);
  return place ? layout.tile(place.row, place.col) : null;
}

function drawBackground(ctx: Ctx, layout: BoardLayout): void {
  fillVerticalGradient(ctx, 0, 0, layout.width, layout.height, THEME.backgroundTop, THEME.background);
  // a quiet border of small lozenges, after the tile patterns of the bazaar
  ctx.fillStyle = alpha(THEME.gold, 0.1);
  for (let x = 12; x < layout.width; x += 24) {
    for (const y of [6, layout.height - 6]) {
      ctx.beginPath();
      ctx.moveTo(x, y - 4);
      ctx.lineTo(x + 4, y);
      ctx.lineTo(x, y + 4);
      ctx.lineTo(x - 4, y);
      ctx.closePath();
      ctx.fill();
    }
  }
}

const ROLL_PLACE: Partial<Record<RollPurpose, PlaceId>> = { blackMarket: 8, teaHouse: 9 };

function rollPurposeText(purpose: RollPurpose, locale: RenderLocale): string {
  switch (purpose) {
    case 'governor':
      return label('governor', locale);
    case 'smuggler':
      return label('smuggler', locale);
    case 'neutralMerchant':
      return label('twoPlayers', locale);
    case 'redTile':
      return label('mosqueTiles', locale);
    case 'courier':
      return lsLabel('courier', locale);
    case 'diceCard':
      return cardTitle('diceCard', locale);
    default:
      return placeName(ROLL_PLACE[purpose] ?? 0, locale);
  }
}

/** Where the header's live part goes: after the wordmark, and left of the goods legend. */
interface HeaderMarks {
  readonly afterTitle: number;
  readonly statusRight: number;
}

/** The header's static part: its frame, the wordmark and the goods legend. */
function drawHeaderStatic(ctx: Ctx, r: Rect, L: RenderLocale): HeaderMarks {
  const cy = r.y + r.h / 2;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, alpha('#000000', 0.25));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, alpha(THEME.gold, 0.35), 1);
  // wordmark
  ctx.fillStyle = THEME.gold;
  ctx.font = font(28, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const title = 'ISTANBUL';
  let tx = r.x + 18;
  for (const ch of title) {
    ctx.fillText(ch, tx, cy + 1);
    tx += ctx.measureText(ch).width + 3;
  }
  // goods legend on the right
  let lx = r.x + r.w - 16;
  for (const g of [...GOOD_ORDER].reverse()) {
    const name = goodName(g, L);
    const w = textWidth(ctx, name, 14, 'bold');
    lx -= w;
    ctx.fillStyle = THEME.panelInk;
    ctx.font = font(14, 'bold');
    ctx.textAlign = 'left';
    ctx.fillText(name, lx, cy + 1);
    lx -= 22;
    drawGood(ctx, g, lx + 9, cy, 9);
    lx -= 16;
  }
  return { afterTitle: tx + 12, statusRight: lx - 14 };
}

/** The header's live part: the round, the end, who decides what (or the winners), the last roll. */
function drawHeaderLive(ctx: Ctx, r: Rect, view: IstanbulPublicView, opts: IstanbulRenderOptions, marks: HeaderMarks): void {
  const L = opts.locale;
  const cy = r.y + r.h / 2;
  let x = marks.afterTitle;
  // round pill
  const roundText = label('round', L, { n: view.round });
  const rw = textWidth(ctx, roundText, 15, 'bold') + 22;
  fillRoundRect(ctx, x, cy - 14, rw, 28, 14, alpha(THEME.gold, 0.18));
  ctx.fillStyle = THEME.panelInk;
  ctx.font = font(15, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(roundText, x + rw / 2, cy + 1);
  x += rw + 10;
  if (view.endTriggered && view.phase !== 'over') {
    const t = label('endTriggered', L);
    const w = textWidth(ctx, t, 15, 'bold') + 22;
    fillRoundRect(ctx, x, cy - 14, w, 28, 14, THEME.ruby);
    ctx.fillStyle = '#ffffff';
    ctx.font = font(15, 'bold');
    ctx.textAlign = 'center';
    ctx.fillText(t, x + w / 2, cy + 1);
    x += w + 10;
  }

  // status: who decides what, or the end
  const statusRight = marks.statusRight;
  const seat = decidingSeat(view);
  x += 6;
  if (view.phase === 'over' || seat === null) {
    const used = drawText(ctx, label('gameOver', L), x, cy + 1, statusRight - x, { size: 18, weight: 'bold', colour: THEME.highlight, baseline: 'middle' });
    const winners = (opts.ranks ?? []).filter((r) => r.rank === 1).map((r) => playerName(view, r.seat, opts));
    if (winners.length > 0) {
      drawText(ctx, label('wins', L, { name: winners.join(' & ') }), x + used + 14, cy + 1, statusRight - x - used - 14, {
        size: 18,
        minSize: 12,
        weight: 'bold',
        colour: THEME.panelInk,
        baseline: 'middle',
      });
    }
    return;
  }
  const style = styleOf(view, seat);
  ctx.beginPath();
  ctx.arc(x + 13, cy, 13, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.highlight;
  ctx.stroke();
  ctx.fillStyle = style.ink;
  ctx.font = font(14, 'bold');
  ctx.textAlign = 'center';
  ctx.fillText(String(seatNumber(view, seat)), x + 13, cy + 1);
  x += 34;
  const name = playerName(view, seat, opts);
  const what = view.decision ? decisionText(view.decision.kind, L) : '';
  let used = drawText(ctx, name, x, cy + 1, Math.min(220, statusRight - x), {
    size: 18,
    minSize: 13,
    weight: 'bold',
    colour: THEME.highlight,
    baseline: 'middle',
  });
  x += used + 8;
  if (what) {
    used = drawText(ctx, what, x, cy + 1, statusRight - x, { size: 16, minSize: 12, colour: THEME.panelInk, baseline: 'middle' });
    x += used + 8;
  }
  // where: the place the decision belongs to
  const where = view.decision?.place ?? null;
  if (where !== null && statusRight - x > 120) {
    used = drawText(ctx, `\u00b7 ${placeName(where, L)}`, x, cy + 1, Math.min(220, statusRight - x), {
      size: 16,
      minSize: 12,
      weight: 'bold',
      colour: THEME.panelInk,
      baseline: 'middle',
    });
    x += used + 12;
  }
  // last roll, when it is news and there is room: "(2) Governor [4][5]", the roller's number first
  const roll = opts.freshRoll === true ? view.lastRoll : null;
  if (roll && statusRight - x > 190) {
    const s = 22;
    const st = styleOf(view, roll.seat);
    ctx.beginPath();
    ctx.arc(x + 16, cy, 10, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = st.stroke;
    ctx.stroke();
    ctx.fillStyle = st.ink;
    ctx.font = font(12, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(seatNumber(view, roll.seat)), x + 16, cy + 0.5);
    x += 26;
    const text = rollPurposeText(roll.purpose, L);
    const tw = drawText(ctx, text, x + 6, cy + 1, statusRight - x - 2 * s - 20, {
      size: 13,
      minSize: 10,
      colour: THEME.panelMuted,
      baseline: 'middle',
    });
    drawDie(ctx, x + tw + 14, cy - s / 2, s, roll.dice[0]);
    drawDie(ctx, x + tw + 18 + s, cy - s / 2, s, roll.dice[1]);
  }
}

/**
 * The last move's arrow. It runs between the two tiles off their centre line (to the right for a vertical
 * move, low for a horizontal one) so it crosses the gap instead of the place names, and it ends where the
 * merchant now stands.
 */
function drawMoveArrow(ctx: Ctx, from: Rect, to: Rect, colour: string): void {
  const fx = from.x + from.w / 2;
  const fy = from.y + from.h / 2;
  const tx = to.x + to.w / 2;
  const ty = to.y + to.h / 2;
  const dx = tx - fx;
  const dy = ty - fy;
  const len = Math.hypot(dx, dy);
  if (len < 1) return;
  const ux = dx / len;
  const uy = dy / len;
  /** Distance from a tile's centre to its edge along the arrow's direction. */
  const edge = (r: Rect): number => Math.min(r.w / 2 / Math.max(Math.abs(ux), 1e-6), r.h / 2 / Math.max(Math.abs(uy), 1e-6));
  let sx: number;
  let sy: number;
  let ex: number;
  let ey: number;
  if (Math.abs(ux) < 0.05 || Math.abs(uy) < 0.05) {
    // along a row or a column: off the centre line, across the gap between the tiles
    const vertical = Math.abs(uy) > Math.abs(ux);
    const ox = vertical ? from.w * 0.36 : 0;
    const oy = vertical ? 0 : from.h * 0.27;
    sx = fx + ox + ux * (edge(from) - 46);
    sy = fy + oy + uy * (edge(from) - 46);
    // moving down, the head goes past the header band so it never sits on the place name
    const into = vertical && uy > 0 ? HEADER_H + 30 : 34;
    ex = tx + ox - ux * (edge(to) - into);
    ey = ty + oy - uy * (edge(to) - into);
  } else {
    // diagonal: from inside one tile, over the corner, into the other
    sx = fx + ux * edge(from) * 0.4;
    sy = fy + uy * edge(from) * 0.4;
    ex = tx - ux * edge(to) * 0.62;
    ey = ty - uy * edge(to) * 0.62;
  }
  // a long arrow bends a little, so it does not run along a whole row of text
  const bend = Math.min(40, Math.max(0, len - 260) * 0.12);
  const mx = (sx + ex) / 2 - uy * bend;
  const my = (sy + ey) / 2 + ux * bend;
  const path = (): void => {
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.quadraticCurveTo(mx, my, ex, ey);
  };
  // head direction: tangent at the end
  const hx = ex - mx;
  const hy = ey - my;
  const hl = Math.hypot(hx, hy) || 1;
  const hux = hx / hl;
  const huy = hy / hl;
  const head = 22;
  const headPath = (): void => {
    ctx.beginPath();
    ctx.moveTo(ex + hux * head * 0.55, ey + huy * head * 0.55);
    ctx.lineTo(ex - hux * head * 0.6 - huy * head * 0.6, ey - huy * head * 0.6 + hux * head * 0.6);
    ctx.lineTo(ex - hux * head * 0.6 + huy * head * 0.6, ey - huy * head * 0.6 - hux * head * 0.6);
    ctx.closePath();
  };
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // start dot
  ctx.beginPath();
  ctx.arc(sx, sy, 8, 0, Math.PI * 2);
  ctx.fillStyle = '#11161c';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(sx, sy, 5.5, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  path();
  ctx.lineWidth = 11;
  ctx.strokeStyle = '#11161c';
  ctx.stroke();
  headPath();
  ctx.lineWidth = 5;
  ctx.strokeStyle = '#11161c';
  ctx.stroke();
  path();
  ctx.lineWidth = 6;
  ctx.strokeStyle = colour;
  ctx.stroke();
  headPath();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.restore();
}

function panelProps(view: IstanbulPublicView, p: PlayerView, opts: IstanbulRenderOptions, seat: number | null): PanelProps {
  const deciding = p.seat === seat && view.phase !== 'over';
  return {
    name: playerName(view, p.seat, opts),
    number: seatNumber(view, p.seat),
    style: PLAYER_STYLES[p.colour],
    lira: p.lira,
    rubies: p.rubies,
    rubyTarget: view.rubyTarget,
    goods: p.goods,
    capacity: p.capacity,
    extensions: p.extensions,
    mosqueTiles: p.mosqueTiles,
    bonusCards: p.bonusCards,
    assistantsInStack: p.assistants.inStack,
    neutralInStack: p.assistants.neutralInStack,
    assistantsOnPlaces: p.assistants.onPlaces.length,
    assistantsInSupply: p.assistants.inSupply,
    turnPosition: p.turnOrder + 1,
    isStartPlayer: p.isStartPlayer,
    deciding,
    rank: view.phase === 'over' ? (opts.ranks?.find((r) => r.seat === p.seat)?.rank ?? null) : null,
    locale: opts.locale,
  };
}

/** A right-pointing arrow glyph (the font has no arrow characters). */
function arrowGlyph(ctx: Ctx, x: number, cy: number, w: number, colour: string): void {
  ctx.beginPath();
  ctx.moveTo(x, cy);
  ctx.lineTo(x + w - 5, cy);
  ctx.lineWidth = 2.4;
  ctx.strokeStyle = colour;
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + w, cy);
  ctx.lineTo(x + w - 7, cy - 5);
  ctx.lineTo(x + w - 7, cy + 5);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/** Game facts in words: the last move, the bonus card piles, the goal. Returns the height used. */
function drawFacts(ctx: Ctx, r: Rect, view: IstanbulPublicView, opts: IstanbulRenderOptions): number {
  const L = opts.locale;
  const lineH = 30;
  let y = r.y + lineH / 2;
  const right = r.x + r.w;
  const move = view.lastMove;
  if (move) {
    let x = r.x;
    const tw = drawText(ctx, `${label('lastMove', L)}:`, x, y, 140, { size: 14, colour: THEME.panelMuted, baseline: 'middle' });
    x += tw + 10;
    const st = styleOf(view, move.seat);
    ctx.beginPath();
    ctx.arc(x + 10, y, 10, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = st.stroke;
    ctx.stroke();
    ctx.fillStyle = st.ink;
    ctx.font = font(12, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(seatNumber(view, move.seat)), x + 10, y + 0.5);
    x += 26;
    const half = (right - x - 30) / 2;
    x += drawText(ctx, `${move.from} ${placeName(move.from, L)}`, x, y, half, { size: 14, weight: 'bold', colour: THEME.panelInk, minSize: 11, baseline: 'middle' });
    arrowGlyph(ctx, x + 7, y, 18, THEME.highlight);
    x += 32;
    drawText(ctx, `${move.to} ${placeName(move.to, L)}`, x, y, right - x, { size: 14, weight: 'bold', colour: THEME.panelInk, minSize: 11, baseline: 'middle' });
    y += lineH;
  }
  // bonus cards: deck and discard pile; the rubies needed
  let x = r.x;
  drawCardBack(ctx, x + 2, y - 10, 14, 20);
  x += 24;
  x += drawText(ctx, `${label('deck', L, { n: view.deckCount })} \u00b7 ${label('discardTop', L)} ${view.discardCount}`, x, y, r.w / 2 + 40, {
    size: 14,
    colour: THEME.panelInk,
    minSize: 11,
    baseline: 'middle',
  });
  x += 20;
  drawRuby(ctx, x + 9, y, 9);
  drawText(ctx, label('target', L, { n: view.rubyTarget }), x + 24, y, right - x - 24, { size: 14, colour: THEME.panelInk, minSize: 11, baseline: 'middle' });
  return y + lineH / 2 - r.y;
}

function drawLegend(ctx: Ctx, r: Rect, view: IstanbulPublicView, opts: IstanbulRenderOptions): void {
  const L = opts.locale;
  fillRoundRect(ctx, r.x, r.y, r.w, r.h, 12, alpha('#000000', 0.18));
  strokeRoundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, 12, THEME.panelEdge, 1);
  const example = view.players[0] ? PLAYER_STYLES[view.players[0].colour] : NEUTRAL_STYLE;
  const entries: { item: FigureItem; text: string }[] = [
    { item: merchantItem('lm', example, '1', [example, example], false), text: label('merchant', L) },
    { item: familyItem('lf', example, '1'), text: label('family', L) },
    { item: assistantItem('la', example, '1', 1), text: label('assistant', L) },
    { item: governorItem('lg'), text: label('governor', L) },
    { item: smugglerItem('ls'), text: label('smuggler', L) },
  ];
  entries.push({
    item: { key: 'lsp', w: 30, h: 30, draw: (c, x, y, s) => drawStartMarker(c, x + 15 * s, y + 15 * s, 13 * s) },
    text: label('startPlayer', L),
  });
  if (view.figures.neutralMerchants.length > 0) {
    const nm = view.figures.neutralMerchants[0];
    entries.push({ item: neutralMerchantItem('ln', nm ? PLAYER_STYLES[nm.colour] : NEUTRAL_STYLE), text: label('twoPlayers', L) });
  }
  const cols = r.w > 500 ? 3 : 2;
  const rowsNeeded = Math.ceil(entries.length / cols);
  const legendH = rowsNeeded * 58 + 12;
  let top = r.y + 4;
  if (r.h >= legendH + 80) {
    const used = drawFacts(ctx, { x: r.x + 16, y: r.y + 10, w: r.w - 32, h: r.h - legendH }, view, opts);
    top = r.y + 10 + used + 6;
    ctx.beginPath();
    ctx.moveTo(r.x + 16, top);
    ctx.lineTo(r.x + r.w - 16, top);
    ctx.lineWidth = 1;
    ctx.strokeStyle = THEME.panelEdge;
    ctx.stroke();
  }
  const cellW = (r.w - 24) / cols;
  const cellH = Math.min(74, (r.y + r.h - top - 8) / rowsNeeded);
  if (cellH < 40) return;
  const scale = Math.min(1, (cellH - 8) / 62);
  // centre the grid in what is left
  const gridTop = top + Math.max(4, (r.y + r.h - top - rowsNeeded * cellH) / 2);
  entries.forEach((e, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const cx = r.x + 12 + col * cellW;
    const cy = gridTop + row * cellH + cellH / 2;
    const iw = e.item.w * scale;
    const ih = e.item.h * scale;
    e.item.draw(ctx, cx + (48 - iw) / 2, cy - ih / 2, scale);
    drawText(ctx, e.text, cx + 54, cy, cellW - 60, { size: 14, minSize: 10, colour: THEME.panelMuted, baseline: 'middle' });
  });
}

/** The static layer of a board: what never changes for a layout (and its places) in a locale. */
interface StaticLayer {
  readonly canvas: Canvas;
  readonly header: HeaderMarks;
}

/** Per thread: the layouts and locales in play (a layer of a 1600 x 1010 board holds 6.4 MB). */
const staticLayers = new LayerCache<StaticLayer>(6);

/**
 * The background, the header's frame, wordmark and goods legend, every place's frame, name and artwork. Each
 * place's part is a sprite of its own (by place, tile size and locale): a layer of another arrangement (a
 * random layout, another player count) composites the places already drawn instead of drawing them again.
 */
function staticLayer(view: IstanbulPublicView, locale: RenderLocale, layout: BoardLayout): StaticLayer {
  const places = view.places.map((p) => `${p.id}@${p.row},${p.col}`).join(' ');
  const key = `${layout.width}x${layout.height} ${view.grid.width}x${view.grid.height} ${view.players.length} ${locale} ${places}`;
  return staticLayers.get(key, () => {
    const { canvas, ctx } = newLayer(layout.width, layout.height);
    drawBackground(ctx, layout);
    const header = drawHeaderStatic(ctx, layout.header, locale);
    const tc: TileContext = { locale, figures: [], current: false, moveMarks: [], dice: null, announced: null };
    for (const place of view.places) {
      const rect = layout.tile(place.row, place.col);
      const box = tileBaseBox(rect);
      drawSprite(ctx, `istanbul tile ${place.id} ${place.detail.kind} ${rect.w}x${rect.h} ${locale}`, box.x, box.y, box.w, box.h, (sprite, dx, dy) =>
        drawTileBase(sprite, { ...rect, x: rect.x + dx, y: rect.y + dy }, place, tc, 'static'),
      );
    }
    return { canvas, header };
  });
}

/**
 * Draws the board into a canvas context of the layout's size: the static layer (drawn once per layout and
 * locale), then everything that depends on the game's state.
 */
export function drawIstanbulBoard(ctx: Ctx, view: PublicViewOnly, opts: IstanbulRenderOptions, layout: BoardLayout): void {
  assertPublic(view);
  const seat = decidingSeat(view);
  const layer = staticLayer(view, opts.locale, layout);
  ctx.drawImage(layer.canvas, 0, 0);
  // strokes join round on this board (the goods legend's markers set it, and the live parts drew after them)
  ctx.lineJoin = 'round';
  drawHeaderLive(ctx, layout.header, view, opts, layer.header);

  const deciderPlace = seat === null ? null : (view.figures.merchants.find((m) => m.seat === seat)?.place ?? null);
  // The moves since the player to move last decided (else the last one), numbered when there are several.
  const moves = opts.moves ?? (view.lastMove === null ? [] : [view.lastMove]);
  const marksAt = (place: number): MoveMark[] =>
    moves.flatMap((m): MoveMark[] => {
      const end = m.to === place ? 'to' : m.from === place ? 'from' : null;
      return end === null ? [] : [{ end, style: styleOf(view, m.seat), number: moves.length > 1 ? seatNumber(view, m.seat) : null }];
    });
  const contexts: { place: PlaceView; rect: Rect; tc: TileContext }[] = view.places.map((place) => {
    const onHere = view.decision && view.decision.place === place.id;
    return {
      place,
      rect: layout.tile(place.row, place.col),
      tc: {
        locale: opts.locale,
        figures: figuresOn(view, place, view.phase === 'over' ? null : seat),
        current: view.phase !== 'over' && place.id === deciderPlace,
        moveMarks: marksAt(place.id),
        dice: onHere ? (view.decision?.dice ?? null) : null,
        announced: onHere ? (view.decision?.announced ?? null) : null,
        seatStyle: (s: number) => styleOf(view, s),
        seatNumber: (s: number) => seatNumber(view, s),
      },
    };
  });
  for (const c of contexts) drawTileBase(ctx, c.rect, c.place, c.tc, 'live');
  for (const c of contexts) drawTileHighlight(ctx, c.rect, c.tc);
  for (const move of moves) {
    const from = contexts.find((c) => c.place.id === move.from);
    const to = contexts.find((c) => c.place.id === move.to);
    if (from && to && from !== to) drawMoveArrow(ctx, from.rect, to.rect, styleOf(view, move.seat).fill);
  }
  for (const c of contexts) drawTileFigures(ctx, c.rect, c.tc);

  turnOrder(view).forEach((p, i) => {
    const r = layout.panels[i];
    if (r) drawPanel(ctx, r, panelProps(view, p, opts, view.phase === 'over' ? null : seat));
  });
  if (layout.legend) drawLegend(ctx, layout.legend, view, opts);
  const ls = view.lettersAndSeals;
  if (layout.lettersBand && ls) {
    const rows: BandPlayer[] = [];
    for (const p of turnOrder(view)) {
      const mine = ls.players[p.seat];
      if (mine) rows.push({ player: p, ls: mine, name: playerName(view, p.seat, opts), style: PLAYER_STYLES[p.colour] });
    }
    drawLettersBand(ctx, layout.lettersBand, view, rows, view.phase === 'over' ? null : seat, opts.locale);
  }
}

/**
 * Renders the public view as a PNG (about 1600 x 1000..1100), on this thread's canvas of that size. The
 * board is opaque (the static layer covers it), so its pixels are read as they are stored.
 */
export function renderIstanbulBoard(view: PublicViewOnly, opts: IstanbulRenderOptions): Promise<Buffer> {
  const layout = istanbulBoardLayout(view);
  return renderOpaquePng(layout.width, layout.height, (ctx) => drawIstanbulBoard(ctx, view, opts, layout));
}

/** Builds the views (types in types.ts) from the full state: public, or a seat's (plus its own hand and coins). */
import * as boardDataModule from '../data/board.js';
import type { Area, CardType, Colour } from '../data/board.js';
import * as boardModule from '../rules/board.js';
import * as geometryModule from '../data/geometry.js';
import * as rulesModule from '../rules/index.js';
import type { KairoState, Pending, Seat } from '../types.js';
import type { KairoCardView, KairoFieldView, KairoMedalView, KairoPendingView, KairoPublicView, KairoSeatView } from './types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { BOARD_HEIGHT, BOARD_WIDTH, CARDS_PER_DRAW, CARD_SECTIONS, COLOURS, HAND_LIMIT, MEDAL_POINTS, isJoker } = boardDataModule;
const { entranceSide } = boardModule;
const { AREA, SECTION, START_FIELD_IDS, fieldLabel, fieldX, fieldY } = geometryModule;
const { stallSize } = rulesModule;

export function cardView(type: CardType): KairoCardView {
  return { type, sections: CARD_SECTIONS[type].slice(), joker: isJoker(type) };
}

function fieldsView(state: KairoState): KairoFieldView[] {
  type Mutable = { -readonly [K in keyof KairoFieldView]: KairoFieldView[K] };
  const fields: Mutable[] = [];
  for (let id = 0; id < BOARD_WIDTH * BOARD_HEIGHT; id++) {
    fields.push({
      id,
      x: fieldX(id),
      y: fieldY(id),
      label: fieldLabel(id),
      area: AREA[id] as Area,
      section: SECTION[id] ?? null,
      startField: START_FIELD_IDS.includes(id),
      stall: null,
      entrance: null,
      customer: null,
    });
  }
  state.stalls.forEach((stall, index) => {
    (fields[stall.main] as Mutable).stall = { stall: index, colour: stall.colour, owner: stall.owner, main: true };
    for (const f of stall.ext) (fields[f] as Mutable).stall = { stall: index, colour: stall.colour, owner: stall.owner, main: false };
    (fields[stall.entrance] as Mutable).entrance = {
      stall: index,
      colour: stall.colour,
      owner: stall.owner,
      side: entranceSide(stall.main, stall.entrance),
    };
  });
  for (const c of COLOURS) {
    const f = state.customers[c];
    if (f !== null) (fields[f] as Mutable).customer = c;
  }
  return fields;
}

function pendingView(state: KairoState): KairoPendingView | null {
  if (state.phase === 'over') return null;
  const p = state.pending;
  const base = {
    seat: state.seat,
    mode: null,
    colour: null,
    step: null,
    cardsPlayed: [] as CardType[],
    jokerCoin: null,
    sections: null,
    section: null,
    field: null,
    cost: null,
    drawn: 0,
  };
  switch (p.k) {
    case 'turn':
      return { ...base, kind: 'turn', step: 'choose' };
    case 'lead':
      return { ...base, kind: 'lead', colour: p.colour, step: 'target' };
    case 'draw': {
      const hand = state.players[state.seat]?.hand.length ?? 0;
      return { ...base, kind: 'draw', step: p.taken >= CARDS_PER_DRAW && hand > HAND_LIMIT ? 'discard' : 'take', drawn: p.taken };
    }
    case 'build': {
      const pay = p.payment;
      const cardsPlayed = pay === null ? [] : pay.t === 'three' ? pay.cards.slice() : [pay.card];
      return {
        ...base,
        kind: 'build',
        mode: p.mode,
        colour: p.colour,
        step: p.step,
        cardsPlayed,
        jokerCoin: pay?.t === 'joker' ? pay.coin : null,
        sections: p.sections ? p.sections.slice() : null,
        section: p.section,
        field: p.field,
        cost: p.mode === 'extend' ? p.cost : null,
      };
    }
  }
}

function standingsRanks(state: KairoState): number[] {
  return state.players.map((p) => 1 + state.players.filter((o) => o.score > p.score).length);
}

export function publicView(state: KairoState): KairoPublicView {
  const offBoard = COLOURS.find((c) => state.customers[c] === null) as Colour;
  const medals = {} as Record<Colour, KairoMedalView>;
  for (const c of COLOURS) medals[c] = { gold: state.medals[c].gold, silver: state.medals[c].silver };
  const ranks = standingsRanks(state);
  const next = state.setupQueue[0];
  return {
    game: 'kairo',
    playerCount: state.players.length,
    startMode: state.options.start,
    phase: state.phase,
    finalPhase: state.phase === 'final' || state.phase === 'over',
    startSeat: state.startSeat,
    activeSeat: state.phase === 'over' ? null : state.seat,
    turn: state.turn,
    board: { width: BOARD_WIDTH, height: BOARD_HEIGHT, fields: fieldsView(state) },
    stalls: state.stalls.map((s, index) => ({
      index,
      owner: s.owner,
      colour: s.colour,
      main: s.main,
      entrance: s.entrance,
      entranceSide: entranceSide(s.main, s.entrance),
      extensions: s.ext.slice(),
      size: stallSize(s),
    })),
    customers: { ...state.customers },
    offBoardCustomer: offBoard,
    display: state.display.map(cardView),
    deckCount: state.deck.length,
    discardCount: state.discard.length,
    crierSupply: state.criers,
    extensionSupply: { ...state.extensions },
    medals,
    medalPoints: { gold: MEDAL_POINTS.gold, silver: MEDAL_POINTS.silver },
    players: state.players.map((p, seat) => ({
      seat,
      score: p.score,
      criers: p.criers,
      handCount: p.hand.length,
      stallsInSupply: COLOURS.filter((c) => !state.stalls.some((s) => s.owner === seat && s.colour === c)),
      out: p.out,
      startPlayer: seat === state.startSeat,
      medals: COLOURS.flatMap((c) => [
        ...(state.medals[c].gold === seat ? [{ colour: c, medal: 'gold' as const }] : []),
        ...(state.medals[c].silver === seat ? [{ colour: c, medal: 'silver' as const }] : []),
      ]),
    })),
    pending: pendingView(state),
    setup:
      state.phase === 'setup'
        ? {
            remaining: state.setupQueue.length,
            neutralColour: next?.neutral && state.pending.k === 'build' ? state.pending.colour : null,
            neutralStallsInBag: state.neutralBag.length,
          }
        : null,
    final: state.final
      ? state.final.map((f) => ({
          seat: f.seat,
          medalPoints: f.medalPoints,
          coins: f.coins,
          coinPoints: f.coinPoints,
          score: state.players[f.seat]?.score ?? 0,
          rank: ranks[f.seat] ?? 0,
        }))
      : null,
    bookkeeping: {
      pending: JSON.parse(JSON.stringify(state.pending)) as Pending,
      countedCoins: state.players.map((p) => ({ ...p.coins })),
      discardPile: state.discard.slice(),
      setupQueue: state.setupQueue.map((q) => ({ ...q })),
      neutralColoursLeft: COLOURS.filter((c) => state.neutralBag.includes(c)),
    },
  };
}

export function seatView(state: KairoState, seat: Seat): KairoSeatView {
  const p = state.players[seat];
  if (p === undefined) throw new RangeError(`no seat ${seat}`);
  return { ...publicView(state), seat, hand: p.hand.map(cardView), coins: { ...p.coins } };
}

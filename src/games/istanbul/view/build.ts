/** Builds the views (types in types.ts) from the full state: public, or a seat's (plus its own hand). */
import { GREAT_MARKET_PAYOUT, GREAT_MARKET_TILES, SMALL_MARKET_PAYOUT, SMALL_MARKET_TILES } from '../data/demand-tiles.js';
import { gemstonePrices } from '../data/gemstone.js';
import { MOSQUE_COLOURS } from '../data/mosques.js';
import { EXTENSION_PRICE } from '../data/players.js';
import {
  AUCTION_CARDS,
  DOUBLE_MOVE_SEALS,
  EMBASSY_LETTERS,
  KIOSK_TILES,
  SECRET_SOCIETY_BONUS,
  SECRET_SOCIETY_SEALS,
  type KioskTile,
} from '../data/letters-and-seals.js';
import { AUCTION_HOUSE, EMBASSY, KIOSK, SECRET_SOCIETY } from '../data/places.js';
import { seals } from '../rules/letters-and-seals/letters.js';
import { rubyTargetOf } from '../rules/turn.js';
import { POST_FIELDS, postPayout } from '../data/post-office.js';
import { SULTAN_TRACK, sultanCost } from '../data/sultan.js';
import { WAREHOUSE_GOOD } from '../data/places.js';
import { capacity } from '../rules/helpers.js';
import { gemstonePrice, gemstoneRubiesLeft } from '../rules/places/gemstone.js';
import { sultanRubiesLeft } from '../rules/places/sultan.js';
import type { Frame, IstanbulState, PlayerState } from '../state.js';
import type { AssistantOwner, Good, PlaceId, Seat } from '../types.js';
import type {
  DecisionView,
  IstanbulBookkeepingView,
  IstanbulPublicView,
  IstanbulSeatView,
  IstanbulView,
  ExtraFigureView,
  LettersAndSealsView,
  PlaceDetailView,
  PlaceView,
  PlacedAssistantsView,
  PlayerView,
} from './types.js';

function placeDetail(s: IstanbulState, place: PlaceId): PlaceDetailView {
  const n = s.players.length;
  switch (place) {
    case 1:
      return { kind: 'wainwright', extensionsLeft: s.wainwrightExtensions, rubiesLeft: s.wainwrightRubies, price: EXTENSION_PRICE };
    case 2:
    case 3:
    case 4:
      return { kind: 'warehouse', good: WAREHOUSE_GOOD[place] as Exclude<Good, 'blue'> };
    case 5:
      return {
        kind: 'postOffice',
        markersDown: s.post,
        markers: POST_FIELDS.map((_, i) => (i < s.post ? 'bottom' : 'top')),
        fields: POST_FIELDS.map(([top, bottom]) => [{ ...top }, { ...bottom }] as const),
        payout: postPayout(s.post),
      };
    case 6:
      return { kind: 'caravansary', discardTop: s.discard[s.discard.length - 1] ?? null, discardCount: s.discard.length };
    case 7:
      return { kind: 'fountain' };
    case 8:
      return { kind: 'blackMarket' };
    case 9:
      return { kind: 'teaHouse' };
    case 10:
    case 11: {
      const small = place === 11;
      const stack = small ? s.smallMarket : s.greatMarket;
      const tiles = small ? SMALL_MARKET_TILES : GREAT_MARKET_TILES;
      const stackView = stack.map((index) => ({ index, goods: { ...(tiles[index] as (typeof tiles)[number]) } }));
      return {
        kind: 'market',
        size: small ? 'small' : 'great',
        demand: stackView[0] as (typeof stackView)[number],
        stack: stackView,
        payouts: small ? SMALL_MARKET_PAYOUT : GREAT_MARKET_PAYOUT,
      };
    }
    case 12:
      return { kind: 'policeStation' };
    case 13: {
      const left = sultanRubiesLeft(s);
      const cost = sultanCost(n, s.sultanTaken);
      return {
        kind: 'sultan',
        track: SULTAN_TRACK,
        uncovered: Math.min(cost.length, SULTAN_TRACK.length),
        nextCost: left > 0 ? cost : null,
        rubiesLeft: left,
      };
    }
    case 14:
    case 15:
      return {
        kind: 'mosque',
        size: place === 14 ? 'small' : 'great',
        stacks: (MOSQUE_COLOURS[place] as readonly Good[]).map((colour) => ({
          colour,
          tiles: s.mosqueTiles[colour].slice(),
          top: s.mosqueTiles[colour][0] ?? null,
        })),
        rubiesLeft: place === 14 ? s.smallMosqueRubies : s.greatMosqueRubies,
      };
    case 16:
      return { kind: 'gemstone', prices: gemstonePrices(n), price: gemstonePrice(s), rubiesLeft: gemstoneRubiesLeft(s) };
    default:
      return expansionPlaceDetail(s, place);
  }
}

/** Letters & Seals places 21..24 (with their live state); anything else: 'other'. */
function expansionPlaceDetail(s: IstanbulState, place: PlaceId): PlaceDetailView {
  const ls = s.ls;
  if (ls === undefined) return { kind: 'other' };
  const tile = (id: number): { id: number; effect: KioskTile } => ({ id, effect: KIOSK_TILES[id] as KioskTile });
  switch (place) {
    case EMBASSY:
      return { kind: 'embassy', letters: EMBASSY_LETTERS, letterDeckCount: ls.letterDeck.length };
    case KIOSK:
      return {
        kind: 'kiosk',
        owner: ls.kiosk?.owner ?? null,
        open: (ls.kiosk?.open ?? []).map(tile),
        chosen: (ls.kiosk?.chosen ?? []).map(tile),
        waiting: ls.kiosk?.queue.slice() ?? [],
        deckCount: ls.kioskDeck.length,
      };
    case AUCTION_HOUSE:
      return {
        kind: 'auctionHouse',
        owner: ls.auction?.owner ?? null,
        high: ls.auction?.high ?? 0,
        highSeat: ls.auction?.highSeat ?? null,
        waiting: ls.auction?.queue.slice() ?? [],
        cards: AUCTION_CARDS,
      };
    case SECRET_SOCIETY:
      return {
        kind: 'secretSociety',
        seals: SECRET_SOCIETY_SEALS,
        bonusesLeft: SECRET_SOCIETY_BONUS.slice(ls.secretSociety.length),
        paid: ls.secretSociety.slice(),
      };
    default:
      return { kind: 'other' };
  }
}

function assistantsView(s: IstanbulState, place: PlaceId): PlacedAssistantsView[] {
  const list = s.assistantsAt[place] ?? [];
  const out: PlacedAssistantsView[] = [];
  for (let seat = 0; seat < s.players.length; seat++) {
    const count = list.filter((o) => o === seat).length;
    if (count > 0) out.push({ owner: seat, count });
  }
  const neutral = list.filter((o) => o === 'neutral').length;
  if (neutral > 0) out.push({ owner: 'neutral', count: neutral });
  return out;
}

function playerView(s: IstanbulState, p: PlayerState): PlayerView {
  const n = s.players.length;
  const onPlaces: PlaceId[] = [];
  for (let place = 1; place < s.assistantsAt.length; place++) {
    for (const owner of s.assistantsAt[place] ?? []) if (owner === p.seat) onPlaces.push(place);
  }
  const turnOrder = (p.seat - s.startSeat + n) % n;
  return {
    seat: p.seat,
    colour: p.colour,
    lira: p.lira,
    rubies: p.rubies,
    goods: { ...p.goods },
    capacity: capacity(p),
    extensions: p.extensions,
    mosqueTiles: p.mosqueTiles.slice(),
    bonusCards: p.hand.length,
    assistants: {
      inStack: p.stack.filter((o) => o === p.seat).length,
      neutralInStack: p.stack.filter((o) => o === 'neutral').length,
      onPlaces,
      inSupply: p.supply,
    },
    turnOrder,
    isStartPlayer: p.seat === s.startSeat,
  };
}

function decisionView(frame: Frame | undefined): DecisionView | null {
  if (frame === undefined) return null;
  let kind: DecisionView['kind'];
  let place: PlaceId | null = null;
  let dice: readonly [number, number] | null = null;
  let announced: number | null = null;
  switch (frame.k) {
    case 'action':
      kind = 'action';
      place = frame.place;
      break;
    case 'warehouseExtra':
      kind = 'warehouseExtra';
      place = frame.place;
      break;
    case 'caravansaryDraw':
      kind = 'caravansaryDraw';
      place = 6;
      break;
    case 'caravansaryDiscard':
      kind = 'caravansaryDiscard';
      place = 6;
      break;
    case 'fountain':
      kind = 'fountain';
      place = 7;
      break;
    case 'blackMarket':
      kind = 'blackMarket';
      place = 8;
      dice = frame.dice === null ? null : [frame.dice[0], frame.dice[1]];
      break;
    case 'letters':
      kind = 'letters';
      place = frame.purpose === 'secretSociety' ? 24 : null;
      break;
    case 'kiosk':
    case 'kioskEffect':
      kind = frame.k;
      place = 22;
      break;
    case 'auction':
      kind = 'auction';
      place = 23;
      break;
    case 'redTile':
      kind = 'redTile';
      place = frame.place;
      dice = [frame.dice[0], frame.dice[1]];
      announced = frame.place === 9 ? frame.announced : null;
      break;
    default:
      kind = frame.k;
  }
  return { seat: frame.seat, kind, place, dice, announced };
}

function lettersAndSealsView(s: IstanbulState): LettersAndSealsView | undefined {
  const ls = s.ls;
  if (ls === undefined) return undefined;
  const tile = (id: number): { id: number; effect: KioskTile } => ({ id, effect: KIOSK_TILES[id] as KioskTile });
  return {
    cards: ls.cards,
    letterDeckCount: ls.letterDeck.length,
    letterDiscardCount: ls.letterDiscard.length,
    courier: ls.courier,
    players: s.players.map((p) => ({
      seat: p.seat,
      letters: (ls.letters[p.seat] ?? []).map((l) => ({ place: l.place, delivered: l.delivered })),
      seals: seals(s, p.seat),
      companion: ls.companions[p.seat] ?? 'box',
      doubleMoveUsed: ls.doubleMoveRound[p.seat] === s.round,
    })),
    kiosk:
      ls.kiosk === null
        ? null
        : { owner: ls.kiosk.owner, open: ls.kiosk.open.map(tile), chosen: ls.kiosk.chosen.map(tile), waiting: ls.kiosk.queue.slice() },
    kioskDeckCount: ls.kioskDeck.length,
    kioskDiscardCount: ls.kioskDiscard.length,
    auction:
      ls.auction === null
        ? null
        : { owner: ls.auction.owner, high: ls.auction.high, highSeat: ls.auction.highSeat, waiting: ls.auction.queue.slice() },
    secretSociety: { paid: ls.secretSociety.slice(), bonusesLeft: SECRET_SOCIETY_BONUS.slice(ls.secretSociety.length) },
    doubleMoveSeals: DOUBLE_MOVE_SEALS,
    secretSocietySeals: SECRET_SOCIETY_SEALS,
  };
}

function extraFigures(s: IstanbulState): ExtraFigureView[] {
  const ls = s.ls;
  if (ls === undefined) return [];
  const out: ExtraFigureView[] = [{ kind: 'courier', seat: null, place: ls.courier }];
  ls.companions.forEach((c, seat) => {
    if (typeof c === 'number') out.push({ kind: 'companion', seat, place: c });
  });
  return out;
}

function bookkeepingView(s: IstanbulState): IstanbulBookkeepingView {
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const ls = s.ls;
  return {
    pending: copy(s.pending),
    turn: copy(s.turn),
    finalQueue: s.finalQueue.slice(),
    discardPile: s.discard.slice(),
    openCards: s.players.map((p) => (p.openCards ?? []).slice()),
    assistantsAt: s.assistantsAt.map((list) => list.slice()),
    post: s.post,
    sultanTaken: s.sultanTaken,
    gemstoneTaken: s.gemstoneTaken,
    wainwrightExtensions: s.wainwrightExtensions,
    wainwrightRubies: s.wainwrightRubies,
    mosqueTiles: copy(s.mosqueTiles),
    smallMosqueRubies: s.smallMosqueRubies,
    greatMosqueRubies: s.greatMosqueRubies,
    smallMarket: s.smallMarket.slice(),
    greatMarket: s.greatMarket.slice(),
    ...(ls === undefined
      ? {}
      : {
          lettersAndSeals: {
            letterDiscardPile: ls.letterDiscard.slice(),
            kioskDiscardPile: ls.kioskDiscard.slice(),
            doubleMoveRound: ls.doubleMoveRound.slice(),
            extraRubies: ls.extraRubies,
          },
        }),
  };
}

function basePublicView(s: IstanbulState): IstanbulPublicView {
  const places: PlaceView[] = s.cells.map((id, cell) => ({
    id,
    row: Math.floor(cell / s.width),
    col: cell % s.width,
    assistants: assistantsView(s, id),
    detail: placeDetail(s, id),
  }));
  const over = s.phase === 'over';
  return {
    game: 'istanbul',
    playerCount: s.players.length,
    layout: s.options.layout,
    neutralAssistants: s.options.neutralAssistants,
    grid: { width: s.width, height: s.height },
    places,
    figures: {
      merchants: s.players.map((p) => ({ seat: p.seat, colour: p.colour, place: p.merchant, stack: p.stack.slice() as AssistantOwner[] })),
      familyMembers: s.players.map((p) => ({ seat: p.seat, colour: p.colour, place: p.family })),
      governor: s.governor,
      smuggler: s.smuggler,
      neutralMerchants: s.neutralMerchants.map((place, index) => ({
        index,
        colour: s.neutralColours[index] as PlayerView['colour'],
        place,
      })),
      extra: extraFigures(s),
    },
    players: s.players.map((p) => playerView(s, p)),
    startSeat: s.startSeat,
    rubyTarget: rubyTargetOf(s),
    round: s.round,
    turnSeat: over ? null : s.turnSeat,
    decision: decisionView(s.pending[s.pending.length - 1]),
    lastMove: s.lastMove === null ? null : { ...s.lastMove },
    lastRoll: s.lastRoll === null ? null : { seat: s.lastRoll.seat, purpose: s.lastRoll.purpose, dice: [s.lastRoll.dice[0], s.lastRoll.dice[1]] },
    deckCount: s.deck.length,
    discardCount: s.discard.length,
    discardTop: s.discard[s.discard.length - 1] ?? null,
    rubiesInSupply: s.rubySupply,
    endTriggered: s.endTriggered,
    phase: s.phase === 'playing' ? 'playing' : s.phase,
    bookkeeping: bookkeepingView(s),
  };
}

/** The public view, with the expansion's part (absent in the base game, so the base view is unchanged). */
export function publicView(s: IstanbulState): IstanbulPublicView {
  const base = basePublicView(s);
  const ls = lettersAndSealsView(s);
  return ls === undefined ? base : { ...base, lettersAndSeals: ls };
}

export function istanbulView(s: IstanbulState, seat: Seat | null): IstanbulView {
  const base = publicView(s);
  if (seat === null) return base;
  const p = s.players[seat];
  if (p === undefined) return base;
  const view: IstanbulSeatView = { ...base, seat, hand: p.hand.slice() };
  return view;
}


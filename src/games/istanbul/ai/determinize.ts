/**
 * Rebuilds a full Istanbul state from a seat's view, sampling only what the seat cannot see: the other
 * players' bonus cards and the draw pile (from the cards neither in the own hand, on the face-up discard
 * pile nor known to be in a hand; a card another player took face up from the discard pile stays in that
 * hand until a card of its kind leaves it), the letter and Kiosk tile piles (from the letters and tiles nowhere in sight), and a fresh PRNG (so
 * dice and later draws are sampled too). Everything else is copied from the view and its bookkeeping.
 */
import { nextUint32, shuffle, type RngState } from '../../../engine/index.js';
import { CARD_KINDS, deckFor, EXPANSION_CARD_COUNTS } from '../data/cards.js';
import { KIOSK_TILE_COUNT, LETTERS } from '../data/letters-and-seals.js';
import { MAX_PLACE_ID } from '../data/places.js';
import type { IstanbulOptions } from '../options.js';
import type { IstanbulState, LettersAndSealsState, PlayerState } from '../state.js';
import type { AssistantOwner, CardKind, PlaceId, PlayerColour } from '../types.js';
import type { IstanbulBookkeepingView, IstanbulSeatView } from '../view/types.js';
import { shallowCopy } from '../rules/draft.js';

/** Removes one of each of `taken` from `pool` (those not in the pool are ignored). */
function without<T>(pool: readonly T[], taken: readonly T[]): T[] {
  const out = pool.slice();
  for (const item of taken) {
    const i = out.indexOf(item);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function istanbulDeterminizer(view: IstanbulSeatView): (rng: RngState) => IstanbulState {
  const book: IstanbulBookkeepingView | undefined = view.bookkeeping;
  if (book === undefined) throw new Error('the Istanbul view has no bookkeeping: not built by the engine');
  const lsView = view.lettersAndSeals;
  const options: IstanbulOptions = {
    players: view.playerCount,
    layout: view.layout,
    neutralAssistants: view.neutralAssistants,
    ...(lsView === undefined ? {} : { lettersAndSeals: { cards: lsView.cards } }),
  };
  const cells: PlaceId[] = new Array<PlaceId>(view.grid.width * view.grid.height).fill(0);
  for (const p of view.places) cells[p.row * view.grid.width + p.col] = p.id;
  const cellOf = new Array<number>(MAX_PLACE_ID + 1).fill(-1);
  cells.forEach((place, cell) => {
    cellOf[place] = cell;
  });

  const seat = view.seat;
  const openCards = view.players.map((p) => (p.seat === seat ? [] : (book.openCards[p.seat] ?? []).slice()));
  const unseenCards = without(without(without(deckFor(lsView?.cards ?? null), view.hand), book.discardPile), openCards.flat());
  const handSizes = view.players.map((p) => p.bonusCards);

  const basePlayers: PlayerState[] = view.players.map((p) => ({
    seat: p.seat,
    colour: p.colour,
    lira: p.lira,
    rubies: p.rubies,
    goods: { ...p.goods },
    extensions: p.extensions,
    mosqueTiles: p.mosqueTiles.slice(),
    hand: p.seat === seat ? view.hand.slice() : [],
    ...((book.openCards[p.seat]?.length ?? 0) > 0 ? { openCards: (book.openCards[p.seat] as CardKind[]).slice() } : {}),
    merchant: (view.figures.merchants[p.seat] as (typeof view.figures.merchants)[number]).place,
    stack: (view.figures.merchants[p.seat] as (typeof view.figures.merchants)[number]).stack.slice() as AssistantOwner[],
    supply: p.assistants.inSupply,
    family: (view.figures.familyMembers[p.seat] as (typeof view.figures.familyMembers)[number]).place,
  }));

  let unseenLetters: PlaceId[] = [];
  let unseenTiles: number[] = [];
  const lsBook = book.lettersAndSeals;
  if (lsView !== undefined && lsBook !== undefined) {
    const inFront = lsView.players.flatMap((p) => p.letters.map((l) => l.place));
    unseenLetters = without(without(LETTERS, inFront), lsBook.letterDiscardPile);
    const inKiosk = lsView.kiosk === null ? [] : [...lsView.kiosk.open, ...lsView.kiosk.chosen].map((t) => t.id);
    unseenTiles = without(
      without(
        Array.from({ length: KIOSK_TILE_COUNT }, (_, i) => i),
        inKiosk,
      ),
      lsBook.kioskDiscardPile,
    );
  }

  return (rng) => {
    const cards = shuffle(rng, unseenCards);
    const players = basePlayers.map((p) => {
      const copy: PlayerState = { ...p, goods: { ...p.goods }, mosqueTiles: p.mosqueTiles.slice(), hand: p.hand.slice(), stack: p.stack.slice() };
      if (p.seat !== seat) {
        const open = openCards[p.seat] ?? [];
        copy.hand = [...open, ...cards.splice(0, (handSizes[p.seat] ?? 0) - open.length)];
      }
      return copy;
    });
    const deck = cards.slice(Math.max(0, cards.length - view.deckCount));
    let ls: LettersAndSealsState | undefined;
    if (lsView !== undefined && lsBook !== undefined) {
      const letters = shuffle(rng, unseenLetters);
      const tiles = shuffle(rng, unseenTiles);
      ls = {
        cards: lsView.cards,
        letterDeck: letters.slice(Math.max(0, letters.length - lsView.letterDeckCount)),
        letterDiscard: lsBook.letterDiscardPile.slice(),
        letters: lsView.players.map((p) => p.letters.map((l) => ({ place: l.place, delivered: l.delivered }))),
        companions: lsView.players.map((p) => p.companion),
        doubleMoveRound: lsBook.doubleMoveRound.slice(),
        courier: lsView.courier,
        kioskDeck: tiles.slice(Math.max(0, tiles.length - lsView.kioskDeckCount)),
        kioskDiscard: lsBook.kioskDiscardPile.slice(),
        kiosk:
          lsView.kiosk === null
            ? null
            : {
                owner: lsView.kiosk.owner,
                open: lsView.kiosk.open.map((t) => t.id),
                chosen: lsView.kiosk.chosen.map((t) => t.id),
                queue: lsView.kiosk.waiting.slice(),
              },
        auction:
          lsView.auction === null
            ? null
            : { owner: lsView.auction.owner, high: lsView.auction.high, highSeat: lsView.auction.highSeat, queue: lsView.auction.waiting.slice() },
        secretSociety: lsView.secretSociety.paid.slice(),
        extraRubies: lsBook.extraRubies,
      };
    }
    const state: IstanbulState = {
      options,
      rng: { s: [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1] },
      width: view.grid.width,
      height: view.grid.height,
      cells,
      cellOf,
      players,
      startSeat: view.startSeat,
      round: view.round,
      turnSeat: view.turnSeat ?? view.startSeat,
      pending: clone(book.pending) as IstanbulState['pending'],
      turn: clone(book.turn),
      assistantsAt: book.assistantsAt.map((list) => list.slice()),
      governor: view.figures.governor,
      smuggler: view.figures.smuggler,
      neutralMerchants: view.figures.neutralMerchants.map((m) => m.place),
      neutralColours: view.figures.neutralMerchants.map((m) => m.colour as PlayerColour),
      deck: deck as CardKind[],
      discard: book.discardPile.slice(),
      post: book.post,
      sultanTaken: book.sultanTaken,
      gemstoneTaken: book.gemstoneTaken,
      wainwrightExtensions: book.wainwrightExtensions,
      wainwrightRubies: book.wainwrightRubies,
      mosqueTiles: clone(book.mosqueTiles) as IstanbulState['mosqueTiles'],
      smallMosqueRubies: book.smallMosqueRubies,
      greatMosqueRubies: book.greatMosqueRubies,
      smallMarket: book.smallMarket.slice(),
      greatMarket: book.greatMarket.slice(),
      rubySupply: view.rubiesInSupply,
      endTriggered: view.endTriggered,
      phase: view.phase,
      finalQueue: book.finalQueue.slice(),
      lastMove: view.lastMove === null ? null : { ...view.lastMove },
      lastRoll: view.lastRoll === null ? null : { seat: view.lastRoll.seat, purpose: view.lastRoll.purpose, dice: [view.lastRoll.dice[0], view.lastRoll.dice[1]] },
    };
    if (ls !== undefined) state.ls = ls;
    return state;
  };
}

/**
 * Fresh chance for a sampled state (`GamePolicy.reseed`): a new PRNG (dice, reshuffles) and the face-down
 * piles (bonus cards, letters, Kiosk tiles) shuffled anew, their order being nobody's knowledge: whatever
 * order they had, the same `rng` gives the same state. A copy.
 */
export function reseedIstanbul(s: IstanbulState, rng: RngState): IstanbulState {
  // Shuffled from a sorted copy: the result does not depend on the order the piles had.
  // Every field named (rules/draft.ts): a spread of the sampler's mixed shapes takes V8's slow generic copy.
  const next = shallowCopy(s);
  next.deck = shuffle(rng, sortedCards(s.deck));
  if (s.ls !== undefined) {
    next.ls = { ...s.ls, letterDeck: shuffle(rng, sortedSmallNumbers(s.ls.letterDeck)), kioskDeck: shuffle(rng, sortedSmallNumbers(s.ls.kioskDeck)) };
  }
  next.rng = { s: [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1] };
  return next;
}

/**
 * Whether a move drew a letter from the face-down letter pile (`reseedIstanbul` deals it anew): which letter
 * came is nobody's knowledge, as a die's roll, and a letter drawn where one of the seat's tokens stands is
 * delivered at once (two seals, not one), so the looks weigh it over fresh deals (`meanOverChance`). The other
 * face-down piles need no such care: a bonus card drawn changes a hand's cards, not how many, and a seat's
 * worth reads the number; a Kiosk tile turned up is worth nothing until chosen. Whatever their order, every
 * look values a draw from them alike (`test/ai/letters-redealt.test.ts` deals all three again).
 */
export function drewFaceDown(before: IstanbulState, after: IstanbulState): boolean {
  const was = before.ls;
  const now = after.ls;
  return was !== undefined && now !== undefined && now.letterDeck.length < was.letterDeck.length;
}

/**
 * The piles sorted by counting (a reseed sorts three piles for every visit of the search, and comparison
 * sorts were a tenth of its CPU): the same arrays as `slice().sort()` (card kinds in the default string
 * order) and `slice().sort((a, b) => a - b)` (letters' places, Kiosk tiles: small whole numbers).
 */
const CARDS_IN_ORDER: readonly CardKind[] = [...CARD_KINDS, ...(Object.keys(EXPANSION_CARD_COUNTS) as CardKind[])].sort();
const CARD_RANK = new Map<CardKind, number>(CARDS_IN_ORDER.map((kind, i) => [kind, i]));
const cardTally = new Uint8Array(CARDS_IN_ORDER.length);

export function sortedCards(pile: readonly CardKind[]): CardKind[] {
  cardTally.fill(0);
  for (const card of pile) {
    const rank = CARD_RANK.get(card);
    if (rank === undefined) return pile.slice().sort();
    cardTally[rank]! += 1;
  }
  const out: CardKind[] = [];
  for (let rank = 0; rank < CARDS_IN_ORDER.length; rank++) for (let n = cardTally[rank] as number; n > 0; n--) out.push(CARDS_IN_ORDER[rank] as CardKind);
  return out;
}

const numberTally = new Uint8Array(256);

export function sortedSmallNumbers(pile: readonly number[]): number[] {
  numberTally.fill(0);
  let top = -1;
  for (const n of pile) {
    if (!Number.isInteger(n) || n < 0 || n > 255) return pile.slice().sort((a, b) => a - b);
    numberTally[n]! += 1;
    if (n > top) top = n;
  }
  const out: number[] = [];
  for (let n = 0; n <= top; n++) for (let k = numberTally[n] as number; k > 0; k--) out.push(n);
  return out;
}

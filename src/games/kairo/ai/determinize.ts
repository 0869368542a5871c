/**
 * Rebuilds a full Kairo state from a seat's view, sampling only what the seat cannot see: the other
 * players' building cards and the draw pile (from the cards neither in the own hand, the display nor the
 * face-up discard pile) and a fresh PRNG (the neutral stall draws, reshuffles). The other players' coins are
 * not sampled: they lie behind screens, but every coin is taken and paid in the open, so they are the
 * counts the view's bookkeeping carries.
 */
import { nextUint32, shuffle, type RngState } from '../../../engine/index.js';
import { COLOURS, fullDeck, type CardType, type Colour } from '../data/board.js';
import { sortCards } from '../rules/index.js';
import type { Coins, KairoPlayer, KairoStall, KairoState, Medal } from '../types.js';
import type { KairoBookkeepingView, KairoSeatView } from '../view/types.js';

function without<T>(pool: readonly T[], taken: readonly T[]): T[] {
  const out = pool.slice();
  for (const item of taken) {
    const i = out.indexOf(item);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

export function kairoDeterminizer(view: KairoSeatView): (rng: RngState) => KairoState {
  const book: KairoBookkeepingView | undefined = view.bookkeeping;
  if (book === undefined) throw new Error('the Kairo view has no bookkeeping: not built by the engine');
  const seat = view.seat;
  const ownHand = view.hand.map((c) => c.type);
  const unseen = without(without(without(fullDeck(), ownHand), view.display.map((c) => c.type)), book.discardPile);
  const stalls: KairoStall[] = view.stalls.map((s) => ({ owner: s.owner, colour: s.colour, main: s.main, entrance: s.entrance, ext: s.extensions.slice() }));
  // Every sample shares the board (stalls and customers): the engine copies them on write, and the board's
  // occupancy is cached per (stalls, customers) objects, so it is derived once per decision, not per sample.
  const customers = { ...view.customers };
  const medals = {} as Record<Colour, Medal>;
  for (const c of COLOURS) medals[c] = { gold: view.medals[c].gold, silver: view.medals[c].silver };

  return (rng) => {
    const cards = shuffle(rng, unseen);
    const players: KairoPlayer[] = view.players.map((p) => {
      if (p.seat === seat) return { coins: { ...view.coins }, hand: ownHand.slice(), criers: p.criers, score: p.score, out: p.out };
      const counted = book.countedCoins[p.seat];
      if (counted === undefined) throw new Error(`the Kairo view counts no coins for seat ${p.seat}`);
      const coins: Coins = { ...counted };
      return { coins, hand: sortCards(cards.splice(0, p.handCount) as CardType[]), criers: p.criers, score: p.score, out: p.out };
    });
    const deck = cards.slice(0, view.deckCount);
    return {
      game: 'kairo',
      options: { players: view.playerCount, start: view.startMode },
      rng: { s: [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1] },
      phase: view.phase,
      startSeat: view.startSeat,
      seat: view.activeSeat ?? seat,
      players,
      stalls,
      customers,
      deck,
      display: view.display.map((c) => c.type),
      discard: book.discardPile.slice(),
      criers: view.crierSupply,
      extensions: { ...view.extensionSupply },
      medals: Object.fromEntries(COLOURS.map((c) => [c, { ...medals[c] }])) as Record<Colour, Medal>,
      setupQueue: book.setupQueue.map((q) => ({ ...q })),
      neutralBag: book.neutralColoursLeft.slice(),
      pending: JSON.parse(JSON.stringify(book.pending)) as KairoState['pending'],
      turn: view.turn,
      final: null,
    };
  };
}

/**
 * Fresh chance for a sampled state (`GamePolicy.reseed`): a new PRNG (the neutral stalls drawn from the bag,
 * reshuffles) and the draw pile shuffled anew (its order is nobody's knowledge): whatever order it had, the
 * same `rng` gives the same state. A copy.
 */
export function reseedKairo(s: KairoState, rng: RngState): KairoState {
  // Shuffled from a sorted copy: the result does not depend on the order the pile had.
  return { ...s, deck: shuffle(rng, s.deck.slice().sort()), rng: { s: [nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1] } };
}

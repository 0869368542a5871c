/**
 * Setup: the shuffled deck, the display of 4, 5 customers drawn onto the start fields (the 6th waits off
 * the board), 1 coin of each colour and 3 building cards per player, a random start player, then the
 * start stalls: placed by the players in turn ("variable") or legally at random ("quick"); with 2 players
 * the 6 neutral stalls follow, drawn from the bag and placed alternately from the start player on.
 */
import { randomInt, seedRng, shuffle, type Seat } from '../../engine/index.js';
import {
  COLOURS,
  CRIER_CARDS,
  CUSTOMERS_ON_BOARD,
  DISPLAY_SIZE,
  EXTENSIONS_PER_COLOUR,
  NEUTRAL_STALL_COLOURS,
  START_COINS_PER_COLOUR,
  START_HAND,
  START_STALLS_PER_PLAYER,
  fullDeck,
  type Colour,
} from './data/board.js';
import { START_FIELD_IDS, type FieldId } from './geometry.js';
import { quickStart, sortCards, type Draft } from './rules.js';
import type { Coins, KairoOptions, KairoPlayer, KairoState, Medal, SetupPlacement } from './types.js';

export function createGame(options: KairoOptions, seed: string): KairoState {
  const rng = seedRng(`kairo:${seed}`);
  const deck = shuffle(rng, fullDeck());
  const display = deck.splice(0, DISPLAY_SIZE);
  const bag = shuffle(rng, COLOURS);
  const customers = {} as Record<Colour, FieldId | null>;
  bag.forEach((colour, i) => {
    customers[colour] = i < CUSTOMERS_ON_BOARD ? (START_FIELD_IDS[i] as FieldId) : null;
  });
  const players: KairoPlayer[] = [];
  for (let seat = 0; seat < options.players; seat++) {
    const coins = {} as Coins;
    for (const c of COLOURS) coins[c] = START_COINS_PER_COLOUR;
    players.push({ coins, hand: sortCards(deck.splice(0, START_HAND)), criers: 0, score: 0, out: false });
  }
  const startSeat: Seat = randomInt(rng, options.players);
  const queue: SetupPlacement[] = [];
  for (let round = 0; round < START_STALLS_PER_PLAYER; round++) {
    for (let k = 0; k < options.players; k++) queue.push({ seat: (startSeat + k) % options.players, neutral: false });
  }
  const neutralBag: Colour[] = options.players === 2 ? NEUTRAL_STALL_COLOURS.slice() : [];
  neutralBag.forEach((_, i) => queue.push({ seat: (startSeat + i) % 2, neutral: true }));
  const extensions = {} as Record<Colour, number>;
  const medals = {} as Record<Colour, Medal>;
  for (const c of COLOURS) {
    extensions[c] = EXTENSIONS_PER_COLOUR;
    medals[c] = { gold: null, silver: null };
  }
  const state: KairoState = {
    game: 'kairo',
    options: { players: options.players, start: options.start },
    rng,
    phase: 'setup',
    startSeat,
    seat: startSeat,
    players,
    stalls: [],
    customers,
    deck,
    display,
    discard: [],
    criers: CRIER_CARDS,
    extensions,
    medals,
    setupQueue: queue,
    neutralBag,
    pending: { k: 'turn' },
    turn: 0,
    final: null,
  };
  if (options.start === 'quick') {
    const draft: Draft = { state, events: [], checkpoint: false };
    quickStart(draft);
  }
  return state;
}

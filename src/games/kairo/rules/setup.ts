/**
 * Setup: the shuffled deck, the display of 4, 5 customers drawn onto the start fields (the 6th waits off
 * the board), 1 coin of each colour and 3 building cards per player, a random start player, then the
 * start stalls: placed by the players in turn ("variable") or legally at random ("quick"); with 2 players
 * the 6 neutral stalls follow, drawn from the bag and placed alternately from the start player on.
 */
import { pick, randomInt, seedRng, shuffle, type Seat } from '../../../engine/index.js';
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
} from '../data/board.js';
import { START_FIELD_IDS, step as stepField, type FieldId } from '../data/geometry.js';
import type { Coins, KairoOptions, KairoPlayer, KairoState, Medal, SetupPlacement, StallOwner } from '../types.js';
import { occupancy } from './board.js';
import { newBuild, type Draft } from './draft.js';
import { event, player, sortCards, stallOf } from './helpers.js';
import { hasSetupChoice } from './legal.js';
import { hasStallSpot, stallSpots } from './placement.js';

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

/**
 * Moves the variable start on: the next player chooses a colour, or (2 players) the next neutral stall
 * is drawn from the bag. Placements without any legal spot are skipped (docs/rules-decisions.md, Kairo).
 */
export function nextSetupPlacement(draft: Draft): void {
  const s = draft.state;
  s.setupQueue.shift();
  draft.checkpoint = true;
  for (;;) {
    const next = s.setupQueue[0];
    if (next === undefined) {
      s.phase = 'play';
      s.seat = s.startSeat;
      s.pending = { k: 'turn' };
      draft.events?.push(event('kairo.event.play', { player: player(s.startSeat) }, s.startSeat));
      return;
    }
    s.seat = next.seat;
    const occ = occupancy(s);
    if (next.neutral) {
      const colour = s.neutralBag.splice(randomInt(s.rng, s.neutralBag.length), 1)[0] as Colour;
      if (hasStallSpot(occ, colour, { setup: true })) {
        s.pending = newBuild('neutral', colour, 'section');
        draft.events?.push(event(`kairo.event.neutralDrawn.${colour}`, { player: player(next.seat) }, next.seat));
        return;
      }
      draft.events?.push(event(`kairo.event.neutralNoSpace.${colour}`, {}));
    } else {
      s.pending = { k: 'turn' };
      if (hasSetupChoice(s, next.seat, occ)) return;
      draft.events?.push(event('kairo.event.setupNoSpace', { player: player(next.seat) }, next.seat));
    }
    s.setupQueue.shift();
  }
}

/** Quick start: every start stall placed legally at random, in the same order as the variable start. */
export function quickStart(draft: Draft): void {
  const s = draft.state;
  for (const placement of s.setupQueue) {
    const occ = occupancy(s);
    let colour: Colour;
    if (placement.neutral) {
      colour = s.neutralBag.splice(randomInt(s.rng, s.neutralBag.length), 1)[0] as Colour;
    } else {
      const colours = COLOURS.filter(
        (c) => stallOf(s, placement.seat, c) === -1 && hasStallSpot(occ, c, { setup: true }),
      );
      if (colours.length === 0) {
        draft.events?.push(event('kairo.event.setupNoSpace', { player: player(placement.seat) }, placement.seat));
        continue;
      }
      colour = pick(s.rng, colours);
    }
    const spots = stallSpots(occ, colour, { setup: true });
    if (spots.length === 0) {
      draft.events?.push(event(`kairo.event.neutralNoSpace.${colour}`, {}));
      continue;
    }
    const choices: [FieldId, FieldId][] = [];
    for (const spot of spots) for (const dir of spot.dirs) choices.push([spot.field, stepField(spot.field, dir) as FieldId]);
    const [main, entrance] = pick(s.rng, choices);
    const owner: StallOwner = placement.neutral ? 'neutral' : placement.seat;
    // A new array: boards are cached per stalls array.
    s.stalls = [...s.stalls, { owner, colour, main, entrance, ext: [] }];
  }
  s.setupQueue = [];
  s.phase = 'play';
  s.seat = s.startSeat;
  s.pending = { k: 'turn' };
}

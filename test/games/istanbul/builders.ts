/**
 * Small state builders for rule tests: a fresh game, then the few fields a rule needs set by hand (the state
 * is plain data), a decision put on top, and the dice or the deck arranged.
 */
import { expect } from 'vitest';
import { rollDie, seedRng, type ApplyResult, type GameEvent, type RngState, type Seat } from '../../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulOptions, type IstanbulState, type PlayerState } from '../../../src/games/istanbul/index.js';
import { istanbulActionKey } from '../../../src/games/istanbul/actions.js';
import type { Frame } from '../../../src/games/istanbul/state.js';
import type { CardKind, Good, Goods, PlaceId } from '../../../src/games/istanbul/types.js';

export interface BuildOptions {
  players?: number;
  layout?: IstanbulOptions['layout'];
  neutralAssistants?: boolean;
  seed?: string;
}

/** A fresh game (deep copy, free to edit): seat 0 starts, nobody holds a card, the deck is in a known order. */
export function build(opts: BuildOptions = {}): IstanbulState {
  const options = istanbul.parseOptions({
    players: opts.players ?? 3,
    layout: opts.layout ?? 'inOrder',
    neutralAssistants: opts.neutralAssistants ?? false,
  });
  if (!options.ok) throw new Error(options.error);
  const s = JSON.parse(JSON.stringify(istanbul.setup(options.options, opts.seed ?? 'builder'))) as IstanbulState & {
    startSeat: Seat;
  };
  // Normalise: seat 0 is the start player (lira 2, 3, 4, ...), empty hands, the governor and smuggler out of the way.
  (s as { startSeat: Seat }).startSeat = 0;
  s.turnSeat = 0;
  s.pending = [{ k: 'move', seat: 0 }];
  const deck: CardKind[] = [];
  for (const p of s.players) {
    p.lira = 2 + p.seat;
    deck.push(...p.hand);
    p.hand = [];
  }
  s.deck = [...s.deck, ...deck].sort();
  s.governor = 2;
  s.smuggler = 3;
  s.neutralMerchants = s.neutralMerchants.map(() => 16);
  if (s.players.length === 2) s.neutralMerchants = [14, 15, 16];
  return s;
}

export function player(s: IstanbulState, seat: Seat): PlayerState {
  return s.players[seat] as PlayerState;
}

export function goods(red = 0, green = 0, yellow = 0, blue = 0): Goods {
  return { red, green, yellow, blue };
}

/** Puts the merchant of `seat` (with its stack) on `place`, without any rule running. */
export function placeMerchant(s: IstanbulState, seat: Seat, place: PlaceId): void {
  player(s, seat).merchant = place;
}

/** Puts a loose assistant of `owner` on `place`, taken from the owner's stack. */
export function placeAssistant(s: IstanbulState, owner: Seat | 'neutral', place: PlaceId, fromSeat?: Seat): void {
  const carrier = player(s, owner === 'neutral' ? (fromSeat as Seat) : owner);
  const index = carrier.stack.indexOf(owner);
  if (index < 0) throw new Error(`no ${String(owner)} assistant in the stack`);
  carrier.stack.splice(index, 1);
  (s.assistantsAt[place] as (Seat | 'neutral')[]).push(owner);
}

/** Makes `frame` the only pending decision, for its seat's turn. */
export function decide(s: IstanbulState, frame: Frame): IstanbulState {
  s.turnSeat = frame.seat;
  s.pending = [frame];
  return s;
}

/** The merchant of `seat` at `place`, with the place action to decide. */
export function atAction(s: IstanbulState, seat: Seat, place: PlaceId): IstanbulState {
  placeMerchant(s, seat, place);
  return decide(s, { k: 'action', seat, place, family: false });
}

/** Gives cards to a hand (taken out of the deck so the 26 cards stay 26). */
export function giveCards(s: IstanbulState, seat: Seat, ...cards: CardKind[]): void {
  for (const card of cards) {
    const index = s.deck.indexOf(card);
    if (index < 0) throw new Error(`no ${card} left in the deck`);
    s.deck.splice(index, 1);
    player(s, seat).hand.push(card);
  }
}

/** Puts these cards on top of the deck (the last one drawn first is `cards[0]`). */
export function stackDeck(s: IstanbulState, ...cards: CardKind[]): void {
  for (const card of cards) {
    const index = s.deck.indexOf(card);
    if (index < 0) throw new Error(`no ${card} left in the deck`);
    s.deck.splice(index, 1);
  }
  s.deck.push(...cards.slice().reverse());
}

/** An RNG state whose next 2d6 rolls are exactly `dice` (found by search over seeds). */
export function rngRolling(...dice: number[]): RngState {
  for (let i = 0; i < 1_000_000; i++) {
    const probe = seedRng(`dice:${i}`);
    const copy = seedRng(`dice:${i}`);
    if (dice.every((d) => rollDie(probe) === d)) return copy;
  }
  throw new Error(`no seed rolls ${dice.join(',')}`);
}

export function keys(s: IstanbulState, seat?: Seat): string[] {
  const who = seat ?? (istanbul.activeSeats(s)[0] as Seat);
  return istanbul.legalActions(s, who).map(istanbulActionKey);
}

export function isLegal(s: IstanbulState, action: IstanbulAction, seat?: Seat): boolean {
  return keys(s, seat).includes(istanbulActionKey(action));
}

/** Applies an action after asserting that it is legal for the deciding seat. */
export function act(s: IstanbulState, action: IstanbulAction): ApplyResult<IstanbulState> {
  const seat = istanbul.activeSeats(s)[0] as Seat;
  expect(keys(s, seat), `legal actions of seat ${seat}`).toContain(istanbulActionKey(action));
  return istanbul.apply(s, action, seat);
}

/** Applies a sequence of actions, returning the last state and all events. */
export function play(s: IstanbulState, ...actions: IstanbulAction[]): { state: IstanbulState; events: GameEvent[] } {
  let state = s;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = act(state, a);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

export function top(s: IstanbulState): Frame | undefined {
  return s.pending[s.pending.length - 1];
}

export type { Good, IstanbulAction, IstanbulState };

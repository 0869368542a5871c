/**
 * Builders for Kairo rule tests: a play-phase state from a short description (fields by label), and a
 * `play` helper that sends actions through the engine's `step` (so only legal actions pass).
 */
import { expect } from 'vitest';
import { seedRng, step, type GameEvent, type Seat } from '../../../src/engine/index.js';
import { CARD_TYPES, COLOURS, CRIER_CARDS, EXTENSIONS_PER_COLOUR, fullDeck, type CardType, type Colour } from '../../../src/games/kairo/data/board.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { allConnected, occupancy } from '../../../src/games/kairo/rules/board.js';
import { AREA, NEIGHBOURS, parseFieldLabel, sectionOf, type FieldId } from '../../../src/games/kairo/data/geometry.js';
import type { Coins, KairoAction, KairoState, Medal, Phase, StallOwner } from '../../../src/games/kairo/types.js';

export function F(label: string): FieldId {
  const f = parseFieldLabel(label);
  if (f === null) throw new Error(`bad label ${label}`);
  return f;
}

export function coins(partial: Partial<Coins> = {}): Coins {
  const c = {} as Coins;
  for (const colour of COLOURS) c[colour] = partial[colour] ?? 0;
  return c;
}

export interface StallSpec {
  readonly owner: StallOwner;
  readonly colour: Colour;
  readonly main: string;
  readonly entrance: string;
  readonly ext?: readonly string[];
}

export interface ScenarioSpec {
  readonly players?: number;
  readonly seat?: Seat;
  readonly phase?: Phase;
  readonly stalls?: readonly StallSpec[];
  /** Customer fields by label; colours not named stay where the default puts them; null = off the board. */
  readonly customers?: Partial<Record<Colour, string | null>>;
  readonly hands?: readonly (readonly CardType[])[];
  readonly coins?: readonly Partial<Coins>[];
  readonly criers?: readonly number[];
  readonly scores?: readonly number[];
  readonly display?: readonly CardType[];
  readonly discard?: readonly CardType[];
  readonly extensions?: Partial<Record<Colour, number>>;
  readonly medals?: Partial<Record<Colour, Medal>>;
}

/** Default customers: the five start fields, orange off the board. */
export const DEFAULT_CUSTOMERS: Record<Colour, string | null> = {
  violet: 'C2',
  red: 'K2',
  yellow: 'G5',
  green: 'C8',
  blue: 'K8',
  orange: null,
};

/** A play-phase state; the deck holds every card not in a hand, the display or the discard pile. */
export function scenario(spec: ScenarioSpec = {}): KairoState {
  const n = spec.players ?? 3;
  const hands = Array.from({ length: n }, (_, i) => [...(spec.hands?.[i] ?? [])]);
  const display = [...(spec.display ?? ['s1', 's2', 's3', 's4'])] as CardType[];
  const discard = [...(spec.discard ?? [])] as CardType[];
  const deck = fullDeck();
  for (const card of [...hands.flat(), ...display, ...discard]) {
    const i = deck.indexOf(card);
    if (i < 0) throw new Error(`too many ${card} cards`);
    deck.splice(i, 1);
  }
  const customerLabels = { ...DEFAULT_CUSTOMERS, ...(spec.customers ?? {}) };
  const customers = {} as Record<Colour, FieldId | null>;
  for (const c of COLOURS) {
    const label = customerLabels[c];
    customers[c] = label === null || label === undefined ? null : F(label);
  }
  const extensions = {} as Record<Colour, number>;
  const medals = {} as Record<Colour, Medal>;
  for (const c of COLOURS) {
    extensions[c] = spec.extensions?.[c] ?? EXTENSIONS_PER_COLOUR;
    medals[c] = { ...(spec.medals?.[c] ?? { gold: null, silver: null }) };
  }
  const stalls = (spec.stalls ?? []).map((s) => ({
    owner: s.owner,
    colour: s.colour,
    main: F(s.main),
    entrance: F(s.entrance),
    ext: (s.ext ?? []).map(F),
  }));
  // Extensions on the board come out of the supply unless the spec sets the supply itself.
  for (const s of stalls) if (spec.extensions?.[s.colour] === undefined) extensions[s.colour] -= s.ext.length;
  const criers = spec.criers ?? [];
  const state: KairoState = {
    game: 'kairo',
    options: { players: n, start: 'variable' },
    rng: seedRng('scenario'),
    phase: spec.phase ?? 'play',
    startSeat: 0,
    seat: spec.seat ?? 0,
    players: hands.map((hand, i) => ({
      coins: coins(spec.coins?.[i] ?? {}),
      hand,
      criers: criers[i] ?? 0,
      score: spec.scores?.[i] ?? 0,
      out: false,
    })),
    stalls,
    customers,
    deck,
    display,
    discard,
    criers: CRIER_CARDS - criers.reduce((a, b) => a + b, 0),
    extensions,
    medals,
    setupQueue: [],
    neutralBag: [],
    pending: { k: 'turn' },
    turn: 0,
    final: null,
  };
  // Hands are kept in card order by the engine.
  for (const p of state.players) p.hand.sort((a, b) => cardIndex(a) - cardIndex(b));
  return state;
}

const ORDER: readonly CardType[] = CARD_TYPES;
function cardIndex(c: CardType): number {
  return ORDER.indexOf(c);
}

export function keys(state: KairoState, seat: Seat = state.seat): string[] {
  return kairo.legalActions(state, seat).map((a) => kairo.actionKey(a));
}

export interface Played {
  readonly state: KairoState;
  readonly events: GameEvent[];
  readonly checkpoint: boolean;
}

/** Plays actions through `step` (legality checked); fails the test on a refusal. */
export function play(state: KairoState, ...actions: KairoAction[]): Played {
  let current = { state, version: 0 };
  const events: GameEvent[] = [];
  let checkpoint = false;
  for (const action of actions) {
    const seat = current.state.seat;
    const result = step(kairo, current, { seat, action: JSON.parse(JSON.stringify(action)) });
    if (!result.ok) {
      throw new Error(`${result.code}: ${result.detail}; legal: ${keys(current.state).join(' ')}`);
    }
    current = result.next;
    events.push(...result.events);
    checkpoint = result.checkpoint;
  }
  return { state: current.state, events, checkpoint };
}

export function eventKeys(events: readonly GameEvent[]): string[] {
  return events.map((e) => e.key);
}

/** Whether all customers and entrances are mutually reachable. */
export function allReachable(state: KairoState): boolean {
  return allConnected(occupancy(state));
}

export function expectLegal(state: KairoState, key: string, legal = true): void {
  if (legal) expect(keys(state)).toContain(key);
  else expect(keys(state)).not.toContain(key);
}

/**
 * What must hold on every board: areas by colour, entrances next to their stall in the market, nothing
 * stacked, no two main stalls touching, 1 main stall per colour per section, extensions forming one
 * piece with their stall and never touching another stall of their colour, customers on walkable
 * fields, every entrance reachable for every customer. Returns the first violation, or null.
 */
export function boardViolation(state: KairoState): string | null {
  // Per field: 0 empty, 1 main stall, 2 entrance, 3 extension.
  const taken = new Array<number>(140).fill(0);
  const perSectionColour = new Set<string>();
  const claim = (f: number, what: number): boolean => {
    if (taken[f] !== 0) return false;
    taken[f] = what;
    return true;
  };
  for (let i = 0; i < state.stalls.length; i++) {
    const s = state.stalls[i] as KairoState['stalls'][number];
    const area = s.colour === 'violet' ? 'restaurant' : 'market';
    if (!claim(s.main, 1) || !claim(s.entrance, 2) || !s.ext.every((e) => claim(e, 3))) return `stall ${i} overlaps another piece`;
    if (AREA[s.main] !== area) return `stall ${i} (${s.colour}) stands in the ${AREA[s.main]}`;
    if (AREA[s.entrance] !== 'market') return `entrance of stall ${i} is not in the market`;
    if (!NEIGHBOURS[s.main]?.includes(s.entrance)) return `entrance of stall ${i} is not next to it`;
    const key = `${sectionOf(s.main)}:${s.colour}`;
    if (perSectionColour.has(key)) return `two ${s.colour} main stalls in section ${sectionOf(s.main)}`;
    perSectionColour.add(key);
    const tiles = [s.main];
    for (const f of s.ext) {
      if (AREA[f] !== area) return `extension ${f} of stall ${i} in the wrong area`;
      if (!tiles.some((t) => NEIGHBOURS[t]?.includes(f))) return `extension ${f} of stall ${i} is not attached`;
      tiles.push(f);
    }
  }
  const occ = occupancy(state);
  for (let i = 0; i < state.stalls.length; i++) {
    const s = state.stalls[i] as KairoState['stalls'][number];
    for (const n of NEIGHBOURS[s.main] ?? []) {
      const j = occ.tile[n] as number;
      if (j !== -1 && j !== i && occ.main[n] === 1) return `main stalls ${i} and ${j} touch`;
    }
    for (const t of [s.main, ...s.ext]) {
      for (const n of NEIGHBOURS[t] ?? []) {
        const j = occ.tile[n] as number;
        if (j !== -1 && j !== i && state.stalls[j]?.colour === s.colour) return `${s.colour} stalls ${i} and ${j} are joined`;
      }
    }
  }
  const onBoard = COLOURS.filter((c) => state.customers[c] !== null);
  if (onBoard.length !== 5) return `${onBoard.length} customers on the board`;
  if (new Set(onBoard.map((c) => state.customers[c])).size !== 5) return 'two customers on one field';
  for (const c of onBoard) {
    const f = state.customers[c] as number;
    if (occ.passable[f] !== 1) return `the ${c} customer stands on a field nobody can walk on`;
    if (taken[f] !== 0 && taken[f] !== 2) return `the ${c} customer stands on a stall tile`;
  }
  if (!allConnected(occ)) return 'an entrance or a customer is cut off';
  return null;
}

export function checkBoard(state: KairoState): void {
  expect(boardViolation(state)).toBeNull();
}

/**
 * The fuzzed games the panel benchmarks walk (clicks per turn, labels): each game with its table and the
 * fuzzers' playout policy; a benchmark adds its seeds.
 */
import type { LobbySettings } from '../../src/app/module.js';
import type { RngState, Seat } from '../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { progressPick } from '../render/kairo/engine-states.js';

/** A seat's move in a fuzzed game: one of `legal`. */
export type Policy = (state: unknown, seat: Seat, legal: readonly unknown[], rng: RngState) => unknown;

export interface FuzzedGame {
  readonly name: string;
  readonly kind: 'istanbul' | 'kairo';
  readonly players: number;
  readonly settings: Omit<LobbySettings, 'capacity'>;
  readonly policy: Policy;
}

export const ISTANBUL: FuzzedGame = {
  name: 'Istanbul, 3 players',
  kind: 'istanbul',
  players: 3,
  settings: { layout: 'short', variant: 'base' },
  policy: (s, seat, legal, rng) => biasedPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
};

export const LETTERS_AND_SEALS: FuzzedGame = {
  name: 'Istanbul Letters & Seals, 3 players',
  kind: 'istanbul',
  players: 3,
  settings: { layout: 'starter', variant: 'base', expansion: 'letters-and-seals' },
  policy: (s, seat, legal, rng) => expansionPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
};

export const KAIRO: FuzzedGame = {
  name: 'Kairo, 3 players',
  kind: 'kairo',
  players: 3,
  settings: { layout: 'variable', variant: null },
  policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
};

/** `n` seeds named after `name`. */
export const seeds = (name: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${name}-${i}`);

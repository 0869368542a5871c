/**
 * A tiny game for testing the engine contract: players take turns adding 1 or 2 to their score, or
 * rolling a die and adding the result; the first to reach 10 wins.
 */
import { z } from 'zod';
import { copyRng, rollDie, seedRng, type GameDefinition, type RngState, type Seat } from '../../src/engine/index.js';

export interface RaceState {
  scores: number[];
  turn: Seat;
  rng: RngState;
}
export type RaceAction = { type: 'add'; n: 1 | 2 } | { type: 'roll' };
export interface RaceOptions {
  players: number;
}

const actionSchema = z.union([
  z.object({ type: z.literal('add'), n: z.union([z.literal(1), z.literal(2)]) }).strict(),
  z.object({ type: z.literal('roll') }).strict(),
]);

export const race: GameDefinition<RaceState, RaceAction, { scores: number[]; turn: Seat }, RaceOptions> = {
  id: 'istanbul',
  players: { min: 2, max: 4 },
  parseOptions(raw) {
    const parsed = z.object({ players: z.number().int().min(2).max(4) }).safeParse(raw);
    return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: parsed.error.message };
  },
  setup(options, seed) {
    return { scores: Array.from({ length: options.players }, () => 0), turn: 0, rng: seedRng(seed) };
  },
  parseAction(raw) {
    const parsed = actionSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
  actionKey: (action) => (action.type === 'add' ? `add:${action.n}` : 'roll'),
  activeSeats: (state) => (race.isOver(state) ? [] : [state.turn]),
  legalActions: (state, seat) => (seat === state.turn && !race.isOver(state) ? [{ type: 'add', n: 1 }, { type: 'add', n: 2 }, { type: 'roll' }] : []),
  apply(state, action, seat) {
    const rng = copyRng(state.rng);
    const gain = action.type === 'add' ? action.n : rollDie(rng);
    const scores = state.scores.slice();
    scores[seat] = (scores[seat] ?? 0) + gain;
    return {
      state: { scores, turn: (seat + 1) % scores.length, rng },
      events: [{ key: 'race.gain', params: { gain }, seat }],
      checkpoint: action.type === 'roll',
    };
  },
  isOver: (state) => state.scores.some((score) => score >= 10),
  standings(state) {
    const best = Math.max(...state.scores);
    return state.scores.map((score, seat) => ({ seat, rank: score === best ? 1 : 2, summary: { key: 'race.score', params: { score } } }));
  },
  view: (state) => ({ scores: state.scores, turn: state.turn }),
  describeAction: (action) => (action.type === 'add' ? { key: 'race.add', params: { n: action.n } } : { key: 'race.roll' }),
  messages: { en: { 'race.add': 'Add {n}', 'race.roll': 'Roll a die', 'race.gain': '+{gain}', 'race.score': '{score} points' }, de: { 'race.add': '{n} addieren' } },
};

/**
 * An Istanbul golden transcript: per step the state summary, the legal actions and the chosen action, then
 * the final summary and the standings. Used by the base game's and the expansion's golden tests.
 */
import { seedRng, type RngState, type Seat } from '../../../src/engine/index.js';
import { istanbulActionKey } from '../../../src/games/istanbul/actions.js';
import { istanbul, type IstanbulAction, type IstanbulOptions, type IstanbulState } from '../../../src/games/istanbul/index.js';

export interface TranscriptSpec {
  readonly title: string;
  readonly options: IstanbulOptions;
  readonly seed: string;
  readonly policySeed: string;
  readonly policy: (s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState) => IstanbulAction;
  readonly summary: (s: IstanbulState) => string;
  /** The game must end within this many actions. */
  readonly maxSteps: number;
}

export function istanbulTranscript(spec: TranscriptSpec): string {
  let state = istanbul.setup(spec.options, spec.seed);
  const rng = seedRng(spec.policySeed);
  const lines: string[] = [`${spec.title}: ${JSON.stringify(spec.options)} seed "${spec.seed}"`];
  for (let i = 0; !istanbul.isOver(state); i++) {
    if (i > spec.maxSteps) throw new Error('the golden game does not end');
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const legal = istanbul.legalActions(state, seat);
    const action = spec.policy(state, seat, legal, rng);
    lines.push(`${i} ${spec.summary(state)}`);
    lines.push(`  legal: ${legal.map(istanbulActionKey).join(' ')}`);
    lines.push(`  seat ${seat} chooses ${istanbulActionKey(action)}`);
    state = istanbul.apply(state, action, seat).state;
  }
  lines.push(`end ${spec.summary(state)}`);
  lines.push(`standings: ${istanbul.standings(state).map((st) => `${st.rank}:seat${st.seat}`).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

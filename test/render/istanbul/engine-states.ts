/**
 * Real public views from the Istanbul engine: setup, then a seeded greedy-random policy through the engine's
 * `step` (the same door the bot uses), so the renderer is tested on states the game actually produces.
 */
import { randomInt, seedRng, step, type RngState, type Versioned } from '../../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulPublicView, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { publicView } from '../../../src/games/istanbul/view/build.js';

export type EngineLayout = 'short' | 'long' | 'inOrder' | 'random';

const SCORE: Partial<Record<IstanbulAction['type'], number>> = {
  gemstone: 100,
  sultan: 100,
  repeatAction: 95,
  mosque: 90,
  wainwright: 60,
  take5Lira: 50,
  takeGood: 45,
  warehouse: 40,
  postOffice: 35,
  blackMarketGood: 30,
  blackMarketRoll: 30,
  fountainRecall: 30,
  pickUpAssistant: 26,
  leaveAssistant: 25,
  payMerchants: 25,
  caravansaryDraw: 15,
  governor: 12,
  smuggler: 12,
  fountainDone: 5,
  endTurn: 1,
  skipAction: 0,
};

/** Prefers actions that bring rubies, goods and money, so games reach their end in a few hundred steps. */
function greedy(legal: readonly IstanbulAction[], rng: RngState): IstanbulAction {
  let best = legal[0] as IstanbulAction;
  let bestScore = -Infinity;
  for (const a of legal) {
    // Newer than the recorded boards: passed over without a draw, so every seeded game plays as before.
    if (a.type === 'fountainRecallAll') continue;
    let score = SCORE[a.type] ?? 10;
    if (a.type === 'sell') score = 20 + 6 * (a.goods.red + a.goods.green + a.goods.yellow + a.goods.blue);
    if (a.type === 'teaHouse') score = a.announce <= 6 ? 20 : 2;
    score += randomInt(rng, 12);
    if (score > bestScore) {
      best = a;
      bestScore = score;
    }
  }
  return best;
}

export interface EngineRun {
  readonly view: IstanbulPublicView;
  readonly steps: number;
  readonly over: boolean;
}

/** Plays `steps` actions (or to the end) and returns the public view. */
export function engineView(players: number, layout: EngineLayout, seed: string, steps: number, neutralAssistants = false): EngineRun {
  const parsed = istanbul.parseOptions({ players, layout, neutralAssistants });
  if (!parsed.ok) throw new Error(parsed.error);
  return play(istanbul.setup(parsed.options, seed), seed, steps);
}

/** The same with Letters & Seals (5x4 starter layout, mixed cards). */
export function engineExpansionView(players: number, seed: string, steps: number): EngineRun {
  const parsed = istanbul.parseOptions({ players, lettersAndSeals: { cards: 'mixed' } });
  if (!parsed.ok) throw new Error(parsed.error);
  return play(istanbul.setup(parsed.options, seed), seed, steps);
}

function play(start: IstanbulState, seed: string, steps: number): EngineRun {
  let current: Versioned<IstanbulState> = { state: start, version: 0 };
  const rng = seedRng(`render-policy:${seed}`);
  let n = 0;
  for (; n < steps && !istanbul.isOver(current.state); n++) {
    const seat = istanbul.activeSeats(current.state)[0];
    if (seat === undefined) break;
    const legal = istanbul.legalActions(current.state, seat);
    const result = step(istanbul, current, { seat, action: greedy(legal, rng) });
    if (!result.ok) throw new Error(`engine refused a legal action: ${result.code} ${result.detail}`);
    current = result.next;
  }
  return { view: publicView(current.state), steps: n, over: istanbul.isOver(current.state) };
}

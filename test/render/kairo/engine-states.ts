/**
 * Real Kairo states for the renderer tests: setup, then a seeded progress-biased policy through the
 * engine's `step` (the same door the bot uses), so the renderer is tested on states the game produces.
 */
import { randomInt, seedRng, step, type GameEvent, type RngState, type Versioned } from '../../../src/engine/index.js';
import { kairo, type KairoAction, type KairoPublicView, type KairoState, type StartMode } from '../../../src/games/kairo/index.js';
import { publicView } from '../../../src/games/kairo/view/build.js';

/** Prefers building (extensions first), leads customers when short of coins, draws when short of cards. */
export function progressScore(state: KairoState, seat: number, a: KairoAction): number {
  const p = state.players[seat];
  if (p === undefined) return 0;
  const coins = Object.values(p.coins).reduce((x, y) => x + y, 0);
  switch (a.t) {
    case 'build':
      return a.kind === 'extend' ? 60 : a.kind === 'stall' ? 45 : 20;
    case 'lead':
      return coins < 8 ? 40 : 15;
    case 'draw':
      return p.hand.length < 3 ? 50 : 10;
    case 'pass':
      return -100;
    case 'card':
      return 30;
    case 'joker':
      return 20;
    case 'three':
      return 5;
    case 'takeDisplay':
      return 20;
    case 'takeDeck':
      return 15;
    case 'takeCrier':
      return p.criers > 1 ? 0 : 12;
    default:
      return 0;
  }
}

export function progressPick(state: KairoState, seat: number, legal: readonly KairoAction[], rng: RngState): KairoAction {
  let best = legal[0] as KairoAction;
  let bestScore = -Infinity;
  for (const a of legal) {
    const s = progressScore(state, seat, a) + randomInt(rng, 10);
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  return best;
}

export interface EngineRun {
  readonly state: KairoState;
  readonly view: KairoPublicView;
  readonly steps: number;
  readonly over: boolean;
  /** The events of the last completed turn (what the bot shows as the turn summary). */
  readonly lastTurn: readonly GameEvent[];
}

/** Plays `steps` decisions (or to the end, or until `until` holds) and returns the state and its public view. */
export function engineRun(players: number, start: StartMode, seed: string, steps: number, until?: (s: KairoState) => boolean): EngineRun {
  const parsed = kairo.parseOptions({ players, start });
  if (!parsed.ok) throw new Error(parsed.error);
  let current: Versioned<KairoState> = { state: kairo.setup(parsed.options, seed), version: 0 };
  const rng = seedRng(`render-policy:${seed}`);
  let n = 0;
  let lastTurn: GameEvent[] = [];
  let thisTurn: GameEvent[] = [];
  for (; n < steps && !kairo.isOver(current.state) && !(until?.(current.state) ?? false); n++) {
    const seat = kairo.activeSeats(current.state)[0];
    if (seat === undefined) break;
    const legal = kairo.legalActions(current.state, seat);
    const result = step(kairo, current, { seat, action: progressPick(current.state, seat, legal, rng) });
    if (!result.ok) throw new Error(`engine refused a legal action: ${result.code} ${result.detail}`);
    thisTurn.push(...result.events);
    if (result.next.state.turn !== current.state.turn || result.next.state.phase !== current.state.phase) {
      lastTurn = thisTurn;
      thisTurn = [];
    }
    current = result.next;
  }
  return { state: current.state, view: publicView(current.state), steps: n, over: kairo.isOver(current.state), lastTurn };
}

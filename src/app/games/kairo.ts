/** Kairo for the game service: options from the lobby, the idle/autopilot step, the turn marker. */
import type { Seat } from '../../engine/index.js';
import { kairo, type KairoAction, type KairoState } from '../../games/kairo/index.js';
import type { GameModule, LobbySettings } from '../module.js';

/**
 * The smallest legal step toward the end of a decision, for a seat on autopilot or an idle turn skipped
 * by vote: in the final phase stop building; otherwise draw 2 cards (from the deck, then the display,
 * then a crier card) rather than build or lead; anything else (a start stall, a build already begun, a
 * customer's target, a card to discard) takes the first legal choice.
 */
const SMALLEST: readonly ((a: KairoAction) => boolean)[] = [
  (a) => a.t === 'pass',
  (a) => a.t === 'draw',
  (a) => a.t === 'takeDeck',
  (a) => a.t === 'takeDisplay',
  (a) => a.t === 'takeCrier',
];

const PHASES = new Set(['setup', 'play', 'final', 'over']);

export const kairoModule: GameModule = {
  definition: kairo,
  /** The start stalls: placed by the players in turn (the rulebook's variable start) or legally at random. */
  layouts: (['variable', 'quick'] as const).map((value) => ({ value, label: { key: `kairo.start.${value}` } })),
  variants: [],
  buildOptions(settings: LobbySettings, players: number) {
    return { players, start: settings.layout ?? 'variable' };
  },
  autoAction(_state, _seat: Seat, legal) {
    const actions = legal as readonly KairoAction[];
    for (const test of SMALLEST) {
      const found = actions.find(test);
      if (found !== undefined) return found;
    }
    return actions[0];
  },
  turnMarker(raw) {
    const state = raw as KairoState;
    if (state.phase === 'over') return 'over';
    // Start stalls: every placement is a turn of its own. Later: a turn ends with `turn` counted on (the
    // same player may build several times in a row in the final phase).
    if (state.phase === 'setup') return `setup:${state.setupQueue.length}:${state.seat}`;
    return `${state.turn}:${state.seat}`;
  },
  isState(raw): boolean {
    const s = raw as Partial<KairoState>;
    return (
      s.game === 'kairo' &&
      Array.isArray(s.players) &&
      Array.isArray(s.stalls) &&
      Array.isArray(s.deck) &&
      Array.isArray(s.display) &&
      Array.isArray(s.setupQueue) &&
      typeof s.customers === 'object' &&
      s.customers !== null &&
      typeof s.pending === 'object' &&
      s.pending !== null &&
      typeof s.turn === 'number' &&
      typeof s.seat === 'number' &&
      Array.isArray(s.rng?.s) &&
      s.rng.s.length === 4 &&
      typeof s.phase === 'string' &&
      PHASES.has(s.phase)
    );
  },
};

/** Kairo for the game service: options from the lobby, the stored-state check, the turn and board markers. */
import { kairo, type KairoState } from './index.js';
import type { GameModule, LobbySettings } from '../contract.js';

const PHASES = new Set(['setup', 'play', 'final', 'over']);

export const kairoModule: GameModule = {
  definition: kairo,
  /** The start stalls: placed by the players in turn (the rulebook's variable start) or legally at random. */
  layouts: (['variable', 'quick'] as const).map((value) => ({ value, label: { key: `kairo.start.${value}` } })),
  variants: [],
  buildOptions(settings: LobbySettings, players: number) {
    return { players, start: settings.layout ?? 'variable' };
  },
  turnMarker(raw) {
    const state = raw as KairoState;
    if (state.phase === 'over') return 'over';
    // Start stalls: every placement is a turn of its own. Later: a turn ends with `turn` counted on (the
    // same player may build several times in a row in the final phase).
    if (state.phase === 'setup') return `setup:${state.setupQueue.length}:${state.seat}`;
    return `${state.turn}:${state.seat}`;
  },
  boardMarker(raw) {
    const state = raw as KairoState;
    // The start stalls are placed one after another, each a turn of its own (reminders, the idle vote),
    // but a picture of each would be a dozen boards before the first real turn: each placement calls the
    // next player with a short text (what was just placed, where), and one board shows the finished start.
    if (state.phase === 'setup') return 'setup';
    return kairoModule.turnMarker?.(raw) ?? '';
  },
  startSeat(raw) {
    return (raw as KairoState).startSeat;
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

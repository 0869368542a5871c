/** Istanbul for the game service: options from the lobby, the idle/autopilot step, the turn marker. */
import type { Seat } from '../../engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../games/istanbul/index.js';
import type { GameModule, LobbySettings } from '../module.js';

/**
 * The smallest legal step toward the end of a decision, for a seat on autopilot or an idle turn skipped
 * by vote: end the turn or skip the action where allowed, decline extras, keep a roll, pay in lira
 * rather than with a card or a good; otherwise the first legal action (a move to the first place
 * offered, the first card or good).
 */
const SMALLEST: readonly ((a: IstanbulAction) => boolean)[] = [
  (a) => a.type === 'endTurn',
  (a) => a.type === 'skipAction',
  (a) => a.type === 'finish',
  (a) => a.type === 'declineExtraGood',
  (a) => a.type === 'fountainDone',
  (a) => a.type === 'redTileKeep',
  (a) => a.type === 'governorPay' && a.card === null,
  (a) => a.type === 'smugglerPay' && a.good === null,
];

export const istanbulModule: GameModule = {
  definition: istanbul,
  layouts: (['short', 'long', 'inOrder', 'random'] as const).map((value) => ({ value, label: { key: `istanbul.layout.${value}` } })),
  variants: [
    { value: 'base', label: { key: 'istanbul.variant.base' } },
    { value: 'neutral', label: { key: 'istanbul.variant.neutral' } },
  ],
  buildOptions(settings: LobbySettings, players: number) {
    return { players, layout: settings.layout ?? 'short', neutralAssistants: settings.variant === 'neutral' };
  },
  autoAction(_state, _seat: Seat, legal) {
    const actions = legal as readonly IstanbulAction[];
    for (const test of SMALLEST) {
      const found = actions.find(test);
      if (found !== undefined) return found;
    }
    return actions[0];
  },
  turnMarker(raw) {
    const state = raw as IstanbulState;
    if (state.phase === 'over') return 'over';
    return `${state.round}:${state.phase}:${istanbul.activeSeats(state).join(',')}`;
  },
  isState(raw): boolean {
    const s = raw as Partial<IstanbulState>;
    return (
      Array.isArray(s.players) &&
      Array.isArray(s.pending) &&
      Array.isArray(s.cells) &&
      typeof s.round === 'number' &&
      typeof s.turnSeat === 'number' &&
      Array.isArray(s.rng?.s) &&
      s.rng.s.length === 4 &&
      (s.phase === 'playing' || s.phase === 'finalCards' || s.phase === 'over')
    );
  },
};

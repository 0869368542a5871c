/** Istanbul for the game service: options from the lobby, the idle/autopilot step, the turn marker. */
import type { Seat } from '../../engine/index.js';
import { defaultActionFor, istanbul, type IstanbulAction, type IstanbulState } from '../../games/istanbul/index.js';
import type { GameModule, LobbySettings, OptionChoice } from '../module.js';

/**
 * The smallest legal step toward the end of a decision, for a seat on autopilot or an idle turn skipped
 * by vote: first the game's own idle default where it has one (Letters & Seals: a kiosk tile is taken
 * without carrying it out, an auction bid is a pass, the compulsory opening bid 1 lira; see
 * `defaultActionFor`); then end the turn or skip the action where allowed, decline extras, keep a roll,
 * pay in lira rather than with a card or a good; otherwise the first legal action (a move to the first
 * place offered, the first card or good).
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

const layout = (value: string): OptionChoice => ({ value, label: { key: `istanbul.layout.${value}` } });
const BASE_LAYOUTS: readonly OptionChoice[] = ['short', 'long', 'inOrder', 'random'].map(layout);
/** Letters & Seals: the 5x4 board, the first-game layout (DECISIONS.md) or a random one. */
const EXPANSION_LAYOUTS: readonly OptionChoice[] = ['starter', 'random'].map(layout);

/** `/game new expansion:` values: Letters & Seals with the new bonus cards mixed in (the default) or alone. */
const EXPANSIONS: Readonly<Record<string, 'mixed' | 'newOnly'>> = {
  'letters-and-seals': 'mixed',
  'letters-and-seals-new-cards': 'newOnly',
};

export const istanbulModule: GameModule = {
  definition: istanbul,
  layouts: [...BASE_LAYOUTS, layout('starter')],
  variants: [
    { value: 'base', label: { key: 'istanbul.variant.base' } },
    { value: 'neutral', label: { key: 'istanbul.variant.neutral' } },
  ],
  expansions: [
    { value: 'letters-and-seals', label: { key: 'istanbul.expansion.lettersAndSeals' } },
    { value: 'letters-and-seals-new-cards', label: { key: 'istanbul.expansion.lettersAndSealsNewCards' } },
  ],
  layoutsFor(expansion) {
    return expansion !== null && EXPANSIONS[expansion] !== undefined ? EXPANSION_LAYOUTS : BASE_LAYOUTS;
  },
  defaultLayout(expansion) {
    return expansion !== null && EXPANSIONS[expansion] !== undefined ? 'starter' : 'short';
  },
  buildOptions(settings: LobbySettings, players: number) {
    const options = { players, layout: settings.layout ?? 'short', neutralAssistants: settings.variant === 'neutral' };
    const cards = settings.expansion ? EXPANSIONS[settings.expansion] : undefined;
    // An unknown expansion is passed on as such, so the engine's option check refuses it.
    if (settings.expansion) return { ...options, lettersAndSeals: cards === undefined ? settings.expansion : { cards } };
    return options;
  },
  autoAction(state, seat: Seat, legal) {
    const own = defaultActionFor(state as IstanbulState, seat);
    if (own !== null) return own;
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
    // A double move's extra turn (Letters & Seals) is a new turn of the same seat in the same round.
    return `${state.round}:${state.phase}:${istanbul.activeSeats(state).join(',')}${state.turn.extra === true ? ':extra' : ''}`;
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

/** Istanbul for the game service: options from the lobby, the stored-state check, the turn and board markers. */
import { istanbul, type IstanbulState } from './index.js';
import type { GameModule, LobbySettings, OptionChoice } from '../contract.js';

const layout = (value: string): OptionChoice => ({ value, label: { key: `istanbul.layout.${value}` } });
const BASE_LAYOUTS: readonly OptionChoice[] = ['short', 'long', 'inOrder', 'random'].map(layout);
/** Letters & Seals: the 5x4 board, the first-game layout (docs/rules-decisions.md) or a random one. */
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
  turnMarker(raw) {
    const state = raw as IstanbulState;
    if (state.phase === 'over') return 'over';
    // A double move's extra turn (Letters & Seals) is a new turn of the same seat in the same round.
    return `${state.round}:${state.phase}:${istanbul.activeSeats(state).join(',')}${state.turn.extra === true ? ':extra' : ''}`;
  },
  boardMarker(raw) {
    const state = raw as IstanbulState;
    if (state.phase === 'over') return 'over';
    // The turn player, not whoever decides now: Kiosk picks and auction bids stay inside the turn.
    return `${state.round}:${state.phase}:${state.turnSeat}${state.turn.extra === true ? ':extra' : ''}`;
  },
  startSeat(raw) {
    return (raw as IstanbulState).startSeat;
  },
  pieceColour(raw, seat) {
    return (raw as IstanbulState).players[seat]?.colour;
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

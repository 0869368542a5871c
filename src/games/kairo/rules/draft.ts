/**
 * The draft a decision is applied to: a copy of the state to change, the events told and whether the
 * decision is a checkpoint. The stalls and the customers are copied only on their first change.
 */
import * as engineModule from '../../../engine/index.js';
import type { GameEvent } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { Colour } from '../data/board.js';
import type { BuildMode, BuildPending, CardPayment, KairoStall, KairoState, Pending } from '../types.js';
import * as boardModule from './board.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { copyRng } = engineModule;
const { COLOURS } = boardDataModule;

export interface Draft {
  readonly state: KairoState;
  /** null: nobody reads them (the computer player's look ahead), so none is made. */
  readonly events: GameEvent[] | null;
  /** A card was drawn, randomness was used, or the turn passed on. */
  checkpoint: boolean;
  /** `state.stalls` / `state.customers` are this draft's own copies (copy on write, see `cloneState`). */
  ownStalls?: boolean;
  ownCustomers?: boolean;
}

/** The draft's stalls, copied before the first change (the input state shares them until then). */
export function writableStalls(draft: Draft): KairoStall[] {
  if (!draft.ownStalls) {
    const stalls = draft.state.stalls;
    const copy: KairoStall[] = new Array<KairoStall>(stalls.length);
    for (let i = 0; i < stalls.length; i++) {
      const st = stalls[i] as KairoStall;
      copy[i] = { owner: st.owner, colour: st.colour, main: st.main, entrance: st.entrance, ext: st.ext.slice() };
    }
    draft.state.stalls = copy;
    draft.ownStalls = true;
  } else {
    boardModule.forgetBoards(draft.state);
  }
  return draft.state.stalls;
}

export function writableCustomers(draft: Draft): KairoState['customers'] {
  if (!draft.ownCustomers) {
    draft.state.customers = { ...draft.state.customers };
    draft.ownCustomers = true;
  } else {
    boardModule.forgetBoards(draft.state);
  }
  return draft.state.customers;
}

/**
 * A copy to change. The stalls and the customers stay shared with `s` (they change only in a build or a
 * lead, through `writableStalls` / `writableCustomers`), so boards derived from them stay cached.
 */
export function cloneState(s: KairoState): KairoState {
  const medals = {} as KairoState['medals'];
  for (const c of COLOURS) medals[c] = { ...s.medals[c] };
  // Every field named, in the order setup gives them: every copy has one shape (a spread of states of
  // mixed shapes, from setup, JSON and the determinizer, takes V8's slow generic copy).
  return {
    game: s.game,
    options: s.options,
    rng: copyRng(s.rng),
    phase: s.phase,
    startSeat: s.startSeat,
    seat: s.seat,
    players: s.players.map((p) => ({ coins: { ...p.coins }, hand: p.hand.slice(), criers: p.criers, score: p.score, out: p.out })),
    stalls: s.stalls,
    customers: s.customers,
    deck: s.deck.slice(),
    display: s.display.slice(),
    discard: s.discard.slice(),
    criers: s.criers,
    extensions: { ...s.extensions },
    medals,
    setupQueue: s.setupQueue.slice(),
    neutralBag: s.neutralBag.slice(),
    pending: clonePending(s.pending),
    turn: s.turn,
    final: s.final ? s.final.slice() : null,
  };
}

/** Every field named, in the order `newBuild` gives them (a spread of mixed shapes is slow). */
function clonePending(p: Pending): Pending {
  switch (p.k) {
    case 'build':
      return {
        k: p.k,
        mode: p.mode,
        colour: p.colour,
        step: p.step,
        payment: p.payment ? clonePayment(p.payment) : null,
        sections: p.sections ? p.sections.slice() : null,
        section: p.section,
        field: p.field,
        cost: p.cost,
        paidStall: p.paidStall,
        owedOther: p.owedOther,
        paidOther: { ...p.paidOther },
        payColour: p.payColour,
      };
    case 'lead':
      return { k: p.k, colour: p.colour };
    case 'draw':
      return { k: p.k, taken: p.taken };
    case 'turn':
      return { k: p.k };
  }
}
function clonePayment(p: CardPayment): CardPayment {
  return p.t === 'three' ? { t: 'three', cards: p.cards.slice() } : { ...p };
}

export function newBuild(mode: BuildMode, colour: Colour, step: BuildPending['step']): BuildPending {
  return {
    k: 'build',
    mode,
    colour,
    step,
    payment: null,
    sections: null,
    section: null,
    field: null,
    cost: 0,
    paidStall: 0,
    owedOther: 0,
    paidOther: {},
    payColour: null,
  };
}

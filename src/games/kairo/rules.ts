/**
 * Kairo's rules: the legal decisions in a state and their effects. A turn is a stack of single decisions
 * kept in `state.pending`:
 *   turn:  build (new stall / extend / relocate, with its colour) | lead (customer) | draw | pass (final phase)
 *   build: card payment -> [joker coin] -> [section] -> field -> entrance (main stall) or coins (extension)
 *   lead:  [target entrance]
 *   draw:  take, take -> [discard down to 4]
 * A decision with exactly one option (other than the turn choice) is taken automatically.
 */
import * as engineModule from '../../engine/index.js';
import type { GameEvent, Seat } from '../../engine/index.js';
import * as boardDataModule from './data/board.js';
import type { CardType, Colour } from './data/board.js';
import * as boardModule from './board.js';
import type { Occupancy } from './board.js';
import * as geometryModule from './geometry.js';
import type { Direction, FieldId } from './geometry.js';
import * as leadModule from './lead.js';
import type { LeadTarget } from './lead.js';
import * as placementModule from './placement.js';
import type { StallSpotOptions } from './placement.js';
import type {
  BuildMode,
  BuildPending,
  CardPayment,
  Coins,
  KairoAction,
  KairoPlayer,
  KairoStall,
  KairoState,
  Pending,
  StallOwner,
} from './types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { copyRng, pick, randomInt, shuffle } = engineModule;
const {
  ANY_SECTION_CARDS,
  CARDS_PER_DRAW,
  CARD_SECTIONS,
  CARD_TYPES,
  COINS_PER_FINAL_POINT,
  COLOURS,
  DISPLAY_SIZE,
  HAND_LIMIT,
  JOKER_COIN_COST,
  MEDAL_POINTS,
  OTHER_COLOUR_RATE,
  SECTIONS,
  isJoker,
} = boardDataModule;
const { allConnected, occupancy } = boardModule;
const { DIRECTIONS, SECTION, fieldLabel, sectionOf, step: stepField } = geometryModule;
const { leadTargets } = leadModule;
const { entranceDirs, extensionFields, hasStallSpot, stallSections, stallSpots } = placementModule;

// ---------------------------------------------------------------------------------------------------
// Small helpers

const CARD_ORDER: Readonly<Record<CardType, number>> = Object.fromEntries(CARD_TYPES.map((c, i) => [c, i])) as Record<
  CardType,
  number
>;
export function sortCards(cards: CardType[]): CardType[] {
  return cards.sort((a, b) => CARD_ORDER[a] - CARD_ORDER[b]);
}
/** "4" for a standard card, "4/5/6" for a joker: a language-neutral card name. */
export function cardName(card: CardType): string {
  return CARD_SECTIONS[card].join('/');
}

export function stallOf(state: KairoState, owner: StallOwner, colour: Colour): number {
  return state.stalls.findIndex((s) => s.owner === owner && s.colour === colour);
}

export function stallSize(stall: KairoStall): number {
  return 1 + stall.ext.length;
}

export function totalCoins(coins: Coins): number {
  let sum = 0;
  for (const c of COLOURS) sum += coins[c];
  return sum;
}

/**
 * Whether `cost` coins can be paid for a stall of `colour`: at least 1 coin of that colour, the rest in
 * that colour or 2 coins of other colours per coin.
 */
export function affordable(coins: Coins, colour: Colour, cost: number): boolean {
  const own = coins[colour];
  if (own < 1) return false;
  const others = totalCoins(coins) - own;
  return others >= OTHER_COLOUR_RATE * (cost - Math.min(own, cost));
}

/** The range of coins of the stall's colour that a payment of `cost` may use. */
export function stallCoinRange(coins: Coins, colour: Colour, cost: number): [number, number] {
  const own = coins[colour];
  const others = totalCoins(coins) - own;
  const min = Math.max(1, cost - Math.floor(others / OTHER_COLOUR_RATE));
  const max = Math.min(own, cost);
  return [min, max];
}

/** Other colours after `c` in colour order (never the stall's colour). */
function laterColours(stallColour: Colour, c: Colour | null): Colour[] {
  const from = c === null ? 0 : COLOURS.indexOf(c) + 1;
  return COLOURS.slice(from).filter((x) => x !== stallColour);
}

/** How many coins of the other colour `c` may go into `owed`: the later colours must cover the rest. */
export function otherCoinRange(coins: Coins, stallColour: Colour, c: Colour, owed: number): [number, number] {
  let later = 0;
  for (const x of laterColours(stallColour, c)) later += coins[x];
  return [Math.max(0, owed - later), Math.min(coins[c], owed)];
}

/** The next other colour with coins, after `c`; null when none. */
function nextPayColour(coins: Coins, stallColour: Colour, c: Colour | null): Colour | null {
  return laterColours(stallColour, c).find((x) => coins[x] > 0) ?? null;
}

function distinct<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function event(key: string, params: GameEvent['params'], seat?: Seat, visibleTo?: readonly Seat[]): GameEvent {
  const e: { key: string; params?: GameEvent['params']; seat?: Seat; visibleTo?: readonly Seat[] } = { key };
  if (params !== undefined) e.params = params;
  if (seat !== undefined) e.seat = seat;
  if (visibleTo !== undefined) e.visibleTo = visibleTo;
  return e;
}
const player = (seat: Seat): number => seat + 1;

// ---------------------------------------------------------------------------------------------------
// Building: where, and how to pay

/** Placement context of a build in progress (or being considered). */
interface BuildContext {
  readonly occ: Occupancy;
  readonly stall: number;
  readonly spotOptions: StallSpotOptions;
}

function buildContext(state: KairoState, seat: Seat, mode: BuildMode, colour: Colour, base: Occupancy): BuildContext {
  switch (mode) {
    case 'setup':
    case 'neutral':
      return { occ: base, stall: -1, spotOptions: { setup: true } };
    case 'stall':
      return { occ: base, stall: -1, spotOptions: { setup: false } };
    case 'extend':
      return { occ: base, stall: stallOf(state, seat, colour), spotOptions: { setup: false } };
    case 'relocate': {
      const index = stallOf(state, seat, colour);
      const stall = state.stalls[index] as KairoStall;
      return {
        occ: occupancy(state, index),
        stall: index,
        spotOptions: { setup: false, previous: { main: stall.main, entrance: stall.entrance } },
      };
    }
  }
}

/** Sections holding at least one legal placement for the build. */
function feasibleSections(state: KairoState, ctx: BuildContext, mode: BuildMode, colour: Colour): ReadonlySet<number> {
  if (mode === 'extend') {
    const sections = new Set<number>();
    for (const f of extensionFields(ctx.occ, state.stalls, ctx.stall)) sections.add(sectionOfField(f));
    return sections;
  }
  return stallSections(ctx.occ, colour, ctx.spotOptions);
}

function sectionOfField(f: FieldId): number {
  return SECTION[f] as number;
}

function extensionCost(state: KairoState, ctx: BuildContext): number {
  return stallSize(state.stalls[ctx.stall] as KairoStall) + 1;
}

function jokerCoinColours(coins: Coins, extension: boolean, colour: Colour, cost: number): Colour[] {
  const out: Colour[] = [];
  for (const c of COLOURS) {
    if (coins[c] < JOKER_COIN_COST) continue;
    if (extension) {
      const after = { ...coins, [c]: coins[c] - JOKER_COIN_COST };
      if (!affordable(after, colour, cost)) continue;
    }
    out.push(c);
  }
  return out;
}

/** The card payments that lead to a legal build in one of `sections`. */
function cardOptions(
  state: KairoState,
  seat: Seat,
  mode: BuildMode,
  colour: Colour,
  sections: ReadonlySet<number>,
  cost: number,
): KairoAction[] {
  if (sections.size === 0) return [];
  const p = state.players[seat] as KairoPlayer;
  const extension = mode === 'extend';
  const afford = !extension || affordable(p.coins, colour, cost);
  const out: KairoAction[] = [];
  for (const card of distinct(p.hand)) {
    if (isJoker(card)) {
      if (!CARD_SECTIONS[card].some((s) => sections.has(s))) continue;
      if (jokerCoinColours(p.coins, extension, colour, cost).length === 0) continue;
      out.push({ t: 'joker', card });
    } else if (afford && sections.has(CARD_SECTIONS[card][0] as number)) {
      out.push({ t: 'card', card });
    }
  }
  if (afford && p.hand.length >= ANY_SECTION_CARDS) {
    const seen = new Set<string>();
    const hand = p.hand;
    for (let i = 0; i < hand.length; i++)
      for (let j = i + 1; j < hand.length; j++)
        for (let k = j + 1; k < hand.length; k++) {
          const cards = [hand[i], hand[j], hand[k]] as CardType[];
          const key = cards.join(',');
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ t: 'three', cards });
        }
  }
  return out;
}

/** Whether a joker's extra coin can be paid in some colour (`jokerCoinColours` is not empty). */
function hasJokerCoinColour(coins: Coins, extension: boolean, colour: Colour, cost: number): boolean {
  for (const c of COLOURS) {
    if (coins[c] < JOKER_COIN_COST) continue;
    if (!extension) return true;
    const after = { ...coins, [c]: coins[c] - JOKER_COIN_COST };
    if (affordable(after, colour, cost)) return true;
  }
  return false;
}

/** Whether `cardOptions` is not empty, stopping at the first payment found. */
function hasCardOption(
  state: KairoState,
  seat: Seat,
  mode: BuildMode,
  colour: Colour,
  sections: ReadonlySet<number>,
  cost: number,
): boolean {
  if (sections.size === 0) return false;
  const p = state.players[seat] as KairoPlayer;
  const extension = mode === 'extend';
  const afford = !extension || affordable(p.coins, colour, cost);
  // Any three cards pay for any section.
  if (afford && p.hand.length >= ANY_SECTION_CARDS) return true;
  for (const card of p.hand) {
    if (isJoker(card)) {
      if (CARD_SECTIONS[card].some((s) => sections.has(s)) && hasJokerCoinColour(p.coins, extension, colour, cost)) return true;
    } else if (afford && sections.has(CARD_SECTIONS[card][0] as number)) {
      return true;
    }
  }
  return false;
}

function canBuild(state: KairoState, seat: Seat, mode: BuildMode, colour: Colour, base: Occupancy): boolean {
  const p = state.players[seat] as KairoPlayer;
  if (p.hand.length === 0) return false;
  const ctx = buildContext(state, seat, mode, colour, base);
  const cost = mode === 'extend' ? extensionCost(state, ctx) : 0;
  // Every payment needs the extension's cost affordable (a joker only costs one coin more).
  if (mode === 'extend' && !affordable(p.coins, colour, cost)) return false;
  // Any three cards pay for any section: then any legal placement will do (found without listing them all).
  if (p.hand.length >= ANY_SECTION_CARDS) return hasFeasibleSection(state, ctx, mode, colour);
  const sections = feasibleSections(state, ctx, mode, colour);
  return hasCardOption(state, seat, mode, colour, sections, cost);
}

/** Whether `feasibleSections` is not empty, stopping at the first placement found. */
function hasFeasibleSection(state: KairoState, ctx: BuildContext, mode: BuildMode, colour: Colour): boolean {
  if (mode === 'extend') return extensionFields(ctx.occ, state.stalls, ctx.stall).length > 0;
  return hasStallSpot(ctx.occ, colour, ctx.spotOptions);
}

/** Whether a player's stall can take an extension by placement (cards, coins and supply aside). */
export function canBeExtended(state: KairoState, occ: Occupancy, index: number): boolean {
  return extensionFields(occ, state.stalls, index).length > 0;
}

/** The build choices of the turn decision. */
function buildChoices(state: KairoState, seat: Seat, occ: Occupancy): KairoAction[] {
  const out: KairoAction[] = [];
  const p = state.players[seat] as KairoPlayer;
  if (p.hand.length === 0) return out;
  for (const colour of COLOURS) {
    const index = stallOf(state, seat, colour);
    if (index === -1) {
      if (canBuild(state, seat, 'stall', colour, occ)) out.push({ t: 'build', kind: 'stall', colour });
      continue;
    }
    const stall = state.stalls[index] as KairoStall;
    if (state.extensions[colour] > 0 && canBuild(state, seat, 'extend', colour, occ)) {
      out.push({ t: 'build', kind: 'extend', colour });
    }
    if (stall.ext.length === 0 && !canBeExtended(state, occ, index) && canBuild(state, seat, 'relocate', colour, occ)) {
      out.push({ t: 'build', kind: 'relocate', colour });
    }
  }
  return out;
}

function setupChoices(state: KairoState, seat: Seat, occ: Occupancy): KairoAction[] {
  const out: KairoAction[] = [];
  for (const colour of COLOURS) {
    if (stallOf(state, seat, colour) !== -1) continue;
    if (hasStallSpot(occ, colour, { setup: true })) out.push({ t: 'build', kind: 'stall', colour });
  }
  return out;
}

/** Whether `seat` can place any start stall (`setupChoices` is not empty), stopping at the first. */
function hasSetupChoice(state: KairoState, seat: Seat, occ: Occupancy): boolean {
  return COLOURS.some((colour) => stallOf(state, seat, colour) === -1 && hasStallSpot(occ, colour, { setup: true }));
}

/** Customers that can be led now, with the entrances each may go to. */
function leadChoices(state: KairoState, occ: Occupancy): KairoAction[] {
  // The nearest free entrance never needs a crier card: a customer can be led when it has any target.
  // On a board where every customer reaches every entrance (the reachability rule keeps it so), any free
  // entrance of the colour is a target; otherwise the search decides.
  const connected = allConnected(occ);
  const out: KairoAction[] = [];
  for (const colour of COLOURS) {
    if (state.customers[colour] === null) continue;
    const any = connected
      ? state.stalls.some((st, i) => st.colour === colour && i !== occ.excluded && occ.customer[st.entrance] === -1)
      : leadTargets(state, occ, colour).length > 0;
    if (any) out.push({ t: 'lead', colour });
  }
  return out;
}

/** Whether there is anything to draw (`drawSources` is not empty). */
function hasDrawSource(state: KairoState): boolean {
  return state.display.length > 0 || state.deck.length + state.discard.length > 0 || state.criers > 0;
}

function drawSources(state: KairoState): KairoAction[] {
  const out: KairoAction[] = distinct(state.display).map((card) => ({ t: 'takeDisplay', card }) as KairoAction);
  if (state.deck.length + state.discard.length > 0) out.push({ t: 'takeDeck' });
  if (state.criers > 0) out.push({ t: 'takeCrier' });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The decision options

/** The options of the decision in front of `state.seat` (empty when the game is over). */
export function decisionOptions(state: KairoState, base: Occupancy = occupancy(state)): KairoAction[] {
  if (state.phase === 'over') return [];
  const seat = state.seat;
  const pending = state.pending;
  switch (pending.k) {
    case 'turn': {
      if (state.phase === 'setup') return setupChoices(state, seat, base);
      const builds = buildChoices(state, seat, base);
      if (state.phase === 'final') return [...builds, { t: 'pass' }];
      const out = [...builds, ...leadChoices(state, base)];
      if (hasDrawSource(state)) out.push({ t: 'draw' });
      return out;
    }
    case 'lead': {
      const criers = (state.players[seat] as KairoPlayer).criers;
      return leadTargets(state, base, pending.colour)
        .filter((t) => t.criers <= criers)
        .map((t) => ({ t: 'target', field: t.field }));
    }
    case 'draw': {
      const p = state.players[seat] as KairoPlayer;
      if (pending.taken >= CARDS_PER_DRAW || !hasDrawSource(state)) {
        return distinct(p.hand).map((card) => ({ t: 'discard', card }));
      }
      return drawSources(state);
    }
    case 'build':
      return buildOptions(state, seat, pending, base);
  }
}

function buildOptions(state: KairoState, seat: Seat, pending: BuildPending, base: Occupancy): KairoAction[] {
  const { mode, colour } = pending;
  const ctx = buildContext(state, seat, mode, colour, base);
  const p = state.players[seat] as KairoPlayer;
  switch (pending.step) {
    case 'card': {
      const cost = mode === 'extend' ? extensionCost(state, ctx) : 0;
      return cardOptions(state, seat, mode, colour, feasibleSections(state, ctx, mode, colour), cost);
    }
    case 'jokerCoin':
      return jokerCoinColours(p.coins, mode === 'extend', colour, pending.cost).map((c) => ({ t: 'jokerCoin', colour: c }));
    case 'section': {
      const feasible = feasibleSections(state, ctx, mode, colour);
      const allowed = pending.sections ?? SECTIONS;
      return allowed.filter((s) => feasible.has(s)).map((section) => ({ t: 'section', section }));
    }
    case 'field': {
      const section = pending.section as number;
      if (mode === 'extend') {
        return extensionFields(ctx.occ, state.stalls, ctx.stall)
          .filter((f) => sectionOfField(f) === section)
          .map((field) => ({ t: 'field', field }));
      }
      return stallSpots(ctx.occ, colour, { ...ctx.spotOptions, sections: new Set([section]) }).map((s) => ({
        t: 'field',
        field: s.field,
      }));
    }
    case 'entrance':
      return entranceDirs(ctx.occ, pending.field as FieldId, ctx.spotOptions.previous).map((dir) => ({ t: 'entrance', dir }));
    case 'payStall': {
      const [min, max] = stallCoinRange(p.coins, colour, pending.cost);
      const out: KairoAction[] = [];
      for (let count = min; count <= max; count++) out.push({ t: 'payStall', colour, count });
      return out;
    }
    case 'payOther': {
      const c = pending.payColour as Colour;
      const [min, max] = otherCoinRange(p.coins, colour, c, pending.owedOther);
      const out: KairoAction[] = [];
      for (let count = min; count <= max; count++) out.push({ t: 'payOther', colour: c, count });
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Applying decisions

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
function writableStalls(draft: Draft): KairoStall[] {
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

function writableCustomers(draft: Draft): KairoState['customers'] {
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

function newBuild(mode: BuildMode, colour: Colour, step: BuildPending['step']): BuildPending {
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

/**
 * Applies one legal decision of `state.seat` to a copy, then takes forced decisions (one option, other
 * than the turn choice) automatically. Also returns the options of the resulting decision, or none where
 * it is a turn's choice and `turnOptions` is false. With `events` false the draft tells none (its
 * `events` is null).
 */
export function applyDecision(input: KairoState, action: KairoAction, events = true, turnOptions = true): { draft: Draft; options: KairoAction[] } {
  const draft: Draft = { state: cloneState(input), events: events ? [] : null, checkpoint: false };
  return { draft, options: applyDecisionTo(draft, action, turnOptions) };
}

/**
 * `applyDecision` on a draft already made (its state a copy no one else holds), for a caller that plays
 * several decisions in a row and keeps only the last state (the computer player's look ahead): the same
 * result as a fresh `applyDecision` of each, without a copy of the whole state per decision. The stalls and
 * customers are copied on their next write again, as a fresh copy would, since boards derived from the
 * current ones stay cached for them. Returns the options of the decision that follows.
 */
export function applyDecisionTo(draft: Draft, action: KairoAction, turnOptions = true): KairoAction[] {
  draft.ownStalls = false;
  draft.ownCustomers = false;
  applyOne(draft, action);
  for (let guard = 0; ; guard++) {
    const s = draft.state;
    if (s.phase === 'over') return [];
    // A look ahead that stops at the next turn need not know its options (the whole board's builds).
    if (!turnOptions && s.pending.k === 'turn') return [];
    const options = decisionOptions(s);
    if (s.pending.k === 'turn' || options.length !== 1) return options;
    if (guard > 64) throw new Error('forced decisions do not end');
    applyOne(draft, options[0] as KairoAction);
  }
}

function applyOne(draft: Draft, action: KairoAction): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const pending = s.pending;
  switch (action.t) {
    case 'build': {
      if (s.phase === 'setup') {
        s.pending = newBuild('setup', action.colour, 'section');
      } else {
        const mode: BuildMode = action.kind;
        const b = newBuild(mode, action.colour, 'card');
        if (mode === 'extend') b.cost = stallSize(s.stalls[stallOf(s, seat, action.colour)] as KairoStall) + 1;
        s.pending = b;
        draft.events?.push(event(`kairo.event.start.${mode}.${action.colour}`, { player: player(seat) }, seat));
      }
      return;
    }
    case 'lead':
      s.pending = { k: 'lead', colour: action.colour };
      return;
    case 'draw':
      s.pending = { k: 'draw', taken: 0 };
      return;
    case 'pass':
      p.out = true;
      draft.events?.push(event('kairo.event.pass', { player: player(seat) }, seat));
      endTurn(draft);
      return;
    case 'card':
    case 'joker':
    case 'three': {
      const b = pending as BuildPending;
      const cards = action.t === 'three' ? action.cards.slice() : [action.card];
      for (const card of cards) {
        const i = p.hand.indexOf(card);
        if (i < 0) throw new Error(`card ${card} not in hand`);
        p.hand.splice(i, 1);
        s.discard.push(card);
      }
      if (action.t === 'card') {
        b.payment = { t: 'card', card: action.card };
        b.sections = CARD_SECTIONS[action.card].slice();
        b.step = 'section';
        draft.events?.push(event('kairo.event.card', { player: player(seat), card: cardName(action.card) }, seat));
      } else if (action.t === 'joker') {
        b.payment = { t: 'joker', card: action.card, coin: null };
        b.sections = CARD_SECTIONS[action.card].slice();
        b.step = 'jokerCoin';
        draft.events?.push(event('kairo.event.joker', { player: player(seat), card: cardName(action.card) }, seat));
      } else {
        b.payment = { t: 'three', cards: action.cards.slice() };
        b.sections = null;
        b.step = 'section';
        draft.events?.push(event('kairo.event.three', { player: player(seat), cards: action.cards.map(cardName).join(', ') }, seat));
      }
      return;
    }
    case 'jokerCoin': {
      const b = pending as BuildPending;
      p.coins[action.colour] -= JOKER_COIN_COST;
      if (b.payment?.t === 'joker') b.payment.coin = action.colour;
      b.step = 'section';
      draft.events?.push(event(`kairo.event.jokerCoin.${action.colour}`, { player: player(seat) }, seat));
      return;
    }
    case 'section': {
      const b = pending as BuildPending;
      b.section = action.section;
      b.step = 'field';
      return;
    }
    case 'field': {
      const b = pending as BuildPending;
      b.field = action.field;
      b.step = b.mode === 'extend' ? 'payStall' : 'entrance';
      return;
    }
    case 'entrance': {
      const b = pending as BuildPending;
      const main = b.field as FieldId;
      const entrance = stepField(main, action.dir) as FieldId;
      completeStall(draft, b, main, entrance);
      return;
    }
    case 'payStall': {
      const b = pending as BuildPending;
      p.coins[b.colour] -= action.count;
      b.paidStall = action.count;
      b.owedOther = OTHER_COLOUR_RATE * (b.cost - action.count);
      if (b.owedOther === 0) {
        completeExtension(draft, b);
      } else {
        b.step = 'payOther';
        b.payColour = nextPayColour(p.coins, b.colour, null);
      }
      return;
    }
    case 'payOther': {
      const b = pending as BuildPending;
      p.coins[action.colour] -= action.count;
      b.owedOther -= action.count;
      if (action.count > 0) b.paidOther[action.colour] = (b.paidOther[action.colour] ?? 0) + action.count;
      if (b.owedOther === 0) completeExtension(draft, b);
      else b.payColour = nextPayColour(p.coins, b.colour, action.colour);
      return;
    }
    case 'target':
      completeLead(draft, (pending as { colour: Colour }).colour, action.field);
      return;
    case 'takeDisplay': {
      const i = s.display.indexOf(action.card);
      s.display.splice(i, 1);
      p.hand.push(action.card);
      sortCards(p.hand);
      draft.checkpoint = true;
      draft.events?.push(event('kairo.event.takeDisplay', { player: player(seat), card: cardName(action.card) }, seat));
      afterTake(draft);
      return;
    }
    case 'takeDeck': {
      const card = drawFromDeck(draft);
      p.hand.push(card);
      sortCards(p.hand);
      draft.checkpoint = true;
      draft.events?.push(event('kairo.event.takeDeck', { player: player(seat) }, seat));
      draft.events?.push(event('kairo.event.takeDeck.private', { card: cardName(card) }, seat, [seat]));
      afterTake(draft);
      return;
    }
    case 'takeCrier': {
      s.criers -= 1;
      p.criers += 1;
      draft.checkpoint = true;
      draft.events?.push(event('kairo.event.takeCrier', { player: player(seat) }, seat));
      afterTake(draft);
      return;
    }
    case 'discard': {
      const i = p.hand.indexOf(action.card);
      p.hand.splice(i, 1);
      s.discard.push(action.card);
      draft.events?.push(event('kairo.event.discard', { player: player(seat) }, seat));
      draft.events?.push(event('kairo.event.discard.private', { card: cardName(action.card) }, seat, [seat]));
      if (p.hand.length <= HAND_LIMIT) endTurn(draft);
      return;
    }
  }
}

/** Top card of the draw pile; an empty pile is first replaced by the shuffled discard pile. */
function drawFromDeck(draft: Draft): CardType {
  const s = draft.state;
  if (s.deck.length === 0) reshuffle(draft);
  const card = s.deck.shift();
  if (card === undefined) throw new Error('no card to draw');
  if (s.deck.length === 0) reshuffle(draft);
  return card;
}

function reshuffle(draft: Draft): void {
  const s = draft.state;
  if (s.discard.length === 0) return;
  s.deck = shuffle(s.rng, s.discard);
  s.discard = [];
  draft.checkpoint = true;
  draft.events?.push(event('kairo.event.reshuffle', { cards: s.deck.length }));
}

function afterTake(draft: Draft): void {
  const s = draft.state;
  const pending = s.pending as { k: 'draw'; taken: number };
  pending.taken += 1;
  if (pending.taken < CARDS_PER_DRAW && hasDrawSource(s)) return;
  pending.taken = CARDS_PER_DRAW;
  const p = s.players[s.seat] as KairoPlayer;
  if (p.hand.length <= HAND_LIMIT) endTurn(draft);
}

function completeStall(draft: Draft, b: BuildPending, main: FieldId, entrance: FieldId): void {
  const s = draft.state;
  const seat = s.seat;
  const params = { player: player(seat), field: fieldLabel(main), entrance: fieldLabel(entrance) };
  const stalls = writableStalls(draft);
  if (b.mode === 'relocate') {
    const index = stallOf(s, seat, b.colour);
    const stall = stalls[index] as KairoStall;
    const from = stall.main;
    stall.main = main;
    stall.entrance = entrance;
    draft.events?.push(event(`kairo.event.relocate.${b.colour}`, { ...params, from: fieldLabel(from) }, seat));
  } else {
    const owner: StallOwner = b.mode === 'neutral' ? 'neutral' : seat;
    stalls.push({ owner, colour: b.colour, main, entrance, ext: [] });
    if (b.mode === 'setup' || b.mode === 'neutral') {
      // A start stall is told as the players read the board while the next one is placed: its section, its
      // field by the picture's column letter and row number, and the side of its entrance.
      const side = DIRECTIONS.find((d) => stepField(main, d) === entrance) as Direction;
      const key = `kairo.event.${b.mode === 'neutral' ? 'neutralStall' : 'startStall'}.${b.colour}.${side}`;
      draft.events?.push(event(key, { ...params, section: sectionOf(main) }, seat));
    } else {
      draft.events?.push(event(`kairo.event.stall.${b.colour}`, params, seat));
    }
  }
  if (b.mode === 'setup' || b.mode === 'neutral') nextSetupPlacement(draft);
  else endTurn(draft);
}

function completeExtension(draft: Draft, b: BuildPending): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const index = stallOf(s, seat, b.colour);
  const stall = writableStalls(draft)[index] as KairoStall;
  const field = b.field as FieldId;
  stall.ext.push(field);
  s.extensions[b.colour] -= 1;
  const size = stallSize(stall);
  p.score += size;
  draft.events?.push(event(`kairo.event.extend.${b.colour}`, { player: player(seat), field: fieldLabel(field), size, points: size }, seat));
  for (const c of COLOURS) {
    const count = c === b.colour ? b.paidStall : (b.paidOther[c] ?? 0);
    if (count > 0) draft.events?.push(event(`kairo.event.pay.${c}`, { player: player(seat), count }, seat));
  }
  awardMedals(draft, index);
  if (s.phase === 'play' && finalPhaseTriggered(s)) {
    s.phase = 'final';
    draft.events?.push(event('kairo.event.finalPhase', {}));
  }
  endTurn(draft);
}

/**
 * Medals after an extension of stall `index`: alone with the biggest stall of its colour -> gold and
 * silver (the first extension of a colour is always alone); tying the biggest -> the silver. Only
 * medals gained now score their printed points.
 */
export function awardMedals(draft: Draft, index: number): void {
  const s = draft.state;
  const stall = s.stalls[index] as KairoStall;
  const seat = stall.owner as Seat;
  const p = s.players[seat] as KairoPlayer;
  const size = stallSize(stall);
  let biggestOther = 0;
  s.stalls.forEach((other, i) => {
    if (i !== index && other.colour === stall.colour) biggestOther = Math.max(biggestOther, stallSize(other));
  });
  const medal = s.medals[stall.colour];
  const gained: ('gold' | 'silver')[] = [];
  if (size > biggestOther) {
    if (medal.gold !== seat) gained.push('gold');
    if (medal.silver !== seat) gained.push('silver');
  } else if (size === biggestOther && medal.gold !== seat && medal.silver !== seat) {
    gained.push('silver');
  }
  for (const kind of gained) {
    const from = medal[kind];
    medal[kind] = seat;
    p.score += MEDAL_POINTS[kind];
    draft.events?.push(
      event(
        `kairo.event.medal.${kind}.${stall.colour}`,
        { player: player(seat), points: MEDAL_POINTS[kind], from: from === null ? 0 : player(from) },
        seat,
      ),
    );
  }
}

/** After an extension: the last extension of a colour is placed, or two colours have 1 left each. */
export function finalPhaseTriggered(s: KairoState): boolean {
  let ones = 0;
  for (const c of COLOURS) {
    if (s.extensions[c] === 0) return true;
    if (s.extensions[c] === 1) ones++;
  }
  return ones >= 2;
}

function completeLead(draft: Draft, colour: Colour, field: FieldId): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const occ = occupancy(s);
  const target = leadTargets(s, occ, colour).find((t) => t.field === field) as LeadTarget;
  const stall = s.stalls[target.stall] as KairoStall;
  if (target.criers > 0) {
    p.criers -= target.criers;
    s.criers += target.criers;
  }
  // The swap: the led customer leaves the board, the waiting one takes its place at the entrance.
  const waiting = COLOURS.find((c) => s.customers[c] === null) as Colour;
  const customers = writableCustomers(draft);
  customers[colour] = null;
  customers[waiting] = field;
  const size = stallSize(stall);
  const params = { player: player(seat), field: fieldLabel(field), criers: target.criers, distance: target.distance };
  draft.events?.push(event(`kairo.event.lead.${colour}`, params, seat));
  draft.events?.push(event(`kairo.event.swap.${waiting}`, { field: fieldLabel(field) }));
  if (stall.owner === seat) {
    p.coins[stall.colour] += size;
    draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(seat), coins: size }, seat));
  } else {
    p.coins[stall.colour] += 1;
    draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(seat), coins: 1 }, seat));
    if (stall.owner !== 'neutral') {
      const owner = s.players[stall.owner] as KairoPlayer;
      owner.coins[stall.colour] += size;
      draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(stall.owner), coins: size }, stall.owner));
    }
  }
  endTurn(draft);
}

// ---------------------------------------------------------------------------------------------------
// Turn order, setup sequence, end of game

function endTurn(draft: Draft): void {
  const s = draft.state;
  draft.checkpoint = true;
  while (s.display.length < DISPLAY_SIZE && s.deck.length + s.discard.length > 0) s.display.push(drawFromDeck(draft));
  s.turn += 1;
  const n = s.players.length;
  if (s.phase === 'play') {
    s.seat = (s.seat + 1) % n;
    s.pending = { k: 'turn' };
    return;
  }
  // Final phase: only building; whoever cannot or will not build is out. Ends with the last build.
  const from = s.seat;
  for (let k = 1; k <= n; k++) {
    const seat = (from + k) % n;
    const p = s.players[seat] as KairoPlayer;
    if (p.out) continue;
    s.seat = seat;
    s.pending = { k: 'turn' };
    if (buildChoices(s, seat, occupancy(s)).length > 0) return;
    p.out = true;
    draft.events?.push(event('kairo.event.cannotBuild', { player: player(seat) }, seat));
  }
  finishGame(draft);
}

function finishGame(draft: Draft): void {
  const s = draft.state;
  s.phase = 'over';
  s.pending = { k: 'turn' };
  s.final = s.players.map((p, seat) => {
    let medalPoints = 0;
    for (const c of COLOURS) {
      if (s.medals[c].gold === seat) medalPoints += MEDAL_POINTS.gold;
      if (s.medals[c].silver === seat) medalPoints += MEDAL_POINTS.silver;
    }
    const coins = totalCoins(p.coins);
    const coinPoints = Math.floor(coins / COINS_PER_FINAL_POINT);
    p.score += medalPoints + coinPoints;
    draft.events?.push(event('kairo.event.finalScore', { player: player(seat), medals: medalPoints, coins, coinPoints, score: p.score }, seat));
    return { seat, medalPoints, coins, coinPoints };
  });
  draft.events?.push(event('kairo.event.gameOver', {}));
}

/**
 * Moves the variable start on: the next player chooses a colour, or (2 players) the next neutral stall
 * is drawn from the bag. Placements without any legal spot are skipped (docs/rules-decisions.md, Kairo).
 */
export function nextSetupPlacement(draft: Draft): void {
  const s = draft.state;
  s.setupQueue.shift();
  draft.checkpoint = true;
  for (;;) {
    const next = s.setupQueue[0];
    if (next === undefined) {
      s.phase = 'play';
      s.seat = s.startSeat;
      s.pending = { k: 'turn' };
      draft.events?.push(event('kairo.event.play', { player: player(s.startSeat) }, s.startSeat));
      return;
    }
    s.seat = next.seat;
    const occ = occupancy(s);
    if (next.neutral) {
      const colour = s.neutralBag.splice(randomInt(s.rng, s.neutralBag.length), 1)[0] as Colour;
      if (hasStallSpot(occ, colour, { setup: true })) {
        s.pending = newBuild('neutral', colour, 'section');
        draft.events?.push(event(`kairo.event.neutralDrawn.${colour}`, { player: player(next.seat) }, next.seat));
        return;
      }
      draft.events?.push(event(`kairo.event.neutralNoSpace.${colour}`, {}));
    } else {
      s.pending = { k: 'turn' };
      if (hasSetupChoice(s, next.seat, occ)) return;
      draft.events?.push(event('kairo.event.setupNoSpace', { player: player(next.seat) }, next.seat));
    }
    s.setupQueue.shift();
  }
}

/** Quick start: every start stall placed legally at random, in the same order as the variable start. */
export function quickStart(draft: Draft): void {
  const s = draft.state;
  for (const placement of s.setupQueue) {
    const occ = occupancy(s);
    let colour: Colour;
    if (placement.neutral) {
      colour = s.neutralBag.splice(randomInt(s.rng, s.neutralBag.length), 1)[0] as Colour;
    } else {
      const colours = COLOURS.filter(
        (c) => stallOf(s, placement.seat, c) === -1 && hasStallSpot(occ, c, { setup: true }),
      );
      if (colours.length === 0) {
        draft.events?.push(event('kairo.event.setupNoSpace', { player: player(placement.seat) }, placement.seat));
        continue;
      }
      colour = pick(s.rng, colours);
    }
    const spots = stallSpots(occ, colour, { setup: true });
    if (spots.length === 0) {
      draft.events?.push(event(`kairo.event.neutralNoSpace.${colour}`, {}));
      continue;
    }
    const choices: [FieldId, FieldId][] = [];
    for (const spot of spots) for (const dir of spot.dirs) choices.push([spot.field, stepField(spot.field, dir) as FieldId]);
    const [main, entrance] = pick(s.rng, choices);
    const owner: StallOwner = placement.neutral ? 'neutral' : placement.seat;
    // A new array: boards are cached per stalls array.
    s.stalls = [...s.stalls, { owner, colour, main, entrance, ext: [] }];
  }
  s.setupQueue = [];
  s.phase = 'play';
  s.seat = s.startSeat;
  s.pending = { k: 'turn' };
}

export function activeSeat(state: KairoState): Seat | null {
  return state.phase === 'over' ? null : state.seat;
}

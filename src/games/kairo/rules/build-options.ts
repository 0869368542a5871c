/**
 * What a build may be, for the legal decisions: which colours can be built, extended or relocated at the
 * turn's choice, and each step of a build in progress (card payment, joker coin, section, field, entrance,
 * coins), offering only choices that still lead to a legal build.
 */
import type { Seat } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { CardType, Colour } from '../data/board.js';
import * as geometryModule from '../data/geometry.js';
import type { FieldId } from '../data/geometry.js';
import type { BuildMode, BuildPending, Coins, KairoAction, KairoPlayer, KairoStall, KairoState } from '../types.js';
import * as boardModule from './board.js';
import type { Occupancy } from './board.js';
import * as helpersModule from './helpers.js';
import * as placementModule from './placement.js';
import type { StallSpotOptions } from './placement.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { ANY_SECTION_CARDS, CARD_SECTIONS, COLOURS, JOKER_COIN_COST, SECTIONS, isJoker } = boardDataModule;
const { occupancy } = boardModule;
const { SECTION } = geometryModule;
const { affordable, distinct, otherCoinRange, stallCoinRange, stallOf, stallSize } = helpersModule;
const { entranceDirs, extensionFields, hasStallSpot, stallSections, stallSpots } = placementModule;

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
export function buildChoices(state: KairoState, seat: Seat, occ: Occupancy): KairoAction[] {
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

export function buildOptions(state: KairoState, seat: Seat, pending: BuildPending, base: Occupancy): KairoAction[] {
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

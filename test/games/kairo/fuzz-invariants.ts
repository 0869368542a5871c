/**
 * Invariants checked after every action of the random playouts. Plain checks that throw (fast enough for
 * hundreds of thousands of steps); the board rules come from `boardViolation`.
 */
import { CARD_TYPES, COLOURS, CRIER_CARDS, EXTENSIONS_PER_COLOUR, HAND_LIMIT, DISPLAY_SIZE, fullDeck } from '../../../src/games/kairo/data/board.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoMessagesEn } from '../../../src/games/kairo/messages.en.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import type { PlayoutContext } from '../../harness/playout.js';
import type { KairoAction } from '../../../src/games/kairo/types.js';
import { boardViolation } from './helpers.js';

const CARD_INDEX = new Map<string, number>(CARD_TYPES.map((c, i) => [c, i]));
const DECK_COUNTS = countCards(fullDeck());
function countCards(cards: readonly string[], into: number[] = new Array<number>(CARD_TYPES.length).fill(0)): number[] {
  for (const c of cards) {
    const i = CARD_INDEX.get(c);
    if (i === undefined) throw new Error(`unknown card ${c}`);
    into[i] = (into[i] as number) + 1;
  }
  return into;
}

/** A cheap summary of where stalls and customers stand (to catch an in-place change). */
function fingerprint(state: KairoState): number {
  let h = state.stalls.length;
  for (const st of state.stalls) {
    h = (h * 31 + st.main * 7 + st.entrance) | 0;
    for (const e of st.ext) h = (h * 17 + e) | 0;
  }
  for (const c of COLOURS) h = (h * 13 + (state.customers[c] ?? 200)) | 0;
  return h;
}

function fail(message: string): never {
  throw new Error(message);
}

export function kairoInvariants(state: KairoState, ctx: PlayoutContext<KairoState, KairoAction>): void {
  const n = state.players.length;
  // Coins never negative; criers conserved.
  let criers = state.criers;
  for (const [seat, p] of state.players.entries()) {
    for (const c of COLOURS) if (!(p.coins[c] >= 0)) fail(`seat ${seat} has ${p.coins[c]} ${c} coins`);
    if (p.criers < 0) fail(`seat ${seat} has ${p.criers} criers`);
    criers += p.criers;
  }
  if (state.criers < 0 || criers !== CRIER_CARDS) fail(`crier cards: ${criers}`);
  // Building cards conserved between deck, display, hands and discard pile.
  const counts = countCards(state.deck);
  countCards(state.display, counts);
  countCards(state.discard, counts);
  for (const p of state.players) countCards(p.hand, counts);
  for (let i = 0; i < counts.length; i++) if (counts[i] !== DECK_COUNTS[i]) fail(`building cards not conserved: ${counts.join(',')}`);
  if (state.display.length > DISPLAY_SIZE) fail('display too long');
  // Main stalls: at most 1 per colour per player (6 in all); extensions: supply + placed = 6 per colour.
  // Per owner (seats, then neutral) and colour: how many main stalls; per colour: extensions placed and
  // the biggest stall.
  const owned = new Array<number>((n + 1) * 6).fill(0);
  const placed = new Array<number>(6).fill(0);
  const biggest = new Array<number>(6).fill(1);
  for (const st of state.stalls) {
    const ci = COLOURS.indexOf(st.colour);
    const oi = st.owner === 'neutral' ? n : st.owner;
    owned[oi * 6 + ci] = (owned[oi * 6 + ci] as number) + 1;
    placed[ci] = (placed[ci] as number) + st.ext.length;
    if (1 + st.ext.length > (biggest[ci] as number)) biggest[ci] = 1 + st.ext.length;
    if (st.owner === 'neutral' && st.ext.length > 0) fail('a neutral stall grew');
  }
  for (let i = 0; i < owned.length; i++) if ((owned[i] as number) > 1) fail(`owner ${Math.floor(i / 6)} has two ${COLOURS[i % 6]} main stalls`);
  if (n !== 2 && owned.slice(n * 6).some((x) => x > 0)) fail('neutral stalls with more than 2 players');
  COLOURS.forEach((c, ci) => {
    if (state.extensions[c] < 0 || state.extensions[c] + (placed[ci] as number) !== EXTENSIONS_PER_COLOUR) {
      fail(`${c} extensions: ${state.extensions[c]} + ${placed[ci]}`);
    }
    // Medals: each held by at most one player (one field each); held exactly when the colour has an
    // extension; the holders own the biggest stall of the colour.
    const medal = state.medals[c];
    if (biggest[ci] === 1) {
      if (medal.gold !== null || medal.silver !== null) fail(`${c} medals without any extension`);
    } else {
      for (const holder of [medal.gold, medal.silver]) {
        if (holder === null) fail(`${c} medal unclaimed after an extension`);
        if (!state.stalls.some((st) => st.owner === holder && st.colour === c && 1 + st.ext.length === biggest[ci])) {
          fail(`${c} medal held by seat ${holder} without the biggest stall`);
        }
      }
    }
  });
  // The board changes only when the stalls or the customers do (both are replaced, never edited in place,
  // when a build or a lead changes them), so the board rules are checked after exactly those actions.
  if (!ctx.previous || ctx.previous.stalls !== state.stalls || ctx.previous.customers !== state.customers) {
    const board = boardViolation(state);
    if (board !== null) fail(board);
  } else if (fingerprint(ctx.previous) !== fingerprint(state)) {
    fail('stalls or customers changed in place');
  }
  // Hand limit at the start of every turn.
  if (state.pending.k === 'turn' && state.phase !== 'setup') {
    for (const [seat, p] of state.players.entries()) if (p.hand.length > HAND_LIMIT) fail(`seat ${seat} holds ${p.hand.length} cards`);
  }
  // Scores never fall; the final phase never returns to normal play.
  if (ctx.previous) {
    for (let seat = 0; seat < n; seat++) {
      if ((state.players[seat]?.score ?? 0) < (ctx.previous.players[seat]?.score ?? 0)) fail(`seat ${seat}'s score fell`);
      if (ctx.previous.players[seat]?.out && !state.players[seat]?.out) fail(`seat ${seat} came back`);
    }
    if ((ctx.previous.phase === 'final' || ctx.previous.phase === 'over') && state.phase === 'play') fail('final phase left');
  }
  // Every event has an English text.
  for (const e of ctx.events) if (kairoMessagesEn[e.key] === undefined) fail(`no text for ${e.key}`);
  if (state.phase === 'over') {
    if (state.final === null || state.final.length !== n) fail('game over without final scoring');
    if (!state.players.every((p) => p.out) && state.players.length > 0 && state.final === null) fail('over too early');
  } else if (state.phase === 'final') {
    const legal = kairo.legalActions(state, state.seat) as KairoAction[];
    if (legal.some((a) => a.t === 'lead' || a.t === 'draw')) fail('lead or draw in the final phase');
  }
}

/** Views never show another seat's hand or coins, the deck order or the PRNG state. */
export function viewInvariants(state: KairoState): void {
  const pub = kairo.view(state, null);
  // Coins are revealed by the final scoring (`final`, once the game is over); nothing else may show them.
  if (pub.final !== null && state.phase !== 'over') fail('final scoring before the end');
  const json = JSON.stringify({ ...pub, final: null });
  const leak = /"(hand|coins|rng|deck|neutralBag)"/.exec(json);
  if (leak) fail(`public view leaks ${leak[1]} (${state.phase})`);
  for (let seat = 0; seat < state.players.length; seat++) {
    const v = kairo.view(state, seat) as unknown as { hand: { type: string }[]; coins: Record<string, number> };
    const p = state.players[seat];
    if (JSON.stringify(v.hand.map((c) => c.type)) !== JSON.stringify(p?.hand)) fail('seat view hand differs');
    if (JSON.stringify(v.coins) !== JSON.stringify(p?.coins)) fail('seat view coins differ');
    const others = JSON.stringify({ ...v, hand: undefined, coins: undefined, final: null });
    if (/"hand"|"coins"|"rng"|"deck"/.test(others)) fail('seat view leaks');
  }
}

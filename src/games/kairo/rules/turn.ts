/**
 * The end of a turn: the display refilled, the next player (in the final phase the next who can still
 * build; whoever cannot is out), and the end of the game when nobody can build any more.
 */
import * as boardDataModule from '../data/board.js';
import type { KairoPlayer } from '../types.js';
import * as boardModule from './board.js';
import * as buildOptionsModule from './build-options.js';
import * as deckModule from './deck.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';
import * as scoringModule from './scoring.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { DISPLAY_SIZE } = boardDataModule;
const { occupancy } = boardModule;
const { buildChoices } = buildOptionsModule;
const { drawFromDeck } = deckModule;
const { event, player } = helpersModule;
const { finishGame } = scoringModule;

/** Final phase: the player stops building and is out for the rest of the game. */
export function pass(draft: Draft): void {
  const s = draft.state;
  const seat = s.seat;
  (s.players[seat] as KairoPlayer).out = true;
  draft.events?.push(event('kairo.event.pass', { player: player(seat) }, seat));
  endTurn(draft);
}

export function endTurn(draft: Draft): void {
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

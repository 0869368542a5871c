/** A decision's effect (a draw and the end of a turn are checkpoints), and a seat leaving the table. */
import { copyRng, randomInt, type ApplyResult, type GameEvent, type Seat } from '../../../../src/engine/index.js';
import type { TallyAction, TallyState } from '../types.js';
import { nextSeat } from './turn.js';

export function applyTally(s: TallyState, a: TallyAction, seat: Seat): ApplyResult<TallyState> {
  const next: TallyState = { ...s, scores: s.scores.slice(), hands: s.hands.map((h) => h.slice()), removed: s.removed.slice() };
  const events: GameEvent[] = [];
  let checkpoint = false;
  switch (a.type) {
    case 'add':
      next.scores[seat] = (next.scores[seat] ?? 0) + a.n;
      next.steps++;
      events.push({ key: 'tally.added', params: { player: seat, n: a.n }, seat });
      break;
    case 'draw': {
      const rng = copyRng(s.rng);
      const card = randomInt(rng, 3) + 1;
      next.rng = rng;
      next.hands[seat]?.push(card);
      next.steps++;
      checkpoint = true;
      events.push({ key: 'tally.drew', params: { player: seat }, seat }, { key: 'tally.drewPrivate', params: { card }, seat, visibleTo: [seat] });
      break;
    }
    case 'play': {
      const hand = next.hands[seat] ?? [];
      const [card] = hand.splice(a.card, 1);
      next.scores[seat] = (next.scores[seat] ?? 0) + (card ?? 0);
      next.steps++;
      events.push({ key: 'tally.played', params: { player: seat, card: card ?? 0 }, seat });
      break;
    }
    case 'pick':
      next.picked = a.n;
      next.steps++;
      events.push({ key: 'tally.picked', params: { player: seat, n: a.n }, seat });
      break;
    case 'end':
      next.turn = nextSeat(next, seat);
      next.steps = 0;
      next.picked = null;
      checkpoint = true;
      events.push({ key: 'tally.ended', params: { player: seat }, seat });
      break;
  }
  return { state: next, events, checkpoint };
}

/** The seat leaves: it is skipped from now on (its turn, if it was one, passes on). */
export function removeTallySeat(s: TallyState, seat: Seat): ApplyResult<TallyState> {
  const next: TallyState = { ...s, removed: s.removed.slice() };
  next.removed[seat] = true;
  if (next.turn === seat) {
    next.turn = nextSeat(next, seat);
    next.steps = 0;
    next.picked = null;
  }
  return { state: next, events: [{ key: 'tally.left', params: { player: seat }, seat }], checkpoint: true };
}

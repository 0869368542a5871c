/**
 * Why an idle vote's message lost its buttons, said on the message itself: the vote is over when the game
 * ended, when the seat changed hands (handed to a computer, removed, left, taken back), when its player
 * decided after all, or when the vote came up again in a newer message.
 */
import type { Seat } from '../engine/index.js';
import type { BoardNote } from './outbox.js';

export type VoteClosure =
  | { readonly reason: 'over' | 'abandoned' | 'repeated' | 'movedOn' }
  | { readonly reason: 'passedSkip' | 'passedKick' | 'left' | 'reclaimed' | 'played' | 'outOfTime'; readonly seat: Seat };

export interface VoteClosureFacts {
  readonly status: string;
  /** The seats the vote was about. */
  readonly seats: readonly Seat[];
  /** The notes of the boards posted after the vote, oldest first. */
  readonly laterNotes: readonly BoardNote[];
  /** The seats deciding now. */
  readonly deciding: readonly Seat[];
  /** A newer vote message was posted. */
  readonly newerVote: boolean;
}

/** Notes that say nothing of a vote: the fallback move played for a computer player, a seat passing between humans (bench.ts). */
type SilentNote = 'computerFallback' | 'seatTaken' | 'givenBack';
const SILENT = new Set<BoardNote['kind']>(['computerFallback', 'seatTaken', 'givenBack']);

/** What each note about a seat says of its vote. */
const NOTE_REASON: Record<Exclude<BoardNote['kind'], SilentNote>, 'passedSkip' | 'passedKick' | 'left' | 'reclaimed' | 'outOfTime'> = {
  handedToComputer: 'passedSkip',
  skipped: 'passedSkip',
  removed: 'passedKick',
  removedAutopilot: 'passedKick',
  left: 'left',
  leftAutopilot: 'left',
  reclaimed: 'reclaimed',
  outOfTime: 'outOfTime',
  outOfTimeWaits: 'outOfTime',
  outOfTimeEnds: 'outOfTime',
};

export function voteClosure(facts: VoteClosureFacts): VoteClosure {
  if (facts.status === 'finished') return { reason: 'over' };
  if (facts.status === 'abandoned') return { reason: 'abandoned' };
  // What happened to the seat first is what ended its vote.
  const note = facts.laterNotes.find((n): n is BoardNote & { kind: Exclude<BoardNote['kind'], SilentNote> } => facts.seats.includes(n.seat) && !SILENT.has(n.kind));
  if (note !== undefined) return { reason: NOTE_REASON[note.kind], seat: note.seat };
  const decided = facts.seats.find((seat) => !facts.deciding.includes(seat));
  if (decided !== undefined) return { reason: 'played', seat: decided };
  return { reason: facts.newerVote ? 'repeated' : 'movedOn' };
}

/**
 * A finished game's analysis as the store keeps it (game_analyses.reviewed: JSON text), read back field by
 * field: a row that does not read is set aside, never shown half-read.
 */
import type { Seat } from '../../engine/index.js';
import type { Alternative } from './review.js';

/** One reviewed turn (turns count from 1, as the replay's frames). */
export interface ReviewedTurn {
  readonly turn: number;
  /** The turn's player. */
  readonly seat: Seat;
  /** Each seat's win chance after the turn. */
  readonly chances: readonly number[];
  /** Each seat's win chance at the start of the game (on the first turn only). */
  readonly start?: readonly number[];
  readonly alternative: Alternative | null;
}

export class AnalysisUnreadableError extends Error {
  override readonly name = 'AnalysisUnreadableError';
}

const isChance = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const isChances = (v: unknown): v is number[] => Array.isArray(v) && v.length > 0 && v.every(isChance);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function readAlternative(raw: unknown): Alternative | null {
  if (raw === null) return null;
  const a = raw as Partial<Alternative> | undefined;
  if (typeof a !== 'object' || a === undefined || !isCount(a.move) || !('played' in a) || !('suggested' in a) || !isChance(a.suggestedValue) || !(a.playedValue === null || isChance(a.playedValue))) {
    throw new AnalysisUnreadableError('an alternative does not read');
  }
  return { move: a.move, played: a.played, suggested: a.suggested, playedValue: a.playedValue, suggestedValue: a.suggestedValue };
}

/** The reviewed turns in `text`, in order from turn 1; throws AnalysisUnreadableError for anything else. */
export function readReviewed(text: string): ReviewedTurn[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AnalysisUnreadableError('the reviewed turns are not JSON');
  }
  if (!Array.isArray(raw)) throw new AnalysisUnreadableError('the reviewed turns are not a list');
  return raw.map((item: unknown, i) => {
    const t = item as Partial<ReviewedTurn> | null;
    if (typeof t !== 'object' || t === null || t.turn !== i + 1 || !isCount(t.seat) || !isChances(t.chances)) throw new AnalysisUnreadableError(`turn ${i + 1} does not read`);
    if (i === 0 && !isChances(t.start)) throw new AnalysisUnreadableError('the start does not read');
    return { turn: t.turn, seat: t.seat, chances: t.chances, ...(i === 0 ? { start: t.start as number[] } : {}), alternative: readAlternative(t.alternative) };
  });
}

/** Each seat's win chance over the game: the start, then after each turn (a series per seat). */
export function chanceSeries(turns: readonly ReviewedTurn[], seats: number): number[][] {
  const points = [turns[0]?.start ?? [], ...turns.map((t) => t.chances)];
  return Array.from({ length: seats }, (_, seat) => points.map((p) => p[seat] ?? 0));
}

/** A turn where a player's win chance fell: by how much, with what the computer would have played. */
export interface Drop {
  readonly turn: ReviewedTurn;
  /** The player's win chance before and after the turn. */
  readonly before: number;
  readonly after: number;
}

/** Per seat, the (at most) `count` of its own turns where its win chance fell most, in the order played. */
export function worstTurns(turns: readonly ReviewedTurn[], seats: number, count = 3): Drop[][] {
  const series = chanceSeries(turns, seats);
  return Array.from({ length: seats }, (_, seat) => {
    const drops: Drop[] = [];
    for (const turn of turns) {
      if (turn.seat !== seat) continue;
      const before = series[seat]?.[turn.turn - 1] ?? 0;
      const after = series[seat]?.[turn.turn] ?? 0;
      if (after < before) drops.push({ turn, before, after });
    }
    return drops
      .sort((a, b) => b.before - b.after - (a.before - a.after) || a.turn.turn - b.turn.turn)
      .slice(0, count)
      .sort((a, b) => a.turn.turn - b.turn.turn);
  });
}

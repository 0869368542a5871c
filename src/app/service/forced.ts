/**
 * Forced answers: a decision whose only legal action the rules force (a pass it cannot avoid) is no choice,
 * so nobody is pinged for it. The commit that hands such a decision to a seat plays the answer for it at
 * once, in the same transaction, and logs it with the game's reason ("passes: cannot outbid 7 lira"). Only
 * a decision handed over is answered so: the seat that just acted keeps its panel (and its undo). A player
 * who chose to be asked anyway (`/game notify play_forced:false`) is asked like for any decision.
 */
import type { GameEvent, Seat } from '../../engine/index.js';
import { DEFAULT_NOTIFY } from '../../notify-settings.js';
import type { GameCore } from './core.js';
import { notifyOfSeats } from './notify.js';
import { isComputerPlayed } from './seat-identity.js';
import type { ActiveSnapshot } from './types.js';

/** Bounds the forced answers of one commit (each hands the decision on; a game bug must not spin forever). */
const FORCED_LIMIT = 64;

export interface ForcedAnswer {
  readonly seat: Seat;
  readonly action: unknown;
  /** The line that tells it, in place of the action's own first event. */
  readonly reason: GameEvent;
}

/**
 * Plays every forced answer owed in `state`, one after another, through `play` (which applies it and
 * returns the state after it); returns the seats it answered for.
 */
export async function playForcedAnswers(core: GameCore, game: ActiveSnapshot, state: unknown, movers: ReadonlySet<Seat>, play: (answer: ForcedAnswer) => unknown): Promise<Seat[]> {
  const def = game.module.definition;
  if (def.forcedAnswer === undefined) return [];
  const answered: Seat[] = [];
  const asks = new Map<Seat, boolean>();
  for (let n = 0; n < FORCED_LIMIT && !def.isOver(state); n++) {
    const answer = await nextForced(core, game, state, movers, asks);
    if (answer === null) break;
    state = play(answer);
    answered.push(answer.seat);
  }
  return answered;
}

async function nextForced(core: GameCore, game: ActiveSnapshot, state: unknown, movers: ReadonlySet<Seat>, asks: Map<Seat, boolean>): Promise<ForcedAnswer | null> {
  const def = game.module.definition;
  for (const seat of def.activeSeats(state)) {
    if (movers.has(seat)) continue;
    const legal = def.legalActions(state, seat);
    const reason = def.forcedAnswer?.(state, seat, legal) ?? null;
    if (reason === null || legal.length !== 1) continue;
    if (!(await playsForced(core, game, seat, asks))) continue;
    return { seat, action: legal[0], reason };
  }
  return null;
}

/** Whether the seat's forced answers are played for it: always for a computer, for a player unless they asked otherwise. */
async function playsForced(core: GameCore, game: ActiveSnapshot, seat: Seat, asks: Map<Seat, boolean>): Promise<boolean> {
  const known = asks.get(seat);
  if (known !== undefined) return known;
  const row = game.seats.find((s) => s.seat === seat);
  const plays = row === undefined || isComputerPlayed(row) || ((await notifyOfSeats(core, game, [seat])).get(seat) ?? DEFAULT_NOTIFY).autoForced;
  asks.set(seat, plays);
  return plays;
}

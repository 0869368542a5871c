/**
 * Events told as text: what a reader may see, one player's turn at a time, in whole events within a
 * limit (the rest counted), never cut inside one.
 */
import { isComputerSeatId, type Snapshot } from '../../app/game-service.js';
import type { SummaryEvent } from '../../app/outbox.js';
import type { GameEvent, Locale, Seat } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { truncate } from '../panel.js';
import { plainName } from '../text.js';
import { gameLocale } from './shared.js';
import { marked, seatNames } from './names.js';

/** Events as one text within `max`, in whole events (the rest counted), never cut inside one. */
export function eventText(presenter: GamePresenter, events: readonly GameEvent[], locale: Locale, playerNames: readonly string[], max: number): string {
  return wholeWithin(
    events.map((e) => presenter.format(e, locale, playerNames)),
    '; ',
    max,
    (count) => t(locale, 'board.moreEvents', { count }),
  );
}

/**
 * The events split where the acting seat changes, or where a computer took over from its player: one group
 * per player's turn (an event without a seat stays with its turn).
 */
export function turnsOf(events: readonly SummaryEvent[]): SummaryEvent[][] {
  const turns: SummaryEvent[][] = [];
  let seat: Seat | undefined;
  let byComputer: boolean | undefined;
  for (const event of events) {
    const current = turns.at(-1);
    const computer = event.byComputer === true;
    const newSeat = event.seat !== undefined && seat !== undefined && event.seat !== seat;
    if (current === undefined || newSeat || (byComputer !== undefined && computer !== byComputer)) turns.push([event]);
    else current.push(event);
    if (event.seat !== undefined) seat = event.seat;
    byComputer = computer;
  }
  return turns;
}

/**
 * The names for the text of one player's past turn: the acting seat named by who made the move (marked
 * when a computer player made it for its owner), every other seat by its own player (who held it then is
 * not this line's to say). A computer seat keeps its own name. `locale`: the reader's (the log, a replay).
 */
export function turnNames(game: Snapshot, actor: Seat | undefined, byComputer: boolean, locale = gameLocale(game)): string[] {
  const out = seatNames(game, plainName, true, false, locale);
  const row = game.seats.find((s) => s.seat === actor);
  if (row === undefined || isComputerSeatId(row.userId) || !byComputer) return out;
  out[row.seat] = marked(game, row.seat, t(locale, 'computer.playing', { name: plainName(row.displayName) }));
  return out;
}

/** One player's turn as text, its player named as in `turnNames`: whole events within `max` (see `wholeWithin`). */
export function turnText(presenter: GamePresenter, game: Snapshot, events: readonly SummaryEvent[], locale: Locale, max: number, length?: (text: string) => number): string {
  const actor = events.find((e) => e.seat !== undefined)?.seat;
  const playerNames = turnNames(game, actor, events.some((e) => e.byComputer === true));
  const said = events.map((e) => presenter.format(e, locale, playerNames));
  return wholeWithin(said, '; ', max, (count) => t(locale, 'board.moreEvents', { count }), length);
}

/** The longest line of the board's "Last turns": a turn is told in whole events, the rest counted. */
export const TURN_LINE_MAX = 300;

/**
 * `parts` joined by `separator` within `max` characters, whole parts only: a part cut in the middle misleads
 * (a rule half said, a name or number cut). The parts that do not fit are left out from the end and counted
 * (`more`: "… and 3 more"). Only a first part longer than `max` on its own is cut (no event comes near).
 * `length` measures as the limit does (characters as read, by default).
 */
export function wholeWithin(parts: readonly string[], separator: string, max: number, more: (count: number) => string, length: (text: string) => number = (text) => [...text].length): string {
  for (let kept = parts.length; kept > 0; kept--) {
    const shown = parts.slice(0, kept).join(separator);
    const text = kept === parts.length ? shown : `${shown}${separator}${more(parts.length - kept)}`;
    if (length(text) <= max) return text;
  }
  return parts.length === 0 ? '' : truncate(parts[0] as string, max);
}

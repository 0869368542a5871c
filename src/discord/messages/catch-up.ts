/**
 * "Since your last turn": what a player's panel tells first when they open it, of what happened since their
 * last decision. Each other player's turn in a line, in public events only as the board told them (the most
 * recent kept when they do not all fit, the older ones counted), and what changed for this player as their
 * game's rules see it (GamePresenter.changedFor, from the public events and the seat's own view).
 */
import { isComputerSeatId, movesAsTold, type ActiveSnapshot, type GameService } from '../../app/game-service.js';
import type { SummaryEvent } from '../../app/outbox.js';
import { visibleEvents, type GameEvent, type Locale, type Seat } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { plainName } from '../text.js';
import { characters } from './shared.js';
import { seatNames } from './names.js';
import { TURN_LINE_MAX, turnNames, turnsOf, wholeWithin } from './turns.js';

/** The catch-up's room in a panel (whose content is at most 2,000 characters), headings included. */
export const CATCH_UP_MAX = 900;

/** At most this much of the room goes to what changed for the player; their turns take the rest. */
const FOR_YOU_MAX = 360;

/**
 * The catch-up's lines for `seat` in `locale` (the reader's), in whole lines within CATCH_UP_MAX characters;
 * none when nothing public happened since the seat's last decision (its own steps within a turn).
 */
export async function catchUpLines(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale): Promise<string[]> {
  const entries = await service.sinceLastDecision(game, [seat]);
  // Public events only: what the board told everyone, not a card another player drew.
  const events = visibleEvents(movesAsTold(entries), null);
  if (events.length === 0) return [];
  const forYou = changedForLines(presenter, game, events, service.seatView(game, seat), seat, locale);
  const heading = t(locale, 'catchUp.heading');
  const room = CATCH_UP_MAX - characters([heading, ...forYou].join('\n')) - 1;
  return [heading, ...newestWithin(turnLines(presenter, game, events, seat, locale), room, (count) => `- ${t(locale, 'catchUp.earlier', { count })}`), ...forYou];
}

/**
 * One line per other player's turn, oldest first, each in whole events (the board's "Last turns" lines, named
 * in the reader's language). A computer seat's events are all its own: its turn is one line. Events under
 * the reader's own seat that they did not play (their turn announced, a letter of theirs delivered by
 * another's move) are no turn of theirs: what concerns them is told under "For you".
 */
function turnLines(presenter: GamePresenter, game: ActiveSnapshot, events: readonly SummaryEvent[], reader: Seat, locale: Locale): string[] {
  const computerSeats = new Set(game.seats.filter((s) => isComputerSeatId(s.userId)).map((s) => s.seat));
  const turns = turnsOf(events.map((e): SummaryEvent => (e.seat !== undefined && computerSeats.has(e.seat) && e.byComputer !== true ? { ...e, byComputer: true } : e)));
  const actor = (turn: readonly SummaryEvent[]): Seat | undefined => turn.find((e) => e.seat !== undefined)?.seat;
  return turns.filter((turn) => actor(turn) !== reader || turn.some((e) => e.byComputer === true)).map((turn) => {
    const playerNames = turnNames(game, actor(turn), turn.some((e) => e.byComputer === true), locale);
    const said = turn.map((e) => presenter.format(e, locale, playerNames));
    return `- ${wholeWithin(said, '; ', TURN_LINE_MAX - 2, (count) => t(locale, 'board.moreEvents', { count }))}`;
  });
}

/** What changed for the seat, under its heading, in whole lines within FOR_YOU_MAX (the rest counted). */
function changedForLines(presenter: GamePresenter, game: ActiveSnapshot, events: readonly SummaryEvent[], seatView: unknown, seat: Seat, locale: Locale): string[] {
  const changes = presenter.changedFor?.(events, seatView, seat) ?? [];
  if (changes.length === 0) return [];
  // Each player by who holds the seat now, computers named in the reader's language.
  const playerNames = seatNames(game, plainName, true, true, locale);
  const heading = t(locale, 'catchUp.forYou');
  const lines = changes.map((m) => `- ${presenter.format(m, locale, playerNames)}`);
  return [heading, wholeWithin(lines, '\n', FOR_YOU_MAX - characters(heading) - 1, (count) => `- ${t(locale, 'board.moreEvents', { count })}`, characters)];
}

/**
 * The newest of `lines` that fit in `max` characters with the line counting the older ones left out
 * (`earlier`), which comes first: a long absence ends in its most recent turns.
 */
export function newestWithin(lines: readonly string[], max: number, earlier: (count: number) => string): string[] {
  for (let kept = lines.length; kept > 0; kept--) {
    const shown = kept === lines.length ? [...lines] : [earlier(lines.length - kept), ...lines.slice(-kept)];
    if (characters(shown.join('\n')) <= max) return shown;
  }
  return lines.length === 0 ? [] : [earlier(lines.length)];
}

/**
 * The public events the board picture marks: those since the player (or players) to move last decided, so
 * that in a game of more than two every turn they have not seen is marked. `lastTurn` (the turn just played)
 * when nobody is to move (a game over) or the one to move has decided since (a board within their turn).
 */
export async function eventsSinceMoverDecided(service: GameService, game: ActiveSnapshot, lastTurn: readonly GameEvent[]): Promise<readonly GameEvent[]> {
  const movers = game.row.status === 'active' ? service.activeSeats(game) : [];
  if (movers.length === 0) return lastTurn;
  const since = visibleEvents(movesAsTold(await service.sinceLastDecision(game, movers)), null);
  return since.length === 0 ? lastTurn : since;
}

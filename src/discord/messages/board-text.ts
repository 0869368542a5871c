/**
 * The board in words, as Discord carries it: the alt text of every picture of a game (the board, the phone
 * picture, a replay frame: what the picture is, then the game's own words within 1,024 characters; the
 * final chart: each player's score), and "Board as text": the whole public board, private, in the reader's
 * language, structured for a screen reader (a heading per part, one place per line), in messages of whole
 * parts within Discord's 2,000 characters (plain content: a screen reader reads it as any message).
 */
import type { ActiveSnapshot, GameService } from '../../app/game-service.js';
import type { GameEvent, Locale } from '../../engine/index.js';
import { altText, type BoardWords } from '../../games/board-words.js';
import type { GamePresenter, RenderOptions } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { labelName, plainName } from '../text.js';
import { seatNames } from './names.js';
import { CONTENT_MAX, characters } from './shared.js';
import { finalRanks } from './standings.js';
import { eventsSinceMoverDecided } from './catch-up.js';

/** What a picture of the board is drawn from, for its words: the public view and the marks drawn on it. */
export interface PictureWords {
  readonly view: unknown;
  readonly locale: Locale;
  /** The players as the picture names them (plain text, not markdown). */
  readonly names: readonly string[];
  readonly lastTurn?: readonly GameEvent[];
  readonly ranks?: RenderOptions['ranks'];
}

/** The alt text of a picture of the board: `caption` (what the picture is), then the game's words, within 1,024 characters. */
export function pictureAltText(presenter: GamePresenter, caption: string, picture: PictureWords): string {
  const words = presenter.describe(picture.view, {
    locale: picture.locale,
    names: picture.names,
    ...(picture.lastTurn === undefined ? {} : { lastTurn: picture.lastTurn }),
    ...(picture.ranks === undefined ? {} : { ranks: picture.ranks }),
  });
  return altText({ ...words, now: [caption, ...words.now] });
}

/** The players' names for the words of a picture of the game now, in `locale` (plain: alt text is not markdown). */
export function altTextNames(game: ActiveSnapshot, locale: Locale): string[] {
  return seatNames(game, labelName, false, true, locale);
}

/**
 * "Board as text": the game as it stands now (not as an older board showed it: what the reader can act on
 * is the game now), from the public view, in `locale` (the reader's), with what changed since the player to
 * move last decided (as the board picture marks it), in messages of whole parts (inMessages).
 */
export async function boardAsText(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale): Promise<string[]> {
  const ranks = game.row.status === 'active' ? undefined : await finalRanks(service, game, null);
  // What changed: what the board picture marks, the turns since the player to move last decided.
  const lastTurn = await eventsSinceMoverDecided(service, game, []);
  const words = presenter.describe(service.publicView(game), { locale, names: seatNames(game, plainName, false, true, locale), lastTurn, ...(ranks === undefined ? {} : { ranks }) });
  return inMessages(textParts(words, t(locale, 'boardText.title', { game: presenter.name(locale), id: game.row.id }), locale));
}

/** The parts of the text, each a heading and its lines: where the game stands, the players, the board. */
function textParts(words: BoardWords, title: string, locale: Locale): string[][] {
  const parts: string[][] = [[`## ${title}`, ...words.now]];
  if (words.lastTurn !== null && words.lastTurn.lines.length > 0) parts.push([`### ${words.lastTurn.heading}`, ...words.lastTurn.lines]);
  parts.push([`## ${t(locale, 'boardText.players')}`]);
  for (const player of words.players) parts.push([`### ${player.heading}`, player.standing, ...player.details]);
  if (words.board.length > 0) parts.push([`## ${t(locale, 'boardText.board')}`]);
  for (const section of words.board) parts.push([`### ${section.heading}`, ...section.lines]);
  return parts;
}

/**
 * Parts packed into messages of at most CONTENT_MAX characters, whole parts where they fit; a part longer
 * than a message (Istanbul's places with five players) goes in messages of its own, each under the part's
 * heading, in whole lines.
 */
function inMessages(parts: readonly (readonly string[])[]): string[] {
  const messages: string[] = [];
  let current = '';
  const flush = (): void => {
    if (current !== '') messages.push(current);
    current = '';
  };
  const fits = (text: string): boolean => characters(current) + 1 + characters(text) <= CONTENT_MAX;
  for (const part of parts) {
    const whole = part.join('\n');
    if (characters(whole) <= CONTENT_MAX) {
      if (current !== '' && !fits(whole)) flush();
      current = current === '' ? whole : `${current}\n${whole}`;
      continue;
    }
    flush();
    const [heading = '', ...lines] = part;
    current = heading;
    for (const line of lines) {
      if (!fits(line)) {
        flush();
        current = heading;
      }
      current = `${current}\n${line}`;
    }
  }
  flush();
  return messages;
}

/**
 * The alt text of the final chart: what it shows, then each player's score at the end and after how many
 * turns they led, within 1,024 characters (players in the order given, whole lines).
 */
export function chartAltText(locale: Locale, label: string, names: readonly string[], series: readonly (readonly number[])[]): string {
  const turns = Math.max(0, ...series.map((s) => s.length - 1));
  const ledAfter = (seat: number): number => {
    let led = 0;
    for (let turn = 1; turn <= turns; turn++) {
      const score = series[seat]?.[turn] ?? 0;
      if (series.every((other, s) => s === seat || (other[turn] ?? 0) < score)) led++;
    }
    return led;
  };
  return altText({
    now: [t(locale, 'summary.image', { label, turns })],
    players: names.map((name, seat) => ({ heading: name, standing: t(locale, 'summary.imageSeat', { score: series[seat]?.at(-1) ?? 0, led: ledAfter(seat), turns }), details: [] })),
    lastTurn: null,
    board: [],
  });
}

/**
 * The public board in words, as a game's presenter tells it (GamePresenter.describe): whose turn it is and
 * what they decide, each player's standing, what the last turn changed, and the board place by place. Read
 * by the pictures' alt text (a few short lines within Discord's 1,024 characters) and by "Board as text"
 * (everything, in sections with headings). Built from the public view only: these words are public.
 */

/** A part of the board with its heading: one line per place, pile or track. */
export interface WordsSection {
  readonly heading: string;
  readonly lines: readonly string[];
}

/** One player: their name as a heading (with their colour or number), the standing in a line, and the rest. */
export interface PlayerWords {
  readonly heading: string;
  /** What the alt text says of them: "3 rubies, 12 lira, goods: …". */
  readonly standing: string;
  /** What only the whole text says: where their pieces stand, their tiles, their cards in hand (a count). */
  readonly details: readonly string[];
}

export interface BoardWords {
  /** The round, whose turn it is and what they decide, or that the game is over and who won: kept first. */
  readonly now: readonly string[];
  /** Every player, in playing order. */
  readonly players: readonly PlayerWords[];
  /** What the last turn changed (its public events), or null when the picture marks no turn. */
  readonly lastTurn: WordsSection | null;
  /** The board itself, for the whole text. */
  readonly board: readonly WordsSection[];
}

/** Discord's limit for an attachment's description and a media gallery item's: the alt text of a picture. */
export const ALT_TEXT_MAX = 1024;

/** Length as Discord counts it: in code points. */
const length = (text: string): number => [...text].length;

/**
 * The alt text of a picture of the board: where the game stands first, then each player's standing, then
 * the last turn's events, within `max` characters. What does not fit is left out in whole lines, the last
 * turn's latest events first, then the players from the last; a line never is cut (one longer than the
 * whole room alone is left out).
 */
export function altText(words: BoardWords, max = ALT_TEXT_MAX): string {
  const said: string[] = [];
  let used = -1;
  const fits = (...texts: string[]): boolean => used + texts.reduce((sum, text) => sum + 1 + length(text), 0) <= max;
  const say = (text: string): void => {
    said.push(text);
    used += 1 + length(text);
  };
  // Where the game stands, then the players in playing order: each line whole, or left out.
  for (const line of [...words.now, ...words.players.map((p) => `${p.heading}: ${p.standing}`)]) if (fits(line)) say(line);
  // The last turn: its heading only with its first event, then the events in order while they fit.
  const events = words.lastTurn?.lines ?? [];
  if (words.lastTurn !== null && events.length > 0) {
    const heading = `${words.lastTurn.heading}:`;
    if (fits(heading, events[0] as string)) {
      say(heading);
      for (const event of events) {
        if (!fits(event)) break;
        say(event);
      }
    }
  }
  return said.join('\n');
}

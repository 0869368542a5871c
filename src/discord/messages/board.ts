/**
 * The board message: the picture, where the game stands, the turns just played, whose turn it is, and the
 * buttons; a game over, its standings and the rematch and replay buttons. One picture a post: the compact
 * phone picture is drawn only when someone asks for it (Phone view, and the turn panel of a player who
 * chose it: `phonePicture`).
 */
import { banksLine, namesWithBanks } from '../time-bank-text.js';
import { ButtonStyle } from 'discord.js';
import { isComputerPlayed, isComputerSeatId, movesAsTold, type ActiveSnapshot, type GameService } from '../../app/game-service.js';
import type { EffectiveEntry } from '../../app/log.js';
import type { SummaryEvent } from '../../app/outbox.js';
import { playingOrder } from '../../app/module.js';
import { visibleEvents, type Locale, type Seat } from '../../engine/index.js';
import type { BankNow } from '../../app/time-bank.js';
import type { RenderPriority } from '../../render/board-job.js';
import { encodeCustomId } from '../codec.js';
import type { GamePresenter, RenderOptions } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import type { Logger } from '../../logger.js';
import { type Row, type PublicMessage, CONTAINER_TEXT_MAX, gameLocale, button, row, characters, fit } from './shared.js';
import { chartColour } from '../../render/common/palette.js';
import { names, pictureNames, mention, userIds } from './names.js';
import { turnsOf, turnNames, turnText, TURN_LINE_MAX, wholeWithin } from './turns.js';
import { finalRanks, standingsLines, standingsNow } from './standings.js';
import { altTextNames, pictureAltText } from './board-text.js';
import { eventsSinceMoverDecided } from './catch-up.js';

export interface BoardNotes {
  /** The turn that just ended. */
  readonly summary?: readonly EffectiveEntry[];
  /** Extra lines (a player left, a vote passed). */
  readonly notes?: readonly string[];
  readonly concededTo?: Seat | null;
  /** False: a short text without the picture (the decision passed to another seat inside the turn). Default true. */
  readonly picture?: boolean;
  /** Say the playing order and the start player (the first board, and the board /game status posts again). */
  readonly order?: boolean;
}

/** The seats in playing order, numbered as on their pieces: "1. @Alice, 2. @Bob" (computers named in `locale`). */
export function playingOrderText(game: ActiveSnapshot, locale = gameLocale(game)): { players: string; starter: string } {
  const order = playingOrder(game.module, game.state, game.seats.length);
  return { players: order.map((seat, i) => `${i + 1}. ${mention(game, seat, locale)}`).join(', '), starter: mention(game, order[0] ?? 0, locale) };
}

/**
 * The board message. When the picture cannot be drawn (a render error or timeout), the board goes out as
 * text with a line saying so: the game is not held up by its picture.
 */
export async function boardMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, notes: BoardNotes = {}, logger?: Logger): Promise<PublicMessage> {
  const locale = gameLocale(game);
  const playerNames = names(game);
  const view = service.publicView(game);
  const ranks = await finalRanks(service, game, notes.concededTo ?? null);
  const summary = notes.summary ?? [];
  // Public events only: the picture and the channel text are public.
  const lastTurn: SummaryEvent[] = visibleEvents(
    movesAsTold(summary),
    null,
  );
  const picture = notes.picture !== false;
  // A game with a clock: each player's bank beside their name on the picture and in a line of the text.
  const banks = game.row.status === 'active' ? await service.banksNow(game) : [];
  let png: Buffer | null = null;
  if (picture) {
    // The picture marks what changed since the player to move last decided: every turn they did not see.
    const marked = await eventsSinceMoverDecided(service, game, lastTurn);
    try {
      png = await presenter.renderBoard(view, pictureOptions(game, locale, banks, ranks, marked));
    } catch (error) {
      logger?.error({ err: error, gameId: game.row.id, version: game.row.version }, 'the board picture could not be drawn; posting the board as text');
    }
  }
  const lines: string[] = [t(locale, 'board.title', { game: presenter.name(locale), id: game.row.id })];
  if (picture && png === null) lines.push(t(locale, 'board.noPicture'));
  // A game over says so first, and who won; the rules' status of a game ended before its end (won because
  // every other player left, or ended early) would still describe a game in play.
  const over = game.row.status !== 'active';
  const status = over && !service.isOver(game) ? '' : presenter.status(view, locale, playerNames);
  // Where the game stands: after the standings of a game over.
  const standsAt: string[] = [];
  if (picture && status !== '') standsAt.push(status);
  const bankLine = banksLine(locale, banks, names(game));
  if (bankLine !== null) standsAt.push(bankLine);
  if (notes.order === true) standsAt.push(t(locale, 'board.order', playingOrderText(game)));
  let mentioned: Seat[] = [];
  const components: Row[] = [];
  const finished = game.row.status === 'finished';
  // What comes after the turns just played: whose turn it is now.
  const after: string[] = [];
  if (game.row.status === 'abandoned') {
    // Ended early: the standings it was ended with, and nothing left to click.
    lines.push(t(locale, 'board.abandonedStandings'), ...standingsNow(service, game, presenter, locale));
  } else if (finished) {
    lines.push(...(await standingsLines(service, game, presenter, locale, notes.concededTo ?? null)));
    // Any player may ask for another game with the same players and options (see GameService.rematch).
    const id = { gameId: game.row.id, version: game.row.version };
    // Replays: anyone may step through the game, privately; and see the final position on a phone.
    components.push(
      row(
        button(t(locale, 'board.rematch'), encodeCustomId({ ...id, verb: 'rematch' }), ButtonStyle.Success),
        button(t(locale, 'replay.button'), encodeCustomId({ ...id, verb: 'replay' }), ButtonStyle.Secondary),
        // The computer's review of every turn, once it has made it (src/discord/analysis.ts).
        button(t(locale, 'analysis.button'), encodeCustomId({ ...id, verb: 'analysis' }), ButtonStyle.Secondary),
        ...phoneButton(presenter, locale, id),
        textButton(locale, id),
      ),
    );
  } else {
    const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
    mentioned = service.activeSeats(game).filter((s) => !left.has(s));
    if (mentioned.length > 0) after.push(t(locale, 'board.yourTurn', { players: mentioned.map((s) => mention(game, s)).join(', ') }));
    const id = { gameId: game.row.id, version: game.row.version };
    components.push(
      row(
        button(t(locale, 'board.takeTurn'), encodeCustomId({ ...id, verb: 'turn' }), ButtonStyle.Primary),
        button(t(locale, 'board.hand'), encodeCustomId({ ...id, verb: 'hand' }), ButtonStyle.Secondary),
        button(t(locale, 'board.log'), encodeCustomId({ ...id, verb: 'log' }), ButtonStyle.Secondary),
        ...phoneButton(presenter, locale, id),
        textButton(locale, id),
      ),
    );
  }
  lines.push(...standsAt);
  const stem = `${game.module.definition.id}-${game.row.id}-${game.row.version}`;
  const files: NonNullable<PublicMessage['files']> = [];
  if (png !== null) {
    // Its alt text: the board in words (the public view, as drawn), for whoever cannot see the picture.
    const description = pictureAltText(presenter, t(locale, 'board.image', { game: presenter.name(locale) }), { view, locale, names: altTextNames(game, locale), lastTurn, ...(ranks === undefined ? {} : { ranks }) });
    files.push({ attachment: png, name: `${stem}.png`, description });
  }
  lines.push(...(notes.notes ?? []));
  // The turns just played, in whole lines within the room the message leaves them (in characters as Discord
  // counts them: code points).
  const room = CONTAINER_TEXT_MAX - characters([...lines, ...after].filter((l) => l !== '').join('\n')) - 2;
  lines.push(...summaryLines(presenter, game, lastTurn, locale, picture, room), ...after);
  return {
    content: fit(lines, CONTAINER_TEXT_MAX),
    components,
    allowedMentions: { users: userIds(game, mentioned) },
    ...(files.length === 0 ? {} : { files }),
    container: { accent: accentOf(presenter, view, over ? (ranks ?? []).filter((r) => r.rank === 1).map((r) => r.seat) : mentioned) },
  };
}

/**
 * The colour of the board's bar: the colour of the one player it is about (to move, or the winner of a game
 * over), as their pieces have it (a game whose players have no colour of their own: the colour of their line
 * in the end chart); none when several decide at once, or share the win, or nobody won.
 */
function accentOf(presenter: GamePresenter, view: unknown, seats: readonly Seat[]): number | null {
  const [seat] = seats;
  if (seat === undefined || seats.length > 1) return null;
  const colour = presenter.seatColour?.(view, seat) ?? chartColour(seat);
  return Number.parseInt(colour.slice(1), 16);
}

/**
 * What a picture of the game as it stands is drawn with: the names (with the banks of the seats humans
 * play: a computer's seat needs none, and its name is long), the final ranks once it is over, and the
 * marks of the turns just played.
 */
function pictureOptions(game: ActiveSnapshot, locale: Locale, banks: readonly BankNow[], ranks: RenderOptions['ranks'], lastTurn: RenderOptions['lastTurn'] = []): RenderOptions {
  const humanBanks = banks.filter((b) => game.seats.some((s) => s.seat === b.seat && !isComputerPlayed(s)));
  return { locale, names: namesWithBanks(locale, pictureNames(game), humanBanks), lastTurn, ...(ranks !== undefined ? { ranks } : {}) };
}

/** Phone view, for a game that draws a phone picture: anyone may ask for it, privately. */
function phoneButton(presenter: GamePresenter, locale: Locale, id: { gameId: number; version: number }): ReturnType<typeof button>[] {
  return presenter.renderPhoneBoard === undefined ? [] : [button(t(locale, 'board.phoneView'), encodeCustomId({ ...id, verb: 'phone' }), ButtonStyle.Secondary)];
}

/** Board as text: anyone may ask for the board in words, privately (a screen reader reads it). */
function textButton(locale: Locale, id: { gameId: number; version: number }): ReturnType<typeof button> {
  return button(t(locale, 'boardText.button'), encodeCustomId({ ...id, verb: 'text' }), ButtonStyle.Secondary);
}

/**
 * The phone picture of the game as it stands now, in `locale` (the reader's): the public view only, drawn
 * on demand ('asked': behind the boards of live turns; 'now': for a turn panel), as a file of its own (a
 * plain attachment: Discord shows it at the width of the screen). Null: the game has no phone picture.
 * Rejects when it cannot be drawn (RenderBusyError: too many asked pictures wait).
 */
export async function phonePicture(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, priority: RenderPriority): Promise<{ attachment: Buffer; name: string; description: string } | null> {
  const draw = presenter.renderPhoneBoard?.bind(presenter);
  if (draw === undefined) return null;
  const banks = game.row.status === 'active' ? await service.banksNow(game) : [];
  const options = pictureOptions(game, locale, banks, await finalRanks(service, game, null));
  // Several asking about the same board (a channel's onlookers, a panel drawn again) share one drawing.
  const kept = keptPhonePictures(service);
  const key = JSON.stringify([game.row.id, game.row.version, locale, options.names]);
  let png = kept.get(key);
  if (png === undefined) {
    const drawing = draw(service.publicView(game), options, priority);
    kept.set(key, drawing);
    drawing.catch(() => kept.delete(key));
    while (kept.size > PHONE_PICTURES_KEPT) kept.delete(kept.keys().next().value as string);
    png = drawing;
  }
  const name = `${game.module.definition.id}-${game.row.id}-${game.row.version}-phone.png`;
  const description = pictureAltText(presenter, t(locale, 'board.phoneImage', { game: presenter.name(locale) }), { view: service.publicView(game), locale, names: altTextNames(game, locale), ...(options.ranks === undefined ? {} : { ranks: options.ranks }) });
  return { attachment: await png, name, description };
}

/** How many phone pictures a bot keeps (the newest), by game, version, language and names as drawn. */
const PHONE_PICTURES_KEPT = 32;
const phonePicturesKept = new WeakMap<GameService, Map<string, Promise<Buffer>>>();

function keptPhonePictures(service: GameService): Map<string, Promise<Buffer>> {
  let kept = phonePicturesKept.get(service);
  if (kept === undefined) phonePicturesKept.set(service, (kept = new Map()));
  return kept;
}

/**
 * The turns just played as the board tells them within `room` characters: one turn in a line, several
 * (computer players after a human) a line each of at most TURN_LINE_MAX. Always whole events and whole
 * lines: what does not fit is counted ("… and 2 more"). A turn of hidden events only (a card drawn) tells
 * nothing here; the events name their players themselves.
 */
function summaryLines(presenter: GamePresenter, game: ActiveSnapshot, lastTurn: readonly SummaryEvent[], locale: Locale, picture: boolean, room: number): string[] {
  if (lastTurn.length === 0) return [];
  // A computer seat's events are all the computer's, also one logged in the move before ("Bot 1's turn"):
  // its turn is one line, not an announcement and then its moves.
  const computerSeats = new Set(game.seats.filter((s) => isComputerSeatId(s.userId)).map((s) => s.seat));
  const turns = turnsOf(lastTurn.map((e): SummaryEvent => (e.seat !== undefined && computerSeats.has(e.seat) && e.byComputer !== true ? { ...e, byComputer: true } : e)));
  if (picture && turns.length > 1) {
    const heading = t(locale, 'board.lastTurns');
    const each = turns.map((events) => `- ${turnText(presenter, game, events, locale, TURN_LINE_MAX - 2)}`);
    return [heading, wholeWithin(each, '\n', Math.max(room - characters(heading) - 1, 0), (count) => `- ${t(locale, 'board.moreTurns', { count })}`, characters)];
  }
  const line = (events: string): string => t(locale, picture ? 'board.lastTurn' : 'board.justNow', { events });
  // At most 1,200 characters as read, and the line within the room.
  const length = (events: string): number => (characters(line(events)) <= room ? characters(events) : Infinity);
  if (turns.length === 1) return [line(turnText(presenter, game, lastTurn, locale, 1200, length))];
  // Several turns in one line: each turn's events name its player as `turnNames` does (who made the move).
  const said = turns.flatMap((events) => {
    const playerNames = turnNames(game, events.find((e) => e.seat !== undefined)?.seat, events.some((e) => e.byComputer === true));
    return events.map((e) => presenter.format(e, locale, playerNames));
  });
  return [line(wholeWithin(said, '; ', 1200, (count) => t(locale, 'board.moreEvents', { count }), length))];
}

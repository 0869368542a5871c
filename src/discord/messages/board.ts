/**
 * The board message: the picture (and the phone picture under it), where the game stands, the turns just
 * played, whose turn it is, and the buttons; a game over, its standings and the rematch and replay buttons.
 */
import { banksLine, namesWithBanks } from '../time-bank-text.js';
import { ButtonStyle, type APIEmbed } from 'discord.js';
import { isComputerPlayed, isComputerSeatId, movesAsTold, type ActiveSnapshot, type GameService } from '../../app/game-service.js';
import type { EffectiveEntry } from '../../app/log.js';
import type { SummaryEvent } from '../../app/outbox.js';
import { playingOrder } from '../../app/module.js';
import type { Locale, Seat } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import type { GamePresenter, RenderOptions } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import type { Logger } from '../../logger.js';
import { type Row, type PublicMessage, CONTENT_MAX, gameLocale, button, row, characters, fit } from './shared.js';
import { names, pictureNames, mention, userIds } from './names.js';
import { visibleEvents, turnsOf, turnNames, turnText, TURN_LINE_MAX, wholeWithin } from './turns.js';
import { finalRanks, standingsLines, standingsNow } from './standings.js';

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
  // On the picture only the banks of seats humans play (a computer's seat needs none, and its name is long).
  const humanBanks = banks.filter((b) => game.seats.some((s) => s.seat === b.seat && !isComputerPlayed(s)));
  const renderOptions = { locale, names: namesWithBanks(locale, pictureNames(game), humanBanks), lastTurn, ...(ranks !== undefined ? { ranks } : {}) };
  const drawn: DrawnPictures = picture ? await boardAndPhonePictures(presenter, view, renderOptions) : { board: null, phone: null, withdraw: () => undefined };
  let png: Buffer | null = null;
  if (drawn.board?.status === 'fulfilled') png = drawn.board.value;
  else if (drawn.board?.status === 'rejected') logger?.error({ err: drawn.board.reason, gameId: game.row.id, version: game.row.version }, 'the board picture could not be drawn; posting the board as text');
  let phonePng: Buffer | null = null;
  let phoneLater: Promise<Buffer> | null = null;
  if (drawn.phone instanceof Promise) phoneLater = drawn.phone;
  else if (drawn.phone?.status === 'fulfilled') phonePng = drawn.phone.value;
  else if (drawn.phone?.status === 'rejected') logger?.error({ err: drawn.phone.reason, gameId: game.row.id, version: game.row.version }, 'the phone picture could not be drawn; posting the board without it');
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
    // Replays: anyone may step through the game, privately.
    components.push(
      row(
        button(t(locale, 'board.rematch'), encodeCustomId({ ...id, verb: 'rematch' }), ButtonStyle.Success),
        button(t(locale, 'replay.button'), encodeCustomId({ ...id, verb: 'replay' }), ButtonStyle.Secondary),
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
      ),
    );
  }
  lines.push(...standsAt);
  const stem = `${game.module.definition.id}-${game.row.id}-${game.row.version}`;
  const files: NonNullable<PublicMessage['files']> = [];
  if (png !== null) files.push({ attachment: png, name: `${stem}.png`, description: t(locale, 'board.image', { game: presenter.name(locale) }) });
  // The phone picture goes in an embed: shown under the board at the width of the screen, not beside it.
  const phoneFile = { name: `${stem}-phone.png`, description: t(locale, 'board.phoneImage', { game: presenter.name(locale) }) };
  if (phonePng !== null) files.push({ attachment: phonePng, ...phoneFile });
  lines.push(...(notes.notes ?? []));
  // The turns just played, in whole lines within the room the message leaves them (in characters as Discord
  // counts them: code points).
  const room = CONTENT_MAX - characters([...lines, ...after].filter((l) => l !== '').join('\n')) - 2;
  lines.push(...summaryLines(presenter, game, lastTurn, locale, picture, room), ...after);
  return {
    content: fit(lines),
    components,
    allowedMentions: { users: userIds(game, mentioned) },
    ...(files.length === 0 ? {} : { files }),
    ...(phonePng === null ? {} : { embeds: [phoneEmbed(phoneFile.name)] }),
    // Without a board picture there is nothing for the phone picture to go under.
    ...(phoneLater === null || png === null ? {} : { phoneLater: { png: phoneLater, ...phoneFile, withdraw: drawn.withdraw } }),
  };
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

/** The embed that shows the phone picture (the attachment `name`) under the board, at the screen's width. */
export function phoneEmbed(name: string): APIEmbed {
  return { image: { url: `attachment://${name}` } };
}

interface DrawnPictures {
  readonly board: PromiseSettledResult<Buffer> | null;
  /** Settled; or still to come (boards wait for the render pool: the board is posted first); null: none. */
  readonly phone: PromiseSettledResult<Buffer> | Promise<Buffer> | null;
  readonly withdraw: () => void;
}

/**
 * The board and its phone picture, asked for together; the phone picture at idle priority, so in a burst
 * of turns every board is drawn before any phone picture. When the board is back and its phone picture is
 * not, and pictures still wait for the pool (boards, or phone pictures ahead of it), the board goes out
 * first and the phone picture follows.
 */
async function boardAndPhonePictures(presenter: GamePresenter, view: unknown, options: RenderOptions): Promise<DrawnPictures> {
  const withdrawal = new AbortController();
  const withdraw = () => withdrawal.abort(new Error('a newer board replaced this one'));
  const board = Promise.resolve(presenter.renderBoard(view, options));
  if (presenter.renderPhoneBoard === undefined) return { board: await settle(board), phone: null, withdraw };
  const phone = presenter.renderPhoneBoard(view, options, { signal: withdrawal.signal });
  // Noted as it settles (which also keeps a failure from being an unhandled rejection; it is logged where used).
  let settled: PromiseSettledResult<Buffer> | null = null;
  phone.then(
    (png) => (settled = { status: 'fulfilled', value: png }),
    (reason: unknown) => (settled = { status: 'rejected', reason }),
  );
  const boardDrawn = await settle(board);
  if (settled !== null) return { board: boardDrawn, phone: settled, withdraw };
  // Nothing waits for the pool (the phone picture, if not drawing, took the board's worker): worth waiting for.
  if ((presenter.pictureBacklog?.() ?? 0) === 0) return { board: boardDrawn, phone: await settle(phone), withdraw };
  return { board: boardDrawn, phone, withdraw };
}

/** A picture's outcome, drawn or failed. */
async function settle(png: Promise<Buffer>): Promise<PromiseSettledResult<Buffer>> {
  return (await Promise.allSettled([png]))[0] as PromiseSettledResult<Buffer>;
}

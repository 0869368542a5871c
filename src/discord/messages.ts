/**
 * Builds the bot's messages (lobby, board, turn panel, hand, log, reminder, idle vote) from the game
 * service's snapshots. Public messages use the game's locale (the server's), ephemeral ones the user's.
 * Hands and private events only ever go into ephemeral messages for their owner.
 */
import { banksLine, clockName, namesWithBanks } from './time-bank-text.js';
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIEmbed,
  type APIComponentInMessageActionRow,
  type MessageMentionOptions,
} from 'discord.js';
import { COMPUTER_LEVELS, computerName, isComputerPlayed, isComputerSeatId, movesAsTold, parseLevel, type ActiveSnapshot, type GameService, type LobbySnapshot, type SeatRow, type Snapshot, type StoredResult, type VoteTally } from '../app/game-service.js';
import type { EffectiveEntry } from '../app/log.js';
import type { SummaryEvent } from '../app/outbox.js';
import type { BankNow } from '../app/time-bank.js';
import { playingOrder } from '../app/module.js';
import { achievesNothing, isLocale, MAX_CHAIN, type GameEvent, type Locale, type Seat } from '../engine/index.js';
import { encodeCustomId, type Confirmable } from './codec.js';
import { compoundText, paymentText, type CompoundWords } from './compound-text.js';
import type { GamePresenter, RenderOptions } from '../games/contract.js';
import { t } from './i18n/index.js';
import { buildPanel, truncate, type PanelAction, type PanelRow } from './panel.js';
import { labelName, oneLine, plainName } from './text.js';
import { seatMarker } from './seat-marker.js';
import type { Logger } from '../logger.js';

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface PublicMessage {
  content: string;
  components: Row[];
  allowedMentions: MessageMentionOptions;
  files?: { attachment: Buffer; name: string; description?: string }[];
  /** Embeds; an image one shows an attachment of `files` by its name (`attachment://name`). */
  embeds?: APIEmbed[];
  /** A board posted before its phone picture was drawn (boards queued up): the picture to add to the post. */
  phoneLater?: PhonePictureLater;
}

/**
 * The phone picture of a board posted without it: drawn when the render pool has no board waiting, then
 * added to the post (as the file `name`, shown by the embed). `withdraw` gives it up (a newer board came).
 */
export interface PhonePictureLater {
  readonly png: Promise<Buffer>;
  readonly name: string;
  readonly description: string;
  withdraw(): void;
}

export interface PrivateMessage {
  content: string;
  components: Row[];
  /** A panel's picture (see GamePresenter.panelPicture); [] takes off the one an edited panel showed. */
  files?: { attachment: Buffer; name: string; description?: string }[];
}

export const CONTENT_MAX = 2000;

export function gameLocale(game: Snapshot): Locale {
  return isLocale(game.row.locale) ? game.row.locale : 'en';
}

/** A computer player's name with its level, in the reader's language ("Bot 2 (easy)"): every surface names one so. */
export function computerPlayerName(locale: Locale, name: string, level: string | null): string {
  return t(locale, 'computer.name', { name, level: t(locale, `computer.level.${parseLevel(level)}`) });
}

/**
 * A seat's name as shown: computer seats with their level ("Bot 1 (normal)"); `holderNow`: a seat a
 * computer plays now for its owner is marked (the board of now), else it is named by its own player (a
 * line about a past move, a replay: who held it then is told by the move's own mark). `locale`: the
 * reader's, where a private answer names the players (default: the table's).
 */
function seatName(game: Snapshot, seat: SeatRow, format: (raw: string) => string, holderNow = true, locale = gameLocale(game)): string {
  const name = format(seat.displayName);
  if (isComputerSeatId(seat.userId)) return computerPlayerName(locale, name, seat.computer);
  if (holderNow && (seat.computer !== null || seat.leftAt !== null)) return t(locale, 'computer.playing', { name });
  return name;
}

/** In message content a running or ended game's names carry their pieces' marker ("🟥 Alice"); a lobby has no pieces yet. */
function marked(game: Snapshot, seat: Seat, name: string): string {
  if (game.kind !== 'active') return name;
  const marker = seatMarker(game, seat);
  return marker === '' ? name : `${marker} ${name}`;
}

function seatNames(game: Snapshot, format: (raw: string) => string, withMarker = false, holderNow = true, locale = gameLocale(game)): string[] {
  const out: string[] = [];
  for (const seat of game.seats) {
    const name = seatName(game, seat, format, holderNow, locale);
    out[seat.seat] = withMarker ? marked(game, seat.seat, name) : name;
  }
  return out;
}

/** Players' names for message content: plain text, markdown escaped (see text.ts), each with its marker. */
export function names(game: Snapshot): string[] {
  return seatNames(game, plainName, true);
}

/** Players' names for button labels and select options (not markdown). */
export function labelNames(game: Snapshot): string[] {
  return seatNames(game, labelName);
}

/** Players' names for labels and pictures of a past moment (a replay): each seat by its own player, not by who plays it now. */
export function pastLabelNames(game: Snapshot, locale = gameLocale(game)): string[] {
  return seatNames(game, labelName, false, false, locale);
}

/** Players' names for the board picture (drawn, not markdown). */
function pictureNames(game: Snapshot): string[] {
  return seatNames(game, labelName);
}

/** A seat in message content: a mention of its player, or a computer seat's name (in `locale`, the reader's). */
export function mention(game: Snapshot, seat: Seat, locale = gameLocale(game)): string {
  const row = game.seats.find((s) => s.seat === seat);
  if (row === undefined) return `#${seat + 1}`;
  return marked(game, seat, isComputerSeatId(row.userId) ? seatName(game, row, plainName, true, locale) : `<@${row.userId}>`);
}

/** A player of any game by user id and a computer seat's level (history): a mention, or a computer player's name with its level. */
export function playerById(userId: string, level: string | null, locale: Locale): string {
  return isComputerSeatId(userId) ? computerPlayerName(locale, computerName(userId), level) : `<@${userId}>`;
}

/** The humans to ping for these seats (never a computer seat). */
function userIds(game: Snapshot, seats: readonly Seat[]): string[] {
  return seats.flatMap((seat) => game.seats.filter((s) => s.seat === seat && !isComputerSeatId(s.userId)).map((s) => s.userId));
}

const BUTTON_MAX = 80;

function button(label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style, label: truncate(label, BUTTON_MAX), custom_id: customId };
}

function row(...components: APIButtonComponentWithCustomId[]): Row {
  return { type: ComponentType.ActionRow, components };
}

/** A text's length as Discord counts it against its limits: in code points (an emoji marker is one). */
function characters(text: string): number {
  return [...text].length;
}

/** Joins lines and keeps the message within Discord's limit. */
function fit(lines: readonly string[]): string {
  return truncate(lines.filter((l) => l !== '').join('\n'), CONTENT_MAX);
}

/** Events a reader may see: public ones, and private ones addressed to `viewer`. */
export function visibleEvents<E extends GameEvent>(events: readonly E[], viewer: Seat | null): E[] {
  return events.filter((e) => e.visibleTo === undefined || (viewer !== null && e.visibleTo.includes(viewer)));
}

/** Events as one text within `max`, in whole events (the rest counted), never cut inside one. */
function eventText(presenter: GamePresenter, events: readonly GameEvent[], locale: Locale, playerNames: readonly string[], max: number): string {
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
function turnText(presenter: GamePresenter, game: Snapshot, events: readonly SummaryEvent[], locale: Locale, max: number, length?: (text: string) => number): string {
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

// ----- lobby ---------------------------------------------------------------------------------------------

export function optionLabel(presenter: GamePresenter, game: Snapshot, kind: 'layout' | 'variant', locale: Locale): string {
  const value = kind === 'layout' ? game.settings.layout : game.settings.variant;
  const choices = kind === 'layout' ? game.module.layouts : game.module.variants;
  const choice = choices.find((c) => c.value === value);
  if (choice === undefined) return t(locale, kind === 'layout' ? 'layout.none' : 'variant.none');
  return presenter.format(choice.label, locale, []);
}

/** The lobby's expansion line, for games that have expansions. */
function expansionLine(presenter: GamePresenter, game: LobbySnapshot, locale: Locale): string[] {
  const expansions = game.module.expansions ?? [];
  if (expansions.length === 0) return [];
  const choice = expansions.find((c) => c.value === (game.settings.expansion ?? null));
  return [t(locale, 'lobby.expansion', { expansion: choice === undefined ? t(locale, 'expansion.none') : presenter.format(choice.label, locale, []) })];
}

export function lobbyMessage(game: LobbySnapshot, presenter: GamePresenter): PublicMessage {
  const locale = gameLocale(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const { min } = game.module.definition.players;
  const players = game.seats.map((s) => mention(game, s.seat)).join(', ');
  const computers = game.seats.some((s) => isComputerSeatId(s.userId));
  // A full lobby offers no seat: no Join, no computer to add (both come back when a seat frees up).
  const full = game.seats.length >= game.settings.capacity;
  return {
    content: fit([
      t(locale, 'lobby.title', { game: presenter.name(locale), host: `<@${game.row.hostUserId}>` }),
      game.module.variants.length === 0
        ? t(locale, 'lobby.layoutOnly', { layout: optionLabel(presenter, game, 'layout', locale) })
        : t(locale, 'lobby.options', { layout: optionLabel(presenter, game, 'layout', locale), variant: optionLabel(presenter, game, 'variant', locale) }),
      ...expansionLine(presenter, game, locale),
      ...(clockName(locale, game.settings.clock) === null ? [] : [t(locale, 'clock.lobby', { clock: clockName(locale, game.settings.clock) ?? '' })]),
      t(locale, 'lobby.seats', { count: game.seats.length, capacity: game.settings.capacity, players }),
      full ? t(locale, 'lobby.hintFull') : min === game.settings.capacity ? t(locale, 'lobby.hintExact', { capacity: min }) : t(locale, 'lobby.hint', { min, capacity: game.settings.capacity }),
      ...(game.row.useThread ? [t(locale, 'lobby.inThread')] : []),
    ]),
    components: [
      row(
        ...(full ? [] : [button(t(locale, 'lobby.join'), encodeCustomId({ ...id, verb: 'join' }), ButtonStyle.Success)]),
        button(t(locale, 'lobby.leave'), encodeCustomId({ ...id, verb: 'quit' }), ButtonStyle.Secondary),
        button(t(locale, 'lobby.start'), encodeCustomId({ ...id, verb: 'start' }), ButtonStyle.Primary),
        button(t(locale, 'lobby.cancel'), encodeCustomId({ ...id, verb: 'cancel' }), ButtonStyle.Danger),
      ),
      // The host adds computer players by level (a game needs at least one human: the host).
      ...(full
        ? []
        : [
            {
              type: ComponentType.ActionRow as const,
              components: [
                {
                  type: ComponentType.StringSelect as const,
                  custom_id: encodeCustomId({ ...id, verb: 'addbot' }),
                  placeholder: t(locale, 'lobby.addComputer'),
                  min_values: 1,
                  max_values: 1,
                  options: COMPUTER_LEVELS.map((level) => ({ label: t(locale, `computer.level.${level}`), value: level })),
                },
              ],
            },
          ]),
      ...(computers ? [row(button(t(locale, 'lobby.removeComputer'), encodeCustomId({ ...id, verb: 'rmbot' }), ButtonStyle.Secondary))] : []),
    ],
    allowedMentions: { parse: [] },
  };
}

// ----- board ---------------------------------------------------------------------------------------------

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

/**
 * The ranks the picture of a game over shows (it is drawn over, whatever the rules' phase): the rules'
 * standings; a game won because every other player left, its winner; one ended early, none. Undefined while
 * the game runs.
 */
async function finalRanks(service: GameService, game: ActiveSnapshot, concededTo: Seat | null): Promise<{ seat: Seat; rank: number }[] | undefined> {
  if (service.isOver(game)) return service.standings(game).map(({ seat, rank }) => ({ seat, rank }));
  if (game.row.status === 'abandoned') return [];
  if (game.row.status !== 'finished') return undefined;
  const winner = concessionWinner(await service.finalResult(game.row.id), concededTo);
  return winner === null ? [] : [{ seat: winner, rank: 1 }];
}

/**
 * The winner of a game ended by concession, as its stored result has it (null: nobody won); `concededTo`,
 * the final board's own word, for a game ended before results were stored.
 */
function concessionWinner(stored: readonly StoredResult[], concededTo: Seat | null): Seat | null {
  return stored.length > 0 ? (stored.find((r) => r.rank === 1)?.seat ?? null) : concededTo;
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

/**
 * The final standings of a finished game, from the result stored when it ended (decided once, in the
 * commit that ended it; the history, the statistics and the ratings read the same rows): the rules'
 * standings, or the winner by concession, or nobody (no present human was left at the table: see the
 * rules notes, "At the table"). `concededTo`: the final board's own word, for a game ended before results
 * were stored.
 */
export async function standingsLines(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, concededTo: Seat | null = null): Promise<string[]> {
  const stored = await service.finalResult(game.row.id);
  // Named in the reader's language (a replay is read in the reader's, the final board in the table's).
  const playerNames = seatNames(game, plainName, true, true, locale);
  const named = (seat: Seat): string => mention(game, seat, locale);
  if (!service.isOver(game)) {
    const winner = concessionWinner(stored, concededTo);
    return [winner === null ? t(locale, 'board.concededNobody') : t(locale, 'board.conceded', { player: named(winner) })];
  }
  const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
  const storedRank = new Map(stored.map((r) => [r.seat, r.rank]));
  const standings = service.standings(game).map((s) => ({ ...s, rank: storedRank.get(s.seat) ?? s.rank }));
  const lines = [t(locale, 'board.over')];
  for (const standing of standings.sort((a, b) => a.rank - b.rank || a.seat - b.seat)) {
    const summary = presenter.format(standing.summary, locale, playerNames);
    const row = game.seats.find((s) => s.seat === standing.seat);
    // Computer seats carry their name and level; a human's seat a computer played at the end says so.
    const handedOver = row !== undefined && !isComputerSeatId(row.userId) && row.computer !== null && row.leftAt === null;
    const name = handedOver ? t(locale, 'computer.playing', { name: named(standing.seat) }) : named(standing.seat);
    const player = left.has(standing.seat) ? t(locale, 'board.standingLeft', { player: name }) : name;
    lines.push(t(locale, 'board.standing', { rank: standing.rank, player, summary }));
  }
  return lines;
}

// ----- the turn panel ------------------------------------------------------------------------------------

export interface PanelNotes {
  readonly notice?: string;
  /** What the last click did (events visible to this seat). */
  readonly did?: readonly GameEvent[];
  readonly page?: { readonly group: number; readonly page: number };
  /** A learning game's coaching (coaching.ts): the verdict after what the click did, the hint and a tip after the decision. */
  readonly coaching?: { readonly verdict?: string; readonly hint?: string; readonly tip?: string };
}

/**
 * The panel group of the compound choices (see GameService.chains): first, before the step-by-step groups,
 * unless every one of them achieves nothing (skips the action, ends the turn): then last, in grey.
 */
export const CHAIN_GROUP = '*chain';

/**
 * The choices a panel offers, in order: the compound choices first (index: the number of legal actions plus
 * their number), then every legal action. Shared with the clicks-per-turn benchmark.
 */
export function panelChoices(legal: readonly unknown[], compounds: readonly (readonly unknown[])[]): { index: number; steps: readonly unknown[] }[] {
  return [...compounds.map((steps, k) => ({ index: legal.length + k, steps })), ...legal.map((action, index) => ({ index, steps: [action] }))];
}

/** A compound's words in the reader's language, with the players' names cut where the label needs it. */
function compoundWords(game: ActiveSnapshot, presenter: GamePresenter, locale: Locale): CompoundWords {
  const playerNames = labelNames(game);
  return (nameMax) => {
    const shown = nameMax === null ? playerNames : playerNames.map((name) => oneLine(name, nameMax));
    const say = (m: Parameters<GamePresenter['format']>[0]): string => presenter.format(m, locale, shown);
    return { say, describe: (action) => say(game.module.definition.describeAction(action)) };
  };
}

/** A compound choice's panel group: the game's own (see GamePresenter.compoundGroup), or the one "In one go…". */
export function compoundGroupOf(presenter: GamePresenter, steps: readonly unknown[], chainGroup: string, say: (m: Parameters<GamePresenter['format']>[0]) => string): { group: string; groupLabel: string } {
  const own = presenter.compoundGroup?.(steps);
  return own === undefined ? { group: CHAIN_GROUP, groupLabel: chainGroup } : { group: `${CHAIN_GROUP}:${own.id}`, groupLabel: say(own.label) };
}

export function panelActions(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale): PanelAction[] {
  const words = compoundWords(game, presenter, locale);
  const legal = service.legalActions(game, seat);
  const details = service.optionDetails(game, seat, legal);
  const chainGroup = t(locale, 'panel.chainGroup');
  const { say, describe } = words(null);
  const actions = panelChoices(legal, service.compounds(game, seat, legal)).map(({ index, steps }): PanelAction => {
    if (index >= legal.length) {
      // A compound choice names what it achieves first; one that achieves nothing is offered last.
      const info = service.compoundSteps(game, seat, steps);
      const text = compoundText(info, words);
      return {
        index,
        label: text.label,
        ...(text.details.length === 0 ? {} : { details: text.details }),
        // One "In one go…", or the game's own groups of them when there are more than a select shows.
        ...compoundGroupOf(presenter, steps, chainGroup, say),
        always: achievesNothing(info.map((s) => s.kind)),
      };
    }
    const group = presenter.group(steps[0]);
    const parts = (details[index] ?? []).map(say);
    return {
      index,
      label: describe(steps[0]),
      ...(parts.length === 0 ? {} : { details: parts }),
      group: group.id,
      groupLabel: group.label === null ? chainGroup : say(group.label),
      always: group.always,
    };
  });
  return ownGroupsInOrder(actions);
}

/**
 * A game's own compound groups in the order of their ids, whichever choice came first (Kairo: sections 1–3,
 * 4–6, 7–9 though violet, first of the colours, opens only 4–9); in the places the compound choices hold.
 */
function ownGroupsInOrder(actions: readonly PanelAction[]): PanelAction[] {
  const own = (action: PanelAction): boolean => action.group.startsWith(`${CHAIN_GROUP}:`);
  const sorted = actions.filter(own).sort((a, b) => a.group.localeCompare(b.group, 'en', { numeric: true }));
  let next = 0;
  return actions.map((action) => (own(action) ? (sorted[next++] as PanelAction) : action));
}

export async function panelRows(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, page?: { group: number; page: number }): Promise<PanelRow[]> {
  const log = await service.recentEffective(game, MAX_CHAIN + 1);
  const canUndo = await service.canUndo(game, seat, log);
  const whole = await service.compoundUndoSteps(game, seat, log);
  return buildPanel({
    gameId: game.row.id,
    version: game.row.version,
    seat,
    actions: panelActions(service, game, presenter, seat, locale),
    canUndo,
    ...(whole === 0 ? {} : { undoWhole: undoWholeLabel(game, presenter, locale, log.slice(-whole)) }),
    // Advice only makes sense with a choice to make.
    ...(service.legalActions(game, seat).length > 1 ? { suggest: t(locale, 'panel.suggest') } : {}),
    ...(page === undefined ? {} : { page }),
    labels: {
      undo: t(locale, 'panel.undo'),
      more: t(locale, 'panel.more'),
      previousPage: t(locale, 'panel.previousPage'),
      nextPage: t(locale, 'panel.nextPage'),
      page: (group, p, pages) => t(locale, 'panel.page', { group, page: p, pages }),
    },
  });
}

/** "Undo the whole “Move to Great Market” (3 steps)": the compound named by its first step, cut to fit a button. */
function undoWholeLabel(game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, steps: readonly EffectiveEntry[]): string {
  const first = steps[0] === undefined ? '' : presenter.format(game.module.definition.describeAction(steps[0].action), locale, labelNames(game));
  const label = (action: string): string => t(locale, 'panel.undoCompound', { action, count: steps.length });
  const room = BUTTON_MAX - [...label('')].length;
  return label([...first].length <= room ? first : truncate(first, Math.max(room, 1)));
}

/**
 * The private question before a compound choice that pays and then does nothing (it cannot be taken back
 * once the turn ends): what it costs and why nothing can be done there, Yes and "back to my choices".
 */
export function compoundConfirmMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, index: number, locale: Locale): PrivateMessage {
  const words = compoundWords(game, presenter, locale);
  const { say } = words(null);
  const legal = service.legalActions(game, seat);
  const steps = service.compounds(game, seat, legal)[index - legal.length] ?? [];
  const info = service.compoundSteps(game, seat, steps);
  const text = compoundText(info, words);
  const reason = info.flatMap((s) => s.reasons.map(say)).join(' ');
  const id = { gameId: game.row.id, version: game.row.version, seat };
  return {
    content: fit([t(locale, 'compound.confirm', { choice: text.label, cost: paymentText(info, say).join(', '), reason }).trim()]),
    components: [
      row(
        button(t(locale, 'compound.confirmButton'), encodeCustomId({ ...id, verb: 'sure', index }), ButtonStyle.Danger),
        button(t(locale, 'compound.cancel'), encodeCustomId({ ...id, verb: 'back' }), ButtonStyle.Secondary),
      ),
    ],
  };
}

/** The seat's panel, or a short text when it has nothing to decide. */
export async function panelMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, notes: PanelNotes = {}): Promise<PrivateMessage> {
  const playerNames = names(game);
  const lines: string[] = [];
  if (notes.notice !== undefined) lines.push(notes.notice);
  const did = visibleEvents(notes.did ?? [], seat);
  if (did.length > 0) lines.push(t(locale, 'panel.did', { events: eventText(presenter, did, locale, playerNames, 800) }));
  if (notes.coaching?.verdict !== undefined) lines.push(notes.coaching.verdict);
  if (game.row.status !== 'active') {
    lines.push(t(locale, 'panel.gameOver'));
    return { content: fit(lines), components: [] };
  }
  const active = service.activeSeats(game);
  if (!active.includes(seat)) {
    lines.push(t(locale, 'refusal.not_your_turn', { players: active.map((s) => playerNames[s] ?? `#${s + 1}`).join(', ') }));
    return { content: fit(lines), components: [] };
  }
  const view = service.seatView(game, seat);
  lines.push(t(locale, 'panel.prompt', { prompt: presenter.prompt(view, seat, locale, playerNames) }));
  // Why the choice is narrow (a dead end), what is still owed.
  for (const note of service.decisionNotes(game, seat)) lines.push(presenter.format(note, locale, playerNames));
  if (notes.coaching?.hint !== undefined) lines.push(notes.coaching.hint);
  if (notes.coaching?.tip !== undefined) lines.push(notes.coaching.tip);
  return withPanelPicture(service, game, presenter, locale, { content: fit(lines), components: await panelRows(service, game, presenter, seat, locale, notes.page) });
}

/**
 * The panel with the picture its game gives it now (see GamePresenter.panelPicture), drawn in the render
 * pool from the public view; for a game that gives such pictures, without one when it gives none now (an
 * edited panel keeps the files it had unless told otherwise). A picture that cannot be drawn holds up no
 * decision: the panel goes without it.
 */
async function withPanelPicture(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, message: PrivateMessage): Promise<PrivateMessage> {
  if (presenter.panelPicture === undefined) return message;
  const picture = presenter.panelPicture(service.publicView(game), { locale, names: pictureNames(game) });
  if (picture === null) return { ...message, files: [] };
  try {
    const name = `${game.module.definition.id}-${game.row.id}-${game.row.version}-panel.png`;
    return { ...message, files: [{ attachment: await picture.png, name, description: picture.description }] };
  } catch {
    return { ...message, files: [] };
  }
}

// ----- hand, log -----------------------------------------------------------------------------------------

export function handMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale): PrivateMessage {
  const view = service.seatView(game, seat);
  const title = game.row.status === 'active' ? t(locale, 'hand.title') : t(locale, game.row.status === 'abandoned' ? 'hand.titleAbandoned' : 'hand.titleFinished', { id: game.row.id });
  return { content: fit([title, presenter.hand(view, seat, locale, names(game))]), components: [] };
}

/** A page of the log holds at most this much text: a Discord message, with room for its title and page line. */
const LOG_PAGE_MAX = CONTENT_MAX - 200;

/**
 * The log's lines split into pages, oldest page first, filled from the newest: the newest page (shown
 * first) is full, the oldest may be short. `perPage` (0: no limit) bounds the lines of a page.
 */
export function logPages(lines: readonly string[], perPage: number, max = LOG_PAGE_MAX): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    const full = (perPage > 0 && page.length >= perPage) || (page.length > 0 && size + 1 + line.length > max);
    if (full) {
      pages.unshift(page);
      page = [];
      size = 0;
    }
    page.unshift(line);
    size += (page.length > 1 ? 1 : 0) + line.length;
  }
  if (page.length > 0 || pages.length === 0) pages.unshift(page);
  return pages;
}

/** Which page of the log to show: counted from the oldest, from 1 (absent: the newest); `perPage` as in `logPages`. */
export interface LogRequest {
  readonly page?: number;
  readonly perPage: number;
}

/** The whole game's log as `viewer` may see it, one line per move that shows something, oldest first. */
export async function logLines(service: GameService, game: Snapshot, presenter: GamePresenter, viewer: Seat | null, locale: Locale): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await service.effectiveLog(game)) {
    const events = visibleEvents(entry.events, viewer);
    const playerNames = turnNames(game, entry.seat, entry.computer === true, locale);
    // A safe move played for a computer player that could not decide says so, even when it shows nothing.
    const fallback = entry.fallback === true ? t(locale, 'log.computerFallback', { player: playerNames[entry.seat] ?? `#${entry.seat + 1}` }) : '';
    if (events.length === 0 && fallback === '') continue;
    lines.push([eventText(presenter, events, locale, playerNames, 400), fallback].filter((s) => s !== '').join(' '));
  }
  return lines;
}

/**
 * A page of the whole game's log as `viewer` may see it (public events, and their own private ones), with
 * ◀ ▶ to the older and newer pages; null when there is no such page. Each move names its player as it was
 * played: "(computer)" when a computer player made it.
 */
export async function logMessage(service: GameService, game: Snapshot, presenter: GamePresenter, viewer: Seat | null, locale: Locale, request: LogRequest): Promise<PrivateMessage | null> {
  const body = await logLines(service, game, presenter, viewer, locale);
  const pages = logPages(body, request.perPage);
  const page = request.page ?? pages.length;
  const lines = pages[page - 1];
  if (lines === undefined) return null;
  const title = game.row.status === 'finished' ? 'log.titleFinished' : game.row.status === 'abandoned' ? 'log.titleAbandoned' : 'log.title';
  const out = [t(locale, title, { id: game.row.id })];
  if (pages.length > 1) out.push(t(locale, 'log.page', { page, pages: pages.length }));
  if (body.length === 0) out.push(t(locale, 'log.empty'));
  out.push(lines.join('\n'));
  const to = (target: number): string =>
    encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'logp', viewer: viewer === null ? 0 : viewer + 1, page: target, perPage: request.perPage });
  const buttons = [
    ...(page > 1 ? [button(t(locale, 'log.older'), to(page - 1), ButtonStyle.Secondary)] : []),
    ...(page < pages.length ? [button(t(locale, 'log.newer'), to(page + 1), ButtonStyle.Secondary)] : []),
  ];
  return { content: fit(out), components: buttons.length === 0 ? [] : [row(...buttons)] };
}

// ----- reminders and idle votes --------------------------------------------------------------------------

/** `banks`: the game's time banks now (a game with a clock): the reminded seats' are shown. */
export function reminderMessage(game: ActiveSnapshot, presenter: GamePresenter, seats: readonly Seat[], count: number, limit: number, banks: readonly BankNow[] = []): PublicMessage {
  const locale = gameLocale(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const bankLine = banksLine(locale, banks.filter((b) => seats.includes(b.seat)), names(game));
  return {
    content: fit([t(locale, 'reminder.text', { players: seats.map((s) => mention(game, s)).join(', '), game: presenter.name(locale), id: game.row.id, count, limit }), ...(bankLine === null ? [] : [bankLine])]),
    components: [
      row(
        button(t(locale, 'board.takeTurn'), encodeCustomId({ ...id, verb: 'turn' }), ButtonStyle.Primary),
        ...seats.map((seat) =>
          button(
            seats.length === 1 ? t(locale, 'reminder.snooze') : `${t(locale, 'reminder.snooze')} (${labelNames(game)[seat] ?? seat + 1})`,
            encodeCustomId({ ...id, verb: 'snooze', seat }),
            ButtonStyle.Secondary,
          ),
        ).slice(0, 4),
      ),
    ],
    allowedMentions: { users: userIds(game, seats) },
  };
}

/** One of the games a reminder lists: public facts only, and the link that opens its table. */
export interface ReminderLine {
  readonly game: string;
  readonly id: number;
  readonly since: number;
  readonly count: number;
  readonly limit: number;
  readonly link: string;
  /** The player's time bank there (a game with a clock), in words; null: none. */
  readonly bank: string | null;
}

/** "[Istanbul #3](link) · waiting since <t:…:R> · reminder 1 of 3 · ⏱ 45m (running)". */
export function reminderLine(locale: Locale, line: ReminderLine): string {
  const text = t(locale, 'reminder.line', { game: line.game, id: line.id, link: line.link, since: relativeTime(line.since), count: line.count, limit: line.limit });
  return line.bank === null ? text : `${text} · ⏱ ${line.bank}`;
}

/**
 * One reminder for a player waited for at several tables, posted at the one that waited longest (`game`):
 * one mention, then every game with a link to its table, longest-waiting first. Take turn and Snooze are
 * this table's; Snooze postpones the reminders that came with it too.
 */
export function reminderTogetherMessage(game: ActiveSnapshot, seats: readonly Seat[], lines: readonly ReminderLine[]): PublicMessage {
  const locale = gameLocale(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const player = seats.map((s) => mention(game, s)).join(', ');
  return {
    content: fit([t(locale, 'reminder.together', { player, count: lines.length }), ...lines.map((line) => reminderLine(locale, line))]),
    components: [
      row(
        button(t(locale, 'board.takeTurn'), encodeCustomId({ ...id, verb: 'turn' }), ButtonStyle.Primary),
        ...seats.map((seat) => button(t(locale, 'reminder.snooze'), encodeCustomId({ ...id, verb: 'snooze', seat }), ButtonStyle.Secondary)).slice(0, 1),
      ),
    ],
    allowedMentions: { users: userIds(game, seats) },
  };
}

/** The seats' time banks are low: a message of its own, with what is left of each (`left` by seat). */
export function bankLowMessage(game: ActiveSnapshot, presenter: GamePresenter, seats: readonly Seat[], left: ReadonlyMap<Seat, string>): PublicMessage {
  const locale = gameLocale(game);
  const lines = seats.map((seat) => t(locale, 'reminder.bankLow', { player: mention(game, seat), game: presenter.name(locale), id: game.row.id, left: left.get(seat) ?? '' }));
  return { content: fit(lines), components: [], allowedMentions: { users: userIds(game, seats) } };
}

/** `hours`: how long the seats have really been deciding (see `hoursSince`). */
export function voteMessage(game: ActiveSnapshot, seats: readonly Seat[], hours: number, repeat: boolean, tallies: readonly (VoteTally | null)[]): PublicMessage {
  const locale = gameLocale(game);
  const playerNames = labelNames(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const lines: string[] = [];
  const rows: Row[] = [];
  seats.forEach((seat, i) => {
    const tally = tallies[i] ?? null;
    const needed = tally?.needed ?? Math.floor((game.seats.filter((s) => s.leftAt === null).length - 1) / 2) + 1;
    lines.push(t(locale, repeat ? 'vote.repeat' : 'vote.open', { player: mention(game, seat), hours, needed }));
    if (tally !== null) lines.push(t(locale, 'vote.tally', { skip: tally.skip.length, kick: tally.kick.length, needed }));
    const player = playerNames[seat] ?? `#${seat + 1}`;
    rows.push(
      row(
        button(t(locale, 'vote.skip', { player }), encodeCustomId({ ...id, verb: 'vote', seat, choice: 'skip' }), ButtonStyle.Secondary),
        button(t(locale, 'vote.kick', { player }), encodeCustomId({ ...id, verb: 'vote', seat, choice: 'kick' }), ButtonStyle.Danger),
      ),
    );
  });
  return { content: fit(lines), components: rows.slice(0, 5), allowedMentions: { users: userIds(game, seats) } };
}

/** Whole hours from `since` to `now` (a vote opened after 53 hours says 53, whatever the idle setting was). */
export function hoursSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 3_600_000));
}

/** A clock time as Discord shows it to each reader in their own time zone ("in 2 hours", "3 minutes ago"). */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

// ----- settings ------------------------------------------------------------------------------------------

export interface SettingsValues {
  readonly reminderIntervalMinutes: number;
  readonly reminderLimit: number;
  readonly idleAfterMinutes: number;
}

export function settingsText(locale: Locale, id: number, values: SettingsValues): string {
  return t(locale, 'settings.show', {
    id,
    hours: Math.round((values.reminderIntervalMinutes / 60) * 10) / 10,
    limit: values.reminderLimit,
    idle: Math.round((values.idleAfterMinutes / 60) * 10) / 10,
  });
}

/** The table is told of a settings change, and when the next reminder and the idle vote now come. */
export function settingsMessage(game: Snapshot, userId: string, values: SettingsValues, nextReminderAt: number | null, idleAt: number | null): PublicMessage {
  const locale = gameLocale(game);
  const lines = [t(locale, 'settings.announced', { user: `<@${userId}>`, settings: settingsText(locale, game.row.id, values) })];
  if (idleAt !== null) {
    lines.push(
      nextReminderAt === null
        ? t(locale, 'settings.turnNoReminder', { idle: relativeTime(idleAt) })
        : t(locale, 'settings.turnTimers', { reminder: relativeTime(nextReminderAt), idle: relativeTime(idleAt) }),
    );
  }
  return { content: fit(lines), components: [], allowedMentions: { parse: [] } };
}

// ----- confirmations -------------------------------------------------------------------------------------

/**
 * The private question before a destructive command: what will happen, and two buttons (do it / keep
 * playing). The buttons carry the game's version when asked, so an answer after the game moved on is refused.
 */
export function confirmMessage(game: { readonly id: number; readonly version: number }, what: Confirmable, question: string, locale: Locale): PrivateMessage {
  const id = { gameId: game.id, version: game.version };
  return {
    content: fit([question]),
    components: [
      row(
        button(t(locale, what === 'leave' ? 'confirm.leaveButton' : 'confirm.abandonButton'), encodeCustomId({ ...id, verb: 'confirm', what }), ButtonStyle.Danger),
        button(t(locale, 'confirm.keep'), encodeCustomId({ ...id, verb: 'keep' }), ButtonStyle.Secondary),
      ),
    ],
  };
}

/** The line in the channel when a game is ended early: who ended it, and the standings kept as its result. */
export function abandonedMessage(service: GameService, game: Snapshot, presenter: GamePresenter, userId: string, recorded: boolean): PublicMessage {
  const locale = gameLocale(game);
  const lines = [t(locale, recorded ? 'board.abandonedRecorded' : 'board.abandoned', { user: `<@${userId}>`, id: game.row.id, game: presenter.name(locale) })];
  if (recorded && game.kind === 'active') lines.push(...standingsNow(service, game, presenter, locale));
  return { content: fit(lines), components: [], allowedMentions: { parse: [] } };
}

/** The rules' standings as they are now, one line per player (what ending the game early keeps). */
export function standingsNow(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale): string[] {
  // Named in `locale`: the table's on its board, the reader's in a replay or a private question.
  const playerNames = seatNames(game, plainName, true, true, locale);
  return [...service.standings(game)]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((standing) => t(locale, 'board.standing', { rank: standing.rank, player: mention(game, standing.seat, locale), summary: presenter.format(standing.summary, locale, playerNames) }));
}

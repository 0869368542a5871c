/**
 * One frame of a replay as a private message: the board picture at that point (public view only, drawn by
 * the game's presenter, i.e. in the render pool), where it is in the game, that turn's public log lines,
 * ◀ ▶ to the previous and next turn and a "go to round" menu. Nothing private of any seat is shown, to
 * anyone: a replay is the table's view, whoever asks.
 */
import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId, type APISelectMenuOption } from 'discord.js';
import type { ReplayFrameView, OpenReplay } from '../../app/replay/book.js';
import type { ReplayIndex } from '../../app/replay/frames.js';
import type { SummaryEvent } from '../../app/outbox.js';
import { visibleEvents, type Locale } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import { movesAsTold, type GameService } from '../../app/game-service.js';
import { encodeCustomId, encodeFrameValue } from '../codec.js';
import { t } from '../i18n/index.js';
import { CONTENT_MAX, heldAt, pastLabelNames, playingOrderText, standingsLines, standingsNow, turnNames, type Row } from '../messages/index.js';
import { truncate } from '../panel.js';
import { pictureAltText } from '../messages/board-text.js';

/** A select offers at most 25 options: the start, the end and this many rounds around the current one. */
const ROUNDS_OFFERED = 23;
/** A turn's line in the message (a long Kiosk turn stays readable, and the message within Discord's limit). */
const LINE_MAX = 400;

export interface ReplayFrameMessage {
  readonly content: string;
  readonly components: Row[];
  /** The frame's picture; absent when it could not be drawn (the text says so). */
  readonly file?: { readonly attachment: Buffer; readonly name: string; readonly description: string };
}

/** The frame's picture, drawn on demand (and cached by the caller). */
export type FramePicture = (frame: ReplayFrameView, lastTurn: readonly SummaryEvent[]) => Promise<Buffer | null>;

/** The public events of a frame's turn, marked when a computer made them (as the board's summary is). */
export function publicEventsOf(frame: ReplayFrameView): SummaryEvent[] {
  return visibleEvents(movesAsTold(frame.entries), null);
}

/** One line per move of the turn that shows something public, each naming its player as it was played. */
function turnLines(open: OpenReplay, frame: ReplayFrameView, presenter: GamePresenter, locale: Locale): string[] {
  const lines: string[] = [];
  for (const entry of frame.entries) {
    const events = visibleEvents(entry.events, null);
    const names = turnNames(heldAt(open.game, open.holders, entry.sequence), entry.seat, entry.computer === true, locale);
    const fallback = entry.fallback === true ? t(locale, 'log.computerFallback', { player: names[entry.seat] ?? `#${entry.seat + 1}` }) : '';
    if (events.length === 0 && fallback === '') continue;
    const text = [events.map((e) => presenter.format(e, locale, names)).join('; '), fallback].filter((s) => s !== '').join(' ');
    lines.push(`- ${truncate(text, LINE_MAX)}`);
  }
  return lines;
}

/** The rounds offered in the menu: all of them, or a window around the current one. */
function offeredRounds(index: ReplayIndex, current: number): number[] {
  const all = Array.from({ length: index.rounds }, (_, i) => i + 1);
  if (all.length <= ROUNDS_OFFERED) return all;
  const first = Math.min(Math.max(1, current - Math.floor(ROUNDS_OFFERED / 2)), index.rounds - ROUNDS_OFFERED + 1);
  return all.slice(first - 1, first - 1 + ROUNDS_OFFERED);
}

function roundMenu(open: OpenReplay, frame: ReplayFrameView, locale: Locale): Row {
  const { index, game } = open;
  const last = index.frames.length - 1;
  const options: APISelectMenuOption[] = [{ label: t(locale, 'replay.optionStart'), value: encodeFrameValue(0), default: frame.frame.index === 0 }];
  const atEnd = frame.frame.index === last && last > 0;
  for (const round of offeredRounds(index, frame.frame.round)) {
    const first = index.roundStarts[round] as number;
    options.push({ label: t(locale, 'replay.optionRound', { round }), value: encodeFrameValue(first), default: !atEnd && frame.frame.round === round && frame.frame.index !== 0 });
  }
  // The last frame, unless a round's option already leads there.
  if (last > 0 && !options.some((o) => o.value === encodeFrameValue(last))) {
    const label = t(locale, game.row.status === 'active' ? 'replay.optionNow' : 'replay.optionEnd', { turn: last });
    options.push({ label, value: encodeFrameValue(last), default: atEnd });
  } else if (atEnd) {
    for (const option of options) option.default = option.value === encodeFrameValue(last);
  }
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'rround' }),
        placeholder: t(locale, 'replay.goTo'),
        min_values: 1,
        max_values: 1,
        options,
      },
    ],
  };
}

function stepButtons(open: OpenReplay, frame: ReplayFrameView, locale: Locale): Row | null {
  const { game, index } = open;
  const to = (target: number, label: string): APIButtonComponentWithCustomId => ({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label,
    custom_id: encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'rframe', frame: target }),
  });
  const k = frame.frame.index;
  const buttons = [...(k > 0 ? [to(k - 1, t(locale, 'replay.previous'))] : []), ...(k < index.frames.length - 1 ? [to(k + 1, t(locale, 'replay.next'))] : [])];
  // A finished game's analysis, from any of its frames.
  if (game.row.status === 'finished') {
    buttons.push({ type: ComponentType.Button, style: ButtonStyle.Secondary, label: t(locale, 'analysis.button'), custom_id: encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'analysis' }) });
  }
  return buttons.length === 0 ? null : { type: ComponentType.ActionRow, components: buttons };
}

/** The log sequence a frame shows the game at: its turn's first move (the start: 0, before any). */
export function frameSequence(open: OpenReplay, frame: ReplayFrameView): number {
  return frame.frame.index === 0 ? 0 : (open.index.entries[frame.frame.from]?.sequence ?? 0);
}

/** The message of one frame, in the reader's language. */
export async function replayFrameMessage(
  service: GameService,
  open: OpenReplay,
  frame: ReplayFrameView,
  presenter: GamePresenter,
  locale: Locale,
  picture: FramePicture,
): Promise<ReplayFrameMessage> {
  const { game, index } = open;
  const turns = index.frames.length - 1;
  const k = frame.frame.index;
  const head = [t(locale, 'replay.title', { game: presenter.name(locale), id: game.row.id, status: game.row.status })];
  head.push(k === 0 ? t(locale, 'replay.start', { turns }) : t(locale, 'replay.turn', { round: frame.frame.round, turn: k, turns }));
  const shown = publicEventsOf(frame);
  const png = await picture(frame, shown);
  if (png === null) head.push(t(locale, 'board.noPicture'));
  // Each seat by who held it at this frame (the start: who sat there); a move a computer made says so in its line.
  const held = heldAt(game, open.holders, frameSequence(open, frame));
  const status = presenter.status(frame.view, locale, pastLabelNames(held, locale));
  if (status !== '') head.push(status);
  if (k === 0) head.push(t(locale, 'board.order', playingOrderText(held, locale)));
  // The end of an ended game: its standings, as its final board gave them.
  const tail: string[] = [];
  if (k === turns && game.row.status === 'finished') tail.push(...(await standingsLines(service, game, presenter, locale)));
  if (k === turns && game.row.status === 'abandoned') tail.push(t(locale, 'board.abandonedStandings'), ...standingsNow(service, game, presenter, locale));
  const body: string[] = [];
  if (k > 0) {
    const lines = turnLines(open, frame, presenter, locale);
    body.push(t(locale, 'replay.thisTurn'), ...(lines.length > 0 ? lines : [t(locale, 'replay.nothingShown')]));
  }
  const components: Row[] = [];
  const buttons = stepButtons(open, frame, locale);
  if (buttons !== null) components.push(buttons);
  components.push(roundMenu(open, frame, locale));
  const name = `replay-${game.row.id}-${k}.png`;
  return {
    content: fitted(head, body, tail),
    components,
    ...(png === null
      ? {}
      : { file: { attachment: png, name, description: pictureAltText(presenter, t(locale, 'replay.image', { game: presenter.name(locale) }), { view: frame.view, locale, names: pastLabelNames(held, locale), lastTurn: shown }) } }),
  };
}

/** The head and the tail whole, the turn's lines as many as fit between them (a cut line says so with "…"). */
function fitted(head: readonly string[], body: readonly string[], tail: readonly string[]): string {
  const fixed = [...head, ...tail].join('\n').length + 2;
  const room = CONTENT_MAX - fixed;
  const kept: string[] = [];
  let used = 0;
  for (const line of body) {
    if (used + line.length + 1 > room) {
      if (room - used > 2) kept.push('…');
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  return truncate([...head, ...kept, ...tail].join('\n'), CONTENT_MAX);
}

/** The game's log as a viewer may see it, in pages, newest first. */
import { ButtonStyle } from 'discord.js';
import type { GameService, Snapshot } from '../../app/game-service.js';
import { visibleEvents, type Locale, type Seat } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { type PrivateMessage, CONTENT_MAX, button, row, fit } from './shared.js';
import { eventText, turnNames } from './turns.js';
import { heldAt } from './names.js';

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
  // Each move by who held its seat then (a substitute took it later, or gave it back).
  const holders = await service.seatHolders(game);
  for (const entry of await service.effectiveLog(game)) {
    const events = visibleEvents(entry.events, viewer);
    const playerNames = turnNames(heldAt(game, holders, entry.sequence), entry.seat, entry.computer === true, locale);
    // The fallback move played for a computer player that could not decide says so, even when it shows nothing.
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

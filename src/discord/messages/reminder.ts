/** Reminders: one table's reminder, one for a player waited for at several tables, and the low time bank message. */
import { banksLine } from '../time-bank-text.js';
import { ButtonStyle } from 'discord.js';
import type { ActiveSnapshot } from '../../app/game-service.js';
import type { BankNow } from '../../app/time-bank.js';
import type { Locale, Seat } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { type PublicMessage, gameLocale, button, row, fit, relativeTime } from './shared.js';
import { names, labelNames, mention, userIds } from './names.js';

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

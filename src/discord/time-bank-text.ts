/**
 * The time banks in words: "2d 4h" for a bank, the board's line with every player's bank, and
 * the names on the board picture with each bank beside its player.
 */
import type { Locale } from '../engine/index.js';
import { bankParts, clockChoice, type BankNow } from '../app/time-bank.js';
import { t, type CoreKey } from './i18n/index.js';

/** A bank, shortest first: "2d 4h", "5h 20m", "12m". */
export function bankText(locale: Locale, ms: number): string {
  const { days, hours, minutes } = bankParts(ms);
  if (days > 0) return t(locale, 'clock.days', { days, hours });
  if (hours > 0) return t(locale, 'clock.hours', { hours, minutes });
  return t(locale, 'clock.minutes', { minutes });
}

/** The clock as the command's choices and the lobby name it: "3 days + 4 h per move" (null: no clock). */
export function clockName(locale: Locale, value: string | undefined): string | null {
  const clock = clockChoice(value);
  return clock === null ? null : t(locale, `clock.choice.${clock.value}` as CoreKey);
}

/** One player's bank on the board: running (▶), standing still while away, or empty. */
export function bankState(locale: Locale, bank: BankNow): string {
  const left = bankText(locale, bank.leftMs);
  if (bank.pausedUntil !== null) return t(locale, 'clock.paused', { left, date: `<t:${Math.floor(bank.pausedUntil / 1000)}:f>` });
  return bank.running ? t(locale, 'clock.running', { left }) : left;
}

/** The board's line: every human player's bank, named as in the message (`names` by seat). */
export function banksLine(locale: Locale, banks: readonly BankNow[], names: readonly string[]): string | null {
  if (banks.length === 0) return null;
  const list = banks.map((b) => `${names[b.seat] ?? `#${b.seat + 1}`} ${bankState(locale, b)}`).join(' · ');
  return t(locale, 'clock.line', { banks: list });
}

/** The names drawn on the board picture, each human's with their bank ("Alice · 2d 4h"). */
export function namesWithBanks(locale: Locale, names: readonly string[], banks: readonly BankNow[]): string[] {
  const out = [...names];
  for (const bank of banks) {
    const name = out[bank.seat];
    if (name !== undefined) out[bank.seat] = `${name} · ${bankText(locale, bank.leftMs)}`;
  }
  return out;
}

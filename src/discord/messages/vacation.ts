/** A player's vacation, as their tables are told it and as they are answered when they set it (see src/app/vacation.ts). */
import type { Snapshot } from '../../app/game-service.js';
import type { Vacation } from '../../app/service/vacation.js';
import type { Locale } from '../../engine/index.js';
import { t } from '../i18n/index.js';
import { mention } from './names.js';
import { type PublicMessage, gameLocale, fit } from './shared.js';

/** How a vacation stands at `at`: ended, holding the clocks to its end, only to a moment before, or not at all. */
export type VacationState = 'back' | 'on' | 'partly' | 'spent';

export function vacationState(vacation: Pick<Vacation, 'awayUntil' | 'pausedUntil'>, at: number): VacationState {
  if (vacation.awayUntil <= at) return 'back';
  if (vacation.pausedUntil <= at) return 'spent';
  return vacation.pausedUntil < vacation.awayUntil ? 'partly' : 'on';
}

const stamp = (ms: number): string => `<t:${Math.floor(ms / 1000)}:f>`;

function vacationArgs(vacation: Omit<Vacation, 'guildId'>): Record<string, string | number> {
  return { until: stamp(vacation.awayUntil), paused: stamp(vacation.pausedUntil), left: vacation.daysLeft, perYear: vacation.daysPerYear };
}

/**
 * The table is told, once, that a player of theirs is on vacation (or back early), as it stood when it was
 * owed (`at`). A table without a clock hears nothing of clocks. Names the player without a ping.
 */
export function vacationMessage(game: Snapshot, userId: string, vacation: Omit<Vacation, 'guildId'>, at: number, clocked: boolean): PublicMessage {
  const locale = gameLocale(game);
  const seat = game.seats.find((s) => s.userId === userId);
  const player = seat === undefined || game.kind !== 'active' ? `<@${userId}>` : mention(game, seat.seat, locale);
  const state = vacationState(vacation, at);
  const said = !clocked && (state === 'partly' || state === 'spent') ? 'on' : state;
  return { content: fit([t(locale, `vacation.${said}`, { player, ...vacationArgs(vacation) })]), components: [], allowedMentions: { parse: [] } };
}

/** What the player is told of their vacation on a server when they set, change or end their absence. */
export function vacationAnswer(locale: Locale, vacation: Vacation, at: number): string {
  return t(locale, `notify.vacation.${vacationState(vacation, at)}`, vacationArgs(vacation));
}

/**
 * Per-game settings for asynchronous play, with their defaults (the database columns' defaults) and the
 * bounds a host may choose within.
 *
 * - Reminders: the player who must act is reminded every `reminderIntervalMinutes` (default 12 hours),
 *   at most `reminderLimit` times per turn (default 3). A snooze postpones the next reminder by one
 *   interval and does not count toward the limit.
 * - Idle: after `idleAfterMinutes` (default 48 hours) without a decision, the other players may vote to
 *   let a computer player play the idle seat (until its owner takes it back) or to remove the player from
 *   the game (a computer player then plays the seat, unless the rules take it out). No turn is skipped.
 *   A choice passes with a strict majority of the other players still in the game. The idle player is
 *   mentioned when the vote opens and when it passes; nothing happens silently.
 */
export interface GameSettings {
  readonly reminderIntervalMinutes: number;
  readonly reminderLimit: number;
  readonly idleAfterMinutes: number;
}

export const DEFAULT_SETTINGS: GameSettings = {
  reminderIntervalMinutes: 12 * 60,
  reminderLimit: 3,
  idleAfterMinutes: 48 * 60,
};

export const SETTING_BOUNDS = {
  reminderHours: { min: 1, max: 168 },
  reminderLimit: { min: 0, max: 10 },
  idleHours: { min: 6, max: 336 },
} as const;

export interface SettingsChange {
  readonly reminderHours?: number | null;
  readonly reminderLimit?: number | null;
  readonly idleHours?: number | null;
}

export type SettingsResult =
  | { ok: true; patch: Partial<GameSettings> }
  | { ok: false; field: keyof SettingsChange; min: number; max: number };

function within(value: number, bounds: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= bounds.min && value <= bounds.max;
}

export function validateSettings(change: SettingsChange): SettingsResult {
  const patch: { -readonly [K in keyof GameSettings]?: number } = {};
  if (change.reminderHours != null) {
    if (!within(change.reminderHours, SETTING_BOUNDS.reminderHours)) return { ok: false, field: 'reminderHours', ...SETTING_BOUNDS.reminderHours };
    patch.reminderIntervalMinutes = change.reminderHours * 60;
  }
  if (change.reminderLimit != null) {
    if (!within(change.reminderLimit, SETTING_BOUNDS.reminderLimit)) return { ok: false, field: 'reminderLimit', ...SETTING_BOUNDS.reminderLimit };
    patch.reminderLimit = change.reminderLimit;
  }
  if (change.idleHours != null) {
    if (!within(change.idleHours, SETTING_BOUNDS.idleHours)) return { ok: false, field: 'idleHours', ...SETTING_BOUNDS.idleHours };
    patch.idleAfterMinutes = change.idleHours * 60;
  }
  return { ok: true, patch };
}

/** A player changes how they want to hear from their games (/game notify): their banks and warnings follow at once. */
import { parseAwayDate } from '../notifications.js';
import { canonicalTimeZone, NOTIFY_CHANNELS, type NotifyChannel, type NotifySettings } from '../../notify-settings.js';
import type { GameCore } from './core.js';
import { notifyChangedWarnings } from './jobs/bank-warning.js';
import { notifySettings } from './notify.js';
import { awayChangedBanks } from './time-bank.js';
import { refuse, type Result } from './types.js';
import { vacationChanged, type Vacation } from './vacation.js';
import type { GameRow } from '../../persistence/schema.js';

/**
 * /game notify: changes what is given and keeps the rest. `awayUntil` is a date (YYYY-MM-DD, the day the
 * player is back, in their time zone) or 'off'; quiet hours need both ends (the same hour twice: none).
 * A new, changed or ended absence is a vacation on each server where the player plays (see vacation.ts):
 * answered with it (`vacations`; none when the absence did not change), and the tables it is owed to
 * (`told`), which the caller delivers.
 */
export function updateNotify(
  core: GameCore,
  userId: string,
  change: { how?: NotifyChannel | null; timeZone?: string | null; quietFrom?: number | null; quietTo?: number | null; awayUntil?: string | null; locale?: string | null; autoForced?: boolean | null; phonePicture?: boolean | null },
): Promise<Result<{ settings: NotifySettings; vacations: Vacation[]; told: GameRow[] }>> {
  // Read and written together: two changes at once each keep the other's fields.
  return core.tx(async () => {
    const current = await notifySettings(core, userId);
    if (change.how != null && !(NOTIFY_CHANNELS as readonly string[]).includes(change.how)) return refuse('invalid_notify', {});
    let timeZone = current.timeZone;
    if (change.timeZone != null) {
      const zone = canonicalTimeZone(change.timeZone);
      if (zone === null) return refuse('invalid_time_zone', { value: change.timeZone });
      timeZone = zone;
    }
    let { quietFrom, quietTo } = current;
    if (change.quietFrom != null || change.quietTo != null) {
      if (change.quietFrom == null || change.quietTo == null) return refuse('quiet_hours_incomplete', {});
      const valid = (h: number): boolean => Number.isInteger(h) && h >= 0 && h <= 23;
      if (!valid(change.quietFrom) || !valid(change.quietTo)) return refuse('invalid_setting', { field: 'quiet', min: 0, max: 23 });
      [quietFrom, quietTo] = change.quietFrom === change.quietTo ? [null, null] : [change.quietFrom, change.quietTo];
    }
    let awayUntil = current.awayUntil;
    if (change.awayUntil != null) {
      if (change.awayUntil.trim().toLowerCase() === 'off') awayUntil = null;
      else {
        const at = parseAwayDate(change.awayUntil, timeZone, core.now());
        if (at === null) return refuse('invalid_away_date', { value: change.awayUntil });
        awayUntil = at;
      }
    }
    const settings: NotifySettings = { how: change.how ?? current.how, timeZone, quietFrom, quietTo, awayUntil, locale: change.locale ?? current.locale, autoForced: change.autoForced ?? current.autoForced, phonePicture: change.phonePicture ?? current.phonePicture };
    await core.players.save(userId, settings);
    // Away or back: a vacation on each server where they play, told to their tables; their running time
    // banks stop from now as far as it reaches (or run again).
    const changed = awayUntil === current.awayUntil ? { vacations: [], tables: [], told: [] } : await vacationChanged(core, userId, timeZone, awayUntil);
    await awayChangedBanks(core, userId, changed.tables, (guildId) => changed.vacations.find((v) => v.guildId === guildId)?.pausedUntil ?? null);
    // A bank that runs again, or a warning no longer held for the night, is warned of when it is due.
    if (awayUntil !== current.awayUntil || quietFrom !== current.quietFrom || quietTo !== current.quietTo || timeZone !== current.timeZone) await notifyChangedWarnings(core, userId);
    return { ok: true, settings, vacations: changed.vacations, told: changed.told };
  });
}

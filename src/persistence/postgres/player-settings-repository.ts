/** Each player's notification settings on PostgreSQL: the SQLite repository's contract (../player-settings-repository.ts), asynchronously. */
import { eq, inArray } from 'drizzle-orm';
import type { NotifySettings } from '../../app/notifications.js';
import type { PlayerSettingsRow } from '../schema.js';
import type { PlayerSettingsStore } from '../store.js';
import type { Executor } from './executor.js';
import { playerSettings } from './schema.js';

export class PostgresPlayerSettingsRepository implements PlayerSettingsStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number,
  ) {}

  async find(userId: string): Promise<PlayerSettingsRow | undefined> {
    const [row] = await this.db().select().from(playerSettings).where(eq(playerSettings.userId, userId));
    return row;
  }

  findMany(userIds: readonly string[]): Promise<PlayerSettingsRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db()
      .select()
      .from(playerSettings)
      .where(inArray(playerSettings.userId, [...userIds]));
  }

  async save(userId: string, settings: NotifySettings): Promise<void> {
    const values = { notify: settings.how, timeZone: settings.timeZone, quietFrom: settings.quietFrom, quietTo: settings.quietTo, awayUntil: settings.awayUntil, locale: settings.locale, updatedAt: this.now() };
    await this.db()
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: values });
  }

  async saveLocale(userId: string, locale: string): Promise<void> {
    const values = { locale, updatedAt: this.now() };
    await this.db()
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: values });
  }
}

/**
 * Each server's own settings (/game server), one row per server: no row, or a value left unset, is the
 * default. What a setting means is the app's (the vacation budget: src/app/vacation.ts).
 */
import { eq } from 'drizzle-orm';
import type { Dialect } from './dialect.js';
import type { ServerSettingsRow } from './schema.js';
import { first, insert, select, type Statements } from './statements.js';

export class ServerSettingsRepository {
  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number,
  ) {}

  *find(guildId: string): Statements<ServerSettingsRow | undefined> {
    const { serverSettings } = this.dialect.tables;
    return yield* first(select(serverSettings, { where: eq(serverSettings.guildId, guildId) }));
  }

  /** The days of vacation a year each player of the server has. */
  *saveVacationDays(guildId: string, vacationDays: number): Statements<void> {
    const { serverSettings } = this.dialect.tables;
    const values = { vacationDays, updatedAt: this.now() };
    yield* insert(serverSettings, [{ guildId, ...values }], { target: serverSettings.guildId, set: values });
  }

  /** The substitute bench: the channel where open seats are offered and the role pinged there (null: none). */
  *saveBench(guildId: string, bench: { channelId: string | null; roleId: string | null }): Statements<void> {
    const { serverSettings } = this.dialect.tables;
    const values = { benchChannelId: bench.channelId, benchRoleId: bench.roleId, updatedAt: this.now() };
    yield* insert(serverSettings, [{ guildId, ...values }], { target: serverSettings.guildId, set: values });
  }
}

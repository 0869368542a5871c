/**
 * Stored games for the benchmarks that run the bot against the fake Discord: a playable 5-player Istanbul
 * game in each table's channel (its first board still owed), the rest copies of one long game (200 moves)
 * spread over the tables' guilds, with everything owed so far counted as posted long ago. On a SQLite file
 * or a PostgreSQL database, as the bot opens it.
 */
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openConfiguredDatabase, storeOn, type DatabaseChoice, type OpenedDatabase } from '../../src/persistence/open-store.js';
import type { FakeUser } from '../fake-discord/index.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** Where a playable game is: its channel, the channel's guild and that guild's five players. */
export interface Table {
  readonly channelId: string;
  readonly guildId: string;
  readonly users: readonly FakeUser[];
}

/**
 * Fills the database: a playable game in each table's channel (its first board still owed), the rest
 * copies of one long game, spread over the tables' guilds.
 */
export async function seed(choice: DatabaseChoice, stored: number, tables: readonly Table[]): Promise<void> {
  const database = await openConfiguredDatabase(choice);
  const store = storeOn(database);
  const svc = createGameService({ store, modules: GAMES.modules, clock: { now: () => Date.now() }, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'load-seed' });
  const start = async ({ channelId, guildId, users }: Table): Promise<ActiveSnapshot> => {
    const host = users[0] as FakeUser;
    const lobby = must(await svc.createLobby({ guildId, channelId, kind: 'istanbul', host: { userId: host.id, displayName: host.name }, locale: 'en' })).game;
    for (const user of users.slice(1)) must(await svc.join(lobby.row.id, { userId: user.id, displayName: user.name }));
    return must(await svc.start(lobby.row.id, host.id, must(await svc.byId(lobby.row.id)).game.row.version)).game;
  };
  // The long game: 200 policy moves.
  let long = await start({ ...(tables[0] as Table), channelId: '900000000000000000' });
  for (let i = 0; i < 200 && long.row.status === 'active'; i++) {
    const seat = svc.activeSeats(long)[0] as number;
    const user = long.seats.find((s) => s.seat === seat)!.userId;
    long = must(await svc.act(long.row.id, user, seat, long.row.version, chooseIstanbul(long.state as IstanbulState, seat, svc.legalActions(long, seat) as IstanbulAction[]))).outcome.after;
  }
  const copies = Math.max(0, stored - tables.length - 1);
  const guilds = [...new Set(tables.map((t) => t.guildId))];
  await copyGame(database, long.row.id, copies, guilds);
  for (const table of tables) await start(table);
  await store.close();
}

/**
 * `copies` copies of a game (row, seats, log, snapshots, jobs) in channels 900000000000000001 on, their
 * guilds taking turns; then everything owed so far counts as "posted" long ago.
 */
async function copyGame(database: OpenedDatabase, id: number, copies: number, guilds: readonly string[]): Promise<void> {
  const gameColumns =
    'kind, host_user_id, options, seed, status, state, version, board_message_id, locale, reminder_interval_minutes, reminder_limit, idle_after_minutes, created_at, updated_at';
  const delivered = "UPDATE deliveries SET status = 'delivered', message_id = '1', disarmed_at = 1";
  if (database.dialect === 'sqlite') {
    const sql = database.open.sqlite;
    const copy = sql.transaction(() => {
      for (let n = 0; n < copies; n++) {
        const channelId = String(900000000000000001n + BigInt(n));
        const info = sql.prepare(`INSERT INTO games (guild_id, channel_id, ${gameColumns}) SELECT ?, ?, ${gameColumns} FROM games WHERE id = ?`).run(guilds[n % guilds.length], channelId, id);
        const copyId = Number(info.lastInsertRowid);
        sql.prepare('INSERT INTO seats (game_id, seat, user_id, display_name, left_at, computer) SELECT ?, seat, user_id, display_name, left_at, computer FROM seats WHERE game_id = ?').run(copyId, id);
        sql.prepare('INSERT INTO actions SELECT ?, sequence, seat, kind, action, events, checkpoint, created_at FROM actions WHERE game_id = ?').run(copyId, id);
        sql.prepare('INSERT INTO snapshots SELECT ?, sequence, state, created_at FROM snapshots WHERE game_id = ?').run(copyId, id);
        sql.prepare('INSERT INTO scheduled_jobs (kind, game_id, due_at, payload, created_at) SELECT kind, ?, due_at, payload, created_at FROM scheduled_jobs WHERE game_id = ?').run(copyId, id);
      }
      sql.prepare(delivered).run();
    });
    copy();
    return;
  }
  // PostgreSQL: each table in one statement, the copies being every game but the original at this point.
  const client = await database.open.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO games (guild_id, channel_id, ${gameColumns})
       SELECT ($2::text[])[1 + n % cardinality($2::text[])], (900000000000000001 + n)::text, ${gameColumns} FROM games, generate_series(0, $3::int - 1) AS n WHERE id = $1`,
      [id, guilds, copies],
    );
    const copied = (table: string, columns: string): string =>
      `INSERT INTO ${table} (game_id, ${columns}) SELECT g.id, ${columns.split(', ').map((c) => `o.${c}`).join(', ')} FROM games g JOIN ${table} o ON o.game_id = $1 WHERE g.id <> $1`;
    await client.query(copied('seats', 'seat, user_id, display_name, left_at, computer'), [id]);
    await client.query(copied('actions', 'sequence, seat, kind, action, events, checkpoint, created_at'), [id]);
    await client.query(copied('snapshots', 'sequence, state, created_at'), [id]);
    await client.query(copied('scheduled_jobs', 'kind, due_at, payload, created_at'), [id]);
    await client.query(delivered);
    await client.query('COMMIT');
    // Fresh statistics, as a database that grew over time has: the bot's first queries plan on them.
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

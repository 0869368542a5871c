/** After the end: a rematch with the same table, the score chart's history, and the server's history and statistics. */
import { step } from '../../engine/index.js';
import type { FinishedGame, PlayerStats, ResultRow, StoredResult } from '../../persistence/stats-repository.js';
import { isRemoveSeat } from '../log.js';
import { turnMarkerOf } from '../module.js';
import type { GameCore } from './core.js';
import { reseat } from './lobby.js';
import { effectiveLogOf, seatOf } from './queries.js';
import { isComputerSeatId } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type LobbySnapshot, type PlayerRef, type Result } from './types.js';

/**
 * Rematch (any player of the finished game): a new lobby in the same channel with the same options and
 * settings, the presser as host, and the same players already seated: the players who did not leave in
 * their old order, then the computer players at their levels. A lobby rather than a start at once,
 * because a group that has just finished is not always all staying: whoever does not want another game
 * clicks Leave, and the host starts with one click when the table is ready; seats and start player are
 * drawn afresh at the start, as for any game. The new game gets a thread of its own like the old one; one
 * that was played in the channel itself is refused (`channel_busy`) while another game is played there.
 */
export async function rematch(core: GameCore, gameId: number, presser: PlayerRef): Promise<Result<{ game: LobbySnapshot; lobbyDelivery: number }>> {
  const loaded = await core.byId(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  if (game.kind !== 'active' || game.row.status !== 'finished') return refuse('stale', { currentVersion: game.row.version });
  const own = seatOf(game, presser.userId);
  if (own === undefined || isComputerSeatId(own.userId)) return refuse('not_a_player', {});
  const humans = game.seats.filter((s) => !isComputerSeatId(s.userId) && s.leftAt === null && s.userId !== presser.userId);
  const computers = game.seats.filter((s) => isComputerSeatId(s.userId));
  const seats = reseat([presser, ...humans.map((s) => ({ userId: s.userId, displayName: s.displayName })), ...computers.map((s) => ({ userId: s.userId, displayName: s.displayName, computer: s.computer }))]);
  const { row } = game;
  // Many tables: where games get threads, a second press must not open a second rematch. A
  // lobby of the same game opened in the channel since the end by one of its players is this rematch.
  if (row.useThread) {
    const players = new Set(game.seats.map((s) => s.userId));
    const open = (await core.repo.listRunningInChannel(row.channelId)).find((r) => r.status === 'lobby' && r.kind === row.kind && r.createdAt >= row.updatedAt && players.has(r.hostUserId));
    if (open !== undefined) return refuse('rematch_open', { existing: open });
  }
  const created = await core.tx(async () => {
    const made = await core.repo.createGame(
      {
        guildId: row.guildId,
        channelId: row.channelId,
        kind: row.kind,
        hostUserId: presser.userId,
        options: game.settings,
        seed: core.newSeed(),
        locale: row.locale,
        useThread: row.useThread,
        settings: { reminderIntervalMinutes: row.reminderIntervalMinutes, reminderLimit: row.reminderLimit, idleAfterMinutes: row.idleAfterMinutes, computerLevel: row.computerLevel },
      },
      seats,
    );
    const delivery = made.ok ? await core.owe(made.game, 'lobby', { kind: 'lobby' }) : 0;
    return { made, delivery };
  });
  if (!created.made.ok) return refuse('channel_busy', { existing: created.made.existing });
  return { ok: true, game: await core.load(created.made.game) as LobbySnapshot, lobbyDelivery: created.delivery };
}

/**
 * A score per seat after each turn of the game, from a replay of its log (the summary chart is drawn
 * from the log, not stored apart): `scores` reads the public view at the start and whenever the turn
 * moves on, and at the end.
 */
export async function scoreHistory(core: GameCore, game: ActiveSnapshot, scores: (publicView: unknown) => number[]): Promise<number[][]> {
  const def = game.module.definition;
  const series: number[][] = game.seats.map(() => []);
  const sample = (state: unknown): void => scores(def.view(state, null)).forEach((v, seat) => series[seat]?.push(v));
  let current = { state: def.setup(game.options, game.row.seed) as unknown, version: 0 };
  sample(current.state);
  let marker = turnMarkerOf(game.module, current.state);
  for (const entry of await effectiveLogOf(core, game)) {
    if (isRemoveSeat(entry.action)) {
      const removed = def.removeSeat?.(current.state, entry.seat) ?? null;
      if (removed !== null) current = { state: removed.state, version: current.version + 1 };
    } else {
      const result = step(def, current, { seat: entry.seat, action: entry.action });
      if (!result.ok) break;
      current = result.next;
    }
    const next = def.isOver(current.state) ? 'over' : turnMarkerOf(game.module, current.state);
    if (next !== marker) {
      sample(current.state);
      marker = next;
    }
  }
  return series;
}

// ----- history and statistics (per server) ----------------------------------------------------------

/**
 * The result stored when the game ended (commit.ts decides it once): what the final board, its replay,
 * the history, the statistics and the ratings all tell. Empty for a game without one (still running).
 */
export function finalResult(core: GameCore, gameId: number): Promise<StoredResult[]> {
  return core.stats.resultsOf(gameId);
}

export function history(core: GameCore, guildId: string, limit: number, channelId?: string): Promise<FinishedGame[]> {
  return core.stats.history(guildId, limit, channelId);
}

/** The server's ended games' results, a row per seat, newest first, at most `limit` rows. */
export function serverResults(core: GameCore, guildId: string, limit: number): Promise<ResultRow[]> {
  return core.stats.resultRows(guildId, limit);
}

export function playerStats(core: GameCore, guildId: string, userId: string): Promise<PlayerStats[]> {
  return core.stats.player(guildId, userId);
}

export function leaderboard(core: GameCore, guildId: string, limit: number): Promise<Omit<PlayerStats, 'kind'>[]> {
  return core.stats.leaderboard(guildId, limit);
}

/**
 * The vacation budget (src/app/vacation.ts for the rule): a server's vacation days, the vacations drawn on
 * them when a player sets or ends an absence (/game notify away_until), and how long each clock stands
 * still for it. Each table of the player is told, once, through the outbox.
 */
import type { Seat } from '../../engine/index.js';
import type { GameRow, VacationRow } from '../../persistence/schema.js';
import { isAway } from '../notifications.js';
import { DEFAULT_VACATION_DAYS, isVacationDays, VACATION_DAYS_BOUNDS, vacationPause, yearIn } from '../vacation.js';
import type { GameCore } from './core.js';
import { notifyOfSeats } from './notify.js';
import { isComputerPlayed } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Result } from './types.js';

/** A player's vacation on a server as it stands after a change: what they and their tables are told. */
export interface Vacation {
  readonly guildId: string;
  /** When they are back (the moment it ended, for one ended early). */
  readonly awayUntil: number;
  /** Until when their clocks on the server stand still (at most `awayUntil`; at its start: none). */
  readonly pausedUntil: number;
  /** The days of its year's budget left, and the budget. */
  readonly daysLeft: number;
  readonly daysPerYear: number;
}

/** The days of vacation a year each player has on the server (its admins' choice, or the default). */
export async function vacationDays(core: GameCore, guildId: string): Promise<number> {
  const days = (await core.servers.find(guildId))?.vacationDays;
  return days !== undefined && isVacationDays(days) ? days : DEFAULT_VACATION_DAYS;
}

/** The server's admins choose its vacation days (the caller checks who may). */
export async function setVacationDays(core: GameCore, guildId: string, days: number): Promise<Result<{ days: number }>> {
  if (!isVacationDays(days)) return refuse('invalid_setting', { field: 'vacationDays', ...VACATION_DAYS_BOUNDS });
  await core.servers.saveVacationDays(guildId, days);
  return { ok: true, days };
}

/**
 * The vacation of `userId` on the server as drawn or changed at `now` (in the caller's transaction): `before`,
 * the one going on there (undefined: a new one from now), for an absence until `awayUntil` (`now`: ended).
 */
async function draw(core: GameCore, guildId: string, userId: string, timeZone: string | null, before: VacationRow | undefined, awayUntil: number): Promise<Vacation> {
  const now = core.now();
  const started = before ?? { startedAt: now, pausedUntil: now, year: yearIn(now, timeZone), days: 0 };
  const perYear = await vacationDays(core, guildId);
  const takenElsewhere = (await core.vacations.daysTaken(guildId, userId, started.year)) - started.days;
  const { pausedUntil, days } = vacationPause(started, now, awayUntil, perYear - takenElsewhere);
  await core.vacations.save({ guildId, userId, startedAt: started.startedAt, year: started.year, pausedUntil, awayUntil, days });
  return { guildId, awayUntil, pausedUntil, daysLeft: Math.max(0, perYear - takenElsewhere - days), daysPerYear: perYear };
}

/**
 * The player set, changed or ended an absence (in the transaction that saves it): on every server where
 * they play a running game, or where a vacation of theirs goes on, it is drawn on (or given back to) the
 * budget, and each of their tables there where someone else plays is told once (an announcement owed in
 * the outbox). Answers the vacations, the player's running tables (whose clocks the caller stops for as
 * long as their server's vacation reaches) and the tables told (for the caller to deliver at once).
 */
export async function vacationChanged(core: GameCore, userId: string, timeZone: string | null, awayUntil: number | null): Promise<{ vacations: Vacation[]; tables: GameRow[]; told: GameRow[] }> {
  const now = core.now();
  const going = new Map((await core.vacations.current(userId, now)).map((v) => [v.guildId, v]));
  const tables = await core.repo.activeWithPlayer(null, userId);
  const away = awayUntil !== null && awayUntil > now;
  const guilds = new Set([...going.keys(), ...(away ? tables.map((t) => t.guildId) : [])]);
  const vacations: Vacation[] = [];
  for (const guildId of guilds) vacations.push(await draw(core, guildId, userId, timeZone, going.get(guildId), away ? awayUntil : now));
  const told: GameRow[] = [];
  for (const row of tables) {
    const vacation = vacations.find((v) => v.guildId === row.guildId);
    if (vacation === undefined) continue;
    if (!(await othersPlay(core, row, userId))) continue;
    const { awayUntil: until, pausedUntil, daysLeft, daysPerYear } = vacation;
    await core.owe(row, 'announcement', { kind: 'announcement', message: 'vacation', userId, awayUntil: until, pausedUntil, daysLeft, daysPerYear });
    told.push(row);
  }
  return { vacations, tables, told };
}

/** Whether another human plays their own seat at the table (a learning game has nobody to tell). */
async function othersPlay(core: GameCore, row: GameRow, userId: string): Promise<boolean> {
  return (await core.repo.seats(row.id)).some((s) => s.userId !== userId && s.leftAt === null && !isComputerPlayed(s));
}

/**
 * Until when the clocks of `seats` stand still for their players' vacations on the game's server (null: they
 * run). A player away without a vacation there (their absence began before they sat down at this server's
 * first table, or before vacations were kept) draws one now, from the server's budget.
 */
export async function pausedUntilOf(core: GameCore, game: ActiveSnapshot, seats: readonly Seat[]): Promise<(seat: Seat) => number | null> {
  const now = core.now();
  const wishes = await notifyOfSeats(core, game, seats);
  const awaySeats = seats.filter((seat) => {
    const wish = wishes.get(seat);
    return wish !== undefined && isAway(wish, now);
  });
  if (awaySeats.length === 0) return () => null;
  const userOf = new Map(game.seats.map((s) => [s.seat, s.userId]));
  const users = awaySeats.map((seat) => userOf.get(seat) as string);
  const paused = new Map((await core.vacations.currentOn(game.row.guildId, users, now)).map((v) => [v.userId, v.pausedUntil]));
  for (const seat of awaySeats) {
    const userId = userOf.get(seat) as string;
    const wish = wishes.get(seat);
    if (paused.has(userId) || wish === undefined) continue;
    paused.set(userId, (await draw(core, game.row.guildId, userId, wish.timeZone, undefined, wish.awayUntil as number)).pausedUntil);
  }
  return (seat) => {
    const until = paused.get(userOf.get(seat) ?? '');
    return until !== undefined && until > now ? until : null;
  };
}

/** The vacations going on now of some players on a server, by player (for who is away in /game list). */
export async function vacationsOn(core: GameCore, guildId: string, userIds: readonly string[]): Promise<Map<string, Vacation>> {
  const rows = await core.vacations.currentOn(guildId, userIds, core.now());
  const perYear = await vacationDays(core, guildId);
  const out = new Map<string, Vacation>();
  for (const row of rows) {
    const taken = await core.vacations.daysTaken(guildId, row.userId, row.year);
    out.set(row.userId, { guildId, awayUntil: row.awayUntil, pausedUntil: row.pausedUntil, daysLeft: Math.max(0, perYear - taken), daysPerYear: perYear });
  }
  return out;
}

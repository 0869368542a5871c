/**
 * The substitute bench: a server may name a channel where a seat handed to a computer (the idle vote, a
 * time bank run out, a player leaving) is offered to its members, with a role to ping. The first member
 * who takes the seat and is not at the table already holds it from then on, a human seat again; its
 * holder until then joins the seat's earlier holders (seat_holders), the one record of who held each seat
 * at each moment. The seat's owner (who sat down in the lobby) comes back only if the substitute agrees.
 * A learning game never goes to the bench.
 */
import type { Seat } from '../../engine/index.js';
import type { SeatHolderRow, SeatRow } from '../../persistence/schema.js';
import { save } from './commit.js';
import type { GameCore } from './core.js';
import { activeSeats } from './queries.js';
import { seatsWaitingForOwner } from './computer-seats.js';
import { isComputerPlayed, isComputerSeatId } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Outcome, type PlayerRef, type Result, type Snapshot } from './types.js';

/** Where a server's open seats are offered, and the role pinged there (null: none). */
export interface Bench {
  readonly channelId: string;
  readonly roleId: string | null;
}

/** The server's bench (null: it has none). */
export async function benchOf(core: GameCore, guildId: string): Promise<Bench | null> {
  const row = await core.servers.find(guildId);
  return row?.benchChannelId === null || row?.benchChannelId === undefined ? null : { channelId: row.benchChannelId, roleId: row.benchRoleId };
}

/** Names the server's bench (a null channel: no bench; the role is kept only with a channel). */
export async function setBench(core: GameCore, guildId: string, channelId: string | null, roleId: string | null): Promise<Bench | null> {
  await core.servers.saveBench(guildId, { channelId, roleId: channelId === null ? null : roleId });
  return benchOf(core, guildId);
}

/** One holder of a seat: who, and from which log sequence on (0: from the start); `removed`: the others removed them by vote while they held it. */
export interface SeatHolder extends PlayerRef {
  readonly fromSequence: number;
  readonly removed: boolean;
}

/**
 * Who held each seat, in the order they held it: the earlier holders as recorded when the seat changed
 * hands, then its holder now (the seat row), from the log sequence the last change named. The one reading
 * of that record for every surface (the table, the results, the ratings, the export).
 */
export function holdersOf(seats: readonly SeatRow[], earlier: readonly SeatHolderRow[]): Map<Seat, SeatHolder[]> {
  const out = new Map<Seat, SeatHolder[]>();
  for (const seat of seats) {
    const before = earlier.filter((h) => h.seat === seat.seat).sort((a, b) => a.version - b.version);
    const holders: SeatHolder[] = [];
    let from = 0;
    for (const h of before) {
      holders.push({ userId: h.userId, displayName: h.displayName, fromSequence: from, removed: h.removed });
      from = h.untilSequence;
    }
    holders.push({ userId: seat.userId, displayName: seat.displayName, fromSequence: from, removed: seat.removedAt !== null });
    out.set(seat.seat, holders);
  }
  return out;
}

/** The game's seats with who held each (see holdersOf). */
export async function seatHolders(core: GameCore, game: Snapshot): Promise<Map<Seat, SeatHolder[]>> {
  return holdersOf(game.seats, await core.repo.earlierHolders(game.row.id));
}

/**
 * A member takes a seat offered on the bench: it must be a computer's now, for a human's seat; the taker is
 * not at the table (nor its owner, who takes it back as before). Between turns, or where the game waits
 * for its owner, as a seat taken back (the computer may be deciding for it now). Two takers at once: the
 * game's version lets one in. `guildId`: the server the click came from (the game's, on its bench).
 */
export async function takeSeat(core: GameCore, gameId: number, seat: Seat, taker: PlayerRef, guildId: string | null): Promise<Result<{ outcome: Outcome }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded.code === 'not_active' ? refuse('seat_taken', {}) : loaded;
  const game = loaded.game;
  // The bench is the game's server's: a click from anywhere else (a forged one) finds no game.
  if (game.row.guildId !== guildId) return refuse('no_game', {});
  const row = game.seats.find((s) => s.seat === seat);
  if (row === undefined || isComputerSeatId(row.userId) || !isComputerPlayed(row) || (row.leftAt !== null && row.computer === null)) return refuse('seat_taken', {});
  const holders = (await seatHolders(core, game)).get(seat) ?? [];
  // Its owner takes it back as before; one the others removed by vote does not come back.
  if ((holders[0]?.userId ?? row.userId) === taker.userId) return row.removedAt !== null ? refuse('removed_by_vote', {}) : refuse('own_seat', {});
  if (game.seats.some((s) => s.userId === taker.userId)) return refuse('already_at_table', {});
  if (activeSeats(game).includes(seat) && !(await seatsWaitingForOwner(core, game)).includes(seat)) return refuse('seat_busy', {});
  return save(core, game, { state: game.state, entries: [], status: 'active', handedOn: [{ seat, ...taker }], notes: [{ kind: 'seatTaken', seat, from: row.userId }] });
}

/**
 * The seat `userId` sat down at and a substitute holds now (a human playing it), or undefined; also when the
 * others removed them by vote (removed is removed: a substitute cannot give the seat back to them).
 */
export async function seatGivenAway(core: GameCore, game: ActiveSnapshot, userId: string): Promise<SeatRow | undefined> {
  if (game.seats.some((s) => s.userId === userId)) return undefined;
  const holders = await seatHolders(core, game);
  return game.seats.find((s) => {
    const owner = holders.get(s.seat)?.[0];
    return owner?.userId === userId && !owner.removed && !isComputerPlayed(s);
  });
}

/**
 * The seat's owner asks for it back: its substitute is asked in the channel (owed like every post), and
 * only their yes gives it back (answerSeatBack).
 */
export async function askSeatBack(core: GameCore, gameId: number, userId: string): Promise<Result<{ seat: Seat; substitute: string }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const seat = await seatGivenAway(core, game, userId);
  if (seat === undefined) return refuse('not_a_player', {});
  await core.tx(() => core.owe(game.row, 'announcement', { kind: 'announcement', message: 'seatBack', userId, seat: seat.seat, substitute: seat.userId }));
  return { ok: true, seat: seat.seat, substitute: seat.userId };
}

/**
 * The substitute answers the owner's request: `give` hands the seat back to its owner (who held it first),
 * committed at once; keeping it changes nothing. Only the seat's holder now may answer.
 */
export async function answerSeatBack(core: GameCore, gameId: number, seat: Seat, userId: string, give: boolean): Promise<Result<{ outcome: Outcome | null; owner: string }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const row = game.seats.find((s) => s.seat === seat);
  if (row === undefined || row.userId !== userId || isComputerPlayed(row)) return refuse('not_your_seat', {});
  const owner = (await seatHolders(core, game)).get(seat)?.[0];
  if (owner === undefined || owner.userId === userId || owner.removed) return refuse('not_your_seat', {});
  if (!give) return { ok: true, outcome: null, owner: owner.userId };
  const saved = await save(core, game, { state: game.state, entries: [], status: 'active', handedOn: [{ seat, userId: owner.userId, displayName: owner.displayName }], notes: [{ kind: 'givenBack', seat, from: userId }] });
  if (!saved.ok) return saved;
  return { ok: true, outcome: saved.outcome, owner: owner.userId };
}

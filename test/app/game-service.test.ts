import { beforeEach, describe, expect, it } from 'vitest';
import { ComputerTurns } from '../../src/app/computer-turns.js';
import { createGameService, type GameService, JOB_KINDS, type ActiveSnapshot, type Outcome, type Result } from '../../src/app/game-service.js';
import type { GameModule } from '../../src/app/module.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { testStores, type TestStore } from '../support/test-stores.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import type { TallyAction, TallyState } from '../games/tally/index.js';
import { tallyModule } from '../games/tally/module.js';

const HOUR = 3_600_000;
const stores = testStores('service');

class TestClock {
  t = Date.UTC(2025, 0, 1);
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

let store: Store;
let execute: TestStore['execute'];
let clock: TestClock;

function service(module: GameModule = tallyModule({ removeSeat: false })): GameService {
  return createGameService({
    store,
    modules: new Map([['tally', module]]),
    clock,
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => 'seed-1',
  });
}

const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const carol = { userId: '100000000000000003', displayName: 'Carol' };
const stranger = '100000000000000009';

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

async function startGame(svc: GameService, players = [alice, bob], channelId = '200000000000000001'): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '300000000000000001', channelId, kind: 'tally', host: players[0]!, locale: 'en' })).game;
  for (const p of players.slice(1)) must(await svc.join(lobby.row.id, p));
  const current = must(await svc.byId(lobby.row.id)).game;
  return must(await svc.start(lobby.row.id, players[0]!.userId, current.row.version)).game;
}

function userAt(game: ActiveSnapshot, seat: number): string {
  return game.seats.find((s) => s.seat === seat)!.userId;
}

/** Acts as whoever must act, choosing the action with `pick`. */
async function actAs(svc: GameService, game: ActiveSnapshot, pick: (a: TallyAction) => boolean): Promise<Outcome> {
  const seat = svc.activeSeats(game)[0]!;
  const index = svc.legalActions(game, seat).findIndex((a) => pick(a as TallyAction));
  expect(index).toBeGreaterThanOrEqual(0);
  return must(await svc.act(game.row.id, userAt(game, seat), seat, game.row.version, index)).outcome;
}

describe.each(stores)('the game service on $label', (under) => {
  beforeEach(async () => {
    clock = new TestClock();
    if (under.available) ({ store, execute } = await under.open({ now: () => clock.now() }));
  });

  describe.runIf(under.available)('lobby', () => {
    it('creates, joins, refuses what it must, and starts with seeded seats', async () => {
      const svc = service();
      const lobby = must(await svc.createLobby({ guildId: '3', channelId: '20', kind: 'tally', host: alice, locale: 'de', capacity: 3 })).game;
      expect(lobby.settings).toEqual({ capacity: 3, layout: null, variant: null });
      expect(await svc.join(lobby.row.id, alice)).toMatchObject({ ok: false, code: 'already_joined' });
      must(await svc.join(lobby.row.id, bob));
      expect(await svc.start(lobby.row.id, bob.userId, 1)).toMatchObject({ ok: false, code: 'not_host' });
      expect(await svc.start(lobby.row.id, alice.userId, 0)).toMatchObject({ ok: false, code: 'stale' });
      must(await svc.join(lobby.row.id, carol));
      expect(await svc.join(lobby.row.id, { userId: stranger, displayName: 'X' })).toMatchObject({ ok: false, code: 'lobby_full', capacity: 3 });
      expect(await svc.leaveLobby(lobby.row.id, alice.userId)).toMatchObject({ ok: false, code: 'host_cannot_leave' });
      const left = must(await svc.leaveLobby(lobby.row.id, carol.userId)).game;
      expect(left.seats.map((s) => s.displayName)).toEqual(['Alice', 'Bob']);
      const game = must(await svc.start(lobby.row.id, alice.userId, left.row.version)).game;
      expect(game.row.status).toBe('active');
      expect(game.seats.map((s) => s.displayName).sort()).toEqual(['Alice', 'Bob']);
      // Seeded: the same seed gives the same order.
      const again = service();
      const other = must(await again.createLobby({ guildId: '3', channelId: '21', kind: 'tally', host: alice, locale: 'en' })).game;
      must(await again.join(other.row.id, bob));
      const started = must(await again.start(other.row.id, alice.userId, must(await again.byId(other.row.id)).game.row.version)).game;
      expect(started.seats.map((s) => s.userId)).toEqual(game.seats.map((s) => s.userId));
      expect((await svc.repo.jobsOf(game.row.id)).map((j) => j.kind).sort()).toEqual([JOB_KINDS.idle, JOB_KINDS.reminder]);
    });

    it('needs the minimum to start, one running game per channel, a known game and valid seats', async () => {
      const svc = service();
      const lobby = must(await svc.createLobby({ guildId: '3', channelId: '20', kind: 'tally', host: alice, locale: 'en' })).game;
      expect(await svc.start(lobby.row.id, alice.userId, lobby.row.version)).toMatchObject({ ok: false, code: 'too_few_players', min: 2 });
      expect(await svc.createLobby({ guildId: '3', channelId: '20', kind: 'tally', host: bob, locale: 'en' })).toMatchObject({ ok: false, code: 'channel_busy' });
      expect(await svc.createLobby({ guildId: '3', channelId: '22', kind: 'chess', host: bob, locale: 'en' })).toMatchObject({ ok: false, code: 'unknown_game' });
      expect(await svc.createLobby({ guildId: '3', channelId: '22', kind: 'tally', host: bob, locale: 'en', capacity: 9 })).toMatchObject({ ok: false, code: 'invalid_capacity', min: 2, max: 4 });
      expect(await svc.cancelLobby(lobby.row.id, bob.userId, false)).toMatchObject({ ok: false, code: 'not_host' });
      must(await svc.cancelLobby(lobby.row.id, bob.userId, true));
      must(await svc.createLobby({ guildId: '3', channelId: '20', kind: 'tally', host: bob, locale: 'en' }));
    });
  });

  describe.runIf(under.available)('taking actions', () => {
    it('applies a legal action once, logs it with its events, and refuses stale, foreign and out-of-turn clicks', async () => {
      const svc = service();
      const game = await startGame(svc);
      const seat = svc.activeSeats(game)[0]!;
      const other = 1 - seat;
      const version = game.row.version;
      const addOne = svc.legalActions(game, seat).findIndex((a) => (a as TallyAction).type === 'add');
      expect(await svc.act(game.row.id, stranger, seat, version, addOne)).toMatchObject({ ok: false, code: 'not_a_player' });
      expect(await svc.act(game.row.id, userAt(game, other), seat, version, addOne)).toMatchObject({ ok: false, code: 'foreign_panel' });
      expect(await svc.act(game.row.id, userAt(game, other), other, version, addOne)).toMatchObject({ ok: false, code: 'not_your_turn', waitingFor: [seat] });
      expect(await svc.act(game.row.id, userAt(game, seat), seat, version, 999)).toMatchObject({ ok: false, code: 'stale' });
      const first = must(await svc.act(game.row.id, userAt(game, seat), seat, version, addOne));
      expect(first.outcome.after.row.version).toBe(version + 1);
      expect(first.outcome.turnEnded).toBe(false);
      expect(first.outcome.entries.map((e) => e.events.map((ev) => ev.key))).toEqual([['tally.added']]);
      // The same click again (a repeat, or the second of two simultaneous clicks): refused, nothing changes.
      expect(await svc.act(game.row.id, userAt(game, seat), seat, version, addOne)).toMatchObject({ ok: false, code: 'stale', currentVersion: version + 1 });
      expect(must(await svc.byId(game.row.id)).game.row.version).toBe(version + 1);
      expect(await svc.repo.actions(game.row.id)).toHaveLength(1);
      expect((must(await svc.byId(game.row.id)).game as ActiveSnapshot).state).toMatchObject({ steps: 1 });
    });

    it('reports a turn change with the turn summary, and reschedules the reminder for the next player', async () => {
      const svc = service();
      let game = await startGame(svc);
      const seat = svc.activeSeats(game)[0]!;
      game = (await actAs(svc, game, (a) => a.type === 'add' && a.n === 2)).after;
      clock.advance(HOUR);
      const ended = await actAs(svc, game, (a) => a.type === 'end');
      expect(ended.turnEnded).toBe(true);
      expect(ended.summary.map((e) => e.events[0]?.key)).toEqual(['tally.added', 'tally.ended']);
      expect(svc.activeSeats(ended.after)).toEqual([1 - seat]);
      const reminder = (await svc.repo.jobsOf(game.row.id, JOB_KINDS.reminder))[0]!;
      expect(reminder.dueAt).toBe(clock.now() + 12 * HOUR);
      expect(JSON.parse(reminder.payload)).toMatchObject({ seats: [1 - seat], count: 0 });
    });

    it('undoes inside the turn by replaying the effective log, never past a checkpoint', async () => {
      const svc = service();
      let game = await startGame(svc);
      const seat = svc.activeSeats(game)[0]!;
      const user = userAt(game, seat);
      const before = JSON.stringify(game.state);
      const startVersion = game.row.version;
      expect(await svc.canUndo(game, seat)).toBe(false);
      game = (await actAs(svc, game, (a) => a.type === 'add' && a.n === 2)).after;
      game = (await actAs(svc, game, (a) => a.type === 'add' && a.n === 1)).after;
      expect(await svc.canUndo(game, seat)).toBe(true);
      expect(await svc.undo(game.row.id, user, seat, game.row.version - 1)).toMatchObject({ ok: false, code: 'stale' });
      game = must(await svc.undo(game.row.id, user, seat, game.row.version)).outcome.after;
      game = must(await svc.undo(game.row.id, user, seat, game.row.version)).outcome.after;
      expect(JSON.stringify(game.state)).toBe(before);
      // Two actions and two undos: the version keeps growing.
      expect(game.row.version).toBe(startVersion + 4);
      expect((await svc.repo.actions(game.row.id)).map((r) => r.kind)).toEqual(['action', 'action', 'undo', 'undo']);
      expect(await svc.effectiveLog(game)).toEqual([]);
      expect(await svc.undo(game.row.id, user, seat, game.row.version)).toMatchObject({ ok: false, code: 'cannot_undo' });
      // A card draw is a checkpoint: it cannot be taken back, nor anything before it.
      game = (await actAs(svc, game, (a) => a.type === 'add' && a.n === 1)).after;
      game = (await actAs(svc, game, (a) => a.type === 'draw')).after;
      expect(await svc.canUndo(game, seat)).toBe(false);
      expect(await svc.undo(game.row.id, user, seat, game.row.version)).toMatchObject({ ok: false, code: 'cannot_undo' });
      // The end of the turn hands over: the next player cannot undo it, and neither can the previous one.
      game = (await actAs(svc, game, (a) => a.type === 'end')).after;
      expect(await svc.undo(game.row.id, user, seat, game.row.version)).toMatchObject({ ok: false, code: 'not_your_turn' });
      expect(await svc.canUndo(game, 1 - seat)).toBe(false);
    });

    it('finishes the game when the engine says so and removes its jobs', async () => {
      const svc = service(tallyModule({ removeSeat: false, target: 4 }));
      let game = await startGame(svc);
      game = (await actAs(svc, game, (a) => a.type === 'add' && a.n === 2)).after;
      const last = await actAs(svc, game, (a) => a.type === 'add' && a.n === 2);
      expect(last.finished).toBe(true);
      expect(last.after.row.status).toBe('finished');
      expect(await svc.repo.jobsOf(game.row.id)).toEqual([]);
      expect(await svc.byChannel(game.row.channelId)).toMatchObject({ ok: false, code: 'no_game' });
      expect(await svc.act(game.row.id, userAt(game, 0), 0, last.after.row.version, 0)).toMatchObject({ ok: false, code: 'not_active' });
    });
  });

  describe.runIf(under.available)('leaving', () => {
    it('with two players: the game ends and the other player wins by concession', async () => {
      const svc = service();
      const game = await startGame(svc);
      const left = must(await svc.leave(game.row.id, alice.userId)).outcome;
      expect(left.finished).toBe(true);
      expect(left.concededTo).toBe(game.seats.find((s) => s.userId === bob.userId)!.seat);
      expect(left.after.seats.find((s) => s.userId === alice.userId)!.leftAt).not.toBeNull();
      expect(await svc.leave(game.row.id, alice.userId)).toMatchObject({ ok: false, code: 'not_active' });
    });

    it('with two players: the one result is stored once, the winner first, and the history and statistics read it', async () => {
      const svc = service();
      const game = await startGame(svc);
      must(await svc.leave(game.row.id, alice.userId));
      expect((await svc.finalResult(game.row.id)).map(({ userId, rank, left }) => ({ userId, rank, left })).sort((a, b) => a.rank - b.rank)).toEqual([
        { userId: bob.userId, rank: 1, left: false },
        { userId: alice.userId, rank: 2, left: true },
      ]);
      expect((await svc.history(game.row.guildId, 5)).find((h) => h.gameId === game.row.id)?.winners).toEqual([{ userId: bob.userId, level: null }]);
    });

    it('the last present human leaving while a computer stands in for the other player: nobody wins, nobody absent is credited, and the warning before says so', async () => {
      const svc = service();
      const computers = new ComputerTurns(svc, tallyComputer, createLogger({ level: 'silent', format: 'json' }));
      const game = await startGame(svc);
      const idle = svc.activeSeats(game)[0]!;
      const present = 1 - idle;
      clock.advance(48 * HOUR);
      await svc.runDueJobs();
      const passed = await svc.vote(game.row.id, userAt(game, present), idle, 'skip');
      expect(passed).toMatchObject({ ok: true, passed: 'skip' });
      await computers.playHeld(game.row.id);
      const standing = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      expect(standing.seats[idle]).toMatchObject({ computer: 'normal', leftAt: null });
      expect(svc.leaveConsequence(standing, present)).toEqual({ kind: 'ends', winner: null });
      const left = must(await svc.leave(game.row.id, userAt(game, present))).outcome;
      expect(left.finished).toBe(true);
      expect(left.concededTo).toBeNull();
      // Every seat second: the stand-in's absent owner is not credited with a win, in any reading of the result.
      expect((await svc.finalResult(game.row.id)).map(({ seat, rank, left: gone }) => ({ seat, rank, left: gone }))).toEqual(
        [0, 1].map((seat) => ({ seat, rank: 2, left: seat === present })),
      );
      expect((await svc.history(game.row.guildId, 5)).find((h) => h.gameId === game.row.id)?.winners).toEqual([]);
      expect(await svc.playerStats(game.row.guildId, userAt(game, idle))).toEqual([{ userId: userAt(game, idle), kind: 'tally', games: 1, wins: 0, averagePlace: 2 }]);
    });

    it('a computer player never wins by concession: the human leaving two computer players ends the game with no winner', async () => {
      const svc = service();
      const lobby = must(await svc.createLobby({ guildId: '300000000000000001', channelId: '200000000000000009', kind: 'tally', host: alice, locale: 'en' })).game;
      must(await svc.addComputer(lobby.row.id, alice.userId, 'easy'));
      must(await svc.addComputer(lobby.row.id, alice.userId, 'hard'));
      const current = must(await svc.byId(lobby.row.id)).game;
      const game = must(await svc.start(lobby.row.id, alice.userId, current.row.version)).game;
      const human = game.seats.find((s) => s.userId === alice.userId)!.seat;
      expect(svc.leaveConsequence(game, human)).toEqual({ kind: 'ends', winner: null });
      const left = must(await svc.leave(game.row.id, alice.userId)).outcome;
      expect(left).toMatchObject({ finished: true, concededTo: null });
      const result = await svc.finalResult(game.row.id);
      expect(result.every((r) => r.rank === 2)).toBe(true);
      expect(result.filter((r) => r.level !== null).map((r) => r.level).sort()).toEqual(['easy', 'hard']);
      expect((await svc.history(game.row.guildId, 5)).find((h) => h.gameId === game.row.id)?.winners).toEqual([]);
    });

    it('without a removeSeat hook: a computer player takes the seat; its turns are played after the commit and the game goes on', async () => {
      const svc = service();
      const computers = new ComputerTurns(svc, tallyComputer, createLogger({ level: 'silent', format: 'json' }));
      let game = await startGame(svc, [alice, bob, carol]);
      const leaver = svc.activeSeats(game)[0]!;
      const outcome = must(await svc.leave(game.row.id, userAt(game, leaver))).outcome;
      expect(outcome.finished).toBe(false);
      expect(outcome.after.seats.find((s) => s.seat === leaver)).toMatchObject({ computer: 'normal' });
      // The commit itself plays nothing for the computer: it is asked for its decision afterwards.
      expect(outcome.entries).toEqual([]);
      expect(svc.computerSeatsToPlay(outcome.after)).toEqual([leaver]);
      expect(await computers.playHeld(game.row.id)).toBe(1);
      game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      expect(svc.activeSeats(game)).toEqual([(leaver + 1) % 3]);
      expect((await svc.effectiveLog(game)).at(-1)).toMatchObject({ seat: leaver, action: { type: 'end' } });
      // No reminder or idle vote waits on a computer.
      expect(svc.computerSeatsToPlay(game)).toEqual([]);
      expect(await svc.leave(game.row.id, userAt(game, leaver))).toMatchObject({ ok: false, code: 'not_a_player' });
    });


    it('with a removeSeat hook: the rules take the seat out, logged so that replay and undo still work', async () => {
      const svc = service(tallyModule({ removeSeat: true }));
      const game = await startGame(svc, [alice, bob, carol]);
      const leaver = svc.activeSeats(game)[0]!;
      const outcome = must(await svc.leave(game.row.id, userAt(game, leaver))).outcome;
      expect(outcome.entries.map((e) => e.events[0]?.key)).toEqual(['tally.left']);
      expect((outcome.after.state as TallyState).removed[leaver]).toBe(true);
      // A fresh service (as after a restart) replays the log, removal included, and accepts the stored state.
      const fresh = service(tallyModule({ removeSeat: true }));
      expect(await fresh.byId(game.row.id)).toMatchObject({ ok: true });
    });
  });

  describe.runIf(under.available)('stored state', () => {
    it('reports a damaged game with its id and channel; other channels keep working', async () => {
      const svc = service();
      const damaged = await startGame(svc, [alice, bob], '500');
      const healthy = await startGame(svc, [carol, bob], '501');
      await execute('UPDATE games SET state = ? WHERE id = ?', '{"not":"json"', damaged.row.id);
      expect(await svc.byChannel('500')).toMatchObject({ ok: false, code: 'damaged', gameId: damaged.row.id, channelId: '500', reason: expect.stringContaining('JSON') });
      expect(await svc.byChannel('501')).toMatchObject({ ok: true });
      await actAs(svc, healthy, (a) => a.type === 'add');
      const sweep = await service().sweep();
      expect(sweep.damaged).toEqual([{ gameId: damaged.row.id, channelId: '500', reason: expect.any(String) }]);
      // Abandon still works on a damaged game.
      must(await svc.abandon('500', alice.userId, false));
      expect(await svc.byChannel('500')).toMatchObject({ ok: false, code: 'no_game' });
    });

    it('detects a stored state that differs from a replay of its log (checked once per process and version)', async () => {
      const svc = service();
      const game = await startGame(svc);
      const state = JSON.parse(game.row.state!) as TallyState;
      state.scores[0] = 11;
      await execute('UPDATE games SET state = ? WHERE id = ?', JSON.stringify(state), game.row.id);
      expect(await service().byId(game.row.id)).toMatchObject({ ok: false, code: 'damaged', reason: expect.stringContaining('replay') });
    });
  });

  describe.runIf(under.available)('reminders, snooze and idle votes', () => {
    it('reminds after the interval up to the limit; snooze postpones; a new turn starts over', async () => {
      const svc = service();
      let game = await startGame(svc);
      const seat = svc.activeSeats(game)[0]!;
      const user = userAt(game, seat);
      // What the jobs owe the channel is written to the outbox; `owed` takes the new deliveries.
      let seen = (await svc.outbox.rows.ofGame(game.row.id)).length;
      const owed = async (): Promise<{ kind: string; payload: unknown }[]> => {
        const rows = (await svc.outbox.rows.ofGame(game.row.id)).slice(seen);
        seen += rows.length;
        return rows.map((r) => ({ kind: r.kind, payload: JSON.parse(r.payload) as unknown }));
      };
      clock.advance(12 * HOUR - 1);
      expect(await svc.runDueJobs()).toEqual([]);
      clock.advance(1);
      expect(await svc.runDueJobs()).toEqual([{ gameId: game.row.id, channelId: game.row.channelId }]);
      // `since`: when the turn began (a reminder listing several games shows how long each has waited).
      expect(await owed()).toEqual([{ kind: 'reminder', payload: { kind: 'reminder', seats: [seat], count: 1, limit: 3, since: game.row.updatedAt } }]);
      expect(await svc.snooze(game.row.id, userAt(game, 1 - seat), seat)).toMatchObject({ ok: false, code: 'foreign_panel' });
      const snoozed = must(await svc.snooze(game.row.id, user, seat));
      expect(snoozed.dueAt).toBe(clock.now() + 24 * HOUR);
      clock.advance(12 * HOUR);
      await svc.runDueJobs();
      expect(await owed()).toEqual([]);
      clock.advance(12 * HOUR);
      await svc.runDueJobs();
      expect(await owed()).toEqual([{ kind: 'reminder', payload: expect.objectContaining({ count: 2 }) }]);
      clock.advance(12 * HOUR);
      await svc.runDueJobs();
      expect(await owed()).toEqual(
        expect.arrayContaining([
          { kind: 'reminder', payload: expect.objectContaining({ count: 3 }) },
          // `since`: the turn's start, from which the message counts the hours it shows.
          { kind: 'idle-vote', payload: { kind: 'idle-vote', seats: [seat], idleHours: 48, repeat: false, since: clock.now() - 48 * HOUR } },
        ]),
      );
      expect(await svc.repo.jobsOf(game.row.id, JOB_KINDS.reminder)).toEqual([]);
      expect(await svc.snooze(game.row.id, user, seat)).toMatchObject({ ok: false, code: 'no_reminder' });
      // Acting ends the turn: the open vote closes and the next player's reminder starts.
      game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      game = (await actAs(svc, game, (a) => a.type === 'end')).after;
      expect((await svc.repo.jobsOf(game.row.id)).map((j) => j.kind).sort()).toEqual([JOB_KINDS.idle, JOB_KINDS.reminder]);
      expect(await svc.vote(game.row.id, userAt(game, 1 - seat), seat, 'skip')).toMatchObject({ ok: false, code: 'vote_closed' });
    });

    it('a majority of the other players hands the idle seat to a computer (taken back between turns) or removes the player', async () => {
      const svc = service();
      const computers = new ComputerTurns(svc, tallyComputer, createLogger({ level: 'silent', format: 'json' }));
      const game = await startGame(svc, [alice, bob, carol]);
      const idle = svc.activeSeats(game)[0]!;
      const others = [0, 1, 2].filter((s) => s !== idle);
      clock.advance(48 * HOUR);
      await svc.runDueJobs();
      expect(await svc.vote(game.row.id, userAt(game, idle), idle, 'skip')).toMatchObject({ ok: false, code: 'cannot_vote' });
      expect(await svc.vote(game.row.id, stranger, idle, 'skip')).toMatchObject({ ok: false, code: 'not_a_player' });
      const first = await svc.vote(game.row.id, userAt(game, others[0]!), idle, 'skip');
      expect(first).toMatchObject({ ok: true, passed: null, tally: { skip: [userAt(game, others[0]!)], kick: [], needed: 2 } });
      // Changing one's mind moves the vote; the same voter twice counts once.
      await svc.vote(game.row.id, userAt(game, others[0]!), idle, 'kick');
      expect(await svc.voteTally(must(await svc.byId(game.row.id)).game as ActiveSnapshot, idle)).toMatchObject({ skip: [], kick: [userAt(game, others[0]!)] });
      await svc.vote(game.row.id, userAt(game, others[0]!), idle, 'skip');
      const passed = await svc.vote(game.row.id, userAt(game, others[1]!), idle, 'skip');
      if (!passed.ok || passed.passed !== 'skip') throw new Error(JSON.stringify(passed));
      // The seat is handed to a computer player, which ends the turn after the commit.
      expect(passed.outcome.after.seats.find((s) => s.seat === idle)).toMatchObject({ computer: 'normal', leftAt: null });
      await computers.playHeld(game.row.id);
      let after = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      expect(svc.activeSeats(after)).toEqual([(idle + 1) % 3]);
      // The owner takes the seat back between turns (not while it is deciding).
      const back = must(await svc.reclaim(game.row.id, userAt(after, idle)));
      expect(back.game.seats.find((s) => s.seat === idle)).toMatchObject({ computer: null, leftAt: null });
      expect(await svc.reclaim(game.row.id, userAt(after, idle))).toMatchObject({ ok: false, code: 'not_handed_over' });
      // Next turn, idle again: removal by vote (no removeSeat hook here) gives the seat to a computer for good.
      after = back.game;
      const idle2 = svc.activeSeats(after)[0]!;
      clock.advance(48 * HOUR);
      await svc.runDueJobs();
      const voters = [0, 1, 2].filter((s) => s !== idle2);
      await svc.vote(after.row.id, userAt(after, voters[0]!), idle2, 'kick');
      const kicked = await svc.vote(after.row.id, userAt(after, voters[1]!), idle2, 'kick');
      if (!kicked.ok || kicked.passed !== 'kick') throw new Error(JSON.stringify(kicked));
      expect(kicked.outcome.after.seats.find((s) => s.seat === idle2)).toMatchObject({ computer: 'normal' });
      expect(kicked.outcome.after.seats.find((s) => s.seat === idle2)!.leftAt).not.toBeNull();
      await computers.playHeld(after.row.id);
      expect(svc.activeSeats(must(await svc.byId(after.row.id)).game as ActiveSnapshot)).not.toContain(idle2);
    });


    it('validates settings and lets only the host or a moderator change them', async () => {
      const svc = service();
      const game = await startGame(svc);
      expect(await svc.updateSettings(game.row.id, bob.userId, false, { reminderHours: 6 })).toMatchObject({ ok: false, code: 'not_host' });
      expect(await svc.updateSettings(game.row.id, alice.userId, false, { reminderHours: 0 })).toMatchObject({ ok: false, code: 'invalid_setting', field: 'reminderHours', min: 1 });
      const updated = must(await svc.updateSettings(game.row.id, bob.userId, true, { reminderHours: 6, reminderLimit: 1, idleHours: 24 }));
      expect(updated.row).toMatchObject({ reminderIntervalMinutes: 360, reminderLimit: 1, idleAfterMinutes: 1440 });
    });
  });
});

/**
 * A game never stalls on its computer player: a decision that throws is tried again, then the game's greedy
 * one-ply move from the seat's view is played for it, which the game's log and the channel are told of, and the game goes on; a
 * player that never answers is given up at its limit (the bot's own clock) with the same fallback, and so is
 * a real AI pool whose worker hangs; a computer turn left owed (the player was closing) is a scheduled job
 * that the scheduler plays when it comes due, without a command or a restart.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMPUTER_TURN_GRACE_MS } from '../../src/app/service/jobs/computer-turn.js';
import { aiComputerPlayer } from '../../src/app/computer-player.js';
import { ComputerTurns, computerRequest, fallbackMove, type ComputerPlayer } from '../../src/app/computer-turns.js';
import { createGameService, type GameService, JOB_KINDS, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { Scheduler } from '../../src/app/scheduler.js';
import { AiPoolClosedError } from '../../src/app/workers/ai-errors.js';
import { logMessage } from '../../src/discord/messages/index.js';
import { GAMES } from '../../src/games/index.js';
import type { BoardRenderer } from '../../src/render/board-job.js';
import { createLogger } from '../../src/logger.js';
import { testStores } from '../support/test-stores.js';

const clock = { t: Date.UTC(2025, 5, 1), now() { return this.t; } };
const host = '100000000000000001';
const stores = testStores('fallback').filter((s) => s.label.toLowerCase().includes('sqlite'));
const under = stores[0]!;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function capturingLogger(): { logger: ReturnType<typeof createLogger>; logs: Record<string, unknown>[] } {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ level: 'info', format: 'json' }, sink), logs };
}

/** An Istanbul game of the host and one computer player of `level`, at the computer's first decision. */
async function gameWithComputer(level: 'easy' | 'normal' | 'hard'): Promise<{ svc: GameService; game: ActiveSnapshot; computerSeat: number }> {
  const { store } = await under.open({ now: () => clock.now() });
  const svc = createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => `fallback-${level}` });
  const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: host, displayName: 'Alice' }, locale: 'en', capacity: 2 })).game;
  must(await svc.addComputer(lobby.row.id, host, level));
  let game = must(await svc.start(lobby.row.id, host, must(await svc.byId(lobby.row.id)).game.row.version)).game;
  const computerSeat = game.seats.find((s) => s.userId !== host)!.seat;
  // The host plays (the first legal action) until the computer must decide.
  for (let i = 0; i < 200 && svc.computerSeatsToPlay(game).length === 0; i++) {
    const seat = svc.activeSeats(game)[0]!;
    game = must(await svc.act(game.row.id, host, seat, game.row.version, 0)).outcome.after;
  }
  expect(svc.computerSeatsToPlay(game)).toEqual([computerSeat]);
  return { svc, game, computerSeat };
}

async function reload(svc: GameService, gameId: number): Promise<ActiveSnapshot> {
  return must(await svc.byId(gameId)).game as ActiveSnapshot;
}

const presenter = GAMES.presenters({} as BoardRenderer).get('istanbul')!;

describe.runIf(under.available)('a computer player that cannot decide', () => {
  it('an AI that throws: each decision is tried again, then the greedy one-ply move is played, logged and told; the game goes on', async () => {
    const { svc, game, computerSeat } = await gameWithComputer('easy');
    let asked = 0;
    const throwing: ComputerPlayer = {
      choose: () => {
        asked++;
        return Promise.reject(new Error('the AI broke'));
      },
    };
    const { logger, logs } = capturingLogger();
    const turns = new ComputerTurns(svc, throwing, logger, { retries: 1 });
    const legal = svc.legalActions(game, computerSeat);
    const greedy = legal[fallbackMove(computerRequest(game, computerSeat, 'easy'))];
    const moves = await turns.playHeld(game.row.id);
    expect(moves).toBeGreaterThan(0);
    // Asked twice per decision (one retry), then the fallback move.
    expect(asked).toBe(2 * moves);
    const after = await reload(svc, game.row.id);
    expect(svc.computerSeatsToPlay(after)).toEqual([]);
    expect(after.row.status).toBe('active');
    const log = await svc.effectiveLog(after);
    const played = log.filter((e) => e.seat === computerSeat && e.sequence > 0).slice(-moves);
    expect(played.every((e) => e.computer === true && e.fallback === true)).toBe(true);
    expect(log.find((e) => e.fallback === true)!.action).toEqual(JSON.parse(JSON.stringify(greedy)));
    expect(logs.filter((l) => l.msg === 'a computer player could not decide; the greedy one-ply move is played for it')).toHaveLength(moves);
    // The game's log says so, in the reader's language.
    const en = (await logMessage(svc, after, presenter, null, 'en', { perPage: 0 }))!.content;
    expect(en).toMatch(/Bot 1 \(easy\) could not decide in time; it played the move that looked best at a glance/);
    const de = (await logMessage(svc, after, presenter, null, 'de', { perPage: 0 }))!.content;
    expect(de).toMatch(/konnte sich nicht rechtzeitig entscheiden; er spielte den Zug, der auf den ersten Blick am besten aussah/);
    const nl = (await logMessage(svc, after, presenter, null, 'nl', { perPage: 0 }))!.content;
    expect(nl).toMatch(/kon niet op tijd beslissen; hij speelde de zet die op het eerste gezicht het best leek/);
    // The host plays on.
    const seat = svc.activeSeats(after)[0]!;
    must(await svc.act(after.row.id, host, seat, after.row.version, 0));
  }, 60_000);

  it('an AI that answers after one failure: the retry is played, no fallback', async () => {
    const { svc, game, computerSeat } = await gameWithComputer('easy');
    let asked = 0;
    const flaky: ComputerPlayer = { choose: (r) => (asked++ % 2 === 0 ? Promise.reject(new Error('once')) : Promise.resolve({ index: r.legal.length - 1, value: null })) };
    const turns = new ComputerTurns(svc, flaky, createLogger({ level: 'silent', format: 'json' }));
    expect(await turns.playHeld(game.row.id)).toBeGreaterThan(0);
    const log = await svc.effectiveLog(await reload(svc, game.row.id));
    expect(log.filter((e) => e.seat === computerSeat && e.computer === true).length).toBeGreaterThan(0);
    expect(log.some((e) => e.fallback === true)).toBe(false);
  }, 60_000);

  it('a player that never answers is given up at its limit, by the bot clock; the fallback move is played', async () => {
    const { svc, game } = await gameWithComputer('easy');
    const never: ComputerPlayer = { choose: () => new Promise(() => undefined) };
    const turns = new ComputerTurns(svc, never, createLogger({ level: 'silent', format: 'json' }), { decisionLimitMs: 200 });
    const started = performance.now();
    const moves = await turns.playHeld(game.row.id);
    expect(moves).toBeGreaterThan(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200 * moves - 5);
    const after = await reload(svc, game.row.id);
    expect(svc.computerSeatsToPlay(after)).toEqual([]);
    expect((await svc.effectiveLog(after)).filter((e) => e.fallback === true)).toHaveLength(moves);
  }, 60_000);

  it('a real AI pool whose worker hangs: the decision is abandoned past its deadline plus the margin, the fallback move is played, and the pool answers the next game', async () => {
    const { svc, game } = await gameWithComputer('hard');
    const player = aiComputerPlayer({ threads: 1, deadlineMs: 50, marginMs: 2_000, workerFile: new URL('./workers/misbehaving-ai-worker.ts', import.meta.url) });
    try {
      const turns = new ComputerTurns(svc, player, createLogger({ level: 'silent', format: 'json' }));
      const started = performance.now();
      const moves = await turns.playHeld(game.row.id);
      expect(moves).toBeGreaterThan(0);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_050 - 5);
      const after = await reload(svc, game.row.id);
      expect(svc.computerSeatsToPlay(after)).toEqual([]);
      expect((await svc.effectiveLog(after)).some((e) => e.fallback === true)).toBe(true);
      // The hung worker was replaced: the pool answers again. The replacement starts with the next game (a
      // worker process under tsx can take seconds to start on a busy machine); the game after it is answered.
      const first = await gameWithComputer('easy');
      expect(await new ComputerTurns(first.svc, player, createLogger({ level: 'silent', format: 'json' })).playHeld(first.game.row.id)).toBeGreaterThan(0);
      const easy = await gameWithComputer('easy');
      const { logger, logs } = capturingLogger();
      expect(await new ComputerTurns(easy.svc, player, logger).playHeld(easy.game.row.id)).toBeGreaterThan(0);
      expect(logs.filter((l) => l.level !== 30)).toEqual([]);
      expect((await easy.svc.effectiveLog(await reload(easy.svc, easy.game.row.id))).some((e) => e.fallback === true)).toBe(false);
    } finally {
      await player.close();
    }
  }, 60_000);

  it('a computer turn left owed is a scheduled job: the scheduler plays it when due, without a command', async () => {
    const { svc, game, computerSeat } = await gameWithComputer('easy');
    // The bot was stopping: the computer player answers nothing; the turn stays owed.
    const closing: ComputerPlayer = { choose: () => Promise.reject(new AiPoolClosedError()) };
    const silent = createLogger({ level: 'silent', format: 'json' });
    expect(await new ComputerTurns(svc, closing, silent).playHeld(game.row.id)).toBe(0);
    expect(svc.computerSeatsToPlay(await reload(svc, game.row.id))).toEqual([computerSeat]);
    expect(await svc.dueComputerTurns()).toEqual([]);

    // Later (a restart, say): the scheduler's tick finds the job due and plays the turn.
    const turns = new ComputerTurns(svc, { choose: (r) => Promise.resolve({ index: r.legal.length - 1, value: null }) }, silent);
    const played: number[] = [];
    const scheduler = new Scheduler(svc, { deliverSoon: () => Promise.resolve() }, silent, 3_600_000, {
      play: ({ gameId }) => svc.lockedGame(gameId, async () => void played.push(await turns.playOwed(gameId))),
    });
    await scheduler.tick();
    expect(played).toEqual([]);
    clock.t += COMPUTER_TURN_GRACE_MS;
    expect(await svc.dueComputerTurns()).toEqual([{ gameId: game.row.id, channelId: '2' }]);
    await scheduler.tick();
    expect(played).toHaveLength(1);
    expect(played[0]).toBeGreaterThan(0);
    const after = await reload(svc, game.row.id);
    expect(svc.computerSeatsToPlay(after)).toEqual([]);
    expect(after.row.status).toBe('active');
    // Nothing is owed any more: the job is gone, and the next tick plays nothing.
    clock.t += COMPUTER_TURN_GRACE_MS;
    expect(await svc.dueComputerTurns()).toEqual([]);
    await scheduler.tick();
    expect(played).toHaveLength(1);
    expect(JOB_KINDS.computer).toBe('computer-turn');
  }, 60_000);
});

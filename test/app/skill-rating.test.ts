/**
 * The rating arithmetic (src/skill-rating.ts) as players meet it: a win raises, a loss lowers, a shared
 * place is a tie, leaving is losing, every computer of a level is one player, and applying games one by
 * one adds up to rating them all at once.
 */
import { describe, expect, it } from 'vitest';
import { conservative, initialRating, rateAll, rateGame, ratedPlayerOf, ratedPlayers, type PlayerRating, type RatedSeat } from '../../src/skill-rating.js';

const human = (userId: string, rank: number, left = false): RatedSeat => ({ userId, computer: null, rank, left });
const bot = (n: number, level: string, rank: number): RatedSeat => ({ userId: `computer:${n}`, computer: level, rank, left: false });
const byId = (rated: readonly PlayerRating[]): Map<string, PlayerRating> => new Map(rated.map((r) => [r.playerId, r]));

describe('rating a finished game', () => {
  it('the winner gains, the loser loses, both grow surer; a newcomer starts at mu 25, sigma 25/3 (conservative 0)', () => {
    expect(initialRating().mu).toBe(25);
    expect(initialRating().sigma).toBeCloseTo(25 / 3, 12);
    expect(conservative(initialRating())).toBeCloseTo(0, 12);
    const after = byId(rateGame([human('a', 1), human('b', 2)], new Map()));
    expect(after.get('a')!.mu).toBeGreaterThan(25);
    expect(after.get('b')!.mu).toBeLessThan(25);
    expect(after.get('a')!.sigma).toBeLessThan(25 / 3);
    expect(after.get('b')!.sigma).toBeLessThan(25 / 3);
    expect([after.get('a')!.games, after.get('b')!.games]).toEqual([1, 1]);
  });

  it('a shared win is a tie: equal players sharing first place stay equal, and both gain on the player behind', () => {
    const after = byId(rateGame([human('a', 1), human('b', 1), human('c', 3)], new Map()));
    expect(after.get('a')!.mu).toBe(after.get('b')!.mu);
    expect(after.get('a')!.sigma).toBe(after.get('b')!.sigma);
    expect(after.get('a')!.mu).toBeGreaterThan(25);
    expect(after.get('c')!.mu).toBeLessThan(25);
    // Not the same as a win of a over b.
    const ordered = byId(rateGame([human('a', 1), human('b', 2), human('c', 3)], new Map()));
    expect(ordered.get('a')!.mu).toBeGreaterThan(after.get('a')!.mu);
  });

  it('a player who left places behind everyone who stayed, whatever the computer did with the seat', () => {
    // The leaver's seat, played on by a computer, came first by the rules.
    const after = byId(rateGame([human('quitter', 1, true), human('b', 2), human('c', 3)], new Map()));
    const asLast = byId(rateGame([human('b', 1), human('c', 2), human('quitter', 3)], new Map()));
    expect(after.get('quitter')!.mu).toBeCloseTo(asLast.get('quitter')!.mu, 12);
    expect(after.get('b')!.mu).toBeCloseTo(asLast.get('b')!.mu, 12);
  });

  it('every computer of a level is one player ("Computer (hard)"); two seats of one level count as one game at their mean', () => {
    expect(ratedPlayerOf({ userId: 'computer:1', computer: 'hard' })).toBe('computer:hard');
    expect(ratedPlayerOf({ userId: 'computer:3', computer: 'hard' })).toBe('computer:hard');
    expect(ratedPlayerOf({ userId: 'computer:1', computer: 'easy' })).toBe('computer:easy');
    // A human's seat played by a computer stays the human's.
    expect(ratedPlayerOf({ userId: '123456789012345678', computer: 'normal' })).toBe('123456789012345678');
    const seats = [human('a', 1), bot(1, 'hard', 2), bot(2, 'hard', 3)];
    expect(ratedPlayers(seats)).toEqual(['a', 'computer:hard']);
    const rated = rateGame(seats, new Map());
    expect(rated.map((r) => r.playerId)).toEqual(['a', 'computer:hard']);
    const hard = byId(rated).get('computer:hard')!;
    expect(hard.games).toBe(1);
    const three = rateGame([human('a', 1), human('x', 2), human('y', 3)], new Map());
    const [x, y] = [byId(three).get('x')!, byId(three).get('y')!];
    expect(hard.mu).toBeCloseTo((x.mu + y.mu) / 2, 12);
    expect(hard.sigma).toBeCloseTo((x.sigma + y.sigma) / 2, 12);
  });

  it('a game of one player against itself rates nothing', () => {
    expect(rateGame([bot(1, 'hard', 1), bot(2, 'hard', 2)], new Map())).toEqual([]);
  });

  it('games applied one by one add up to rating them all in order, per server and game', () => {
    const games = [
      { gameId: 1, guildId: 'g1', kind: 'kairo', seats: [human('a', 1), human('b', 2)] },
      { gameId: 2, guildId: 'g1', kind: 'kairo', seats: [human('b', 1), bot(1, 'hard', 2), human('a', 3)] },
      { gameId: 3, guildId: 'g1', kind: 'istanbul', seats: [human('a', 1), human('b', 2)] },
      { gameId: 4, guildId: 'g2', kind: 'kairo', seats: [human('a', 2), human('b', 1)] },
    ];
    let kairo = new Map<string, PlayerRating>();
    for (const game of games.filter((g) => g.guildId === 'g1' && g.kind === 'kairo')) {
      kairo = new Map([...kairo, ...byId(rateGame(game.seats, kairo))]);
    }
    const all = rateAll(games);
    expect([...all.keys()].sort()).toEqual(['g1 istanbul', 'g1 kairo', 'g2 kairo']);
    expect(all.get('g1 kairo')).toEqual(kairo);
    expect(all.get('g1 kairo')!.get('a')!.games).toBe(2);
    // Another server's games are another rating.
    expect(all.get('g2 kairo')!.get('a')!.mu).toBeLessThan(25);
    expect(all.get('g1 istanbul')!.get('a')!.mu).toBeGreaterThan(25);
  });
});

/**
 * Skill ratings in /stats through the real client and the fake Discord: after each finished
 * game a player's line shows their rating and its uncertainty; once players have three rated games, the
 * game's leaderboard ranks them by mu - 3 sigma, and a computer level is one player of its own,
 * "Computer (normal)", whichever seat number ("Bot 1", "Bot 2") it had, never a mention. On the small
 * test game (Tally, first to 3), against a computer player that adds 2 while it may (it wins).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import { gameRegistry } from '../../src/games/registry.js';
import { conservative } from '../../src/skill-rating.js';
import type { FakeUser } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import type { TallyAction } from '../games/tally/index.js';
import { END_TURN, playTurn } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, latestBoard, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 3 });

/** Adds 2 while it may (two adds reach the target), else ends the turn. */
const addsTwo: ComputerPlayer = {
  choose: async (request) => {
    const legal = request.legal as TallyAction[];
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 2);
    return { index: add >= 0 ? add : legal.findIndex((a) => a.type === 'end'), value: null };
  },
};

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['ratings-1', 'ratings-2', 'ratings-3'], computerPlayer: addsTwo });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

async function stats(user: FakeUser): Promise<string[]> {
  const handle = await user.runCommand(env.fake.channelId(), 'stats', {});
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /stats' });
  return privateReply(handle, user).text.split('\n');
}

/** Alice against `computers` normal computer players in a new channel, played to the end (Alice only ends her turns). */
async function playAgainstComputers(name: string, computers: number): Promise<void> {
  const channel = env.fake.createChannel(name);
  const lobby = await openLobby(alice, channel, { game: 'tally', players: computers + 1 });
  for (let i = 0; i < computers; i++) {
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const before = env.fake.message(lobby.id)!.text;
    const added = await alice.selectOptions(lobby.id, select.customId, ['normal'], { until: 'response' });
    await added.waitFor(() => env.fake.message(lobby.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
  }
  await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const finished = async (): Promise<boolean> => (await env.service.runningRow(channel)) === undefined;
  for (let turn = 0; !(await finished()); turn++) {
    expect(turn).toBeLessThan(4);
    const board = latestBoard(env.fake, channel);
    if (mentionedToAct(board).includes(alice.id)) {
      await playTurn({ fake: env.fake, channelId: channel }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
    } else {
      await until(env.fake, async () => (await finished()) || latestBoard(env.fake, channel).id !== board.id, 'the computer turn', WAIT_MS);
    }
  }
}

describe('skill ratings in /stats', () => {
  it('shows rating and uncertainty after each game, and ranks by mu - 3 sigma from three games, "Computer (normal)" as one player', async () => {
    await playAgainstComputers('ratings-1', 1);
    const [title, line, , none] = await stats(alice);
    expect(title).toBe(`**Statistics** of <@${alice.id}> in this server`);
    // Lost to the computer once: below the start (25) and a little surer than 8.3.
    expect(line).toBe('Tally: 1 played, 0 won, average place 2.0 · rating 22.4 ± 8.1');
    expect(none).toBe('No leaderboard yet: it lists players with at least 3 finished games of one game in this server.');

    // Two more games, the second with two computers ("Bot 1" and "Bot 2"): still one player, "normal".
    await playAgainstComputers('ratings-2', 1);
    await playAgainstComputers('ratings-3', 2);
    const ratings = new Map((await env.service.ratingLeaderboard(env.fake.guildId, 'tally', 10)).map((r) => [r.playerId, r]));
    expect([...ratings.keys()].sort()).toEqual([alice.id, 'computer:normal'].sort());
    const normal = ratings.get('computer:normal')!;
    const mine = ratings.get(alice.id)!;
    expect([normal.games, mine.games]).toEqual([3, 3]);
    const fixed = (n: number): string => n.toFixed(1);
    const lines = await stats(alice);
    expect(lines.slice(1, 2)).toEqual([`Tally: 3 played, 0 won, average place ${lines[1]!.match(/average place (\d\.\d)/)![1]} · rating ${fixed(mine.mu)} ± ${fixed(mine.sigma)}`]);
    expect(lines.slice(-3)).toEqual([
      '**Leaderboard: Tally** (rating μ − 3σ, players with at least 3 rated games)',
      `1. Computer (normal): ${fixed(conservative(normal))} (${fixed(normal.mu)} ± ${fixed(normal.sigma)}, 3 games)`,
      `2. <@${alice.id}>: ${fixed(conservative(mine))} (${fixed(mine.mu)} ± ${fixed(mine.sigma)}, 3 games)`,
    ]);
    // Bob reads it in German; a computer is never written as a mention.
    const german = (await stats(bob)).join('\n');
    expect(german).toContain('**Bestenliste: Tally** (Wertung μ − 3σ, Spieler mit mindestens 3 gewerteten Spielen)');
    expect(german).toContain(`1. Computer (normal): ${fixed(conservative(normal))} (${fixed(normal.mu)} ± ${fixed(normal.sigma)}, 3 Spiele)`);
    for (const text of [lines.join('\n'), german]) expect(text).not.toMatch(/computer:|<@!?computer|Bot \d/);
    env.fake.assertNoViolations();
  });
});

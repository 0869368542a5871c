/**
 * A finished game with a computer player, in /game history and /stats: the computer is named as in its
 * game, with its level ("Bot 1 (normal)"), in the reader's language, never written as a mention of its
 * seat id (<@computer:1>). On the small test game (Tally, first to 3 points), with a computer player that
 * adds 2 while it may (it wins on its first turn) and a human who ends each turn at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
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
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['computer-results-1'], computerPlayer: addsTwo });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

async function answer(user: FakeUser, channel: string, name: 'game' | 'stats', subcommand?: string): Promise<string> {
  const handle = await user.runCommand(channel, name, subcommand === undefined ? {} : { subcommand });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /${name} ${subcommand ?? ''}` });
  return privateReply(handle, user).text;
}

describe('computer players in /game history and /stats', () => {
  it('a finished game won by a computer player names it with its level, "Bot 1 (normal)", in the reader language, never as a mention', async () => {
    const channel = env.fake.createChannel('computer-results');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const before = env.fake.message(lobby.id)!.text;
    const added = await alice.selectOptions(lobby.id, select.customId, ['normal'], { until: 'response' });
    await added.waitFor(() => env.fake.message(lobby.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
    expect(env.fake.message(lobby.id)!.text).toContain('Bot 1 (normal)');
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

    // Alice ends her turns at once; the computer adds 2 twice and wins (on its first turn).
    const finished = async (): Promise<boolean> => (await env.service.runningRow(channel)) === undefined;
    for (let turn = 0; !(await finished()); turn++) {
      expect(turn).toBeLessThan(3);
      const board: SeenMessage = latestBoard(env.fake, channel);
      if (mentionedToAct(board).includes(alice.id)) {
        await playTurn({ fake: env.fake, channelId: channel }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null, awaitNextBoard: true });
      } else {
        await until(env.fake, async () => (await finished()) || latestBoard(env.fake, channel).id !== board.id, 'the computer turn', WAIT_MS);
      }
    }
    await until(env.fake, () => latestBoard(env.fake, channel).text.includes('**The game is over.**'), 'the final board', WAIT_MS);
    const final = latestBoard(env.fake, channel);
    const gameId = (await env.service.history(env.fake.guildId, 1))[0]!.gameId;

    const history = await answer(alice, channel, 'game', 'history');
    const line = history.split('\n').find((l) => l.startsWith(`#${gameId} Tally`));
    expect(line).toMatch(new RegExp(`^#${gameId} Tally · <t:\\d+:d> · 2 players · won by Bot 1 \\(normal\\) · \\[final board\\]\\(https://discord\\.com/channels/${env.fake.guildId}/${channel}/${final.id}\\)$`));

    const stats = (await answer(alice, channel, 'stats')).split('\n');
    expect(stats).toEqual([
      `**Statistics** of <@${alice.id}> in this server`,
      'Tally: 1 played, 0 won, average place 2.0 · rating 22.4 ± 8.1',
      '',
      'No leaderboard yet: it lists players with at least 3 finished games of one game in this server.',
    ]);

    // In the reader's language, and never as a mention of the seat's id.
    const germanHistory = await answer(bob, channel, 'game', 'history');
    expect(germanHistory).toContain(' · 2 Spieler · gewonnen von Bot 1 (normal) · ');
    const germanStats = await answer(bob, channel, 'stats');
    expect(germanStats).toContain('Noch keine Bestenliste: Sie zeigt Spieler mit mindestens 3 beendeten Partien eines Spiels in diesem Server.');
    for (const text of [history, stats.join('\n'), germanHistory, germanStats]) {
      expect(text).not.toMatch(/computer:\d|<@!?computer|<@!?\D/);
    }
    env.fake.assertNoViolations();
  });
});

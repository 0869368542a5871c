/**
 * A game ended early with /game abandon is closed properly: the end is said in the channel and in the
 * game's thread (whose last post must not still ask someone to decide), and the game stays reachable as a
 * finished one does: /game status posts its last board again, marked as ended early, with the standings it
 * was ended with and nothing to click; /game log and /game hand answer from it. On the small test game
 * (Tally), played in a thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, INVITE_PERMISSIONS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally]), seeds: ['abandoned-1'], computerPlayer: tallyComputer, fake: { botPermissions: [...INVITE_PERMISSIONS] } });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

async function command(user: FakeUser, channel: string, subcommand: string): Promise<SeenMessage> {
  return privateReply(await user.runCommand(channel, 'game', { subcommand }), user);
}

describe('an abandoned game', () => {
  it('says its end in the thread and the channel, and stays reachable by /game status, log and hand, marked as ended early', async () => {
    const channel = env.fake.createChannel('abandon');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    const threads = (): ReturnType<typeof env.fake.threadsOf> => env.fake.threadsOf(channel);
    await start.waitFor(() => threads().length === 1 && boards(env.fake, threads()[0]!.id).length === 1, { timeoutMs: 15_000, description: 'the first board in the thread' });
    const thread = threads()[0]!.id;
    const running = await env.service.byChannel(channel);
    if (!running.ok) throw new Error('no game');
    const id = running.game.row.id;
    expect(boards(env.fake, thread)[0]!.text).toMatch(/your decision/);

    const answer = await runConfirmed(alice, thread, 'abandon');
    expect(answer.text).toBe('The game has ended. Its standings at this moment are kept in /game history.');
    const ended = `<@${alice.id}> ended game #${id} (Tally) early.`;
    // The end was delivered before the host was answered.
    // The channel and the thread both say it; the thread's last post no longer asks anyone to decide.
    expect(env.fake.channelMessages(channel).at(-1)!.text).toContain(ended);
    const lastInThread = env.fake.channelMessages(thread).at(-1)!;
    expect(lastInThread.text).toContain(ended);
    expect(lastInThread.text).toMatch(/1\. .*<@\d+>: /);
    expect(env.fake.message(boards(env.fake, thread)[0]!.id)!.buttons).toEqual([]);

    // /game status posts the last board again in the channel, marked, with the standings and no buttons.
    const before = boards(env.fake, channel).length;
    const status = await command(bob, thread, 'status');
    expect(status.text).toBe('The last game in this channel is over; its final board is posted again.');
    const again = boards(env.fake, channel).at(-1)!;
    expect(boards(env.fake, channel)).toHaveLength(before + 1);
    expect(again.text).toContain(`This game (#${id}) was ended early: its last board, posted again. /game new starts the next one.`);
    expect(again.text).toContain('**The game was ended early.** The standings then:');
    expect(again.text).not.toMatch(/your decision/);
    expect(again.buttons).toEqual([]);

    // The log and the hands answer from it, marked as ended early.
    expect((await command(alice, channel, 'log')).text).toMatch(new RegExp(`^\\*\\*The last turns\\*\\* of game #${id} \\(ended early\\)`));
    expect((await command(bob, thread, 'hand')).text).toMatch(new RegExp(`^\\*\\*Your hand when the game was ended\\*\\* \\(game #${id}, ended early; only you can see this\\)`));
    env.fake.assertNoViolations();
  }, 180_000);
});

/**
 * /game follow and /game unfollow through the real client and the fake Discord: a member who
 * does not play hears of each new board of a game as a player would, in the game's thread by a mention,
 * or by direct message as their /game notify says, with nothing private; players, a finished game and an
 * empty channel are refused in the user's language; unfollowing stops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from './harness.js';
import { endTheTurn, playTurn, type TurnPolicy } from '../support/turn-driver.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['follow-1', 'follow-2', 'follow-3'],
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

/** The private answer to a /game subcommand. */
async function command(user: FakeUser, channel: string, subcommand: string, options: Record<string, string | number> = {}): Promise<string> {
  const handle = await user.runCommand(channel, 'game', { subcommand, options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /game ${subcommand}` });
  return privateReply(handle, user).text;
}

/** The users a posted message was allowed to ping (what Discord would notify), from the request the bot sent. */
function pinged(channel: string, message: SeenMessage): string[] {
  // Posted in the channel, or as the follow-up of the click that ended the turn.
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && (r.path === `/channels/${channel}/messages` || r.route === '/webhooks/{webhook_id}/{webhook_token}') && bodyText(r.body) === message.text);
  return (post?.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? [];
}

/** Alice and Bob's game of Tally (first to 4), started in `channel`: its thread and first board. */
async function startGame(channel: string): Promise<{ thread: string; gameId: number }> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  await start.waitFor(() => env.fake.threadsOf(channel).length === 1 && boards(env.fake, env.fake.threadsOf(channel)[0]!.id).length === 1, { timeoutMs: WAIT_MS, description: 'the first board in the thread' });
  return { thread: env.fake.threadsOf(channel)[0]!.id, gameId: (await env.service.runningRow(channel))!.id };
}

/** Plays the turn on the thread's latest board; returns the next board. */
async function turn(thread: string, policy: TurnPolicy = endTheTurn): Promise<SeenMessage> {
  const played = await playTurn({ fake: env.fake, channelId: thread }, { policy, awaitNextBoard: true });
  return played!.next!;
}

/** Adds 2, then ends the turn: a player's second turn wins (first to 4). */
const addTwo: TurnPolicy = (context) => (context.step === 0 ? context.choices.find((c) => /Add 2/.test(c.label))! : endTheTurn(context));

describe('following a game', () => {
  it('a follower is mentioned on each new board in the thread, as a player; players are refused, unfollowing stops it', async () => {
    const channel = env.fake.createChannel('follow-thread');
    expect(await command(carol, channel, 'follow')).toBe('There is no game in this channel to follow.');
    const { thread, gameId } = await startGame(channel);
    // From the game's thread, about the channel's game.
    expect(await command(carol, thread, 'follow')).toBe(
      `You follow **Tally** (game #${gameId}) now: each new board mentions you where it is posted (\`/game notify\` changes how). \`/game unfollow\` stops it.`,
    );
    expect(await command(carol, channel, 'follow')).toBe(`You already follow **Tally** (game #${gameId}).`);
    expect(await command(bob, thread, 'follow')).toBe('You play in this game: you hear of it as a player already.');

    const board = await turn(thread);
    const lines = board.text.split('\n');
    // Above the line naming who decides, which still pings only the player.
    expect(lines.at(-2)).toBe(`Following: <@${carol.id}>`);
    expect(mentionedToAct(board)).toHaveLength(1);
    expect(pinged(thread, board).sort()).toEqual([mentionedToAct(board)[0]!, carol.id].sort());
    // Only the public board: no hand, no panel for the follower.
    expect(env.fake.directMessagesTo(carol.id)).toEqual([]);

    expect(await command(carol, thread, 'unfollow')).toBe(`You no longer follow **Tally** (game #${gameId}).`);
    expect(await command(carol, thread, 'unfollow')).toBe('You do not follow the game of this channel.');
    const next = await turn(thread);
    expect(next.text).not.toContain('Following');
    expect(pinged(thread, next)).toEqual(mentionedToAct(next));
    env.fake.assertNoViolations();
  });

  it('a follower who chose direct messages gets a link to each new board and to the final standings, in their language; then the finished game is refused', async () => {
    expect(await command(dave, env.fake.channelId(), 'notify', { how: 'dm' })).toMatch(/^Gespeichert\. Deine Züge: eine Direktnachricht\./);
    const channel = env.fake.createChannel('follow-dm');
    const { thread, gameId } = await startGame(channel);
    expect(await command(dave, channel, 'follow')).toBe(
      `Du folgst jetzt **Tally** (Spiel #${gameId}): Jeder neue Spielplan kommt als Direktnachricht zu dir (\`/spiel benachrichtigung\` ändert das). \`/spiel entfolgen\` beendet es.`,
    );
    // Both players add 2 each turn: the start player reaches 4 on their second turn.
    const board = await turn(thread, addTwo);
    expect(board.text).not.toContain('Folgen');
    expect(pinged(thread, board)).not.toContain(dave.id);
    await env.service.lockedGame(gameId, () => undefined);
    expect(env.fake.directMessagesTo(dave.id).map((m) => m.text)).toEqual([
      `Ein neuer Spielplan in **Tally** (Spiel #${gameId}), dem du folgst, in <#${thread}>: [Spielplan öffnen](https://discord.com/channels/${env.fake.guildId}/${thread}/${board.id})`,
    ]);
    await turn(thread, addTwo);
    await playTurn({ fake: env.fake, channelId: thread }, { policy: addTwo });
    const final = await new Promise<SeenMessage>((resolve, reject) => {
      const started = Date.now();
      const look = (): void => {
        const last = boards(env.fake, channel).at(-1);
        if (last?.text.includes('**The game is over.**')) return resolve(last);
        if (Date.now() - started > WAIT_MS) return reject(new Error('no final board'));
        env.fake.events.once('messageCreate', look);
      };
      look();
    });
    await env.service.lockedGame(gameId, () => undefined);
    const dms = env.fake.directMessagesTo(dave.id).map((m) => m.text);
    expect(dms.at(-1)).toBe(`**Tally** (Spiel #${gameId}), dem du folgst, ist vorbei: [Endstand öffnen](https://discord.com/channels/${env.fake.guildId}/${channel}/${final.id})`);
    // Every direct message is a line with a link: nothing of a hand, nothing but public boards.
    for (const text of dms) expect(text).toMatch(/^(Ein neuer Spielplan|\*\*Tally\*\*).*\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+\)$/);
    expect(await command(carol, channel, 'follow')).toBe(`**Tally** (game #${gameId}) is over: there is nothing left to follow. \`/game status\` shows its final board.`);
    await command(dave, env.fake.channelId(), 'notify', { how: 'channel' });
    env.fake.assertNoViolations();
  });
});

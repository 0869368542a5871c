/**
 * Followers, leaving and rematches where they meet the other features: a follower hears the table they
 * follow and no other, as their notify settings say (by direct message, in their language, held by quiet
 * hours); a player who leaves a clocked table is played for by a computer whose moves say so, and is neither
 * reminded nor warned about a bank again; the finished game names one winner wherever it is read (the
 * final board, the replay, the history), and its rematch seats the players who stayed, keeps the options,
 * and is followed only by whoever follows it anew. On the small test game (Tally, first to 4).
 *
 * Crosses: followers, tables, dms, languages, quiet-away, leave-abandon, stand-ins, clocks, rematch, replays
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCustomId } from '../../../src/discord/codec.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { endTheTurn, playTurn, type TurnPolicy } from '../../support/turn-driver.js';
import { addTwo, ask, delivered as deliveredFor, turnAt, waitOn } from './at-the-table.js';
import { boards, buttonFor, latestCall, mentionedToAct, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, INVITE_PERMISSIONS } from '../harness.js';

const HOUR = 3_600_000;

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 4 })]),
    seeds: Array.from({ length: 12 }, (_, i) => `seams-follow-${i}`),
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

interface Table {
  readonly gameId: number;
  readonly thread: string;
}

/** Plays the turn the table's latest call asks for; returns the call after it. */
function turn(at: Table, policy?: TurnPolicy): Promise<SeenMessage> {
  return turnAt(env, at.thread, policy);
}

/** Everything the bot owes for the table's game is delivered. */
function delivered(at: Table): Promise<void> {
  return deliveredFor(env, at.gameId);
}

/** A lobby in `channel` opened by `host`, joined by `guests`, started: its thread and first board. */
async function table(channel: string, host: FakeUser, guests: readonly FakeUser[], options: Record<string, string> = {}): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(host, channel, { game: 'tally', ...options });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  for (const guest of guests) await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const start = await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = () => env.fake.threadsOf(channel).find((t) => !before.has(t.id));
  await waitOn(start, () => opened() !== undefined && boards(env.fake, opened()!.id).length === 1, `the first board of game #${gameId}`);
  return { gameId, thread: opened()!.id };
}



describe('followers, leaving and rematches at tables that meet the other features', () => {
  it('a follower of one of two tables hears that table only, by direct message in their language with a link that opens it; none comes during their quiet hours', async () => {
    const channel = env.fake.createChannel('seams-follow-two-tables');
    const followed = await table(channel, alice, [bob]);
    const other = await table(channel, carol, [alice]);
    await ask(dave, channel, 'notify', { how: 'dm', quiet_from: 0, quiet_to: 0 });
    // Named from the channel, where two games run.
    const answer = await ask(dave, channel, 'follow', { game: followed.gameId });
    expect(answer.text).toMatch(new RegExp(`^Du folgst jetzt \\*\\*Tally\\*\\* \\(Spiel #${followed.gameId}\\)`));

    const dmsBefore = env.fake.directMessagesTo(dave.id).length;
    await turn(other);
    await delivered(other);
    expect(env.fake.directMessagesTo(dave.id)).toHaveLength(dmsBefore);

    const board = await turn(followed);
    await delivered(followed);
    const dms = env.fake.directMessagesTo(dave.id);
    expect(dms).toHaveLength(dmsBefore + 1);
    const link = /https:\/\/discord\.com\/channels\/(\d+)\/(\d+)\/(\d+)\)?$/.exec(dms.at(-1)!.text);
    expect(dms.at(-1)!.text).toMatch(/^Ein neuer Spielplan in \*\*Tally\*\* \(Spiel #\d+\)/);
    expect(link?.slice(1)).toEqual([env.fake.guildId, followed.thread, board.id]);

    // Quiet hours now: the next board of the followed table sends nothing; the one after them does.
    const hour = new Date(env.fake.clock.now()).getUTCHours();
    await ask(dave, channel, 'notify', { time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 2) % 24 });
    await turn(followed);
    await delivered(followed);
    expect(env.fake.directMessagesTo(dave.id)).toHaveLength(dmsBefore + 1);
    await ask(dave, channel, 'notify', { quiet_from: 0, quiet_to: 0 });
    const after = await turn(followed);
    await delivered(followed);
    expect(env.fake.directMessagesTo(dave.id)).toHaveLength(dmsBefore + 2);
    expect(env.fake.directMessagesTo(dave.id).at(-1)!.text).toContain(`/${followed.thread}/${after.id}`);
    await ask(dave, channel, 'unfollow', { game: followed.gameId });
    await ask(dave, channel, 'notify', { how: 'channel' });
    env.fake.assertNoViolations();
  });

  it('a player who leaves a clocked table is played for by a computer whose moves say so; they are neither reminded nor warned of a bank again, and leaving one table leaves no other', async () => {
    const channel = env.fake.createChannel('seams-leave-clocked');
    const clocked = await table(channel, alice, [bob, carol], { clock: '1h+5m' });
    const elsewhere = await table(channel, bob, [alice]);
    await ask(dave, channel, 'follow', { game: clocked.gameId });
    const pingsOfBob = (): number => env.fake.requests.filter((r) => r.method === 'POST' && ((r.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? []).includes(bob.id)).length;

    // Bob leaves the clocked table from its thread: a computer plays his seat from now on.
    expect((await runConfirmed(bob, clocked.thread, 'leave')).text).toBe('You left the game.');
    await delivered(clocked);
    expect(latestCall(env.fake, clocked.thread).text).toContain(`<@${bob.id}> left the game; a computer player takes their seat.`);
    const pingsAfterLeaving = pingsOfBob();
    // Round the table: the computer's turns for Bob are labelled as the computer's, the others' are not.
    for (let i = 0; i < 3; i++) await turn(clocked);
    await delivered(clocked);
    const lines = env.fake.channelMessages(clocked.thread).flatMap((m) => m.text.split('\n'));
    expect(lines).toContain('- 2️⃣ Bob (computer) ends the turn');
    expect(lines.filter((l) => /^- \d️⃣ (Alice|Carol) /.test(l)).every((l) => !l.includes('(computer)'))).toBe(true);
    // Two hours on: the bank of whoever decides runs out; Bob, who left, is told of nothing.
    env.fake.clock.advance(2 * HOUR);
    await env.bot.scheduler.tick();
    await delivered(clocked);
    expect(env.fake.channelMessages(clocked.thread).some((m) => m.text.includes(`<@${bob.id}>'s time bank`))).toBe(false);
    expect(pingsOfBob()).toBe(pingsAfterLeaving);
    // His other table is his to play: he is still its player, in his own seat.
    const other = await env.service.byId(elsewhere.gameId);
    expect(other.ok && other.game.seats.find((s) => s.userId === bob.id)).toMatchObject({ computer: null, leftAt: null });
    expect((await ask(bob, elsewhere.thread, 'hand')).text).not.toMatch(/not playing/);
    env.fake.assertNoViolations();
  });

  it('a finished game names one winner on its final board, in its replay and in the history; its rematch seats who stayed, keeps the clock, and is followed only anew', async () => {
    const channel = env.fake.createChannel('seams-rematch');
    const first = await table(channel, alice, [bob, carol], { clock: '1d+1h' });
    await ask(dave, channel, 'notify', { how: 'channel' });
    await ask(dave, channel, 'follow', { game: first.gameId });
    expect((await runConfirmed(bob, first.thread, 'leave')).text).toBe('You left the game.');
    await delivered(first);
    // Alice adds 2 on each of her turns, Carol ends hers at once: Alice reaches 4 first.
    for (let i = 0; i < 8 && (await env.service.runningRow(channel)) !== undefined; i++) {
      const call = latestCall(env.fake, first.thread);
      await playTurn({ fake: env.fake, channelId: first.thread, latest: () => latestCall(env.fake, first.thread) }, { policy: mentionedToAct(call)[0] === alice.id ? addTwo : endTheTurn });
      await delivered(first);
    }
    const final = boards(env.fake, channel).at(-1)!;
    const standings = final.text.split('\n');
    expect(standings).toContain('**The game is over.** Final standings:');
    expect(standings.find((l) => l.startsWith('1. '))).toMatch(new RegExp(`^1\\. \\d️⃣ <@${alice.id}>: 4 points$`));
    // Bob, who left, places behind both who stayed, as every surface reads it.
    expect(standings.find((l) => l.includes(`<@${bob.id}>`))).toMatch(/^3\. \d️⃣ <@\d+> left the game: 0 points$/);
    expect(standings.find((l) => l.includes(`<@${carol.id}>`))).toMatch(/^2\. /);
    expect(standings).toContain(`Following: <@${dave.id}>`);
    // The history and the replay, read by the follower in German, name the same winner.
    const history = await ask(dave, channel, 'history');
    expect(history.text).toContain(`#${first.gameId} Tally`);
    expect(history.text).toMatch(new RegExp(`gewonnen von <@${alice.id}> ·`));
    const replay = await ask(dave, channel, 'replay', { game: first.gameId });
    const menu = replay.selects[0]!;
    const end = menu.options.find((o) => o.label.startsWith('Das Ende'))!;
    const before = env.fake.message(replay.id)!.text;
    const picked = await dave.selectOptions(replay.id, menu.customId, [end.value], { until: 'response' });
    await waitOn(picked, () => env.fake.message(replay.id)!.text !== before, 'the end of the replay');
    const ending = env.fake.message(replay.id)!.text.split('\n');
    expect(ending).toContain('**Das Spiel ist vorbei.** Endstand:');
    expect(ending.find((l) => l.startsWith('1. '))).toMatch(new RegExp(`^1\\. \\d️⃣ <@${alice.id}>: 4 points$`));
    expect(ending.find((l) => l.includes(`<@${bob.id}>`))).toMatch(/^3\. .* hat das Spiel verlassen: 0 points$/);
    const stats = await bob.runCommand(channel, 'stats', {});
    await waitOn(stats, () => stats.reply !== undefined && !stats.reply.loading, 'the answer to /stats');
    expect(privateReply(stats, bob).text).toContain('Tally: 1 played, 0 won, average place 3.0');

    // Carol asks for a rematch: the players who stayed, the same clock; Bob, who left, is not seated.
    const pressed = privateReply(await carol.clickButton(final.id, buttonFor(final, 'rematch')), carol);
    expect(pressed.text).toMatch(/^Een lobby voor de revanche is open, met dezelfde spelers en opties: \[Lobby van de revanche openen\]\(https:\/\/discord\.com\/channels\//);
    const lobbyId = /\/channels\/\d+\/(\d+)\/(\d+)\)/.exec(pressed.text)!;
    expect(lobbyId[1]).toBe(channel);
    const lobby = env.fake.message(lobbyId[2]!)!;
    expect(lobby.text).toContain(`Players (2/4): <@${carol.id}>, <@${alice.id}>`);
    expect(lobby.text).toContain('Clock: 1 day + 1 hour per move.');
    expect(lobby.text).not.toContain(`<@${bob.id}>`);
    // Started, it is a new game: Dave, who followed the first, hears nothing of it.
    const before2 = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    const start = await carol.clickButton(lobby.id, buttonFor(lobby, 'start'), { until: 'response' });
    const opened = () => env.fake.threadsOf(channel).find((t) => !before2.has(t.id));
    await waitOn(start, () => opened() !== undefined && boards(env.fake, opened()!.id).length === 1, 'the rematch\'s first board');
    const rematch: Table = { gameId: parseCustomId(buttonFor(lobby, 'start'))!.gameId, thread: opened()!.id };
    await turn(rematch);
    await delivered(rematch);
    expect(env.fake.channelMessages(rematch.thread).some((m) => m.text.includes(`<@${dave.id}>`))).toBe(false);
    env.fake.assertNoViolations();
  });
});

/**
 * Learning games, games in direct messages and absences where they meet the other features: a friend may
 * follow a learning game and hears its boards, never its coaching; a learner away is not reminded; a
 * learner who leaves ends the game with nobody crowned, and its rematch is a learning game again. In direct
 * messages, a bank that runs out hands the seat to a stand-in that plays the turn that was due and then
 * waits for its owner, who takes it back and plays on; the replay and the rematch stay in the direct
 * messages. An away player is never put to a vote, can replay their game without pinging anyone, and is
 * still named as away on a rematch's board; an abandoned game reminds nobody later, even a reminder held by
 * quiet hours. On the small test game (Tally, first to 4).
 *
 * Crosses: learn, followers, quiet-away, leave-abandon, rematch, dms, stand-ins, clocks, replays, languages
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '../../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { playTurn, type TurnPolicy } from '../../support/turn-driver.js';
import { addTwo, ask, delivered as deliveredFor, turnAt, waitOn } from './at-the-table.js';
import { buttonFor, hasButton, latestCall, mentionedToAct, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake } from '../harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let dave: FakeUser;
let erin: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tallyGame({ removeSeat: false, target: 4 })]),
    seeds: Array.from({ length: 12 }, (_, i) => `seams-away-${i}`),
    computerPlayer: tallyComputer,
    // As in production: the commands also work in direct messages.
    globalCommands: true,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'nl' });
  erin = env.createUser('erin', { globalName: 'Erin' });
  erin.installApp();
});

afterAll(async () => {
  await env?.stop();
});

async function gameIdIn(channel: string): Promise<number> {
  const row = await env.service.runningRow(channel);
  if (row === undefined) throw new Error(`no game runs in ${channel}`);
  return row.id;
}


/** Everything the bot owes for the game is delivered. */
function delivered(gameId: number): Promise<void> {
  return deliveredFor(env, gameId);
}

/** Plays the turn the latest call at `place` asks for; returns the call after it. */
function turn(place: string, policy?: TurnPolicy): Promise<SeenMessage> {
  return turnAt(env, place, policy);
}

/** A day `days` ahead of the fake clock, as /game notify away_until takes it. */
function dayAhead(days: number): string {
  return new Date(env.fake.clock.now() + days * DAY).toISOString().slice(0, 10);
}

/** Whether any post or edit of the bot allowed a ping of `user` after request `from`. */
function pingedSince(user: FakeUser, from: number): boolean {
  return env.fake.requests.slice(from).some((r) => ((r.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? []).includes(user.id));
}

describe('learning games, direct messages and absences where they meet', () => {
  it('a friend may follow a learning game and hears its boards, never its coaching; the learner away is not reminded; when the learner leaves nobody is crowned, and the rematch is a learning game again', async () => {
    const channel = env.fake.createChannel('seams-learn-follow');
    const answer = await ask(alice, channel, 'learn', { game: 'tally', thread: false });
    const gameId = await gameIdIn(channel);
    const firstBoard = env.fake.channelMessages(channel).find((m) => m.attachments.length > 0)!;
    expect(answer.text).toContain(`(https://discord.com/channels/${env.fake.guildId}/${channel}/${firstBoard.id})`);
    expect((await ask(dave, channel, 'follow')).text).toMatch(/^Je volgt nu \*\*Tally\*\* \(spel #\d+\)/);
    await turn(channel);
    await delivered(gameId);
    // Dave sees the channel's boards and nothing private but the answers to his own commands: no coaching, no panel.
    const seen = dave.sees(channel);
    expect(seen.some((m) => m.text.includes(`Following: <@${dave.id}>`))).toBe(true);
    expect(seen.filter((m) => m.ephemeral && m.interaction?.userId !== dave.id)).toEqual([]);
    // Alice's coaching is in her own panel.
    expect(alice.sees(channel).some((m) => m.ephemeral && m.text.includes('That was the suggestion'))).toBe(true);
    expect(seen.some((m) => m.text.includes('suggestion'))).toBe(false);

    // Away for three days: two days without a decision bring Alice no reminder.
    await ask(alice, channel, 'notify', { away_until: dayAhead(3) });
    const from = env.fake.requests.length;
    for (let hours = 0; hours < 48; hours += 12) {
      env.fake.clock.advance(12 * HOUR);
      await env.bot.scheduler.tick();
    }
    await delivered(gameId);
    expect(pingedSince(alice, from)).toBe(false);
    await ask(alice, channel, 'notify', { away_until: 'off' });

    // Alice leaves: the game ends, and the computer is not crowned by her leaving, on the board or in the history.
    expect((await runConfirmed(alice, channel, 'leave')).text).toMatch(/left the game/);
    await delivered(gameId);
    const final = env.fake.channelMessages(channel).filter((m) => m.text.includes('**The game is over.**')).at(-1)!;
    expect(final.text).toContain('nobody wins');
    expect(final.text).not.toMatch(/Bot 1.*wins/);
    expect(final.text).toContain(`Following: <@${dave.id}>`);
    const history = await ask(dave, channel, 'history');
    expect(history.text).toMatch(new RegExp(`#${gameId} Tally .* geen winnaar`));

    // Her rematch is a learning game again, with the same computer player and no one else to seat.
    const pressed = privateReply(await alice.clickButton(final.id, buttonFor(final, 'rematch')), alice);
    const link = /\/channels\/\d+\/(\d+)\/(\d+)\)/.exec(pressed.text)!;
    expect(link[1]).toBe(channel);
    expect(env.fake.message(link[2]!)!.text).toContain(`Players (2/2): <@${alice.id}>, Bot 1 (easy)`);
    const rematch = await env.service.runningRow(channel);
    expect(rematch).toBeDefined();
    expect(rematch!.id).not.toBe(gameId);
    const loaded = await env.service.byId(rematch!.id);
    expect(loaded.ok && loaded.game.settings.learn).toBe(true);
    env.fake.assertNoViolations();
  });

  it('in direct messages, a bank that runs out hands the seat to a stand-in that plays the turn that was due and then waits for its owner, who takes it back and wins; the replay and the rematch stay in the direct messages', async () => {
    const dm = erin.dmChannel();
    const lobby = await openLobby(erin, dm, { game: 'tally', clock: '1h+5m' });
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const before = env.fake.message(lobby.id)!.text;
    const added = await erin.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' });
    await waitOn(added, () => env.fake.message(lobby.id)!.text !== before, 'the computer player in the lobby');
    const start = await erin.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await waitOn(start, () => env.fake.channelMessages(dm).some((m) => hasButton(m, 'turn') && mentionedToAct(m).includes(erin.id)), 'a call for Erin');
    const gameId = await gameIdIn(dm);

    // Erin lets her hour run out: the stand-in plays her turn, the computer its own, and then the game waits for her.
    env.fake.clock.advance(HOUR + 60_000);
    await env.bot.scheduler.tick();
    await delivered(gameId);
    for (let i = 0; i < 3; i++) {
      env.fake.clock.advance(5 * 60_000);
      await env.bot.scheduler.tick();
      await delivered(gameId);
    }
    const waiting = latestCall(env.fake, dm);
    expect(waiting.text).toContain(`<@${erin.id}>'s time bank ran out: a computer player plays the turn that was due for them.`);
    expect(waiting.text).toMatch(/^- \d️⃣ Erin \(computer\) ends the turn$/m);
    expect(mentionedToAct(waiting)).toEqual([erin.id]);
    const stood = await env.service.byId(gameId);
    expect(stood.ok && stood.game.row.status).toBe('active');
    expect(stood.ok && stood.game.seats.find((s) => s.userId === erin.id)?.computer).not.toBeNull();

    // She takes her seat back and plays on, adding 2 a turn, against a computer that only ends its turns: she wins.
    const offer = privateReply(await erin.clickButton(waiting.id, buttonFor(waiting, 'turn')), erin);
    const back = privateReply(await erin.clickButton(offer.id, offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!), erin);
    expect(back.text).toMatch(/Your seat is yours again/);
    await delivered(gameId);
    for (let i = 0; i < 6 && (await env.service.runningRow(dm)) !== undefined; i++) {
      const call = [...env.fake.channelMessages(dm)].reverse().find((m) => hasButton(m, 'turn'))!;
      await playTurn({ fake: env.fake, channelId: dm, latest: () => [...env.fake.channelMessages(dm)].reverse().find((m) => hasButton(m, 'turn')) }, { policy: addTwo });
      await delivered(gameId);
      expect(mentionedToAct(call)).toEqual([erin.id]);
    }
    const final = env.fake.channelMessages(dm).filter((m) => m.text.includes('**The game is over.**')).at(-1)!;
    expect(final.text.split('\n').find((l) => l.startsWith('1. '))).toMatch(new RegExp(`^1\\. \\d️⃣ <@${erin.id}>: 4 points$`));
    // The history, the replay and the rematch stay in her direct messages.
    expect((await ask(erin, dm, 'history')).text).toMatch(new RegExp(`won by <@${erin.id}> · \\[final board\\]\\(https://discord\\.com/channels/@me/${dm}/${final.id}\\)`));
    const replay = await ask(erin, dm, 'replay');
    expect(replay.text).toContain(`game #${gameId}`);
    expect(replay.text).not.toContain('Erin (computer)');
    const pressed = privateReply(await erin.clickButton(final.id, buttonFor(final, 'rematch')), erin);
    expect(pressed.text).toMatch(new RegExp(`\\(https://discord\\.com/channels/@me/${dm}/\\d+\\)`));
    expect(env.fake.channelMessages(env.fake.channelId())).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('an away player is never put to a vote and may replay their game without pinging anyone; the rematch still says they are away; an abandoned game reminds nobody later, even of a reminder held by quiet hours', async () => {
    const channel = env.fake.createChannel('seams-away-vote');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await waitOn(start, () => env.fake.channelMessages(channel).some((m) => hasButton(m, 'turn')), 'the first board');
    const gameId = await gameIdIn(channel);
    if (mentionedToAct(latestCall(env.fake, channel))[0] !== bob.id) await turn(channel);
    expect(mentionedToAct(latestCall(env.fake, channel))).toEqual([bob.id]);

    // Bob is away for four days: two and a half days pass with no reminder, no vote, no post at all.
    await ask(bob, channel, 'notify', { away_until: dayAhead(4) });
    const posts = env.fake.channelMessages(channel).length;
    for (let hours = 0; hours < 60; hours += 12) {
      env.fake.clock.advance(12 * HOUR);
      await env.bot.scheduler.tick();
    }
    await delivered(gameId);
    expect(env.fake.channelMessages(channel)).toHaveLength(posts);
    // He looks back at the game meanwhile: a private answer, and nobody is pinged.
    const from = env.fake.requests.length;
    const replay = await ask(bob, channel, 'replay');
    expect(replay.text).toMatch(/^\*\*Wiederholung\*\* von Tally · Spiel #\d+ \(läuft: die bisher gespielten Züge\)/);
    expect(env.fake.requests.slice(from).some((r) => ((r.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? []).length > 0)).toBe(false);

    // Alice concedes: Bob, at the table in his own seat though away, wins; the rematch's board still says he is away.
    await runConfirmed(alice, channel, 'leave');
    await delivered(gameId);
    const final = env.fake.channelMessages(channel).filter((m) => m.text.includes('**The game is over.**')).at(-1)!;
    expect(final.text).toContain(`<@${bob.id}>`);
    const pressed = privateReply(await alice.clickButton(final.id, buttonFor(final, 'rematch')), alice);
    const rematchLobby = env.fake.message(/\/channels\/\d+\/\d+\/(\d+)\)/.exec(pressed.text)![1]!)!;
    const started = await alice.clickButton(rematchLobby.id, buttonFor(rematchLobby, 'start'), { until: 'response' });
    await waitOn(started, () => env.fake.channelMessages(channel).filter((m) => hasButton(m, 'turn')).length > 0 && (env.fake.channelMessages(channel).at(-1)?.createdAt ?? 0) >= rematchLobby.createdAt && latestCall(env.fake, channel).id !== final.id, 'the rematch\'s first board');
    const rematchId = await gameIdIn(channel);
    expect(rematchId).not.toBe(gameId);
    await delivered(rematchId);
    expect(latestCall(env.fake, channel).text).toContain(`<@${bob.id}> is away until <t:`);

    // Bob is back, with quiet hours for the rest of the day: a reminder due in them waits; the game is
    // abandoned meanwhile, and the held reminder never comes.
    await ask(bob, channel, 'notify', { away_until: 'off' });
    if (mentionedToAct(latestCall(env.fake, channel))[0] !== bob.id) await turn(channel);
    const hour = new Date(env.fake.clock.now()).getUTCHours();
    await ask(bob, channel, 'notify', { time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 20) % 24 });
    const beforeQuiet = env.fake.requests.length;
    env.fake.clock.advance(13 * HOUR);
    await env.bot.scheduler.tick();
    await delivered(rematchId);
    // The reminder due after 12 hours waits for the end of his quiet hours.
    expect(pingedSince(bob, beforeQuiet)).toBe(false);
    const quiet = env.fake.requests.length;
    await runConfirmed(alice, channel, 'abandon');
    await delivered(rematchId);
    for (let hours = 0; hours < 48; hours += 12) {
      env.fake.clock.advance(12 * HOUR);
      await env.bot.scheduler.tick();
    }
    await env.bot.deliverer.poll();
    expect(pingedSince(bob, quiet)).toBe(false);
    await ask(bob, channel, 'notify', { quiet_from: 0, quiet_to: 0 });
    env.fake.assertNoViolations();
  });
});

/**
 * Notifications as each player wants them (/game notify), through the real client and the fake Discord
 * with its clock: a direct message instead of a ping, a reminder that waits for the end of the player's
 * quiet hours in their time zone, and "away until" pausing reminders and the idle vote, shown on the board.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, type FakeUser, type RequestRecord, type SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, mentionedToAct, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';
import { endTheTurn, playTurn } from '../support/turn-driver.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['notify-1', 'notify-2', 'notify-3', 'notify-4'],
    computerPlayer: tallyComputer,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

/** The channels of the test running, whose games end with it. */
const tables: string[] = [];

function tableChannel(name: string): string {
  const channel = env.fake.createChannel(name);
  tables.push(channel);
  return channel;
}

// A player's reminders due together come in one message, at the table that waited longest: each test ends
// its games, so that the clock a test moves on reminds only of its own.
afterEach(async () => {
  for (const channel of tables.splice(0)) {
    if ((await env.service.runningRow(channel)) === undefined) continue;
    expect(await env.service.abandon(channel, alice.id, true)).toMatchObject({ ok: true });
  }
});

function userById(id: string): FakeUser {
  return env.fake.users.get(id);
}

async function startTally(channel: string, host: FakeUser, other: FakeUser): Promise<SeenMessage> {
  const lobby = await openLobby(host, channel, { game: 'tally' });
  await other.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

async function notify(user: FakeUser, options: Record<string, string | number>): Promise<string> {
  return privateReply(await user.runCommand(env.fake.channelId(), 'game', { subcommand: 'notify', options }), user).text;
}

/** Ends the active player's turn from `board` (the latest); returns the next board. */
async function endTurn(board: SeenMessage, channel: string): Promise<SeenMessage> {
  await playTurn({ fake: env.fake, channelId: channel, latest: () => board }, { policy: endTheTurn });
  return latestBoard(env.fake, channel);
}

/** The users a posted message was allowed to ping (what Discord would notify), from the request the bot sent. */
function pinged(channel: string, message: SeenMessage): string[] {
  // Posted in the channel, or as the follow-up of the click that ended the turn.
  const post = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && (r.path === `/channels/${channel}/messages` || r.route === '/webhooks/{webhook_id}/{webhook_token}') && bodyText(r.body) === message.text);
  return (post?.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? [];
}

/** Resolves once `predicate` holds, checked at every new message in the fake (never a fixed wait). */
function untilMessage(predicate: () => boolean, description: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!predicate()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out waiting for ${description}`));
    }, WAIT_MS);
    const done = (): void => {
      clearTimeout(timer);
      env.fake.events.off('messageCreate', check);
    };
    env.fake.events.on('messageCreate', check);
    check();
  });
}

async function gameIdIn(channel: string): Promise<number> {
  return (await env.service.runningRow(channel))!.id;
}

describe('/game notify', () => {
  it('shows the settings, and answers a bad time zone or date with a short message in the user language, changing nothing', async () => {
    expect(await notify(alice, {})).toBe('Your turns: a mention in the channel. Time zone: UTC. Quiet hours: none. Not away. A decision with only one possible answer (a pass) is played for you, without a ping. Your turn panel comes without a picture (Phone view on the board shows one).');
    expect(await notify(carol, { time_zone: 'Mars/Base' })).toBe('Onbekende tijdzone "Mars/Base". Gebruik een naam als Europe/Amsterdam of America/New_York.');
    expect(await notify(bob, { away_until: '2020-01-01' })).toBe('„2020\\-01\\-01“ ist kein Tag in der Zukunft: schreib JJJJ-MM-TT (innerhalb eines Jahres) oder off.');
    expect(await notify(bob, { away_until: 'next week' })).toMatch(/^„next week“ ist kein Tag/);
    expect(await notify(alice, { quiet_from: 22 })).toBe('Quiet hours need both quiet_from and quiet_to (the same hour twice turns them off).');
    // A forged choice (Discord's client offers only the three) is refused by the service too.
    expect(await env.service.updateNotify(alice.id, { how: 'pigeon' as never })).toMatchObject({ ok: false, code: 'invalid_notify' });
    expect((await env.service.notifySettings(alice.id)).how).toBe('channel');
    expect((await env.service.notifySettings(carol.id)).timeZone).toBeNull();
    expect((await env.service.notifySettings(bob.id)).awayUntil).toBeNull();
    expect(await notify(carol, { time_zone: 'europe/amsterdam', quiet_from: 23, quiet_to: 7 })).toBe(
      'Opgeslagen. Je beurten: een vermelding in het kanaal. Tijdzone: Europe/Amsterdam. Stille uren: 23:00-07:00 uur. Niet afwezig. Een beslissing met maar één mogelijk antwoord (passen) wordt voor je gespeeld, zonder vermelding. Je beurtpaneel komt zonder afbeelding (Telefoonweergave bij het bord toont er een).',
    );
    env.fake.assertNoViolations();
  });
});

describe('a direct message instead of a ping', () => {
  it('the board names the player without pinging them, and they get a direct message in their language with a link', async () => {
    expect(await notify(bob, { how: 'dm' })).toMatch(/^Gespeichert\. Deine Züge: eine Direktnachricht\./);
    const channel = tableChannel('dm-notice');
    let board = await startTally(channel, alice, bob);
    if (mentionedToAct(board)[0] !== bob.id) board = await endTurn(board, channel);
    expect(mentionedToAct(board)).toEqual([bob.id]);
    expect(pinged(channel, board)).toEqual([]);
    // The direct message follows the board's post.
    await untilMessage(() => env.fake.directMessagesTo(bob.id).length === 1, 'the direct message');
    const dms = env.fake.directMessagesTo(bob.id);
    expect(dms.at(-1)!.text).toBe(`Deine Entscheidung in **Tally** (Spiel #${await gameIdIn(channel)}) in <#${channel}>: [Spielplan öffnen](https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id})`);
    // The board asked for again (/game status) names Bob again but tells him nothing new: no second message.
    const status = await alice.runCommand(channel, 'game', { subcommand: 'status' }, );
    await status.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game status' });
    await untilMessage(() => latestBoard(env.fake, channel).id !== board.id, 'the board asked for again');
    board = latestBoard(env.fake, channel);
    expect(mentionedToAct(board)).toEqual([bob.id]);
    expect(board.text).not.toMatch(/again|finished|abandoned/i);
    await env.bot.deliverer.deliverHeld(await gameIdIn(channel));
    expect(env.fake.directMessagesTo(bob.id)).toHaveLength(1);
    // Alice kept the default: her turn pings her in the channel, no direct message.
    const next = await endTurn(board, channel);
    expect(mentionedToAct(next)).toEqual([alice.id]);
    expect(pinged(channel, next)).toEqual([alice.id]);
    expect(env.fake.directMessagesTo(alice.id)).toEqual([]);
    await notify(bob, { how: 'channel' });
    env.fake.assertNoViolations();
  });
});

describe('the language of a direct message', () => {
  it("follows the player's latest interaction, not the language of the day /game notify was saved", async () => {
    expect(await notify(bob, { how: 'dm' })).toMatch(/^Gespeichert\. Deine Züge: eine Direktnachricht\./);
    // Bob's Discord now speaks Dutch; one interaction (here /help) is enough for the bot to know.
    bob.setLocale('nl' as typeof bob.locale);
    try {
      privateReply(await bob.runCommand(env.fake.channelId(), 'help', {}), bob);
      expect((await env.service.notifySettings(bob.id)).locale).toBe('nl');
      const channel = tableChannel('dm-language');
      const before = env.fake.directMessagesTo(bob.id).length;
      let board = await startTally(channel, alice, bob);
      if (mentionedToAct(board)[0] !== bob.id) board = await endTurn(board, channel);
      await untilMessage(() => env.fake.directMessagesTo(bob.id).length === before + 1, 'the direct message');
      expect(env.fake.directMessagesTo(bob.id).at(-1)!.text).toBe(
        `Jouw beslissing in **Tally** (spel #${await gameIdIn(channel)}) in <#${channel}>: [Bord openen](https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id})`,
      );
    } finally {
      bob.setLocale('de' as typeof bob.locale);
    }
    privateReply(await bob.runCommand(env.fake.channelId(), 'help', {}), bob);
    expect((await env.service.notifySettings(bob.id)).locale).toBe('de');
    // Only a change is written; the other settings stay as they were.
    expect((await env.service.playerSeen(bob.id, 'de')).localeWritten).toBe(false);
    expect((await env.service.notifySettings(bob.id)).how).toBe('dm');
    await notify(bob, { how: 'channel' });
    env.fake.assertNoViolations();
  });
});

describe('direct messages held by quiet hours, none while away', () => {
  it('a turn notice by direct message in the player quiet hours is owed until they end, and none comes while away', async () => {
    const hour = new Date(env.fake.clock.now()).getUTCHours();
    await notify(bob, { how: 'dm', time_zone: 'UTC', quiet_from: hour, quiet_to: (hour + 2) % 24 });
    const channel = tableChannel('dm-quiet');
    let board = await startTally(channel, alice, bob);
    if (mentionedToAct(board)[0] !== bob.id) board = await endTurn(board, channel);
    expect(mentionedToAct(board)).toEqual([bob.id]);
    // The delivery of the board (direct messages included) holds the game's lock until it is done.
    await env.service.lockedGame(await gameIdIn(channel), () => undefined);
    const before = env.fake.directMessagesTo(bob.id).length;
    // Held in the outbox (a restart still sends it), due when the quiet hours end.
    const morning = Math.floor(env.fake.clock.now() / HOUR) * HOUR + 2 * HOUR;
    const held = (await env.service.outbox.rows.ofGame(await gameIdIn(channel))).filter((d) => d.kind === 'dm' && d.status === 'pending');
    expect(held.map((d) => d.nextAttemptAt)).toEqual([morning]);
    await env.bot.deliverer.poll();
    expect(env.fake.directMessagesTo(bob.id)).toHaveLength(before);
    env.fake.clock.advance(morning - env.fake.clock.now() - 60_000);
    await env.bot.deliverer.poll();
    expect(env.fake.directMessagesTo(bob.id)).toHaveLength(before);
    env.fake.clock.advance(60_000);
    await env.bot.deliverer.poll();
    expect(env.fake.directMessagesTo(bob.id)).toHaveLength(before + 1);
    expect(env.fake.directMessagesTo(bob.id).at(-1)!.text).toBe(`Deine Entscheidung in **Tally** (Spiel #${await gameIdIn(channel)}) in <#${channel}>: [Spielplan öffnen](https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id})`);

    // Away: the board names Bob, and no direct message comes, now or later.
    const back = new Date(env.fake.clock.now() + 3 * DAY).toISOString().slice(0, 10);
    await notify(bob, { quiet_from: 0, quiet_to: 0, away_until: back });
    board = await endTurn(await endTurn(board, channel), channel);
    expect(mentionedToAct(board)).toEqual([bob.id]);
    await env.service.lockedGame(await gameIdIn(channel), () => undefined);
    await env.bot.deliverer.poll();
    expect(env.fake.directMessagesTo(bob.id)).toHaveLength(before + 1);
    expect((await env.service.outbox.rows.ofGame(await gameIdIn(channel))).filter((d) => d.kind === 'dm' && d.status === 'pending')).toEqual([]);
    await notify(bob, { how: 'channel', away_until: 'off' });
    env.fake.assertNoViolations();
  });
});

describe('closed direct messages', () => {
  it('a player whose direct messages are closed is mentioned in the channel instead, and told once, privately, at their next interaction', async () => {
    // Quiet hours off: Carol's (23-07 in Amsterdam, set above) would hold the message, so this test passed
    // or failed by the hour the suite ran at (the fake's clock starts at the real time).
    await notify(carol, { how: 'dm', quiet_from: 0, quiet_to: 0 });
    carol.setDirectMessages(false);
    try {
      const channel = tableChannel('dm-closed');
      let board = await startTally(channel, alice, carol);
      if (mentionedToAct(board)[0] !== carol.id) board = await endTurn(board, channel);
      expect(pinged(channel, board)).toEqual([]);
      await untilMessage(() => env.fake.channelMessages(channel).at(-1)!.text.includes('a direct message could not reach you'), 'the mention instead');
      const instead = env.fake.channelMessages(channel).at(-1)!;
      expect(instead.text).toBe(`<@${carol.id}>: your decision in **Tally** (game #${await gameIdIn(channel)}); a direct message could not reach you: [Open the board](https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id})`);
      expect(pinged(channel, instead)).toEqual([carol.id]);
      expect(env.fake.directMessagesTo(carol.id)).toEqual([]);
      // Owed in the outbox (written with the refusal), delivered once: the channel has it once.
      await env.service.lockedGame(await gameIdIn(channel), () => undefined);
      const owed = (await env.service.outbox.rows.ofGame(await gameIdIn(channel))).filter((d) => d.kind === 'dm-fallback');
      expect(owed.map((d) => [d.status, d.messageId, d.postedIn])).toEqual([['delivered', instead.id, channel]]);
      expect(env.fake.channelMessages(channel).filter((m) => m.text.includes('a direct message could not reach you'))).toHaveLength(1);
      // Her next interaction (any) brings the private word, once.
      const hand = await carol.runCommand(channel, 'game', { subcommand: 'hand' });
      await hand.waitFor((h) => h.followUps.length === 1, { timeoutMs: WAIT_MS, description: 'the word about closed direct messages' });
      expect(hand.followUps[0]!.ephemeral).toBe(true);
      expect(hand.followUps[0]!.text).toMatch(/^Een direct bericht over je beurt kon je niet bereiken/);
      const again = await carol.runCommand(channel, 'game', { subcommand: 'hand' });
      privateReply(again, carol);
      expect(again.followUps).toEqual([]);
    } finally {
      carol.setDirectMessages(true);
      await notify(carol, { how: 'channel' });
    }
    env.fake.assertNoViolations();
  });
});

describe('the mention instead of a refused direct message', () => {
  it('is owed like any post: when Discord fails the post, it is tried again and the channel sees it once', async () => {
    // Quiet hours off: Carol's (23-07 in Amsterdam, set above) would hold the message, so this test passed
    // or failed by the hour the suite ran at (the fake's clock starts at the real time).
    await notify(carol, { how: 'dm', quiet_from: 0, quiet_to: 0 });
    carol.setDirectMessages(false);
    const channel = tableChannel('dm-closed-retry');
    // The moment the bot tries Carol's direct message (refused: 50007), the channel's next post fails with a 500.
    const dmPath = `/channels/${env.fake.world.dmChannel(carol.id).id}/messages`;
    const failMention = (record: RequestRecord): void => {
      if (record.method !== 'POST' || record.path !== dmPath) return;
      env.fake.world.events.off('requestReceived', failMention);
      env.fake.failNext(`POST /channels/${channel}/messages`, { status: 500 });
    };
    try {
      const lobby = await openLobby(alice, channel, { game: 'tally' });
      await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
      env.fake.world.events.on('requestReceived', failMention);
      const before = env.fake.requests.length;
      let board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
      if (mentionedToAct(board)[0] !== carol.id) board = await endTurn(board, channel);
      expect(mentionedToAct(board)).toEqual([carol.id]);
      const mentions = (): SeenMessage[] => env.fake.channelMessages(channel).filter((m) => m.text.includes('a direct message could not reach you'));
      await untilMessage(() => mentions().length === 1, 'the mention instead, tried again');
      const instead = mentions()[0]!;
      expect(instead.text).toBe(`<@${carol.id}>: your decision in **Tally** (game #${await gameIdIn(channel)}); a direct message could not reach you: [Open the board](https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id})`);
      // The first post failed (Discord answered 500), the retry went through: one message, recorded with its delivery.
      await env.service.lockedGame(await gameIdIn(channel), () => undefined);
      const refusal = env.fake.requests.findIndex((r, index) => index >= before && r.method === 'POST' && r.path === dmPath);
      expect(env.fake.requests[refusal]!.status).toBe(403);
      const posts = env.fake.requests.slice(refusal).filter((r) => r.method === 'POST' && r.path === `/channels/${channel}/messages`);
      expect(posts.map((r) => r.status)).toEqual([500, 200]);
      const owed = (await env.service.outbox.rows.ofGame(await gameIdIn(channel))).filter((d) => d.kind === 'dm-fallback');
      expect(owed.map((d) => [d.status, d.attempts, d.messageId])).toEqual([['delivered', 1, instead.id]]);
      expect(env.fake.pendingFaults).toEqual([]);
      // Nothing more is owed: another look at the outbox posts nothing.
      await env.bot.deliverer.poll();
      expect(mentions()).toHaveLength(1);
    } finally {
      env.fake.world.events.off('requestReceived', failMention);
      carol.setDirectMessages(true);
      await notify(carol, { how: 'channel' });
      await env.service.takeDmFailed(carol.id);
    }
    env.fake.assertNoViolations();
  });
});

describe('quiet hours', () => {
  it('a reminder due in the player quiet hours waits until they end on the player clock, and is not counted', async () => {
    const channel = tableChannel('quiet');
    const board = await startTally(channel, alice, carol);
    const active = userById(mentionedToAct(board)[0]!);
    const reminderJob = async () => (await env.service.repo.jobsOf(await gameIdIn(channel), 'reminder'))[0]!;
    const due = (await reminderJob()).dueAt;
    // Tokyo is UTC+9 all year: its hours begin with UTC's. Quiet hours from the hour the reminder falls in, for two hours.
    const hour = (new Date(due).getUTCHours() + 9) % 24;
    await notify(active, { how: 'both', time_zone: 'Asia/Tokyo', quiet_from: hour, quiet_to: (hour + 2) % 24 });
    const reminders = () => env.fake.channelMessages(channel).filter((m) => /Reminder \d of|Erinnerung \d|Herinnering \d/.test(m.text));
    env.fake.clock.advance(due - env.fake.clock.now());
    await env.bot.scheduler.tick();
    expect(reminders()).toEqual([]);
    const morning = Math.floor(due / HOUR) * HOUR + 2 * HOUR;
    expect((await reminderJob()).dueAt).toBe(morning);
    env.fake.clock.advance(morning - env.fake.clock.now() - 60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toEqual([]);
    env.fake.clock.advance(60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(1);
    const reminder = reminders()[0]!;
    expect(reminder.text).toMatch(/(Reminder|Herinnering) 1 (of|van) 3/);
    // 'both': pinged in the channel and told by direct message, with a link to the reminder.
    expect(pinged(channel, reminder)).toEqual([active.id]);
    expect(env.fake.directMessagesTo(active.id).at(-1)!.text).toContain(`/channels/${env.fake.guildId}/${channel}/${reminder.id}`);
    expect(env.fake.directMessagesTo(active.id).at(-1)!.text).toMatch(/^(Reminder|Herinnering) 1 (of|van) 3: \*\*Tally\*\*/);
    await notify(active, { how: 'channel', quiet_from: 0, quiet_to: 0 });
    env.fake.assertNoViolations();
  });
});

describe('away', () => {
  it('pauses the reminders and the idle vote about the player, shows it on the board, and both resume when they are back', async () => {
    const channel = tableChannel('away');
    const board = await startTally(channel, alice, bob);
    const away = userById(mentionedToAct(board)[0]!);
    const other = away.id === alice.id ? bob : alice;
    const back = new Date(env.fake.clock.now() + 3 * DAY);
    const day = back.toISOString().slice(0, 10);
    const backAt = Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), back.getUTCDate());
    await notify(away, { time_zone: 'UTC', away_until: day });
    // The others see it on the board.
    await other.runCommand(channel, 'game', { subcommand: 'status' });
    const status = latestBoard(env.fake, channel);
    expect(status.text).toMatch(new RegExp(`<@${away.id}> (is away until|ist abwesend bis) <t:${backAt / 1000}:f>\\.`));
    const votes = () => env.fake.channelMessages(channel).filter((m) => hasButton(m, 'vote'));
    const reminders = () => env.fake.channelMessages(channel).filter((m) => /Reminder \d of|Erinnerung \d/.test(m.text));
    // 48 hours (the idle time) and more pass while away: no reminder, no vote.
    env.fake.clock.advance(backAt - env.fake.clock.now() - 60_000);
    await env.bot.scheduler.tick();
    expect(votes()).toEqual([]);
    expect(reminders()).toEqual([]);
    // Back: the reminders come again; the idle time starts again from the return.
    env.fake.clock.advance(60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(1);
    env.fake.clock.advance(48 * HOUR - 60_000);
    await env.bot.scheduler.tick();
    expect(votes()).toEqual([]);
    env.fake.clock.advance(60_000);
    await env.bot.scheduler.tick();
    expect(votes()).toHaveLength(1);
    expect(votes()[0]!.text).toContain(`<@${away.id}>`);
    env.fake.assertNoViolations();
  });

  it('a vote opened before the player said they are away waits for their return', async () => {
    const channel = tableChannel('away-vote');
    const board = await startTally(channel, carol, alice);
    const idle = userById(mentionedToAct(board)[0]!);
    const voter = idle.id === carol.id ? alice : carol;
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    const vote = env.fake.channelMessages(channel).find((m) => hasButton(m, 'vote'))!;
    const day = new Date(env.fake.clock.now() + 2 * DAY).toISOString().slice(0, 10);
    await notify(idle, { time_zone: 'UTC', away_until: day });
    const skip = vote.buttons.find((b) => b.customId!.endsWith(':skip'))!.customId!;
    const answer = privateReply(await voter.clickButton(vote.id, skip), voter).text;
    expect(answer).toMatch(/(This player is away until|Deze speler is afwezig tot) <t:\d+:f>/);
    // Nothing passed: the seat is still the player's own.
    const loaded = await env.service.byChannel(channel);
    expect(loaded.ok && loaded.game.seats.find((s) => s.userId === idle.id)?.computer).toBeNull();
    await notify(idle, { away_until: 'off' });
    env.fake.assertNoViolations();
  });
});

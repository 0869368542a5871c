/**
 * The Discord flow end to end with the real discord.js client against the fake Discord, on a small
 * test game (Tally, test/games/tally/) so that each behaviour is quick to reach: lobby, turn panel,
 * undo, paging, refusals (stale, repeated, foreign, simultaneous), permissions, reminders and snooze,
 * idle votes, leaving, abandoning, a damaged game, a restart, and the languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import type { TallyState } from '../games/tally/index.js';
import { BUILT_IN_GAMES } from '../../src/games/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, choose, clickForBoard, hasButton, latestBoard, latestCall, mentionedToAct, offered, privateReply, runConfirmed, startBotOnFake, type BotOnFake, openLobby, WAIT_MS } from './harness.js';

const HOUR = 3_600_000;
const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([...BUILT_IN_GAMES, tally]),
    seeds: ['flow-1', 'flow-2', 'flow-3', 'flow-4', 'flow-5', 'flow-6', 'flow-7', 'flow-8'],
    computerPlayer: tallyComputer,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
  dave = env.createUser('dave', { globalName: 'Dave' });
});

afterAll(async () => {
  await env?.stop();
});

/** Opens a lobby in `channel` with `host`, lets `others` join, starts; returns the first board. */
async function startTally(channel: string, host: FakeUser, others: FakeUser[]): Promise<SeenMessage> {
  const lobby = await openLobby(host, channel, { game: 'tally' });
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

function userById(id: string): FakeUser {
  return env.fake.users.get(id);
}

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function openPanel(user: FakeUser, board: SeenMessage): Promise<SeenMessage> {
  return privateReply(await user.clickButton(board.id, buttonFor(board, 'turn')), user);
}

function pick(panel: SeenMessage, label: RegExp) {
  const found = offered(panel).find((o) => label.test(o.label));
  if (found === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((o) => o.label).join(' | ')}`);
  return found;
}

describe('lobby', () => {
  it('opens a public lobby; players join and leave; the host starts; seats and start player are drawn', async () => {
    const channel = env.fake.createChannel('lobby');
    const lobby = await openLobby(alice, channel, { game: 'tally', players: 3 });
    expect(lobby.text).toContain('Players (1/3)');
    expect(lobby.buttons.map((b) => b.label)).toEqual(['Join', 'Leave', 'Start', 'Cancel']);
    // Only one game per channel: the second gets a clear private answer.
    const second = await bob.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'tally' } });
    expect(privateReply(second, bob).text).toMatch(/In diesem Kanal läuft schon ein Spiel \(Tally, Spiel #\d+, lobby\)/);
    // Start with one player: refused, privately.
    const early = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'));
    expect(early.followUps[0]).toMatchObject({ ephemeral: true, content: 'At least 2 players are needed to start.' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const again = await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    expect(again.followUps[0]?.text).toBe('Du bist schon in dieser Lobby.');
    await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    // A full lobby offers no seat: no Join, no computer player to add; Leave, Start and Cancel stay.
    const full = env.fake.message(lobby.id)!;
    expect(full.buttons.map((b) => b.label)).toEqual(['Leave', 'Start', 'Cancel']);
    expect(full.selects).toEqual([]);
    expect(full.text).toContain('The lobby is full: the host starts');
    await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'quit'));
    expect(env.fake.message(lobby.id)!.text).toContain('Players (2/3)');
    // The seat freed up: Join and the computer players are offered again.
    expect(env.fake.message(lobby.id)!.buttons.map((b) => b.label)).toEqual(['Join', 'Leave', 'Start', 'Cancel']);
    expect(env.fake.message(lobby.id)!.selects.map((s) => s.placeholder)).toEqual(['Add a computer player…']);
    // /game leave works in a lobby too, and the lobby message follows.
    await dave.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    expect(env.fake.message(lobby.id)!.text).toContain('Players (3/3)');
    const leftLobby = await dave.runCommand(channel, 'game', { subcommand: 'leave' });
    expect(privateReply(leftLobby, dave).text).toBe('You left the lobby.');
    expect(env.fake.message(lobby.id)!.text).toContain('Players (2/3)');
    // Only the host starts.
    const notHost = await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'));
    expect(notHost.followUps[0]?.text).toMatch(/Gastgeber/);
    // The start answers in the lobby message, then the first board follows (wait for it, not for a time).
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const started = env.fake.message(lobby.id)!;
    expect(started.buttons).toEqual([]);
    expect(started.text).toMatch(/\(game #\d+\) has started\. 1\uFE0F\u20E3 <@\d+> starts; playing order: 1\. 1\uFE0F\u20E3 <@\d+>, 2\. 2\uFE0F\u20E3 <@\d+>\./);
    expect(board.attachments[0]?.contentType).toBe('image/png');
    expect(board.buttons.map((b) => b.label)).toEqual(['Take my turn', 'My hand', 'Log', 'Board as text']);
    const toAct = mentionedToAct(board);
    expect(toAct).toHaveLength(1);
    expect([alice.id, bob.id]).toContain(toAct[0]);
    env.fake.assertNoViolations();
  });

  it('the host cancels a lobby', async () => {
    const channel = env.fake.createChannel('cancel');
    const lobby = await openLobby(dave, channel, { game: 'tally' });
    await dave.clickButton(lobby.id, buttonFor(lobby, 'cancel'));
    expect(env.fake.message(lobby.id)!.text).toMatch(/the lobby was closed by <@\d+>/);
    expect(env.fake.message(lobby.id)!.buttons).toEqual([]);
    const status = await dave.runCommand(channel, 'game', { subcommand: 'status' });
    expect(privateReply(status, dave).text).toBe('There is no game in this channel. Start one with /game new.');
  });
});

describe('a turn', () => {
  it('the panel comes from the legal actions, updates in place, undoes, pages, and the turn end posts a new board', async () => {
    const channel = env.fake.createChannel('turns');
    const board = await startTally(channel, alice, [bob]);
    const active = userById(mentionedToAct(board)[0]!);
    const waiting = active.id === alice.id ? bob : alice;
    // Someone who is not playing, and the player who is not on turn, are refused privately.
    expect(privateReply(await dave.clickButton(board.id, buttonFor(board, 'turn')), dave).text).toBe('You are not playing in this game.');
    const notYours = privateReply(await waiting.clickButton(board.id, buttonFor(board, 'turn')), waiting).text;
    expect(notYours).toMatch(/(It is not your decision now|Du bist gerade nicht an der Reihe).*(Alice|Bob)/);

    let panel = await openPanel(active, board);
    expect(panel.text).toMatch(/\*\*(Your decision|Deine Entscheidung)\*\*/);
    // 30 numbers to pick: a paged select; the page option shows the rest.
    const pickSelect = panel.selects.find((s) => s.options.some((o) => o.label === 'Pick 1'))!;
    expect(pickSelect.options).toHaveLength(24);
    const nextPage = pickSelect.options.find((o) => o.value === 'p1')!;
    const paged = await active.selectOptions(panel.id, pickSelect.customId, [nextPage.value]);
    panel = paged.reply!;
    expect(panel.id).toBe(panel.id);
    expect(offered(panel).map((o) => o.label)).toContain('Pick 30');
    const versionBefore = (await gameIn(channel)).row.version;
    panel = (await choose(active, panel, pick(panel, /^Add 2$/))).reply!;
    expect((await gameIn(channel)).row.version).toBe(versionBefore + 1);
    expect(panel.text).toMatch(/adds 2/);
    // Undo is offered, takes the move back and names it.
    const undo = buttonFor(panel, 'undo');
    panel = (await active.clickButton(panel.id, undo)).reply!;
    expect(panel.text).toMatch(/^(Undone|Zurückgenommen): Add 2\./);
    expect(((await gameIn(channel)).state as TallyState).scores).toEqual([0, 0]);
    expect(hasButton(panel, 'undo')).toBe(false);
    // End the turn: the panel says so, a new board is posted, the old one loses its buttons.
    panel = (await choose(active, panel, pick(panel, /End the turn/))).reply!;
    expect(panel.components).toEqual([]);
    expect(panel.text).toMatch(/(Your turn is over|Dein Zug ist zu Ende)/);
    const next = latestBoard(env.fake, channel);
    expect(next.id).not.toBe(board.id);
    expect(env.fake.message(board.id)!.buttons).toEqual([]);
    expect(mentionedToAct(next)).toEqual([waiting.id]);
    expect(next.text).toMatch(/Last turn: \d\uFE0F\u20E3 (Alice|Bob) ends the turn/);
    env.fake.assertNoViolations();
  });

  it('stale, repeated and foreign clicks are refused and change nothing; two simultaneous clicks apply once', async () => {
    const channel = env.fake.createChannel('races');
    const board = await startTally(channel, alice, [carol]);
    const active = userById(mentionedToAct(board)[0]!);
    const older = await openPanel(active, board);
    const newer = await openPanel(active, board);
    await choose(active, newer, pick(newer, /^Add 1$/));
    const version = (await gameIn(channel)).row.version;
    // The older panel still shows version n-1: its click is refused, and the panel is replaced by the current one.
    const stale = await choose(active, older, pick(older, /^Add 2$/));
    // It speaks of the buttons (a panel's here), not of "this board".
    expect(stale.reply!.text).toMatch(/^(These buttons are out of date|Diese Schaltflächen sind veraltet|Deze knoppen zijn verouderd): /);
    expect((await gameIn(channel)).row.version).toBe(version);
    expect(((await gameIn(channel)).state as TallyState).scores.reduce((a, b) => a + b)).toBe(1);
    expect(offered(stale.reply!).length).toBeGreaterThan(0);
    // Two clicks on the same button at the same moment: exactly one applies.
    const panel = stale.reply!;
    const target = pick(panel, /^Add 2$/);
    const [first, second] = [
      await active.clickButton(panel.id, target.customId, { until: 'none' }),
      await active.clickButton(panel.id, target.customId, { until: 'none' }),
    ];
    await Promise.all([first.settled(), second.settled()]);
    expect((await gameIn(channel)).row.version).toBe(version + 1);
    expect(((await gameIn(channel)).state as TallyState).scores.reduce((a, b) => a + b)).toBe(3);
    expect((await env.service.effectiveLog(await gameIn(channel))).map((e) => JSON.stringify(e.action))).toEqual(['{"type":"add","n":1}', '{"type":"add","n":2}']);
    // Every interaction got its initial response within Discord's window (the fake enforces it).
    env.fake.assertNoViolations();
  });
});

describe('playing over days', () => {
  it('reminds the player who must act after the interval, and a snooze postpones the next reminder', async () => {
    const channel = env.fake.createChannel('reminders');
    // Players of no other game: a player's reminders due together come in one message, at the table
    // that waited longest, and the earlier tests leave games waiting for their players.
    const erin = env.createUser('erin', { globalName: 'Erin' });
    const frank = env.createUser('frank', { globalName: 'Frank', locale: 'nl' });
    const board = await startTally(channel, erin, [frank]);
    const active = userById(mentionedToAct(board)[0]!);
    const other = active.id === erin.id ? frank : erin;
    // Reminders by their text: an older reminder loses its buttons when the next one comes.
    const reminders = () => env.fake.channelMessages(channel).filter((m) => /Reminder \d of|Erinnerung \d|Herinnering \d/.test(m.text));
    env.fake.clock.advance(12 * HOUR - 60_000);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(0);
    env.fake.clock.advance(60_000);
    expect(await env.bot.scheduler.tick()).toBeGreaterThanOrEqual(1);
    const [reminder] = reminders();
    expect(reminder!.text).toContain(`<@${active.id}>`);
    expect(reminder!.text).toMatch(/Reminder 1 of 3/);
    // The reminder's own "Take my turn" opens the panel.
    expect(offered(await openPanel(active, reminder!)).length).toBeGreaterThan(0);
    // Only the reminded player may snooze.
    const foreign = await other.clickButton(reminder!.id, buttonFor(reminder!, 'snooze'));
    expect(privateReply(foreign, other).text).toMatch(/another player|anderen Spieler|andere speler/);
    const snoozed = privateReply(await active.clickButton(reminder!.id, buttonFor(reminder!, 'snooze')), active);
    expect(snoozed.text).toMatch(/<t:\d+:R>/);
    // Without the snooze the next reminder would come 12 hours later; now it comes 24 hours later.
    env.fake.clock.advance(12 * HOUR);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(1);
    env.fake.clock.advance(12 * HOUR);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1]!.text).toMatch(/Reminder 2 of 3/);
    expect(reminders()[0]!.buttons).toEqual([]);
    // The turn ends: the next reminder is the next player's first.
    const panel = await openPanel(active, latestBoard(env.fake, channel));
    await choose(active, panel, pick(panel, /End the turn/));
    env.fake.clock.advance(12 * HOUR);
    await env.bot.scheduler.tick();
    expect(reminders()).toHaveLength(3);
    expect(reminders()[2]!.text).toContain(`<@${other.id}>`);
    expect(reminders()[2]!.text).toMatch(/(Reminder|Herinnering) 1/);
    env.fake.assertNoViolations();
  });

  it('after the idle time the others vote; a majority lets a computer player play the idle seat, with mentions', async () => {
    const channel = env.fake.createChannel('idle');
    const board = await startTally(channel, alice, [bob, carol]);
    const idle = userById(mentionedToAct(board)[0]!);
    const voters = [alice, bob, carol].filter((u) => u.id !== idle.id);
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    const vote = env.fake.channelMessages(channel).find((m) => hasButton(m, 'vote'))!;
    expect(vote.text).toContain(`<@${idle.id}>`);
    expect(vote.text).toMatch(/2 votes decide/);
    const skip = vote.buttons.find((b) => parseCustomId(b.customId)?.verb === 'vote' && b.customId!.endsWith(':skip'))!.customId!;
    // The idle player cannot vote on their own turn.
    expect(privateReply(await idle.clickButton(vote.id, skip), idle).text).toMatch(/own turn|eigenen Zug|eigen beurt/);
    const boardsBefore = env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0).length;
    await voters[0]!.clickButton(vote.id, skip);
    expect(env.fake.message(vote.id)!.text).toMatch(/Computer: 1 · Remove: 0 · needed: 2/);
    await voters[1]!.clickButton(vote.id, skip);
    expect(env.fake.message(vote.id)!.text).toMatch(/a computer player plays for \d\uFE0F\u20E3 <@\d+> until they take their seat back/);
    expect(env.fake.message(vote.id)!.buttons).toEqual([]);
    const after = latestBoard(env.fake, channel);
    expect(env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0)).toHaveLength(boardsBefore + 1);
    expect(after.text).toMatch(/By vote, a computer player plays for \d\uFE0F\u20E3 <@\d+> until they take their seat back/);
    expect(mentionedToAct(after)).not.toContain(idle.id);
    env.fake.assertNoViolations();
  });
});

describe('leaving and ending', () => {
  it('with three players a leaver goes on autopilot; with two left, the last one wins; abandon needs the host', async () => {
    const channel = env.fake.createChannel('leaving');
    await startTally(channel, alice, [bob, dave]);
    const picturesBefore = env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0).length;
    const left = await runConfirmed(dave, channel, 'leave');
    expect(left.text).toBe('You left the game.');
    // A computer takes the seat: nothing moves on the board, so a short text tells the table, no new picture.
    const told = latestCall(env.fake, channel);
    expect(told.text).toMatch(/<@\d+> left the game; a computer player takes their seat/);
    expect(told.attachments).toEqual([]);
    expect(env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0)).toHaveLength(picturesBefore);
    expect(mentionedToAct(told)).not.toContain(dave.id);
    // Abandon: not for another player without Manage Channel.
    const refused = await bob.runCommand(channel, 'game', { subcommand: 'abandon' });
    expect(privateReply(refused, bob).text).toMatch(/Gastgeber/);
    const bobLeaves = await runConfirmed(bob, channel, 'leave');
    expect(bobLeaves.text).toBe('Du hast das Spiel verlassen.');
    const board = latestBoard(env.fake, channel);
    expect(board.text).toMatch(new RegExp(`The game is over\\.\\*\\* \\d\uFE0F\u20E3 <@${alice.id}> wins: every other player left the game\\.`));
    expect(board.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    expect(await env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });

    const second = env.fake.createChannel('abandon');
    const first = await startTally(second, carol, [alice]);
    const ended = await runConfirmed(carol, second, 'abandon');
    expect(ended.text).toMatch(/^Het spel is beëindigd\. De stand van dit moment is bewaard/);
    expect(env.fake.message(first.id)!.buttons).toEqual([]);
    expect(env.fake.channelMessages(second).at(-1)!.text).toMatch(/<@\d+> ended game #\d+ \(Tally\)/);
    env.fake.assertNoViolations();
  });
});

describe('robustness', () => {
  it('explains which permission to grant when the bot cannot post boards, and changes nothing', async () => {
    const channel = env.fake.createChannel('no-files');
    env.fake.denyBot(channel, ['AttachFiles']);
    const refused = await alice.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'tally' } });
    expect(privateReply(refused, alice).text).toMatch(/missing the permission\(s\) Attach Files.*channel settings -> Permissions -> Bazaar/);
    expect(await env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });
    env.fake.resetBotPermissions(channel);
    const board = await startTally(channel, alice, [bob]);
    const active = userById(mentionedToAct(board)[0]!);
    const panel = await openPanel(active, board);
    env.fake.denyBot(channel, ['SendMessages']);
    const version = (await gameIn(channel)).row.version;
    const click = await choose(active, panel, pick(panel, /End the turn|Zug beenden/));
    expect(click.reply!.text).toMatch(/(Send Messages|Nachrichten senden)/);
    expect((await gameIn(channel)).row.version).toBe(version);
    env.fake.resetBotPermissions(channel);
    env.fake.assertNoViolations();
  });

  it('a board that Discord refuses to take: the move stays saved, the player is told the truth, the board follows without a click', async () => {
    const channel = env.fake.createChannel('outage');
    const board = await startTally(channel, alice, [bob]);
    const active = userById(mentionedToAct(board)[0]!);
    const panel = await openPanel(active, board);
    const version = (await gameIn(channel)).row.version;
    // Discord refuses the upload once, as the click's follow-up and then in the channel (a 403 is not retried
    // by discord.js): the outbox tries again.
    env.fake.failNext('POST /webhooks/{webhook_id}/{webhook_token}', { status: 403, code: 50013, message: 'Missing Permissions' });
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 403, code: 50013, message: 'Missing Permissions' });
    const click = await choose(active, panel, pick(panel, /End the turn/));
    expect(click.reply!.text).toMatch(/(new board will appear in the channel as soon as Discord accepts it|der neue Spielplan erscheint im Kanal)/);
    expect(click.reply!.text).not.toMatch(/is in the channel|ist im Kanal/);
    expect((await gameIn(channel)).row.version).toBe(version + 1);
    env.fake.takeViolations();
    // The outbox posts the board, then takes the buttons off the old one.
    await click.waitFor(() => latestBoard(env.fake, channel).id !== board.id && env.fake.message(board.id)!.buttons.length === 0, {
      timeoutMs: WAIT_MS,
      description: 'the board, delivered by the outbox, and the old one disarmed',
    });
    const delivered = latestBoard(env.fake, channel);
    expect(mentionedToAct(delivered)).not.toContain(active.id);
    expect(env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0)).toHaveLength(2);
    expect(env.logs.some((l) => l.msg === 'delivery failed; it will be tried again' && l.kind === 'board')).toBe(true);
  });

  it('a damaged game is reported with its id in its channel; other channels keep working; abandon clears it', async () => {
    const broken = env.fake.createChannel('broken');
    await startTally(broken, bob, [carol]);
    const healthy = env.fake.createChannel('healthy');
    const board = await startTally(healthy, alice, [dave]);
    const id = (await gameIn(broken)).row.id;
    env.database.sqlite.prepare('UPDATE games SET state = ? WHERE id = ?').run('{"truncated":', id);
    const status = await bob.runCommand(broken, 'game', { subcommand: 'status' });
    expect(privateReply(status, bob).text).toContain(`Das Spiel #${id} in diesem Kanal ist beschädigt`);
    expect(env.logs.filter((l) => l.table === 'games' && l.gameId === id && l.channelId === broken)).toHaveLength(1);
    const active = userById(mentionedToAct(board)[0]!);
    const panel = await openPanel(active, board);
    expect(offered(panel).length).toBeGreaterThan(0);
    expect((await runConfirmed(bob, broken, 'abandon')).text).toBe('Das Spiel ist beendet.');
    expect(await env.service.byChannel(broken)).toMatchObject({ ok: false, code: 'no_game' });
    env.fake.assertNoViolations();
  });

  it('after a restart (new client, same database file) the same buttons go on', async () => {
    const channel = env.fake.createChannel('restart');
    const board = await startTally(channel, carol, [dave]);
    const active = userById(mentionedToAct(board)[0]!);
    const panel = await openPanel(active, board);
    await env.restart();
    const after = await choose(active, panel, pick(panel, /^(Add 1|1 addieren|Add 1)$/));
    expect(after.reply!.text).toMatch(/adds 1/);
    expect(((await gameIn(channel)).state as TallyState).scores.reduce((a, b) => a + b)).toBe(1);
    const reopened = await openPanel(active, board);
    expect(hasButton(reopened, 'undo')).toBe(true);
    env.fake.assertNoViolations();
  });

  it('status, hand, log, settings and help answer in the user\'s language; hands stay private', async () => {
    const channel = env.fake.createChannel('commands');
    const board = await startTally(channel, bob, [carol]);
    const active = userById(mentionedToAct(board)[0]!);
    let panel = await openPanel(active, board);
    panel = (await choose(active, panel, pick(panel, /Draw a card/))).reply!;
    const drawn = /(You draw a \d)/.exec(panel.text);
    expect(drawn).not.toBeNull();
    const hand = privateReply(await active.runCommand(channel, 'game', { subcommand: 'hand' }), active);
    expect(hand.text).toMatch(/(Deine Hand|Jouw hand)/);
    const handLine = hand.text.split('\n').at(-1)!;
    expect(handLine).toMatch(/#\d/);
    const handButton = privateReply(await active.clickButton(board.id, buttonFor(board, 'hand')), active);
    expect(handButton.text).toContain(handLine);
    expect(env.fake.publicOccurrences(handLine)).toEqual([]);
    expect(env.fake.publicOccurrences(drawn![1]!)).toEqual([]);
    const log = privateReply(await carol.runCommand(channel, 'game', { subcommand: 'log' }), carol);
    expect(log.text).toMatch(/De laatste beurten/);
    expect(log.text).toMatch(/draws a card/);
    if (active.id !== carol.id) expect(log.text).not.toMatch(/You draw/);
    const settings = privateReply(await bob.runCommand(channel, 'game', { subcommand: 'settings', options: { reminder_hours: 6, idle_hours: 24 } }), bob);
    expect(settings.text).toMatch(/Erinnerungen alle 6 Stunden, höchstens 3 pro Zug; .* nach 24 Stunden/);
    const notHost = privateReply(await carol.runCommand(channel, 'game', { subcommand: 'settings', options: { reminder_limit: 1 } }), carol);
    expect(notHost.text).toMatch(/gastheer/);
    // Someone who does not play is answered privately with a link to the latest board: no board is posted.
    const postsBefore = env.fake.channelMessages(channel).length;
    const outsider = privateReply(await alice.runCommand(channel, 'game', { subcommand: 'status' }), alice);
    expect(outsider.text).toMatch(new RegExp(`^You do not play in \\*\\*Tally\\*\\* \\(game #\\d+\\), so the board is not posted again for you: \\[Open the latest board\\]\\(https://discord.com/channels/${env.fake.guildId}/${channel}/${board.id}\\)$`));
    expect(env.fake.channelMessages(channel)).toHaveLength(postsBefore);
    // /help answers in two private messages: the commands, then how playing over days works.
    const asked = await alice.runCommand(channel, 'help', {});
    await asked.waitFor((h) => h.followUps.length === 1, { timeoutMs: 30_000, description: '/help\'s second message' });
    expect(privateReply(asked, alice).text).toContain('`/game learn`');
    expect(asked.followUps[0]!.ephemeral).toBe(true);
    expect(asked.followUps[0]!.text).toMatch(/reminded every 6 hours, at most 3 times per turn/);
    const decisions = privateReply(await bob.runCommand(channel, 'help', { options: { topic: 'decisions', game: 'tally' } }), bob);
    expect(decisions.text).toBe('Tally: first to the target wins.');
    // Public messages follow the server's language, chosen when the game is created.
    const guild = env.fake.world.guild(env.fake.guildId);
    guild.locale = 'nl' as typeof guild.locale;
    try {
      const dutch = await startTally(env.fake.createChannel('nederlands'), alice, [bob]);
      expect(dutch.buttons.map((b) => b.label)).toEqual(['Mijn beurt spelen', 'Mijn hand', 'Logboek', 'Bord als tekst']);
      expect(dutch.text).toMatch(/: jouw beslissing\.$/);
      // Alice's own answers stay English.
      expect((await openPanel(alice.id === mentionedToAct(dutch)[0] ? alice : bob, dutch)).text).toMatch(/\*\*(Your decision|Deine Entscheidung)\*\*/);
    } finally {
      guild.locale = 'en-US' as typeof guild.locale;
    }
    const commands = env.fake.commands(env.fake.guildId).map((c) => [c.name, c.name_localizations]);
    expect(commands).toEqual([
      ['game', { de: 'spiel', nl: 'spel' }],
      ['help', { de: 'hilfe', nl: 'hulp' }],
      ['stats', { de: 'statistik', nl: 'statistieken' }],
      ['Board as text', { de: 'Spielplan als Text', nl: 'Bord als tekst' }],
    ]);
    env.fake.assertNoViolations();
  });
});

/**
 * Who held a seat, and who won, told the same everywhere. A label says who held the seat at that moment: a
 * move a computer made for its absent player is marked "(Computer)"; the player's own moves, and every other
 * player, are named plainly; the board of now marks only a seat a computer plays now; the replay's start
 * names the players who sat down. A game's result is decided once, when it ends, and the final board,
 * /game history, /stats and the replay all tell that one result; a computer player is named with its level,
 * in the reader's language. And a human a stand-in plays for is never credited with a win because the last
 * human at the table left. On a German server (the tables speak German), read by players in English, German
 * and Dutch. The file /game export gives names the same winner and marks the same moves as a computer's, and
 * the analysis after the game ranks the same winner first.
 *
 * Crosses: stand-ins, replays, leave-abandon, clocks, languages
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../../src/app/computer-turns.js';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import type { GameExport } from '../../../src/app/export/game-export.js';
import { readGameExport } from '../../../src/app/export/replay-export.js';
import { istanbulGame } from '../../../src/games/istanbul/game.js';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { tallyAnalyst } from '../../games/tally/ai/analyst.js';
import { tallyGame } from '../../games/tally/game.js';
import type { TallyAction } from '../../games/tally/index.js';
import { END_TURN, playTurn } from '../../support/turn-driver.js';
import { until } from '../bot-process.js';
import { chooseIstanbul } from '../istanbul-policy.js';
import { boards, buttonFor, clickForBoard, hasButton, latestBoard, latestCall, mentionedToAct, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS } from '../harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The way out of each Istanbul decision, in this order; else the first legal action. */
const ISTANBUL_WAY_OUT = ['endTurn', 'skipAction', 'declineExtraGood', 'fountainDone', 'leaveAssistant'];

/**
 * The computer players of this file. Tally: an easy computer adds 2 while it may (it reaches 3 points and
 * wins on its first turn), any other ends its turn at once. Istanbul: it takes the way out of each decision.
 */
const computer: ComputerPlayer = {
  choose: async (request) => {
    if (request.kind === 'tally') {
      const legal = request.legal as TallyAction[];
      const add = request.level === 'easy' ? legal.findIndex((a) => a.type === 'add' && a.n === 2) : -1;
      return { index: add >= 0 ? add : legal.findIndex((a) => a.type === 'end'), value: null };
    }
    const legal = request.legal as IstanbulAction[];
    for (const type of ISTANBUL_WAY_OUT) {
      const index = legal.findIndex((a) => a.type === type);
      if (index >= 0) return { index, value: null };
    }
    return { index: 0, value: null };
  },
};

const tally = tallyGame({ removeSeat: false, target: 3 });

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([istanbulGame, tally]),
    seeds: Array.from({ length: 6 }, (_, i) => `who-held-${i}`),
    computerPlayer: computer,
    // The analysis after a game of Tally (Istanbul's, with its real search, is not this file's).
    analyst: () => tallyAnalyst(tally.module.definition),
    fake: { guild: { name: 'Basar', locale: Locale.German } },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'nl' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

/** A player's name as the tables show it (their display name). */
function nameOf(user: FakeUser): string {
  return user === alice ? 'Alice' : user === bob ? 'Bob' : 'Carol';
}

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannelOrFinished(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no game in ${channel}`);
  return loaded.game;
}

/** A command's private answer (its content), as `user` reads it. */
async function answer(user: FakeUser, channel: string, name: 'game' | 'stats', subcommand?: string, options: Record<string, string | number> = {}): Promise<string> {
  const handle = await user.runCommand(channel, name, { ...(subcommand === undefined ? {} : { subcommand }), options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /${name} ${subcommand ?? ''}` });
  return privateReply(handle, user).text;
}

/** The replay of game `gameId` as `user` opens it (its start), and the same replay stepped to its last turn. */
async function replay(user: FakeUser, channel: string, gameId: number): Promise<{ start: SeenMessage; end: () => Promise<SeenMessage> }> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'replay', options: { game: gameId } });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the replay' });
  const start = privateReply(handle, user);
  const end = async (): Promise<SeenMessage> => {
    const select = start.selects[0]!;
    const last = select.options.at(-1)!;
    // A game ended before its first turn was over: its start is its end.
    if (last.default === true) return start;
    const before = env.fake.message(start.id)!.text;
    const picked = await user.selectOptions(start.id, select.customId, [last.value], { until: 'response' });
    await picked.waitFor(() => env.fake.message(start.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the last turn of the replay' });
    return env.fake.message(start.id)!;
  };
  return { start, end };
}

/** The file /game export gives `user` for game `gameId`, read back as any file from outside is. */
async function exported(user: FakeUser, channel: string, gameId: number): Promise<GameExport> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'export', options: { game: gameId } });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the export' });
  const file = privateReply(handle, user).attachments[0];
  if (file === undefined) throw new Error(`no file for game #${gameId}`);
  const read = readGameExport(file.bytes.toString('utf8'));
  if (!read.ok) throw new Error(read.reason);
  return read.exported;
}

/** The Analysis of game `gameId` from its final board, as `user` reads it, once the computer has reviewed it. */
async function analysis(user: FakeUser, channel: string, gameId: number): Promise<string> {
  await until(env.fake, async () => (await env.service.analyses.find(gameId))?.status === 'done', `the analysis of game ${gameId}`, WAIT_MS);
  const final = latestBoard(env.fake, channel);
  const button = final.buttons.find((b) => b.customId?.endsWith(':analysis'))?.customId;
  if (button === undefined) throw new Error('no Analysis on the final board');
  const handle = await user.clickButton(final.id, button, { until: 'none' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the analysis' });
  return privateReply(handle, user).text;
}

/** Who the file names as winners: the users (or computer levels) of the seats ranked first. */
function exportedWinners(file: GameExport): string[] {
  return (file.game.result ?? []).filter((r) => r.rank === 1).map((r) => {
    const seat = file.game.seats.find((s) => s.seat === r.seat)!;
    return seat.userId ?? `computer (${seat.computer ?? '?'})`;
  });
}

/** The lines of /game history about game `gameId`. */
async function historyLine(user: FakeUser, channel: string, gameId: number): Promise<string> {
  const lines = (await answer(user, channel, 'game', 'history')).split('\n');
  const line = lines.find((l) => l.startsWith(`#${gameId} `));
  if (line === undefined) throw new Error(`game #${gameId} is not in the history: ${lines.join(' | ')}`);
  return line;
}

/** Adds a computer player of `level` through the lobby's menu. */
async function addComputer(host: FakeUser, lobby: SeenMessage, level: 'easy' | 'normal' | 'hard'): Promise<void> {
  const current = env.fake.message(lobby.id)!;
  const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
  const handle = await host.selectOptions(lobby.id, select.customId, [level], { until: 'response' });
  await handle.waitFor(() => env.fake.message(lobby.id)!.text !== current.text, { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
}

/** Plays `user`'s Istanbul turn from the latest call (by the progress-biased policy), and waits for the next call. */
async function playsIstanbul(channel: string, user: FakeUser): Promise<SeenMessage> {
  const call = latestCall(env.fake, channel);
  expect(mentionedToAct(call)).toEqual([user.id]);
  const played = await playTurn(
    { fake: env.fake, channelId: channel, latest: () => latestCall(env.fake, channel) },
    {
      awaitNextBoard: true,
      async policy({ choices }) {
        const g = await gameIn(channel);
        const seat = env.service.seatOf(g, user.id)!.seat;
        const legal = env.service.legalActions(g, seat) as IstanbulAction[];
        const index = chooseIstanbul(g.state as IstanbulState, seat, legal, new Set(choices.map((c) => c.index)));
        return choices.find((c) => c.index === index)!;
      },
    },
  );
  return played!.next!;
}

/** The call of `channel` (a board, or a short text) that asks `user` next, once posted after the message `after`. */
async function callAsking(channel: string, user: FakeUser, after: string): Promise<SeenMessage> {
  const asking = (): boolean => latestCall(env.fake, channel).id !== after && mentionedToAct(latestCall(env.fake, channel)).includes(user.id);
  await until(env.fake, asking, `the call asking ${user.name}`, WAIT_MS);
  return latestCall(env.fake, channel);
}

describe('who held the seat', () => {
  it('a computer standing in is marked on the moves it made, never on the player’s own moves or on the other player; the replay’s start and the board after taking the seat back name the player plainly; the one winner is the same on every surface', async () => {
    const channel = env.fake.createChannel('sitzplaetze');
    const lobby = await openLobby(alice, channel, { game: 'istanbul', players: 2, layout: 'short', variant: 'base' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const gameId = (await gameIn(channel)).row.id;
    const idle = env.fake.users.get(mentionedToAct(first)[0]!);
    const other = idle.id === alice.id ? bob : alice;

    // Two days without a move: the other player votes, and a computer plays the idle seat at once.
    env.fake.clock.advance(48 * HOUR);
    await env.bot.scheduler.tick();
    await until(env.fake, () => env.fake.channelMessages(channel).some((m) => hasButton(m, 'vote')), 'the idle vote', WAIT_MS);
    const vote = env.fake.channelMessages(channel).find((m) => hasButton(m, 'vote'))!;
    await other.clickButton(vote.id, vote.buttons.find((b) => b.customId?.endsWith(':skip'))!.customId!);
    const afterVote = await callAsking(channel, other, first.id);
    const standIn = boards(env.fake, channel).filter((b) => b.text.includes(`${nameOf(idle)} (Computer)`));
    expect(standIn.length).toBeGreaterThan(0);
    // The stand-in's moves are marked; the turn it handed on is the other player's, named plainly.
    for (const board of [...standIn, afterVote]) expect(board.text).not.toContain(`${nameOf(other)} (Computer)`);
    expect(afterVote.text).toMatch(new RegExp(`${nameOf(other)} ist am Zug \\(Runde 1\\)`));
    // The board of now: the stand-in plays the idle seat now, and the header says so.
    expect(afterVote.text).toContain(`${nameOf(idle)} (Computer) 0`);

    // While the computer still plays the seat, the replay's start names who sat down: both players, plainly.
    const { start } = await replay(carol, channel, gameId);
    expect(start.text).toContain('**Der Anfang**');
    expect(start.text).toMatch(new RegExp(`Rubine: (${nameOf(alice)}|${nameOf(bob)}) 0, (${nameOf(alice)}|${nameOf(bob)}) 0`));
    expect(start.text).not.toContain('(Computer)');

    // The other player plays; the stand-in plays on; the board names each move by who made it.
    const second = await playsIstanbul(channel, other);
    const afterStandIn = mentionedToAct(second).includes(other.id) ? second : await callAsking(channel, other, second.id);
    expect(afterStandIn.text).not.toContain(`${nameOf(other)} (Computer)`);

    // The player comes back and takes the seat between turns.
    const offer = privateReply(await idle.clickButton(afterStandIn.id, buttonFor(afterStandIn, 'turn')), idle);
    const reclaim = offer.buttons.find((b) => b.customId?.includes(':reclaim'))!.customId!;
    privateReply(await idle.clickButton(offer.id, reclaim), idle);
    await until(env.fake, () => latestCall(env.fake, channel).text.includes('übernimmt den Platz wieder vom Computerspieler'), 'the table told the seat is taken back', WAIT_MS);
    expect((await gameIn(channel)).seats.find((s) => s.userId === idle.id)!.computer).toBeNull();

    // The other plays; the board that asks the player back names them plainly, in its header too.
    const theirs = await playsIstanbul(channel, other);
    expect(mentionedToAct(theirs)).toEqual([idle.id]);
    expect(theirs.text).not.toContain('(Computer)');
    // The player's own turn: their moves are theirs, not a computer's.
    const own = await playsIstanbul(channel, idle);
    expect(own.text).toContain(nameOf(idle));
    expect(own.text).not.toContain('(Computer)');

    // The log (read in English by Alice) marks the computer's moves and only those.
    const opened = await alice.clickButton(own.id, buttonFor(own, 'log'), { until: 'response' });
    await opened.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the log' });
    const logText = (await logPages(alice, privateReply(opened, alice))).join('\n');
    expect(logText).toContain(`${nameOf(idle)} (computer)`);
    expect(logText).not.toContain(`${nameOf(other)} (computer)`);
    expect(logText.split('\n').filter((l) => l.includes(nameOf(idle))).at(-1)).not.toContain('(computer)');

    // The other player leaves: the player at the table wins, and every surface says so, the same.
    await runConfirmed(other, channel, 'leave');
    await until(env.fake, () => latestBoard(env.fake, channel).text.includes('Das Spiel ist vorbei'), 'the final board', WAIT_MS);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain(`<@${idle.id}> gewinnt: Alle anderen haben das Spiel verlassen.`);
    expect(await historyLine(carol, channel, gameId)).toContain(`gewonnen von <@${idle.id}>`);
    expect(await answer(idle, channel, 'stats')).toMatch(/Istanbul: 1 (played|gespielt|gespeeld), 1 (won|gewonnen)/);
    const ended = await (await replay(bob, channel, gameId)).end();
    expect(ended.text).toContain(`<@${idle.id}> wint: alle andere spelers hebben het spel verlaten.`);
    // The game's file tells the same winner; the moves it marks as a computer's are the stand-in's alone.
    const file = await exported(carol, channel, gameId);
    expect(exportedWinners(file)).toEqual([idle.id]);
    const idleSeat = file.game.seats.find((s) => s.userId === idle.id)!;
    expect(idleSeat.computer).toBeNull();
    const byComputer = file.moves.filter((m) => m.computer === true);
    expect(byComputer.length).toBeGreaterThan(0);
    expect(new Set(byComputer.map((m) => m.seat))).toEqual(new Set([idleSeat.seat]));
    expect(file.moves.filter((m) => m.seat === idleSeat.seat && m.computer !== true).length).toBeGreaterThan(0);
    env.fake.assertNoViolations();
  });

  it('a table left to computers alone ends with no winner, and the final board, /game history, /stats and the replay all say so; a computer player is named with its level in the reader’s language', async () => {
    const channel = env.fake.createChannel('nur-computer');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await addComputer(alice, lobby, 'normal');
    await addComputer(alice, lobby, 'hard');
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    await until(env.fake, () => mentionedToAct(latestCall(env.fake, channel)).includes(alice.id), 'the call asking Alice', WAIT_MS);
    const gameId = (await gameIn(channel)).row.id;

    // Leaving, she is told first that nobody wins.
    const prompt = privateReply(await alice.runCommand(channel, 'game', { subcommand: 'leave' }), alice);
    expect(prompt.text).toContain('The game ends now: no other human is left playing their own seat, so nobody wins.');
    await runConfirmed(alice, channel, 'leave');
    await until(env.fake, () => latestBoard(env.fake, channel).text.includes('Das Spiel ist vorbei'), 'the final board', WAIT_MS);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain('Kein Mensch spielt mehr selbst am Tisch, und Computerspieler spielen nicht allein weiter: Niemand gewinnt.');
    expect(final.text).not.toMatch(/gewinnt:/);

    // The history in three languages: no winner, nobody credited.
    expect(await historyLine(alice, channel, gameId)).toMatch(/ · 3 players · no winner: the last human player left/);
    expect(await historyLine(carol, channel, gameId)).toMatch(/ · 3 Spieler · kein Sieger: Der letzte menschliche Spieler ist gegangen/);
    expect(await historyLine(bob, channel, gameId)).toMatch(/ · 3 spelers · geen winnaar: de laatste menselijke speler is vertrokken/);
    expect(await answer(alice, channel, 'stats')).toContain('Tally: 1 played, 0 won, average place 2.0');
    // The replay's start names the computers with their level in the reader's language; its end has no winner.
    const { start, end } = await replay(bob, channel, gameId);
    expect(start.text).toMatch(/Bot 1 \(normaal\).*Bot 2 \(moeilijk\)|Bot 2 \(moeilijk\).*Bot 1 \(normaal\)/);
    expect((await end()).text).toContain('Er speelt geen mens meer zelf aan tafel, en computerspelers spelen niet alleen verder: niemand wint.');
    // Nor does the game's file name a winner.
    expect(exportedWinners(await exported(bob, channel, gameId))).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('a game won by a computer player names the same winner, with its level in the reader’s language, on the final board, in /game history, in the replay, and nobody else as winner in /stats', async () => {
    const channel = env.fake.createChannel('computer-gewinnt');
    const lobby = await openLobby(carol, channel, { game: 'tally' });
    await addComputer(carol, lobby, 'easy');
    await clickForBoard(carol, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const gameId = (await gameIn(channel)).row.id;
    // Carol ends her turns at once; the easy computer adds 2 twice and wins on its first turn.
    const over = (): boolean => latestBoard(env.fake, channel).text.includes('Das Spiel ist vorbei');
    for (let turn = 0; !over(); turn++) {
      expect(turn).toBeLessThan(3);
      const call = latestCall(env.fake, channel);
      if (mentionedToAct(call).includes(carol.id)) await playTurn({ fake: env.fake, channelId: channel, latest: () => latestCall(env.fake, channel) }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null });
      await until(env.fake, () => over() || latestCall(env.fake, channel).id !== call.id, 'the next call', WAIT_MS);
    }
    const final = latestBoard(env.fake, channel);
    expect(final.text).toMatch(/1\. \S+ Bot 1 \(leicht\): /u);

    expect(await historyLine(carol, channel, gameId)).toMatch(/ · 2 Spieler · gewonnen von Bot 1 \(leicht\)/);
    expect(await historyLine(bob, channel, gameId)).toMatch(/ · 2 spelers · gewonnen door Bot 1 \(makkelijk\)/);
    expect(await historyLine(alice, channel, gameId)).toMatch(/ · 2 players · won by Bot 1 \(easy\)/);
    expect(await answer(carol, channel, 'stats')).toContain('Tally: 1 gespielt, 0 gewonnen, durchschnittlicher Platz 2.0');
    const ended = await (await replay(alice, channel, gameId)).end();
    expect(ended.text).toMatch(/1\. \S+ Bot 1 \(easy\): /u);
    expect(ended.text).not.toContain('(leicht)');
    // The game's file names the computer seat, with its level, as the one winner.
    expect(exportedWinners(await exported(alice, channel, gameId))).toEqual(['computer (easy)']);
    // The analysis ranks the same winner first, named with its level in the reader's language.
    const sections = (await analysis(bob, channel, gameId)).split('\n').filter((l) => /^\*\*\d · /.test(l));
    expect(sections[0]).toMatch(/^\*\*1 · Bot 1 \(makkelijk\)\*\*/);
    expect(sections.slice(1).join('\n')).toContain('Carol');
    env.fake.assertNoViolations();
  });

  it('when the last present human leaves a clocked game whose other player ran out of time, the absent player is not credited with the win, on any surface', async () => {
    const channel = env.fake.createChannel('zeit-abgelaufen');
    const lobby = await openLobby(alice, channel, { game: 'tally', clock: '1h+5m' });
    await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const gameId = (await gameIn(channel)).row.id;
    if (mentionedToAct(first).includes(alice.id)) {
      await playTurn({ fake: env.fake, channelId: channel, latest: () => latestCall(env.fake, channel) }, { policy: ({ choices }) => choices.find((c) => END_TURN.test(c.label)) ?? null });
      await until(env.fake, () => mentionedToAct(latestCall(env.fake, channel)).includes(carol.id), 'the call asking Carol', WAIT_MS);
    }

    // Carol's hour runs out: a computer stands in for her and plays her turn; Alice decides.
    env.fake.clock.advance(61 * MINUTE);
    await env.bot.scheduler.tick();
    await until(env.fake, () => mentionedToAct(latestCall(env.fake, channel)).includes(alice.id), 'the call asking Alice after the bank ran out', WAIT_MS);
    expect((await gameIn(channel)).seats.find((s) => s.userId === carol.id)!.computer).not.toBeNull();

    // Alice leaves: she is told nobody wins, and nobody does.
    const prompt = privateReply(await alice.runCommand(channel, 'game', { subcommand: 'leave' }), alice);
    expect(prompt.text).toContain('no other human is left playing their own seat, so nobody wins');
    await runConfirmed(alice, channel, 'leave');
    await until(env.fake, () => latestBoard(env.fake, channel).text.includes('Das Spiel ist vorbei'), 'the final board', WAIT_MS);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain('Niemand gewinnt.');
    expect(final.text).not.toContain(`<@${carol.id}> gewinnt`);
    expect(await historyLine(carol, channel, gameId)).toMatch(/kein Sieger/);
    expect(await answer(carol, channel, 'stats')).toMatch(/Tally: \d+ gespielt, 0 gewonnen/);
    const ended = await (await replay(carol, channel, gameId)).end();
    expect(ended.text).toContain('Niemand gewinnt.');
    expect(ended.text).not.toContain(`<@${carol.id}> gewinnt`);
    expect(exportedWinners(await exported(carol, channel, gameId))).toEqual([]);
    env.fake.assertNoViolations();
  });
});

/** Every page of a log message, oldest first (◀ to the older pages). */
async function logPages(user: FakeUser, log: SeenMessage): Promise<string[]> {
  const pages = [log.text];
  let current = log;
  for (let page = 0; page < 50; page++) {
    const older = current.buttons.find((b) => (b.label ?? '').startsWith('◀'));
    if (older?.customId === undefined) break;
    const before = env.fake.message(current.id)?.text;
    const handle = await user.clickButton(current.id, older.customId, { until: 'response' });
    await handle.waitFor((h) => env.fake.message(current.id)?.text !== before || h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the older page of the log' });
    current = handle.followUps.at(-1) ?? env.fake.message(current.id)!;
    pages.unshift(current.text);
  }
  return pages;
}

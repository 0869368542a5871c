/**
 * /game export through Discord: a player takes a game away as a file, privately. A finished game comes whole
 * (its seed and every move, the secret draws too, now that they no longer matter) and replays in the engine
 * to the ranks the bot announced; a running game comes as its public log, without a single secret draw; a
 * server's results come as CSV to those who may manage the server, and to nobody else; a game of a channel the
 * member cannot see is not given. On the small test game (Tally, first to 5 points): every turn draws a
 * secret card, adds 1 and ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameExport, replayGameExport } from '../../src/app/export/replay-export.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, openLobby, privateReply, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 5 });
const registry = gameRegistry([tally]);

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let dave: FakeUser;
let admin: FakeUser;

const drawAddEnd: TurnPolicy = ({ choices, step }) => {
  const label = step === 0 ? /^Draw a card$/ : step === 1 ? /^Add 1$/ : END_TURN;
  return choices.find((c) => label.test(c.label)) ?? null;
};

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, seeds: ['export-1', 'export-2'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
  admin = env.createUser('erin', { globalName: 'Erin', roles: [env.fake.createRole('Server managers', ['ManageGuild'])] });
});

afterAll(async () => {
  await env?.stop();
});

async function twoPlayers(channel: string): Promise<number> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error(`no game in ${channel}`);
  return loaded.game.row.id;
}

async function exported(user: FakeUser, channel: string, options: Record<string, string | number | boolean> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'export', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the export' });
  return privateReply(handle, user);
}

describe('/game export', () => {
  let finishedChannel: string;
  let finishedId: number;

  beforeAll(async () => {
    finishedChannel = env.fake.createChannel('export-finished');
    finishedId = await twoPlayers(finishedChannel);
    for (let turn = 0; hasButton(latestBoard(env.fake, finishedChannel), 'turn'); turn++) {
      expect(turn).toBeLessThan(20);
      await playTurn({ fake: env.fake, channelId: finishedChannel }, { policy: drawAddEnd, awaitNextBoard: true });
    }
  });

  it('gives a finished game whole, privately, and the file replays to the ranks the channel was told', async () => {
    const answer = await exported(bob, finishedChannel);
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toBe(`**Tally** #${finishedId}: the whole game, 26 moves with their events and the seed, as JSON. It replays move by move in the engine (the format: docs/export-format.md in the bot’s repository).`);
    expect(answer.attachments.map((a) => a.filename)).toEqual([`bazaar-tally-${finishedId}.json`]);

    const read = readGameExport(answer.attachments[0]!.bytes.toString('utf8'));
    if (!read.ok) throw new Error(read.reason);
    expect(read.exported).toMatchObject({ complete: true, game: { id: finishedId, kind: 'tally', status: 'finished', seed: 'export-1' } });
    // The secret draws are in the file now that the game is over.
    expect(read.exported.moves.some((m) => m.events.some((e) => e.visibleTo !== undefined))).toBe(true);
    const replayed = replayGameExport(registry.modules, read.exported);
    if (!replayed.ok) throw new Error(replayed.reason);
    expect(replayed.over).toBe(true);
    const winner = replayed.standings.find((s) => s.rank === 1)!.seat;
    const winnerId = read.exported.game.seats[winner]!.userId;
    expect(latestBoard(env.fake, finishedChannel).text).toMatch(new RegExp(`1\\. \\S+ <@${winnerId}>: 5 points`, 'u'));
    env.fake.assertNoViolations();
  });

  it('gives a running game as its public log only: no seed, no action, no secret draw', async () => {
    const channel = env.fake.createChannel('export-running');
    const gameId = await twoPlayers(channel);
    await playTurn({ fake: env.fake, channelId: channel }, { policy: drawAddEnd, awaitNextBoard: true });
    await playTurn({ fake: env.fake, channelId: channel }, { policy: drawAddEnd, awaitNextBoard: true });
    const loaded = await env.service.byId(gameId);
    if (!loaded.ok) throw new Error('no game');
    const secretEvents = (await env.service.effectiveLog(loaded.game as never)).flatMap((e) => e.events.filter((ev) => ev.visibleTo !== undefined));
    expect(secretEvents.length).toBeGreaterThan(0);

    // Dave does not play: he reads it in his language, and gets what anyone at the table could read.
    const answer = await exported(dave, channel);
    expect(answer.content).toMatch(/^\*\*Tally\*\* #\d+ läuft noch: Das ist sein öffentliches Protokoll \(6 Züge/);
    const text = answer.attachments[0]!.bytes.toString('utf8');
    const read = readGameExport(text);
    if (!read.ok) throw new Error(read.reason);
    expect(read.exported.complete).toBe(false);
    expect(text).not.toContain('export-2');
    expect(text).not.toContain('"action"');
    expect(text).not.toContain('visibleTo');
    // Each secret draw ('tally.drewPrivate') is left out; its public half ('tally.drew') is there.
    expect(new Set(secretEvents.map((e) => e.key))).toEqual(new Set(['tally.drewPrivate']));
    expect(text).not.toContain('tally.drewPrivate');
    expect(read.exported.moves.flatMap((m) => m.events.map((e) => e.key))).toContain('tally.drew');
    expect(replayGameExport(registry.modules, read.exported)).toMatchObject({ ok: false });
  });

  it('does not give a game of a channel the member cannot see', async () => {
    const hidden = env.fake.createChannel('export-hidden');
    env.fake.setPermissionOverwrite(hidden, { id: dave.id, deny: ['ViewChannel'] });
    const gameId = await twoPlayers(hidden);
    const refused = await exported(dave, finishedChannel, { game: gameId });
    expect(refused.content).toBe(`Spiel #${gameId} wurde in einem Kanal gespielt, den du nicht sehen kannst, darum wird es für dich nicht exportiert. Es wurde nichts geändert.`);
    expect(refused.attachments).toHaveLength(0);
    // Its players see it.
    expect((await exported(bob, finishedChannel, { game: gameId })).attachments).toHaveLength(1);
    // A game that does not exist is named as such, and nothing is given.
    const none = await exported(bob, finishedChannel, { game: 9999 });
    expect(none.content).toBe('There is no game #9999 in this server. /game history lists this server’s games with their numbers.');
    expect(none.attachments).toHaveLength(0);
  });

  it("gives the server's results as CSV to those who may manage the server, and to nobody else", async () => {
    const refused = await exported(alice, finishedChannel, { results: true });
    expect(refused.content).toBe('Only members who may manage the server can export its results. Nothing was changed.');
    expect(refused.attachments).toHaveLength(0);

    const answer = await exported(admin, finishedChannel, { results: true });
    expect(answer.content).toBe('The results of 1 game of this server, a row per seat (2 rows), as CSV.');
    const [file] = answer.attachments;
    expect(file!.filename).toMatch(/^bazaar-results-\d+\.csv$/);
    const lines = file!.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('game_id,game,status,channel_id,finished_at,seat,player_id,player_name,computer_level,rank,left_early');
    expect(lines.slice(1, 3).map((l) => l.split(',').slice(0, 4))).toEqual([
      [String(finishedId), 'tally', 'finished', finishedChannel],
      [String(finishedId), 'tally', 'finished', finishedChannel],
    ]);
    expect(lines.slice(1, 3).map((l) => l.split(',')[7]).sort()).toEqual(['Alice', 'Bob']);
    env.fake.assertNoViolations();
  });
});

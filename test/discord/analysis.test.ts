/**
 * Analysis after the game: once a game has finished, the computer reviews every turn (here the test game's
 * reviewer, as the AI pool's idle time would) and anyone of the server may open the Analysis, from the final
 * board or from /game replay, privately and in their language: a chart of each player's chance to win over
 * the turns, and each player's three turns where it fell most, with what the computer would have played
 * instead. Before it is ready: how far it has come. Never during play, whatever a forged button says; the
 * work owed survives a restart, and a stored analysis that does not read is set aside without holding up
 * another game's.
 * On the small test game (Tally, first to 5 points) with three players: Alice adds 1 and ends, Bob ends at
 * once, Carol adds 2 and ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyst } from '../../src/app/analysis/post-game.js';
import { readReviewed } from '../../src/app/analysis/stored.js';
import { AiPoolClosedError } from '../../src/app/workers/ai-errors.js';
import { encodeCustomId } from '../../src/discord/codec.js';
import { gameRegistry } from '../../src/games/registry.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyAnalyst, type TallyAnalyst } from '../games/tally/ai/analyst.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, openLobby, privateReply, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 5 });
const registry = gameRegistry([tally]);
const def = tally.module.definition;

/** The reviewer of the bot now; `held` stops it, once it has reviewed `holdAfter` turns, until released. */
let analyst: TallyAnalyst;
let holdAfter: number | null = null;
let release: ((error?: Error) => void) | null = null;
const held = async (): Promise<void> => {
  if (holdAfter === null || analyst.reviewed.length < holdAfter) return;
  holdAfter = null;
  await new Promise<void>((resolve, reject) => {
    release = (error) => (error === undefined ? resolve() : reject(error));
  });
};
const newAnalyst = (): Analyst => {
  analyst = tallyAnalyst(def, held);
  return analyst;
};

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

const policy: TurnPolicy = ({ choices, step, actor }) => {
  const wants = actor.id === carol.id ? /^Add 2$/ : actor.id === alice.id ? /^Add 1$/ : END_TURN;
  return choices.find((c) => (step === 0 ? wants : END_TURN).test(c.label)) ?? null;
};

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, seeds: ['analysis-1', 'analysis-2', 'analysis-3'], computerPlayer: tallyComputer, analyst: newAnalyst });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

async function threePlayers(channel: string): Promise<number> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error(`no game in ${channel}`);
  return loaded.game.row.id;
}

async function playToTheEnd(channel: string): Promise<void> {
  for (let turn = 0; hasButton(latestBoard(env.fake, channel), 'turn'); turn++) {
    expect(turn).toBeLessThan(30);
    await playTurn({ fake: env.fake, channelId: channel }, { policy, awaitNextBoard: true });
  }
}

/** Clicks a button (`forged`: one the message does not carry) and returns the private answer. */
async function clickPrivately(user: FakeUser, message: SeenMessage, customId: string, forged = false): Promise<SeenMessage> {
  const handle = forged ? await user.forgeClick(message.id, customId, { until: 'none' }) : await user.clickButton(message.id, customId, { until: 'none' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the private answer' });
  return privateReply(handle, user);
}

const analysisButton = (message: SeenMessage): string | undefined => message.buttons.find((b) => b.customId?.endsWith(':analysis'))?.customId;

async function analysed(gameId: number): Promise<void> {
  await until(env.fake, async () => (await env.service.analyses.find(gameId))?.status === 'done', `the analysis of game ${gameId}`, WAIT_MS);
}

describe('Analysis after the game', () => {
  let channel: string;
  let gameId: number;
  let turns: number;

  beforeAll(async () => {
    channel = env.fake.createChannel('analysis-finished');
    gameId = await threePlayers(channel);
  });

  it('is not offered during play: the board has no Analysis, and a forged one is refused and computes nothing', async () => {
    // A turn each, then the game runs on.
    for (let i = 0; i < 3; i++) await playTurn({ fake: env.fake, channelId: channel }, { policy, awaitNextBoard: true });
    const board = latestBoard(env.fake, channel);
    expect(hasButton(board, 'turn')).toBe(true);
    expect(analysisButton(board)).toBeUndefined();
    const row = await env.service.runningRow(channel);
    const forged = encodeCustomId({ gameId, version: row!.version, verb: 'analysis' });
    const answer = await clickPrivately(bob, board, forged, true);
    expect(answer.content).toBe(`Eine Analyse gibt es, sobald eine Partie zu Ende gespielt ist: Tally #${gameId} ist es nicht.`);
    expect(answer.attachments).toHaveLength(0);
    expect(await env.service.analyses.find(gameId)).toBeUndefined();
    expect(analyst.reviewed).toEqual([]);
  });

  it("the final board's Analysis: being computed first, then the chart and each player's worst turns, in the reader's language", async () => {
    // The reviewer stops before its first turn, so the answer before it is ready is seen.
    holdAfter = 0;
    await playToTheEnd(channel);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toContain('**The game is over.**');
    const button = analysisButton(final);
    expect(button).toBeDefined();
    await until(env.fake, () => release !== null, 'the review under way', WAIT_MS);
    turns = (await env.service.analyses.find(gameId))!.turns;
    expect(turns).toBeGreaterThanOrEqual(7);
    const early = await clickPrivately(carol, final, button!);
    expect(early.content).toBe(`De analyse van Tally #${gameId} wordt berekend: 0 van ${turns} beurten. Vraag het later nog eens.`);
    release!();
    await analysed(gameId);

    const answer = await clickPrivately(alice, final, button!);
    expect(answer.ephemeral).toBe(true);
    const lines = answer.content.split('\n');
    expect(lines[0]).toBe(`**Analysis** of Tally #${gameId}: each player's chance to win after every turn, as the computer estimated it once the game was over.`);
    // The players by the chart's numbers: Carol won, so she is 1.
    const sections = lines.filter((l) => l.startsWith('**'));
    expect(sections.slice(1).map((l) => l.match(/^\*\*(\d) · (\w+)\*\*/)?.slice(1, 3).join(' '))).toEqual(['1 Carol', expect.stringMatching(/^2 (Alice|Bob)$/), expect.stringMatching(/^3 (Alice|Bob)$/)]);
    // Bob ended every turn at once: where his chance fell, the computer would have added 2.
    const bobsAt = lines.findIndex((l) => /· Bob\*\*/.test(l));
    const bobs = lines.slice(bobsAt + 1).filter((_, i, rest) => !rest.slice(0, i + 1).some((l) => l.startsWith('**')));
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.length).toBeLessThanOrEqual(3);
    for (const line of bobs) expect(line).toMatch(/^- Turn \d+: played End the turn; the computer would have played Add 2 \(win chance \d+% → \d+%\)$/);
    // The chart: drawn, with its description.
    expect(answer.attachments).toHaveLength(1);
    const chart = answer.attachments[0]!;
    expect(chart.filename).toBe(`tally-${gameId}-analysis.png`);
    checkPng(chart.bytes);
    expect(chart.description).toContain('Win chance (%)');
    // Stored once: each turn with each player's chance.
    const stored = readReviewed((await env.service.analyses.find(gameId))!.reviewed);
    expect(stored).toHaveLength(turns);
    for (const turn of stored) expect(turn.chances).toHaveLength(3);
    expect(analyst.reviewed).toHaveLength(turns);
  });

  it('/game replay offers it too, on every frame of a finished game, in German for Bob', async () => {
    const handle = await bob.runCommand(channel, 'game', { subcommand: 'replay', options: { game: gameId } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the replay' });
    const replay = privateReply(handle, bob);
    const button = replay.buttons.find((b) => b.label === 'Analyse');
    const loaded = await env.service.byId(gameId);
    expect(button?.customId).toBe(encodeCustomId({ gameId, version: loaded.ok ? loaded.game.row.version : -1, verb: 'analysis' }));
    const answer = await clickPrivately(bob, replay, button!.customId!);
    expect(answer.content.split('\n')[0]).toBe(`**Analyse** von Tally #${gameId}: die Gewinnchance jedes Spielers nach jedem Zug, wie der Computer sie nach dem Ende der Partie schätzt.`);
    expect(answer.content).toMatch(/^- Zug \d+: gespielt End the turn; der Computer hätte Add 2 gespielt \(Gewinnchance \d+ % → \d+ %\)$/m);
    expect(answer.attachments).toHaveLength(1);
    // Nothing was reviewed again.
    expect(analyst.reviewed).toHaveLength(turns);
  });

  it('survives a restart in the middle: the turns reviewed stay, the rest is reviewed after the start', async () => {
    const second = env.fake.createChannel('analysis-restart');
    const id = await threePlayers(second);
    holdAfter = analyst.reviewed.length + 3;
    release = null;
    await playToTheEnd(second);
    await until(env.fake, () => release !== null, 'the fourth turn under review', WAIT_MS);
    const before = await env.service.analyses.find(id);
    expect(readReviewed(before!.reviewed)).toHaveLength(3);
    expect(before!.status).toBe('pending');
    // The bot stops: the pool closes under the review in flight.
    const restarted = env.restart();
    release!(new AiPoolClosedError());
    await restarted;
    await analysed(id);
    const after = await env.service.analyses.find(id);
    expect(readReviewed(after!.reviewed)).toHaveLength(after!.turns);
    // The new bot reviewed only what was owed: from the fourth turn on.
    expect(analyst.reviewed).toHaveLength(after!.turns - 3);
    expect(readReviewed(after!.reviewed).slice(0, 3)).toEqual(readReviewed(before!.reviewed));
  });

  it('a stored analysis that does not read is set aside at the next start, and the game owed after it is analysed all the same', async () => {
    const broken = (await env.service.history(env.fake.guildId, 10)).map((g) => g.gameId).sort((a, b) => a - b)[0]!;
    const third = env.fake.createChannel('analysis-after-a-bad-row');
    const id = await threePlayers(third);
    // The reviewer stops at the new game's first turn while an older analysis is damaged in the store.
    holdAfter = analyst.reviewed.length;
    release = null;
    await playToTheEnd(third);
    await until(env.fake, () => release !== null, 'the review under way', WAIT_MS);
    await env.service.analyses.setAside(broken, 'to be damaged');
    env.database.sqlite.prepare("UPDATE game_analyses SET status = 'pending', reviewed = '[{\"turn\": 1, \"seat\": \"x\"}]' WHERE game_id = ?").run(broken);
    const restarted = env.restart();
    release!(new AiPoolClosedError());
    await restarted;
    await analysed(id);
    await until(env.fake, async () => (await env.service.analyses.find(broken))?.status === 'set_aside', 'the damaged analysis set aside', WAIT_MS);
    expect(await env.service.analyses.find(broken)).toMatchObject({ status: 'set_aside', reason: 'turn 1 does not read' });
    const answer = await clickPrivately(alice, latestBoard(env.fake, third), encodeCustomId({ gameId: broken, version: 0, verb: 'analysis' }), true);
    expect(answer.content).toBe(`The analysis of Tally #${broken} could not be made.`);
  });
});

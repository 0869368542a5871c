/**
 * Analysis after the game in the bot's own AI pool (one worker thread, as the harness runs it): a finished
 * Kairo game is reviewed turn by turn in the pool's idle time while a game against a computer player goes
 * on in another channel, whose computer turns are searched as always (no fallback move) and never wait for
 * the analysis; the analysis is done all the same, and shown. The game analysed is played through the game
 * service (both seats by the test's Kairo policy); the Istanbul game against the computer through the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { readReviewed } from '../../src/app/analysis/stored.js';
import { encodeCustomId } from '../../src/discord/codec.js';
import { seedRng } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { FakeUser } from '../fake-discord/index.js';
import { must } from '../support/service-fixtures.js';
import { playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { chooseIstanbul } from './istanbul-policy.js';
import { pickKairo } from './kairo-policy.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, mentionedToAct, openLobby, privateReply, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
const steps: string[] = [];

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['analysis-pool-1', 'analysis-pool-2'], analyst: 'pool', onAnalysisStep: (outcome) => steps.push(outcome) });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

/** A 2-player Kairo game played to its end through the game service. */
async function finishedKairo(channelId: string): Promise<number> {
  const svc = env.service;
  const lobby = must(await svc.createLobby({ guildId: env.fake.guildId, channelId, kind: 'kairo', host: { userId: alice.id, displayName: 'Alice' }, locale: 'en' })).game;
  must(await svc.join(lobby.row.id, { userId: bob.id, displayName: 'Bob' }));
  let game = must(await svc.start(lobby.row.id, alice.id, must(await svc.byId(lobby.row.id)).game.row.version)).game as ActiveSnapshot;
  const rng = seedRng('analysis-pool');
  for (let step = 0; step < 3000 && game.row.status === 'active'; step++) {
    const seat = svc.activeSeats(game)[0]!;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    const legal = svc.legalActions(game, seat) as KairoAction[];
    must(await svc.act(game.row.id, user, seat, game.row.version, pickKairo(game.state as KairoState, seat, legal, new Set(legal.keys()), rng)));
    game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
  }
  expect(game.row.status).toBe('finished');
  return game.row.id;
}

/** The human's turns: the Istanbul policy's pick among what the panel offers. */
const istanbulTurn = (gameOf: () => Promise<ActiveSnapshot>): TurnPolicy => {
  return async ({ choices, actor }) => {
    const game = await gameOf();
    const seat = game.seats.find((s) => s.userId === actor.id)!.seat;
    const legal = env.service.legalActions(game, seat) as IstanbulAction[];
    const index = chooseIstanbul(game.state as IstanbulState, seat, legal, new Set(choices.map((c) => c.index)));
    return choices.find((c) => c.index === index) ?? null;
  };
};

describe('Analysis in the AI pool of the bot', () => {
  it("a finished game is reviewed in the pool's idle time while a computer player's turns in another game are searched as always", async () => {
    const gameId = await finishedKairo(env.fake.createChannel('analysis-pool-finished'));
    env.bot.analyses!.owe(gameId);
    await until(env.fake, async () => readReviewed((await env.service.analyses.find(gameId))?.reviewed ?? '[]').length >= 2, 'the first turns reviewed', WAIT_MS);

    // Meanwhile Bob plays Istanbul against a computer player in another channel.
    const channel = env.fake.createChannel('analysis-pool-live');
    const lobby = await openLobby(bob, channel, { game: 'istanbul' });
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const added = await bob.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' });
    await added.waitFor(() => env.fake.message(lobby.id)!.text.includes('Bot 1'), { timeoutMs: WAIT_MS, description: 'the lobby with the computer player' });
    await clickForBoard(bob, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const live = async (): Promise<ActiveSnapshot> => must(await env.service.byChannel(channel)).game as ActiveSnapshot;
    let bobsTurns = 0;
    let pendingMeanwhile = false;
    for (let i = 0; i < 40 && bobsTurns < 4; i++) {
      await until(env.fake, () => hasButton(latestBoard(env.fake, channel), 'turn') && mentionedToAct(latestBoard(env.fake, channel)).includes(bob.id), "Bob's turn", WAIT_MS);
      pendingMeanwhile ||= (await env.service.analyses.find(gameId))?.status === 'pending';
      await playTurn({ fake: env.fake, channelId: channel }, { policy: istanbulTurn(live), awaitNextBoard: true });
      bobsTurns++;
    }
    expect(bobsTurns).toBe(4);
    expect(pendingMeanwhile).toBe(true);
    // Every computer decision was the search's: none fell back to the greedy move.
    expect(env.logs.filter((line) => /fallback/i.test(String(line.msg)))).toEqual([]);

    await until(env.fake, async () => (await env.service.analyses.find(gameId))?.status === 'done', 'the analysis done', 10 * WAIT_MS);
    const done = await env.service.analyses.find(gameId);
    expect(readReviewed(done!.reviewed)).toHaveLength(done!.turns);
    expect(steps.filter((s) => s === 'reviewed')).toHaveLength(done!.turns);
    expect(steps.filter((s) => s === 'failed')).toEqual([]);

    // Shown from the final board's button (forged here: the game was played without its boards).
    const handle = await alice.forgeClick(latestBoard(env.fake, channel).id, encodeCustomId({ gameId, version: 0, verb: 'analysis' }), { until: 'none' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the analysis' });
    const answer = privateReply(handle, alice);
    expect(answer.content.split('\n')[0]).toBe(`**Analysis** of Kairo #${gameId}: each player's chance to win after every turn, as the computer estimated it once the game was over.`);
    expect(answer.attachments.map((a) => a.filename)).toEqual([`kairo-${gameId}-analysis.png`]);
  }, 600_000);
});

/**
 * Complete games of Istanbul through the fake Discord with the real discord.js client, played only by
 * users clicking the bot's buttons and select options. A progress-biased policy (istanbul-policy.ts)
 * picks among what each panel offers. Every turn must post a board picture; hands appear only in
 * ephemeral answers to their owner; the standings are posted at the end. The 2-player game is
 * interrupted by a restart (a new client on the same database file) and goes on from the same buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { gameModules } from '../../src/app/games/index.js';
import { gamePresenters } from '../../src/discord/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { boards, buttonFor, choose, clickForBoard, hasButton, latestBoard, mentionedToAct, offered, openPrivately, startBotOnFake, type BotOnFake } from './harness.js';
import { chooseIstanbul } from './istanbul-policy.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  // Seeds whose games the policy finishes in a few dozen rounds.
  env = await startBotOnFake({ modules: gameModules(), presenters: gamePresenters(), seeds: ['c', 'e'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

function activeGame(channel: string): ActiveSnapshot {
  const loaded = env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}: ${JSON.stringify(loaded)}`);
  return loaded.game;
}

interface Played {
  turns: number;
  actions: number;
  handLines: Map<string, string[]>;
  privateEvents: string[];
  final: SeenMessage;
}

async function playIstanbul(channel: string, players: FakeUser[], options: { restartAtTurn?: number } = {}): Promise<Played> {
  const [host, ...others] = players as [FakeUser, ...FakeUser[]];
  const lobby = (await host.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'istanbul', layout: 'short', variant: 'base' } })).reply!;
  expect(lobby.content).toMatch(/Layout: Short paths · Variant: Base game/);
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

  const played: Played = { turns: 0, actions: 0, handLines: new Map(), privateEvents: [], final: latestBoard(env.fake, channel) };
  for (let guard = 0; guard < 400; guard++) {
    const board = latestBoard(env.fake, channel);
    const png = checkPng(board.attachments[0]!.bytes);
    expect(png.ok && png.width > 600).toBe(true);
    if (!hasButton(board, 'turn')) {
      played.final = board;
      break;
    }
    const [actorId] = mentionedToAct(board);
    const user = env.fake.users.get(actorId!);
    let panel = await openPrivately(user, board, buttonFor(board, 'turn'));
    if (played.turns === options.restartAtTurn) {
      // Mid-turn, with the panel open: the bot restarts; the same panel's buttons must still work.
      await env.restart();
    }
    if (played.turns % 9 === 0) {
      const hand = await openPrivately(user, board, buttonFor(board, 'hand'));
      const line = hand.content.split('\n')[1]!;
      expect(line).toMatch(/^(Bonus cards|Bonuskarten|Bonuskaarten): /);
      played.handLines.set(user.id, [...(played.handLines.get(user.id) ?? []), line]);
    }
    for (let step = 0; offered(panel).length > 0; step++) {
      expect(step).toBeLessThan(80);
      const game = activeGame(channel);
      const seat = env.service.seatOf(game, user.id)!.seat;
      const legal = env.service.legalActions(game, seat) as IstanbulAction[];
      const choices = offered(panel);
      const index = chooseIstanbul(game.state as IstanbulState, seat, legal, new Set(choices.map((c) => c.index)));
      const pick = choices.find((c) => c.index === index)!;
      const handle = await choose(user, panel, pick);
      panel = handle.reply!;
      expect(panel.ephemeral).toBe(true);
      played.actions++;
      for (const m of panel.content.matchAll(/(You draw [^;\n]+|Du ziehst [^;\n]+|Je trekt [^;\n]+)/g)) played.privateEvents.push(m[1]!.trim());
    }
    expect(panel.content).toMatch(/(turn is over|Zug ist zu Ende|beurt is voorbij|game is over|Spiel ist vorbei|spel is afgelopen)/);
    played.turns++;
    // Every turn posts a new board; the previous one loses its buttons.
    const next = latestBoard(env.fake, channel);
    expect(next.id).not.toBe(board.id);
    expect(env.fake.message(board.id)!.buttons).toEqual([]);
  }
  return played;
}

function checkPrivacy(channel: string, played: Played): void {
  expect(played.handLines.size).toBeGreaterThan(0);
  for (const lines of played.handLines.values()) {
    for (const line of lines) if (!/: (none|keine|geen)$/.test(line)) expect(env.fake.publicOccurrences(line), line).toEqual([]);
  }
  expect(played.privateEvents.length).toBeGreaterThan(0);
  for (const text of played.privateEvents) expect(env.fake.publicOccurrences(text), text).toEqual([]);
  expect(env.fake.publicOccurrences(/You draw|Du ziehst|Je trekt/, channel)).toEqual([]);
  // Every board is a channel message with exactly one PNG; every answer with a hand was ephemeral.
  for (const board of boards(env.fake, channel)) {
    expect(board.ephemeral).toBe(false);
    expect(board.attachments).toHaveLength(1);
    expect(board.attachments[0]!.contentType).toBe('image/png');
  }
}

function checkStandings(played: Played, players: FakeUser[]): void {
  const text = played.final.content;
  expect(text).toContain('**The game is over.** Final standings:');
  for (const user of players) expect(text).toMatch(new RegExp(`\\d\\. <@${user.id}>: \\d+ rubies, \\d+ lira, \\d+ goods, \\d+ bonus cards`));
  expect(text).toMatch(/\n1\. <@\d+>: [56] rubies/);
}

describe('Istanbul end to end', () => {
  it('a complete 2-player game, with a restart in the middle', async () => {
    const channel = env.fake.createChannel('istanbul-2');
    const played = await playIstanbul(channel, [alice, bob], { restartAtTurn: 12 });
    expect(played.turns).toBeGreaterThan(20);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1);
    checkStandings(played, [alice, bob]);
    checkPrivacy(channel, played);
    expect(env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });
    env.fake.assertNoViolations();
  });

  it('a complete 3-player game', async () => {
    const channel = env.fake.createChannel('istanbul-3');
    const played = await playIstanbul(channel, [carol, alice, bob]);
    expect(played.turns).toBeGreaterThan(30);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1);
    checkStandings(played, [alice, bob, carol]);
    checkPrivacy(channel, played);
    env.fake.assertNoViolations();
  });
});

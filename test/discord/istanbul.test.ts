/**
 * Complete games of Istanbul through the fake Discord with the real discord.js client, played only by
 * users clicking the bot's buttons and select options. A progress-biased policy (istanbul-policy.ts)
 * picks among what each panel offers. Every turn must post a board picture; hands appear only in
 * ephemeral answers to their owner; the standings are posted at the end. The 2-player game is
 * interrupted by a restart (a new client on the same database file) and goes on from the same buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { checkPng, type FakeUser } from '../fake-discord/index.js';
import { boardPictures, boards, startBotOnFake, type BotOnFake } from './harness.js';
import { playIstanbul, type Played } from './istanbul-driver.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  // Seeds whose games the policy finishes in a few dozen rounds.
  env = await startBotOnFake({ games: GAMES, seeds: ['c', 'e'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

function checkPrivacy(channel: string, played: Played): void {
  expect(played.handLines.size).toBeGreaterThan(0);
  for (const lines of played.handLines.values()) {
    for (const line of lines) if (!/: (none|keine|geen)$/.test(line)) expect(env.fake.publicOccurrences(line), line).toEqual([]);
  }
  expect(played.privateEvents.length).toBeGreaterThan(0);
  for (const text of played.privateEvents) expect(env.fake.publicOccurrences(text), text).toEqual([]);
  expect(env.fake.publicOccurrences(/You draw|Du ziehst|Je trekt/, channel)).toEqual([]);
  // Every board is a channel message with one picture, the board (the final one also the summary chart);
  // every answer with a hand was ephemeral.
  const all = boards(env.fake, channel);
  for (const board of all) {
    expect(board.ephemeral).toBe(false);
    const pictures = boardPictures(board);
    expect(pictures.chart !== undefined).toBe(board === all.at(-1));
    for (const file of board.attachments) expect(file.contentType).toBe('image/png');
    expect(checkPng(pictures.board.bytes)).toMatchObject({ ok: true, width: 1600 });
  }
}

function checkStandings(played: Played, players: FakeUser[]): void {
  const text = played.final.text;
  expect(text).toContain('**The game is over.** Final standings:');
  // Each name carries the colour of the player's pieces.
  for (const user of players) expect(text).toMatch(new RegExp(`\\d\\. (?:🟥|🟦|🟩|🟨|⬜) <@${user.id}>: \\d+ rubies, \\d+ lira, \\d+ goods, \\d+ bonus cards`, 'u'));
  expect(text).toMatch(/\n1\. (?:🟥|🟦|🟩|🟨|⬜) <@\d+>: [56] rubies/u);
}

describe('Istanbul end to end', () => {
  // Whole games, each board drawn in this process: about 90 s on a busy machine.
  it('a complete 2-player game, with a restart in the middle', async () => {
    const channel = env.fake.createChannel('istanbul-2');
    const played = await playIstanbul(env, channel, [alice, bob], { restartAtTurn: 12 });
    expect(played.turns).toBeGreaterThan(20);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1);
    checkStandings(played, [alice, bob]);
    checkPrivacy(channel, played);
    expect(await env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });
    env.fake.assertNoViolations();
  }, 900_000);

  it('a complete 3-player game', async () => {
    const channel = env.fake.createChannel('istanbul-3');
    const played = await playIstanbul(env, channel, [carol, alice, bob]);
    expect(played.turns).toBeGreaterThan(30);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1);
    checkStandings(played, [alice, bob, carol]);
    checkPrivacy(channel, played);
    env.fake.assertNoViolations();
  }, 900_000);
});

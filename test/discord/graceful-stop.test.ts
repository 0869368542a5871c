/**
 * A clean stop of the bot as a real process (src/main.ts): on SIGTERM it takes no new clicks, finishes
 * what is in flight (a board that Discord is slow to accept), ends a computer player's search at once, and
 * exits 0; the restart owes and delivers exactly what the first process did not (the computer's turn and
 * its board), nothing twice. A second signal exits at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { BotProcess, until } from './bot-process.js';
import { boards, buttonFor, latestBoard, mentionedToAct, tempDbFile, WAIT_MS } from './harness.js';
import { playTurn, type TurnPolicy } from '../support/turn-driver.js';

let fake: FakeDiscord;
let alice: FakeUser;
let bob: FakeUser;
const processes: BotProcess[] = [];

beforeAll(async () => {
  fake = await FakeDiscord.start();
  alice = fake.users.create('alice', { globalName: 'Alice' });
  bob = fake.users.create('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  for (const bot of processes) {
    await bot.kill();
    bot.cleanup();
    fs.rmSync(path.dirname(bot.dbFile), { recursive: true, force: true });
  }
  await fake?.stop();
});

function newBot(): BotProcess {
  const bot = new BotProcess(fake, tempDbFile('graceful'), { SHUTDOWN_TIMEOUT_MS: '60000' });
  processes.push(bot);
  return bot;
}

/** /game new, join or add a computer, start: resolves with the first board. */
async function startKairo(channel: string, second: 'bob' | 'computer'): Promise<SeenMessage> {
  const opened = await alice.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'kairo', players: 2, layout: 'quick' }, until: 'response' });
  await opened.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
  await until(fake, () => fake.channelMessages(channel).some((m) => m.buttons.length > 0), 'the lobby');
  const lobby = fake.channelMessages(channel).find((m) => m.buttons.length > 0)!;
  if (second === 'bob') {
    const before = fake.message(lobby.id)!.text;
    await (await bob.clickButton(lobby.id, buttonFor(lobby, 'join'), { until: 'none' })).responded();
    await until(fake, () => fake.message(lobby.id)!.text !== before, 'Bob in the lobby');
  } else {
    const select = fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    const before = fake.message(lobby.id)!.text;
    await (await alice.selectOptions(lobby.id, select.customId, ['normal'], { until: 'none' })).responded();
    await until(fake, () => fake.message(lobby.id)!.text !== before, 'the computer in the lobby');
  }
  await alice.clickButton(lobby.id, buttonFor(fake.message(lobby.id)!, 'start'), { until: 'none' });
  await until(fake, () => boards(fake, channel).length > 0, 'the first board');
  return latestBoard(fake, channel);
}

/** Draws two cards from the deck: a whole Kairo turn that always exists. */
const drawFromDeck: TurnPolicy = ({ choices }) =>
  choices.find((c) => /^Draw 2 cards$|deck/i.test(c.label) && !/display/i.test(c.label)) ?? choices.find((c) => /Draw/i.test(c.label)) ?? choices[0] ?? null;

describe('a clean stop', () => {
  it('SIGTERM while Discord is slow to take a board: the board is finished, the process exits 0, the restart posts nothing again', async () => {
    const bot = newBot();
    await bot.start();
    const channel = fake.createChannel('stop-during-post');
    let board = await startKairo(channel, 'bob');
    const before = boards(fake, channel).length;
    // Discord takes the next post (the board, as the click's follow-up) but answers 3 s late: the stop must wait for it.
    fake.failNext('POST /webhooks/{webhook_id}/{webhook_token}', { status: 200, delayMs: 3_000 });
    const posted = until(fake, () => boards(fake, channel).length > before, 'the new board reaching Discord');
    const turn = playTurn({ fake, channelId: channel, latest: () => board }, { policy: drawFromDeck });
    await posted;
    await bot.stop('SIGTERM');
    await turn;
    expect(bot.lastExit).toEqual({ code: 0, signal: null });
    expect(bot.logs.some((l) => l.msg === 'stopped')).toBe(true);
    expect(bot.logs.some((l) => typeof l.msg === 'string' && l.msg.startsWith('stopping without waiting'))).toBe(false);
    const after = boards(fake, channel).length;
    expect(after).toBe(before + 1);
    board = latestBoard(fake, channel);

    // The restart owes nothing: no board is posted again, the next player is the one the board names.
    await bot.start();
    const next = await playTurn({ fake, channelId: channel, latest: () => board }, { policy: drawFromDeck });
    expect(next?.actor.id).toBe(mentionedToAct(board)[0]);
    await until(fake, () => boards(fake, channel).length === after + 1, 'the board of the turn after the restart');
    expect(new Set(boards(fake, channel).map((b) => b.text)).size).toBe(boards(fake, channel).length);
    await bot.stop();
    expect(bot.lastExit).toEqual({ code: 0, signal: null });
    fake.assertNoViolations();
  });

  it("SIGTERM during a computer player's decision: the search ends at once, exit 0; the restart plays the computer's turn and posts its board once", async () => {
    const bot = newBot();
    await bot.start();
    const channel = fake.createChannel('stop-during-computer');
    let board = await startKairo(channel, 'computer');
    if (mentionedToAct(board)[0] !== alice.id) {
      await until(fake, () => mentionedToAct(latestBoard(fake, channel))[0] === alice.id, 'Alice to play');
      board = latestBoard(fake, channel);
    }
    const before = boards(fake, channel).length;
    // Alice's turn ends and the computer starts thinking: the panel says so at once.
    const played = await playTurn({ fake, channelId: channel, latest: () => board }, { policy: drawFromDeck });
    expect(played?.panel?.text).toMatch(/computer players are taking their turns/);
    await bot.stop('SIGTERM');
    expect(bot.lastExit).toEqual({ code: 0, signal: null });
    const left = boards(fake, channel).length;

    // The restart plays what the computer still owed, and the board after it names Alice.
    await bot.start();
    await until(fake, () => boards(fake, channel).length > left && mentionedToAct(latestBoard(fake, channel))[0] === alice.id, "the board after the computer's turn");
    expect(boards(fake, channel).length).toBeLessThanOrEqual(before + 2);
    expect(new Set(boards(fake, channel).map((b) => b.text)).size).toBe(boards(fake, channel).length);
    await bot.stop();
    fake.assertNoViolations();
  });

  it('a second SIGTERM during a stop exits at once', async () => {
    const bot = newBot();
    await bot.start();
    const channel = fake.createChannel('stop-twice');
    const board = await startKairo(channel, 'bob');
    const before = boards(fake, channel).length;
    // A post (the board, as the click's follow-up) Discord answers only after a minute: the first stop would wait for it.
    fake.failNext('POST /webhooks/{webhook_id}/{webhook_token}', { status: 200, delayMs: 60_000 });
    const posted = until(fake, () => boards(fake, channel).length > before, 'the new board reaching Discord');
    void playTurn({ fake, channelId: channel, latest: () => board }, { policy: drawFromDeck }).catch(() => undefined);
    await posted;
    bot.signal('SIGTERM');
    await until(fake, () => bot.stderr.join('').includes('SIGTERM: stopping'), 'the first stop under way');
    bot.signal('SIGTERM');
    await bot.exited();
    expect(bot.lastExit).toEqual({ code: 1, signal: null });
    expect(bot.stderr.join('')).toContain('SIGTERM again: exiting at once');
  });
});

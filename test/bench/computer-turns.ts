/**
 * Computer turns as a player waits for them (`npm run bench:computers`): the bot in its own process (the
 * built dist/src/main.js, as `npm start` runs it, with its default pools: render and AI workers of cores
 * minus one each) against the fake Discord of this process. One human and two computer players of the
 * normal level play Istanbul and Kairo (3 players); for each of the human's turns it measures the time from
 * the click that ends the turn to the board that asks the human again (both computers' decisions, their
 * moves, the board and its phone picture), and prints p50/p95/max with the machine's load average.
 * Arguments: `--turns 20` (human turns per game), `--games istanbul,kairo`, `--level normal`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeDiscord, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { BotProcess, until } from '../discord/bot-process.js';
import { buttonFor, hasButton, mentionedToAct, playTurn } from '../support/turn-driver.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const TURNS = Number(arg('turns', '20'));
const GAMES = arg('games', 'istanbul,kairo').split(',');
const LEVEL = arg('level', 'normal');

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number);
}

const load = (): string => os.loadavg()[0]!.toFixed(1);

async function lobbyOf(fake: FakeDiscord, host: FakeUser, channel: string, game: string): Promise<SeenMessage> {
  const handle = await host.runCommand(channel, 'game', { subcommand: 'new', options: { game, players: 3 }, until: 'none' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 60_000, description: '/game new' });
  await until(fake, () => fake.channelMessages(channel).some((m) => m.buttons.length > 0), 'the lobby');
  return fake.channelMessages(channel).find((m) => m.buttons.length > 0)!;
}

async function addComputer(fake: FakeDiscord, host: FakeUser, lobbyId: string): Promise<void> {
  const lobby = fake.message(lobbyId)!;
  const select = lobby.selects.find((s) => s.customId.includes(':addbot'))!;
  const before = lobby.text;
  await (await host.selectOptions(lobbyId, select.customId, [LEVEL], { until: 'none' })).responded();
  await until(fake, () => fake.message(lobbyId)!.text !== before, 'the computer player in the lobby');
}

async function measure(game: string): Promise<number[]> {
  const fake = await FakeDiscord.start({ responseWindowMs: 10_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-computers-'));
  const bot = new BotProcess(fake, path.join(dir, 'bazaar.db'), {}, 'built');
  try {
    await bot.start();
    const alice = fake.users.create('alice', { globalName: 'Alice' });
    const channel = fake.createChannel(`computers-${game}`);
    const lobby = await lobbyOf(fake, alice, channel, game);
    await addComputer(fake, alice, lobby.id);
    await addComputer(fake, alice, lobby.id);
    await alice.clickButton(lobby.id, buttonFor(fake.message(lobby.id)!, 'start'), { until: 'none' });
    // The newest post that calls someone to decide: a board, or a short text (Kairo's start stalls).
    const latestCall = (): SeenMessage | undefined => fake.channelMessages(channel).filter((m) => hasButton(m, 'turn')).at(-1);
    const aliceToPlay = (): boolean => {
      const call = latestCall();
      return call !== undefined && mentionedToAct(call)[0] === alice.id;
    };
    await until(fake, aliceToPlay, 'the first call that asks Alice', 300_000);
    const times: number[] = [];
    // Counted: turns whose answer is a board picture (the start placements are answered by short texts).
    for (let turn = 0; times.length < TURNS && turn < TURNS + 20; turn++) {
      const call = latestCall();
      if (call === undefined || !aliceToPlay()) break;
      let lastClick = 0;
      const played = await playTurn(
        { fake, channelId: channel, latest: () => call, timeoutMs: 300_000 },
        {
          // The first choice offered each time: a legal move (the turn ends within a few clicks).
          policy: ({ choices }) => {
            lastClick = performance.now();
            return choices[0] ?? null;
          },
        },
      );
      if (played === null || played.end !== 'over') break;
      const gameOver = (): boolean => fake.channelMessages(channel).some((m) => /game is over/.test(m.text));
      await until(fake, () => (latestCall()?.id !== call.id && aliceToPlay()) || gameOver(), 'the call after the computers', 300_000);
      if (gameOver()) break;
      if (latestCall()!.attachments.length > 0) times.push(performance.now() - lastClick);
    }
    return times;
  } finally {
    await bot.stop();
    bot.cleanup();
    await fake.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

execFileSync(process.execPath, ['build.mjs', '--if-stale'], { stdio: 'inherit' });
for (const game of GAMES) {
  const before = load();
  const times = await measure(game);
  console.log(
    `${game}, 1 human + 2 computers (${LEVEL}): click -> board after both computers p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} turns; load ${before} -> ${load()} on ${os.availableParallelism()} cores`,
  );
}

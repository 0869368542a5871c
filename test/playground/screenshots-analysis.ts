/**
 * A finished game's Analysis in the playground, with Debian's Chromium (playwright-core), as
 * test/playground/screenshots.ts takes the other pictures:
 *
 *   node --import tsx test/playground/screenshots-analysis.ts [output folder, default assets/screenshots]
 *
 * Alice, Bob and Carol play a Kairo game (quick start) to its end in its thread, each turn picked by the
 * progress-biased policy of test/discord/kairo-policy.ts; the bot analyses it in its AI pool's idle time.
 * Alice asks before it is ready and once it is. Each picture, at 1280 and at 400 pixels wide, waits for the
 * page to show what it is about, never for a fixed time:
 *
 *   playground-analysis-computing-{1280,400}.png   "being computed: N of M turns"
 *   playground-analysis-{1280,400}.png             the chart of the win chances and each player's worst turns
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseCustomId } from '../../src/discord/codec.js';
import { seedRng } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { SeenMessage } from '../fake-discord/index.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { buttonFor, hasButton, playTurn, type Offered } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { pagePictures, PICTURE_WIDTHS } from './page-pictures.js';
import { startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const WAIT_MS = 60_000;


async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: PICTURE_WIDTHS[0], height: 800 })]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));
  const service = pg.bot.service;

  const { until, command, openAs, shoot } = pagePictures(pg, page, { out: OUT, waitMs: WAIT_MS, channel });

  try {
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    const answer = await command('alice', 'game new', { game: 'kairo', players: 3, layout: 'quick' });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.text)?.[1] as string;
    const lobby = (): SeenMessage => pg.fake.message(lobbyId) as SeenMessage;
    const gameId = parseCustomId(buttonFor(lobby(), 'join'))?.gameId;
    if (gameId === undefined) throw new Error('no game');
    for (const guest of ['bob', 'carol']) await user(guest).clickButton(lobbyId, buttonFor(lobby(), 'join'), { until: 'response' });
    await until(() => (lobby().text.includes('(3/3)') ? true : undefined), 'the full lobby');
    await user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    const thread = await until(() => pg.fake.threadsOf(channel)[0]?.id, 'the thread');
    const latest = (): SeenMessage | undefined => pg.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1);
    await until(latest, 'the first board');

    // Played to the end.
    const rng = seedRng('analysis-screenshots');
    for (let turn = 0; turn < 400; turn++) {
      const played = await playTurn(
        { fake: pg.fake, channelId: thread, latest, timeoutMs: WAIT_MS },
        {
          maxSteps: 31,
          async policy({ choices, actor }) {
            const now = await service.byId(gameId);
            if (!now.ok || now.game.kind !== 'active') throw new Error('the game is not active');
            const seat = (await service.seatOf(now.game, actor.id))?.seat;
            if (seat === undefined) throw new Error(`${actor.name} has no seat`);
            const legal = (await service.legalActions(now.game, seat)) as KairoAction[];
            const index = pickKairo(now.game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), rng);
            return choices.find((c) => c.index === index) as Offered;
          },
        },
      );
      if (played === null) break;
      const over = await until(async () => {
        const next = latest();
        if (next !== undefined && next.id !== played.board.id) return false;
        const row = await service.repo.findById(gameId);
        return row?.status === 'finished' ? true : undefined;
      }, 'the board after the turn');
      if (over) break;
    }
    const final = await until(() => [...pg.fake.channelMessages(channel), ...pg.fake.channelMessages(thread)].filter((m) => m.buttons.some((b) => b.customId?.endsWith(':analysis'))).at(-1), 'the final board with Analysis');
    const where = final.channelId === thread ? page.locator('#channels button.thread') : page.locator('#channels button[data-name="general"]');

    // Before it is ready (if the pool has not finished it yet), and once it is.
    await openAs('alice', where);
    const finalOnPage = messages.filter({ has: page.getByRole('button', { name: 'Analysis' }) }).last();
    await finalOnPage.waitFor({ timeout: WAIT_MS });
    if ((await service.analyses.find(gameId))?.status !== 'done') {
      await finalOnPage.getByRole('button', { name: 'Analysis' }).click();
      const computing = messages.filter({ hasText: 'is being computed' }).last();
      await computing.waitFor({ timeout: WAIT_MS });
      await shoot('playground-analysis-computing', computing);
      await computing.getByRole('button', { name: 'Dismiss message' }).click();
    }
    await until(async () => ((await service.analyses.find(gameId))?.status === 'done' ? true : undefined), 'the analysis', 20 * 60_000);
    console.log(`analysis: ${(await service.analyses.find(gameId))!.turns} turns`);
    await finalOnPage.getByRole('button', { name: 'Analysis' }).click();
    const shown = messages.filter({ hasText: 'the turns where their chance fell most' }).last();
    await shown.waitFor({ timeout: WAIT_MS });
    console.log((await shown.innerText()).slice(0, 2000));
    await shoot('playground-analysis', shown);
    pg.fake.assertNoViolations();
  } finally {
    await browser.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

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
import type { Locator } from 'playwright-core';
import { parseCustomId } from '../../src/discord/codec.js';
import { seedRng } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { SeenMessage } from '../fake-discord/index.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { buttonFor, hasButton, playTurn, type Offered } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { post, startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const WIDTHS = [1280, 400] as const;
const WAIT_MS = 60_000;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: WIDTHS[0], height: 800 })]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));
  const service = pg.bot.service;

  const command = async (name: string, line: string, options: Record<string, string | number | boolean> = {}, where = channel): Promise<SeenMessage> => {
    const sent = await post<{ interaction?: string; error?: string }>(pg.url, '/api/command', { user: id(name), channel: where, command: line, options });
    if (sent.status !== 200) throw new Error(`/${line}: ${sent.body.error ?? sent.status}`);
    return until(() => pg.fake.visibleTo(id(name), where).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${line}`);
  };
  const openAs = async (name: string, place: Locator): Promise<void> => {
    const button = page.locator(`button.user[data-name="${name}"]`);
    await button.click();
    await until(async () => ((await button.getAttribute('aria-current')) === 'true' ? true : undefined), `the page as ${name}`);
    await place.click();
    await until(async () => ((await place.getAttribute('aria-current')) === 'true' ? true : undefined), 'the place to open');
  };
  const shoot = async (name: string, target: Locator): Promise<void> => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((a) => a.playState !== 'running'));
      await until(() => page.locator('#message-list img').evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((i) => i.complete && i.naturalWidth > 0)).then((done) => (done ? true : undefined)), 'the pictures');
      await target.evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
      const file = path.join(OUT, `${name}-${width}.png`);
      await page.screenshot({ path: file });
      console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  };

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

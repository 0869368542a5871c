/**
 * The pictures of ratings and following in docs/playing.md, taken from the playground with Debian's
 * Chromium (playwright-core), as test/playground/screenshots.ts takes the others:
 *
 *   node --import tsx test/playground/screenshots-ratings-follow.ts [output folder, default assets/screenshots]
 *
 * Alice and Bob play three games of Kairo (quick start) in #general, each in its thread, clicked by the
 * local users through the same fake Discord the page uses (the progress-biased policy of
 * test/discord/kairo-policy.ts); Carol follows the third game. Each picture waits for the page to show what
 * it is about, never for a fixed time.
 *
 *   playground-follow.png    the third game's thread as Carol sees it: a board with "Following: @Carol"
 *   playground-ratings.png   Alice's /stats: her Kairo rating, and the Kairo leaderboard by μ − 3σ
 */
import fs from 'node:fs';
import path from 'node:path';
import { seedRng } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { SeenMessage } from '../fake-discord/index.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { buttonFor, hasButton, playTurn, type Offered } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { post, startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 30_000;

/** Polls until `probe` answers a value (not undefined). */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium(VIEWPORT)]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));
  const service = pg.bot.service;

  /** A command as the page's command box sends it; resolves with the bot's answer. */
  const command = async (name: string, line: string, options: Record<string, string | number | boolean> = {}, where = channel): Promise<SeenMessage> => {
    const sent = await post<{ interaction?: string; error?: string }>(pg.url, '/api/command', { user: id(name), channel: where, command: line, options });
    if (sent.status !== 200) throw new Error(`/${line}: ${sent.body.error ?? sent.status}`);
    return until(() => pg.fake.visibleTo(id(name), where).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${line}`);
  };
  const thread = (): string | undefined => pg.fake.threadsOf(channel).at(-1)?.id;
  const latestCall = (): SeenMessage | undefined => {
    const t = thread();
    return t === undefined ? undefined : pg.fake.channelMessages(t).filter((m) => hasButton(m, 'turn')).at(-1);
  };
  const openAs = async (name: string, place?: ReturnType<typeof page.locator>): Promise<void> => {
    const button = page.locator(`button.user[data-name="${name}"]`);
    await button.click();
    await until(async () => ((await button.getAttribute('aria-current')) === 'true' ? true : undefined), `the page as ${name}`);
    if (place !== undefined) {
      await place.click();
      await until(async () => ((await place.getAttribute('aria-current')) === 'true' ? true : undefined), 'the place to open');
    }
  };
  const shoot = async (name: string, scrollTo: ReturnType<typeof page.locator>, block: 'start' | 'end' = 'end'): Promise<void> => {
    await until(() => page.locator('#message-list img').evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((i) => i.complete && i.naturalWidth > 0)).then((done) => (done ? true : undefined)), 'the pictures');
    await scrollTo.evaluate((node, at) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: at }), block);
    const file = path.join(OUT, name);
    await page.screenshot({ path: file });
    console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
  };

  /** One game of Kairo between Alice and Bob, to the end; `afterTurn` runs after each turn but the last. */
  const playGame = async (seed: string, afterTurn?: () => Promise<void>): Promise<void> => {
    const threads = pg.fake.threadsOf(channel).length;
    const answer = await command('alice', 'game new', { game: 'kairo', players: 2, layout: 'quick' });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.text)?.[1] as string;
    const lobby = () => pg.fake.message(lobbyId) as SeenMessage;
    await user('bob').clickButton(lobbyId, buttonFor(lobby(), 'join'), { until: 'response' });
    await until(() => (lobby().text.includes('(2/2)') ? true : undefined), 'Bob in the lobby');
    await user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    await until(() => (pg.fake.threadsOf(channel).length > threads ? latestCall() : undefined), 'the first board in the thread');
    const rng = seedRng(seed);
    for (let turn = 0; ; turn++) {
      if (turn > 250) throw new Error('the game did not end in 250 turns');
      const played = await playTurn(
        { fake: pg.fake, channelId: thread() as string, latest: latestCall, timeoutMs: WAIT_MS },
        {
          maxSteps: 31,
          async policy({ choices, actor }) {
            const loaded = await service.byChannel(channel);
            if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('the game is not active');
            const seat = service.seatOf(loaded.game, actor.id)!.seat;
            const legal = service.legalActions(loaded.game, seat) as KairoAction[];
            const index = pickKairo(loaded.game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), rng);
            return choices.find((c) => c.index === index) as Offered;
          },
        },
      );
      if (played === null) return;
      const over = await until(async () => {
        const next = latestCall();
        if (next !== undefined && next.id !== played.board.id) return false;
        return (await service.byChannel(channel)).ok ? undefined : true;
      }, 'the board after the turn');
      if (over) return;
      await afterTurn?.();
    }
  };

  try {
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    await playGame('ratings-follow-1');
    await playGame('ratings-follow-2');
    // Carol follows the third game from its thread; its next board picture mentions her.
    let followed = false;
    let shot = false;
    await playGame('ratings-follow-3', async () => {
      const mine = thread() as string;
      if (!followed) {
        await command('carol', 'game follow', {}, mine);
        followed = true;
        return;
      }
      if (shot || !pg.fake.channelMessages(mine).some((m) => m.attachments.length > 0 && m.text.includes(`Following: <@${id('carol')}>`))) return;
      await openAs('carol', page.locator('#channels button.thread').last());
      const board = messages.filter({ hasText: 'Following:' }).last();
      await board.waitFor({ timeout: WAIT_MS });
      // Its text (the turn's summary, the follower line, who decides) above the picture.
      await shoot('playground-follow.png', board, 'start');
      shot = true;
    });
    if (!shot) throw new Error('no board named Carol as a follower');
    await openAs('alice', page.locator('#channels button[data-name="general"]'));
    await command('alice', 'stats');
    const stats = messages.filter({ hasText: 'Leaderboard: Kairo' }).last();
    await stats.waitFor({ timeout: WAIT_MS });
    await shoot('playground-ratings.png', stats);
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

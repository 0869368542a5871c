/**
 * The screenshots of the playground (README, docs/playing.md), taken with Debian's Chromium (playwright-core):
 *
 *   node --import tsx test/playground/screenshots.ts [output folder, default assets/screenshots]
 *
 * It starts a playground of its own (fake Discord, the real bot on a temporary database, the page) and
 * plays as the page's users would: Bob asks for his turns by direct message (/game notify how:dm), Alice
 * opens a Kairo game that the bot plays in a thread, both play it to the end, Alice abandons a second game,
 * then asks /game history and /stats. The turns are clicked by the local users through the same fake Discord
 * the page uses (a progress-biased policy picks among what each panel offers, as test/discord/kairo.test.ts
 * does), so every picture shows what the real bot posted. Each picture waits for the page to show what it
 * is about (selectors, loaded images), never for a fixed time.
 *
 *   playground-thread-lobby.png   #general with the started lobby; the sidebar lists the game's thread
 *   playground-thread-board.png   the thread with the board
 *   playground-in-one-go.png      a turn panel with the "In one go…" choices open
 *   playground-dm-notice.png      Bob's direct messages: the turn notice with its link to the board
 *   playground-final-chart.png    the final standings with the summary chart, back in #general
 *   playground-history-stats.png  /game history and /stats (with the rating) after the games
 *   playground-replay.png         /game replay of the Kairo game: a turn of round 10 with ◀ ▶ and the round menu
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { seedRng } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { buttonFor, hasButton, playTurn, type Offered } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { post, startTestPlayground, type TestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 30_000;

/** Polls until `probe` answers a value (not undefined). */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

class Shooter {
  readonly #pg: TestPlayground;
  readonly #page: Page;
  readonly channel: string;
  readonly #userIds: Map<string, string>;

  constructor(pg: TestPlayground, page: Page) {
    this.#pg = pg;
    this.#page = page;
    this.channel = pg.channelIds[0] as string;
    this.#userIds = new Map(pg.users.map((u) => [u.name, u.id]));
  }

  user(name: string): FakeUser {
    return this.#pg.fake.users.get(this.#userIds.get(name) as string);
  }

  /** The game's thread, once the bot opened it. */
  thread(): string | undefined {
    return this.#pg.fake.threadsOf(this.channel)[0]?.id;
  }

  /** The newest board (a message with pictures and Take my turn) of the game's thread, if any. */
  latestCall(): SeenMessage | undefined {
    const thread = this.thread();
    if (thread === undefined) return undefined;
    return this.#pg.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1);
  }

  /**
   * Runs a command as a user through the page's server (as its command box does, so the page names the
   * command: "Alice used /game new") and waits for the bot's answer (no longer "thinking").
   */
  async command(name: string, command: string, options: Record<string, string | number | boolean> = {}, channel = this.channel): Promise<SeenMessage> {
    const user = this.user(name);
    const sent = await post<{ interaction?: string; error?: string }>(this.#pg.url, '/api/command', { user: user.id, channel, command, options });
    if (sent.status !== 200) throw new Error(`/${command}: ${sent.body.error ?? sent.status}`);
    return until(() => this.#pg.fake.visibleTo(user.id, channel).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${command}`);
  }

  async click(name: string, message: SeenMessage, customId: string): Promise<SeenMessage> {
    const handle = await this.user(name).clickButton(message.id, customId, { until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to a click' });
    return handle.reply as SeenMessage;
  }

  /** Plays the turn of whoever the newest board calls, with the policy; false once the game is over. */
  async playTurn(rng: ReturnType<typeof seedRng>): Promise<boolean> {
    const service = this.#pg.bot.service;
    const channel = this.channel;
    const played = await playTurn(
      { fake: this.#pg.fake, channelId: this.channel, latest: () => this.latestCall(), timeoutMs: WAIT_MS },
      {
        maxSteps: 31,
        async policy({ choices, actor }) {
          const loaded = await service.byChannel(channel);
          if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('the game is not active');
          const seat = (await service.seatOf(loaded.game, actor.id))?.seat;
          if (seat === undefined) throw new Error(`${actor.name} has no seat`);
          const legal = (await service.legalActions(loaded.game, seat)) as KairoAction[];
          const index = pickKairo(loaded.game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), rng);
          return choices.find((c) => c.index === index) as Offered;
        },
      },
    );
    if (played === null) return false;
    // The next board (or the end of the game) follows the turn.
    return until(async () => {
      const next = this.latestCall();
      if (next !== undefined && next.id !== played.board.id) return true;
      const loaded = await service.byChannel(this.channel);
      return loaded.ok ? undefined : false;
    }, 'the board after the turn');
  }

  // ----- the page ----------------------------------------------------------------------------------------

  async open(user: string, place?: Locator): Promise<void> {
    const page = this.#page;
    const button = page.locator(`button.user[data-name="${user}"]`);
    await button.click();
    await until(async () => ((await button.getAttribute('aria-current')) === 'true' ? true : undefined), `the page as ${user}`);
    if (place !== undefined) {
      await place.click();
      await until(async () => ((await place.getAttribute('aria-current')) === 'true' ? true : undefined), 'the place to open');
    }
  }

  /** Waits until every picture in the message list has loaded. */
  async picturesLoaded(): Promise<void> {
    await until(
      () =>
        this.#page
          .locator('#message-list img')
          .evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((img) => img.complete && img.naturalWidth > 0))
          .then((done) => (done ? true : undefined)),
      'the pictures to load',
    );
  }

  async shoot(name: string, scrollTo?: Locator): Promise<void> {
    await this.picturesLoaded();
    if (scrollTo !== undefined) await scrollTo.evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
    const file = path.join(OUT, name);
    await this.#page.screenshot({ path: file });
    console.log(`${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium(VIEWPORT)]);
  try {
    const page = browser.page;
    const shot = new Shooter(pg, page);
    const messages = page.locator('#message-list .msg');
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();

    // Bob wants his turns by direct message; Alice opens a Kairo game (quick start) in #general, Bob joins.
    await shot.command('bob', 'game notify', { how: 'dm' });
    const answer = await shot.command('alice', 'game new', { game: 'kairo', players: 2, layout: 'quick' });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.text)?.[1] as string;
    const lobby = () => pg.fake.message(lobbyId) as SeenMessage;
    await shot.click('bob', lobby(), buttonFor(lobby(), 'join'));
    await until(() => (lobby().text.includes('(2/2)') ? true : undefined), 'Bob in the lobby');
    await shot.user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    await until(() => shot.latestCall(), 'the first board in the thread');

    // (a) The channel with the started lobby and the thread in the sidebar; the thread with the board.
    const threadButton = page.locator('#channels button.thread');
    await threadButton.waitFor();
    await messages.filter({ hasText: 'has started' }).waitFor();
    await shot.shoot('playground-thread-lobby.png');
    await shot.open('alice', threadButton);
    await page.locator('#message-list .container img.gallery-img').first().waitFor();
    await shot.shoot('playground-thread-board.png');

    // (b) The player to act opens the turn panel on the page; its "In one go…" choices, opened.
    const board = shot.latestCall() as SeenMessage;
    const actorId = [...(board.text.split('\n').at(-1) ?? '').matchAll(/<@(\d+)>/g)][0]?.[1];
    const actor = pg.users.find((u) => u.id === actorId)!;
    await shot.open(actor.name);
    await messages.filter({ has: page.locator('.container img.gallery-img') }).last().getByRole('button', { name: 'Take my turn' }).click();
    const panel = messages.filter({ hasText: 'Only you can see this' }).filter({ hasText: 'Your decision' }).last();
    await panel.waitFor({ timeout: WAIT_MS });
    const inOneGo = panel.locator('.select', { has: page.locator('.select-trigger', { hasText: 'In one go…' }) });
    await inOneGo.locator('.select-trigger').click();
    await inOneGo.locator('.select-menu').waitFor();
    await shot.shoot('playground-in-one-go.png', inOneGo.locator('.select-menu'));
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Dismiss message' }).click();

    // The game, played to the end by both players.
    const rng = seedRng('playground-screenshots');
    for (let turn = 0; await shot.playTurn(rng); turn += 1) {
      if (turn > 250) throw new Error('the game did not end in 250 turns');
      // (c) Bob's turn notice in his direct messages, as soon as he has one.
      if (turn === 1) {
        await shot.open('bob');
        const dm = page.locator('#direct-messages button.dm');
        await dm.waitFor({ timeout: WAIT_MS });
        await shot.open('bob', dm);
        await messages.filter({ hasText: 'Your decision in Kairo' }).first().waitFor();
        await shot.shoot('playground-dm-notice.png');
        await shot.open('alice', page.locator('#channels button[data-name="general"]'));
      }
    }

    // (e) The final standings with the summary chart, back in #general.
    const final = messages.filter({ hasText: 'The game is over' }).last();
    await final.waitFor({ timeout: WAIT_MS });
    await shot.picturesLoaded();
    // Tall enough for the whole message: the standings, the final board and the chart under it.
    const height = await final.evaluate((node) => (node as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
    await page.setViewportSize({ width: VIEWPORT.width, height: Math.min(1800, Math.ceil(height) + 240) });
    await shot.shoot('playground-final-chart.png', final);
    await page.setViewportSize(VIEWPORT);

    // A second game, abandoned by its host: its standings are kept and /game history says it ended early.
    const second = pg.channelIds[1] as string;
    const secondAnswer = await shot.command('carol', 'game new', { game: 'istanbul', players: 2, thread: 'false' }, second);
    const secondLobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(secondAnswer.text)?.[1] as string;
    const secondLobby = () => pg.fake.message(secondLobbyId) as SeenMessage;
    await shot.click('alice', secondLobby(), buttonFor(secondLobby(), 'join'));
    await until(() => (secondLobby().text.includes('(2/2)') ? true : undefined), 'Alice in the second lobby');
    await shot.user('carol').clickButton(secondLobbyId, buttonFor(secondLobby(), 'start'), { until: 'response' });
    await until(() => (pg.fake.channelMessages(second).some((m) => m.attachments.length > 0) ? true : undefined), 'the second game board');
    const question = await shot.command('carol', 'game abandon', {}, second);
    await shot.click('carol', question, buttonFor(question, 'confirm'));
    await until(async () => ((await pg.bot.service.byChannel(second)).ok ? undefined : true), 'the second game to end');

    // (d) /game history and /stats with the leaderboard, as Alice sees them in #general.
    await shot.command('alice', 'game history');
    await shot.command('alice', 'stats');
    const stats = messages.filter({ hasText: 'Leaderboard' }).last();
    await stats.waitFor({ timeout: WAIT_MS });
    await shot.shoot('playground-history-stats.png', stats);

    // (f) /game replay: Alice steps through the Kairo game privately, to the first turn of round 10 (picked
    // in the round menu).
    const replay = await shot.command('alice', 'game replay');
    const rounds = replay.selects[0]!;
    const tenth = rounds.options.find((o) => o.label === 'Round 10')!;
    const before = pg.fake.message(replay.id)!.text;
    const picked = await shot.user('alice').selectOptions(replay.id, rounds.customId, [tenth.value], { until: 'response' });
    await picked.waitFor(() => pg.fake.message(replay.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'round 10 of the replay' });
    const shown = messages.filter({ hasText: 'Replay' }).filter({ hasText: 'Round 10' }).last();
    await shown.waitFor({ timeout: WAIT_MS });
    await shot.picturesLoaded();
    // Tall enough for the whole message: the lines, the board, ◀ ▶ and the round menu.
    const replayHeight = await shown.evaluate((node) => (node as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
    await page.setViewportSize({ width: VIEWPORT.width, height: Math.min(1800, Math.ceil(replayHeight) + 240) });
    await shot.shoot('playground-replay.png', shown);
    await page.setViewportSize(VIEWPORT);
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

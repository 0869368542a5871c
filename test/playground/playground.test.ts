/**
 * The playground in a real browser: Debian's headless Chromium (playwright-core) opens the page of a
 * playground this test starts itself (fake Discord, the real bot on a temporary database, the server on
 * an ephemeral port). Bob asks for his turns by direct message (/game notify), Alice opens a game with
 * /game new from the command box, Bob joins (switching users), Alice starts; the bot opens the game's
 * thread, which the sidebar lists under the channel; in the thread the player to act takes a turn by
 * clicking in the ephemeral panel, and the new board picture appears without a reload. Bob's turn notice
 * is in his direct messages, listed in his sidebar only. Skips only where /usr/bin/chromium is not installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, CHROMIUM, launchChromium, type Browser } from './browser.js';
import { startTestPlayground, type TestPlayground } from './helpers.js';

const installed = chromiumInstalled();
if (!installed) {
  console.warn(`playground browser test skipped: ${CHROMIUM} is not installed (apt-get install chromium; .ci/run installs it where it can)`);
}

/** The parts of an <img> element the test reads (the project compiles without the DOM library). */
interface ImageLike {
  complete: boolean;
  naturalWidth: number;
  src: string;
}

/** Where the test leaves its screenshot of the game in progress (the README's picture is made from it). */
const SCREENSHOT = path.resolve('test/.output/playground.png');

describe.skipIf(!installed)(`the playground in Chromium${installed ? '' : ` (skipped: ${CHROMIUM} is not installed)`}`, () => {
  let pg: TestPlayground;
  let browser: Browser;
  let page: Page;
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: 1280, height: 960 })]);
    page = browser.page;
    const origin = new URL(pg.url).origin;
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
  });

  const userButton = (name: string): Locator => page.locator(`button.user[data-name="${name}"]`);
  const threadButtons = (): Locator => page.locator('#channels button.thread');
  const directMessages = (): Locator => page.locator('#direct-messages button.dm');
  const messages = (): Locator => page.locator('#message-list .msg');
  const boards = (): Locator => page.locator('#message-list .container img.gallery-img');

  async function playAs(name: string): Promise<void> {
    await userButton(name).click();
    await expect.poll(() => userButton(name).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.locator('#me-tag').textContent()).toBe(name);
  }

  /** Waits until every board picture on the page has loaded; returns their URLs. */
  async function loadedBoards(count: number): Promise<string[]> {
    await expect.poll(() => boards().count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    await expect
      .poll(() => boards().evaluateAll((imgs) => (imgs as unknown as ImageLike[]).every((img) => img.complete && img.naturalWidth > 0)), { timeout: 10_000 })
      .toBe(true);
    return boards().evaluateAll((imgs) => (imgs as unknown as ImageLike[]).map((img) => img.src));
  }

  it('Bob asks for his turns by direct message with /game notify from the command box', async () => {
    await page.goto(`${pg.url}?user=bob`);
    await expect.poll(() => page.locator('#me-name').textContent()).toBe('Bob');
    // Marks this page load: the page must update itself without a reload from here on.
    await page.evaluate(() => Object.assign(globalThis, { sameLoad: true }));
    expect(await page.locator('button.user .user-name').allTextContents()).toEqual(['Alice', 'Bob', 'Carol', 'Dave']);
    // Nothing but the channels yet, and the direct messages with the bot (as in Discord), with nothing unread.
    expect(await threadButtons().count()).toBe(0);
    expect(await directMessages().count()).toBe(1);
    expect(await directMessages().locator('.user-badge').count()).toBe(0);
    await page.locator('#composer-input').click();
    await page.keyboard.type('/game notify');
    await page.locator('.command-item[data-command="game notify"]').click();
    await page.locator('select[data-option="how"]').selectOption('dm');
    await page.locator('#composer-send').click();
    await messages().filter({ hasText: 'Saved. Your turns: a direct message.' }).waitFor({ timeout: 15_000 });
    // The answer can show before the page has finished sending (its request still open): the next test types
    // in the command box only once the page has put it back.
    await expect.poll(() => page.locator('#composer-command').isHidden(), { timeout: 15_000 }).toBe(true);
  });

  it('a game from /game new to the second board, played in its thread, clicked through as two users', async () => {
    await playAs('alice');

    // The command box: "/" lists the registered commands; /game new has the registered options.
    await page.locator('#composer-input').click();
    await page.keyboard.type('/game');
    await expect.poll(() => page.locator('.command-item .command-name').allTextContents()).toEqual(['/game new', '/game learn', '/game status', '/game hand', '/game log', '/game settings', '/game leave', '/game abandon', '/game list', '/game mine', '/game history', '/game replay', '/game export', '/game notify', '/game follow', '/game unfollow', '/game server']);
    await page.locator('.command-item[data-command="game new"]').click();
    expect(await page.locator('#composer-options .opt .opt-name').allTextContents()).toEqual(['game', 'players', 'layout', 'variant', 'expansion', 'thread', 'clock']);
    expect(await page.locator('#composer-options .opt.required .opt-name').allTextContents()).toEqual(['game']);
    expect(await page.locator('select[data-option="game"] option').allTextContents()).toEqual(['choose…', 'Istanbul', 'Kairo']);
    // Sending without the required game is refused on the page, as Discord's client does.
    await page.locator('#composer-send').click();
    await expect.poll(() => page.locator('#composer-error').textContent()).toBe('Fill in game.');
    await page.locator('select[data-option="game"]').selectOption('istanbul');
    await page.locator('input[data-option="players"]').fill('2');
    await page.locator('#composer-send').click();

    // The lobby, posted by the bot; Alice's own answer links to it (only she sees it).
    const lobby = messages().filter({ hasText: 'Players (1/2)' });
    await lobby.waitFor({ timeout: 15_000 });
    const answer = messages().filter({ hasText: 'Your lobby is open in this channel' });
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.locator('.msg-reply .reply-command').textContent()).toBe('/game new');
    expect((await lobby.locator('.row button').allTextContents()).slice(0, 4)).toEqual(['Join', 'Leave', 'Start', 'Cancel']);

    // Bob joins; Alice starts.
    await playAs('bob');
    await lobby.getByRole('button', { name: 'Join' }).click();
    await messages().filter({ hasText: 'Players (2/2)' }).waitFor({ timeout: 15_000 });
    await playAs('alice');
    await messages().filter({ hasText: 'Players (2/2)' }).getByRole('button', { name: 'Start' }).click();

    // The bot opens the game's thread from the lobby: the sidebar lists it under #general; the lobby, now
    // saying who starts, stays in the channel; the boards go to the thread.
    const thread = threadButtons();
    await thread.waitFor({ timeout: 15_000 });
    const threadName = await thread.getAttribute('data-thread');
    expect(threadName).toMatch(/^Istanbul · game #\d+$/);
    expect(await page.locator('#channels > li:has(button[data-name="general"]) button.thread').count()).toBe(1);
    expect(await page.locator('#channels > li:has(button[data-name="second-table"]) button.thread').count()).toBe(0);
    await messages().filter({ hasText: /Istanbul \(game #\d+\) has started/ }).waitFor({ timeout: 15_000 });
    await thread.click();
    await expect.poll(() => page.locator('#channel-name').textContent()).toBe(threadName);
    expect(await page.locator('#channel-parent').textContent()).toBe('#general › ');
    await expect.poll(() => thread.getAttribute('aria-current')).toBe('true');
    const [firstBoard] = await loadedBoards(1);
    expect(await messages().filter({ hasText: 'has started' }).count()).toBe(0);

    // The board pings the player to act; the user list marks them.
    const board = messages().filter({ has: page.locator('.container img.gallery-img') }).last();
    // One picture a post (docs/playing.md): the board, in its container's gallery, nothing beside it.
    expect(await board.locator('.attachments, .embed-image, .gallery').evaluateAll((nodes) => nodes.map((n) => (n as unknown as { className: string }).className))).toEqual(['gallery single']);
    expect(await board.locator('img.gallery-img').count()).toBe(1);
    // As Discord draws a Components V2 post: the bar in the colour of the player to move, the picture at the container's full width.
    const container = board.locator('.container');
    expect(await container.getAttribute('style')).toMatch(/^--accent:#[0-9a-f]{6}$/);
    const widths = await container.evaluate((node) => {
      const box = node as unknown as { clientWidth: number; querySelector(s: string): { clientWidth: number } };
      return { container: box.clientWidth, picture: box.querySelector('.gallery').clientWidth };
    });
    expect(widths.container - widths.picture).toBeLessThanOrEqual(2 * 16);
    const mentioned = (await board.locator('.md-mention').last().textContent())?.slice(1);
    expect(['Alice', 'Bob']).toContain(mentioned);
    const actor = mentioned === 'Alice' ? 'alice' : 'bob';
    const other = actor === 'alice' ? 'bob' : 'alice';
    await expect.poll(() => page.locator('button.user:has(.user-badge)').getAttribute('data-name')).toBe(actor);

    // The turn panel: ephemeral, for the player to act only; in the thread as in a channel.
    await playAs(actor);
    await board.getByRole('button', { name: 'Take my turn' }).click();
    const panel = messages().filter({ hasText: 'Only you can see this' }).filter({ hasText: 'Your decision' }).last();
    await panel.waitFor({ timeout: 15_000 });
    const panelId = await panel.getAttribute('data-id');
    expect(panelId).toMatch(/^\d+$/);
    await playAs(other);
    await expect.poll(() => page.locator(`[data-id="${panelId}"]`).count()).toBe(0);
    await playAs(actor);
    await page.locator(`[data-id="${panelId}"]`).waitFor();

    // Take the turn by clicking in the panel: pick from its select, then end the turn when offered.
    const current = page.locator(`[data-id="${panelId}"]`);
    let screenshotTaken = false;
    for (let step = 0; step < 8 && (await boards().count()) < 2; step += 1) {
      // Mark the panel's node: the page replaces it only when the bot's answer changes the message (a
      // select's own label changes at once, before the bot has answered).
      await current.evaluate((node) => node.setAttribute('data-test-seen', 'yes'));
      // "End the turn" alone, or a compound choice that ends it ("Skip the action → End the turn").
      const ends = current.getByRole('button', { name: /End the turn/ });
      const end = ends.first();
      if ((await ends.count()) > 0) {
        if (!screenshotTaken) {
          fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
          await page.screenshot({ path: SCREENSHOT });
          screenshotTaken = true;
        }
        await end.click();
      } else if ((await current.locator('.select-trigger').count()) > 0) {
        await current.locator('.select-trigger').first().click();
        await current.locator('.select-option').first().click();
      } else {
        await current.locator('button.btn-primary').first().click();
      }
      const answered = page.locator(`[data-id="${panelId}"]:not([data-test-seen])`);
      await expect.poll(async () => (await boards().count()) >= 2 || (await answered.count()) > 0, { timeout: 20_000 }).toBe(true);
    }

    // The new board appears, loaded, without a reload.
    const urls = await loadedBoards(2);
    expect(urls[0]).toBe(firstBoard);
    expect(urls[1]).not.toBe(firstBoard);
    await expect.poll(() => current.textContent()).toContain('Your turn is over');
    expect(await page.evaluate(() => (globalThis as { sameLoad?: boolean }).sameLoad)).toBe(true);
    expect(screenshotTaken).toBe(true);
    expect(await page.locator('#channel-name').textContent()).toBe(threadName);
    await playAs('alice');
    await page.locator('#channels button[data-name="general"]').click();
    await expect.poll(() => page.locator('#channel-name').textContent()).toBe('general');
    expect(await boards().count()).toBe(0);
  }, 270_000);

  it("Bob's turn notice is in his direct messages, with a link to the board in the thread; nobody else has it", async () => {
    // By the second board each player has had a decision: Bob got his notice by direct message, Alice was
    // mentioned in the thread. Alice has nothing unread in her direct messages.
    await playAs('alice');
    expect(await directMessages().locator('.user-badge').count()).toBe(0);
    await playAs('bob');
    const dm = directMessages();
    await dm.locator('.user-badge').waitFor({ timeout: 15_000 });
    expect(await page.locator('#dm-title').isVisible()).toBe(true);
    expect(await dm.locator('.user-badge').textContent()).toBe('1');
    await dm.click();
    await expect.poll(() => page.locator('#channel-name').textContent()).toBe('Bazaar');
    const notice = messages().filter({ hasText: 'Your decision in Istanbul' });
    await notice.waitFor({ timeout: 15_000 });
    const threadName = await threadButtons().getAttribute('data-thread');
    expect(await notice.locator('.md-mention[data-channel]').textContent()).toBe(`#${threadName}`);
    expect(await dm.locator('.user-badge').count()).toBe(0);
    // The bot's commands work in direct messages too: the command box is open here.
    expect(await page.locator('#composer-input').isDisabled()).toBe(false);
    // Another user never sees Bob's direct messages, on the page or through the API.
    const dmChannel = pg.fake.directMessagesTo(pg.users[1]!.id)[0]!.channelId;
    const foreign = await fetch(new URL(`/api/messages?user=${pg.users[0]!.id}&channel=${dmChannel}`, pg.url));
    expect(foreign.status).toBe(400);
    // The link opens the board in the thread.
    const link = notice.locator('a.md-link');
    const boardId = /\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
    await link.click();
    await expect.poll(() => page.locator('#channel-name').textContent()).toBe(threadName);
    await page.locator(`.msg[data-id="${boardId}"]`).waitFor();
    expect(await page.locator(`.msg[data-id="${boardId}"] .container img.gallery-img`).count()).toBeGreaterThan(0);
    expect(await page.locator('#composer-input').isDisabled()).toBe(false);

    // Offline: every request went to the playground itself; no script errors; Discord accepted every request of the bot.
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    pg.fake.assertNoViolations();
  }, 270_000);
});

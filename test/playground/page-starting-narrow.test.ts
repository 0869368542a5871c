/**
 * The page in Debian's headless Chromium before the bot is ready and on a phone-sized screen. While the
 * bot starts, the page says "starting…" and its command box takes nothing; once the server is ready the
 * box opens without a reload. At 400 px wide the sidebar is folded away (the chat has the screen), and a
 * button in the header opens it; choosing a user closes it again. Skips only where /usr/bin/chromium is
 * not installed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaygroundServer } from '../../src/playground/server.js';
import { FakeDiscord } from '../fake-discord/index.js';
import { chromiumInstalled, CHROMIUM, launchChromium, type Browser } from './browser.js';

const installed = chromiumInstalled();

/** The parts of an element's box the test reads (the project compiles without the DOM library). */
interface Box {
  x: number;
  width: number;
}

describe.skipIf(!installed)(`the playground page while starting and at 400 px${installed ? '' : ` (skipped: ${CHROMIUM} is not installed)`}`, () => {
  let discord: FakeDiscord;
  let server: PlaygroundServer;
  let url: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    discord = await FakeDiscord.start({ botName: 'Bazaar', guild: { name: 'Bazaar Playground', channels: ['general'] } });
    const users = ['alice', 'bob'].map((name) => discord.users.create(name, { globalName: name[0]!.toUpperCase() + name.slice(1) }));
    server = new PlaygroundServer({ discord, users, channelIds: [discord.channelId('general')], ready: false, log: () => {} });
    [url, browser] = await Promise.all([server.listen(0), launchChromium({ width: 400, height: 800 })]);
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await discord?.stop();
  });

  it('says "starting…" and takes no command until the bot is ready, then opens the command box without a reload', async () => {
    await page.goto(url);
    await expect.poll(() => page.locator('#starting').isVisible()).toBe(true);
    expect(await page.locator('#starting').textContent()).toBe('starting…');
    expect(await page.locator('#composer-input').isDisabled()).toBe(true);
    expect(await page.locator('#composer-send').isDisabled()).toBe(true);
    await page.evaluate(() => Object.assign(globalThis, { sameLoad: true }));

    server.setReady();
    await expect.poll(() => page.locator('#starting').isVisible()).toBe(false);
    expect(await page.locator('#composer-input').isDisabled()).toBe(false);
    expect(await page.evaluate(() => (globalThis as { sameLoad?: boolean }).sameLoad)).toBe(true);
  });

  it('at 400 px the sidebar is folded away, a button opens it, and choosing a user closes it', async () => {
    await page.goto(`${url}?user=alice`);
    await expect.poll(() => page.locator('#me-name').textContent()).toBe('Alice');
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    // the chat has the screen's width
    const chat = (await page.locator('main.chat').boundingBox()) as Box;
    expect(chat.x).toBe(0);
    expect(chat.width).toBe(400);
    expect(await page.locator('#sidebar-toggle').getAttribute('aria-expanded')).toBe('false');

    await page.locator('#sidebar-toggle').click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await expect.poll(async () => ((await sidebar.boundingBox()) as Box).x).toBe(0);
    expect(await page.locator('#sidebar-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.locator('button.user[data-name="bob"]').click();
    await expect.poll(() => page.locator('#me-name').textContent()).toBe('Bob');
    await expect.poll(() => sidebar.isVisible()).toBe(false);
  });

  it('at desktop width the sidebar stays open and the button is not there', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator('#sidebar').isVisible()).toBe(true);
    expect(await page.locator('#sidebar-toggle').isVisible()).toBe(false);
  });
});

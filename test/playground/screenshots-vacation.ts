/**
 * The vacation budget in the playground, with Debian's Chromium (playwright-core), as
 * test/playground/screenshots.ts takes the other pictures:
 *
 *   node --import tsx test/playground/screenshots-vacation.ts [output folder, default assets/screenshots]
 *
 * Alice opens two Kairo tables with a clock (quick start, 1 day + 1 hour per move) in #general, one with
 * Bob and one with Carol, each in its thread; Bob goes on vacation for five days (/game notify away_until).
 * Alice may manage the server (a role with Manage Server). Each picture, at 1280 and at 400 pixels wide,
 * waits for the page to show what it is about, never for a fixed time:
 *
 *   playground-vacation-notice-{1280,400}.png   Bob's table: "Bob is on vacation until … · 9 of 14 days left this year"
 *   playground-vacation-list-{1280,400}.png     Alice's /game list server:true: the table with Bob marked 💤 away
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SeenMessage } from '../fake-discord/index.js';
import { buttonFor, hasButton } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { pagePictures, PICTURE_WIDTHS } from './page-pictures.js';
import { startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const WAIT_MS = 60_000;
const DAY = 24 * 60 * 60_000;


async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: PICTURE_WIDTHS[0], height: 800 })]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));

  const { until, command, openAs, shoot } = pagePictures(pg, page, { out: OUT, waitMs: WAIT_MS, channel });

  /** A Kairo table of Alice and `guest` with a clock, started; resolves with its thread. */
  const table = async (guest: string): Promise<string> => {
    const threads = new Set(pg.fake.threadsOf(channel).map((t) => t.id));
    const answer = await command('alice', 'game new', { game: 'kairo', players: 2, layout: 'quick', clock: '1d+1h' });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.content)?.[1] as string;
    const lobby = (): SeenMessage => pg.fake.message(lobbyId) as SeenMessage;
    await user(guest).clickButton(lobbyId, buttonFor(lobby(), 'join'), { until: 'response' });
    await until(() => (lobby().text.includes('(2/2)') ? true : undefined), `${guest} in the lobby`);
    await user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    return until(() => {
      const thread = pg.fake.threadsOf(channel).find((t) => !threads.has(t.id))?.id;
      return thread !== undefined && pg.fake.channelMessages(thread).some((m) => hasButton(m, 'turn')) ? thread : undefined;
    }, 'the first board in the thread');
  };

  try {
    // Alice may manage the server.
    const admins = pg.fake.createRole('Admins', ['ManageGuild']);
    pg.fake.world.guild(pg.fake.guildId).members.get(id('alice'))!.roleIds.push(admins);
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    const withBob = await table('bob');
    await table('carol');
    const back = new Date(pg.fake.clock.now() + 5 * DAY).toISOString().slice(0, 10);
    const answer = await command('bob', 'game notify', { away_until: back }, withBob);
    console.log(`Bob's answer: ${answer.text}`);
    await until(() => (pg.fake.channelMessages(withBob).some((m) => m.text.includes('is on vacation until')) ? true : undefined), 'the table told');

    const threadName = pg.fake.threadsOf(channel).find((t) => t.id === withBob)!.name;
    await openAs('alice', page.locator(`#channels button.thread[data-thread="${threadName}"]`));
    const notice = messages.filter({ hasText: 'is on vacation until' }).last();
    await notice.waitFor({ timeout: WAIT_MS });
    await shoot('playground-vacation-notice', notice);

    await openAs('alice', page.locator('#channels button[data-name="general"]'));
    await command('alice', 'game list', { server: true });
    const list = messages.filter({ hasText: '💤' }).last();
    await list.waitFor({ timeout: WAIT_MS });
    await shoot('playground-vacation-list', list);
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

/**
 * The substitute bench in the playground, with Debian's Chromium (playwright-core), as
 * test/playground/screenshots.ts takes the other pictures:
 *
 *   node --import tsx test/playground/screenshots-bench.ts [output folder, default assets/screenshots]
 *
 * Alice may manage the server (a role with Manage Server) and names #second-table the bench, pinging a role
 * "Substitutes" (the bot may mention roles there). Alice and Bob play Istanbul in a thread of #general;
 * Alice does not decide for two days, Bob votes to let a computer play for her, and the bench offers her
 * seat; Carol takes it. Each picture, at 1280 and at 400 pixels wide, waits for the page to show what it is
 * about, never for a fixed time:
 *
 *   playground-bench-post-{1280,400}.png    #second-table as Dave reads it: "A seat is open at Istanbul #1 (…): Take the seat"
 *   playground-bench-hand-{1280,400}.png    Carol's private answer: the seat is hers, and her hand
 *   playground-bench-notice-{1280,400}.png  the table's thread as Bob reads it: "Carol takes Alice's seat from the bench"
 *   playground-bench-taken-{1280,400}.png   the bench post afterwards: "Taken by Carol", no button
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SeenMessage } from '../fake-discord/index.js';
import { buttonFor, hasButton, mentionedToAct } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { pagePictures, PICTURE_WIDTHS } from './page-pictures.js';
import { post, startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const WAIT_MS = 120_000;
const HOUR = 60 * 60_000;


async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: PICTURE_WIDTHS[0], height: 800 })]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const bench = pg.channelIds[1] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));

  const { until, command, openAs, shoot } = pagePictures(pg, page, { out: OUT, waitMs: WAIT_MS, channel });

  try {
    // Alice may manage the server; the bot may ping roles in the bench channel.
    const admins = pg.fake.createRole('Admins', ['ManageGuild']);
    pg.fake.world.guild(pg.fake.guildId).members.get(id('alice'))!.roleIds.push(admins);
    const substitutes = pg.fake.createRole('Substitutes');
    pg.fake.setPermissionOverwrite(bench, { id: pg.fake.botUserId, allow: ['MentionEveryone'] });
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    const named = await command('alice', 'game server', { bench_channel: bench, bench_role: substitutes });
    console.log(`The bench: ${named.text}`);

    // Alice and Bob at an Istanbul table, in a thread of #general.
    const threads = new Set(pg.fake.threadsOf(channel).map((t) => t.id));
    const answer = await command('alice', 'game new', { game: 'istanbul', players: 2 });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.content)?.[1] as string;
    const lobby = (): SeenMessage => pg.fake.message(lobbyId) as SeenMessage;
    await user('bob').clickButton(lobbyId, buttonFor(lobby(), 'join'), { until: 'response' });
    await until(() => (lobby().text.includes('(2/2)') ? true : undefined), 'Bob in the lobby');
    await user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    const thread = await until(() => {
      const opened = pg.fake.threadsOf(channel).find((t) => !threads.has(t.id))?.id;
      return opened !== undefined && pg.fake.channelMessages(opened).some((m) => hasButton(m, 'turn')) ? opened : undefined;
    }, 'the first board in the thread');
    const first = mentionedToAct(pg.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1)!)[0]!;
    const idle = first === id('alice') ? 'alice' : 'bob';
    const other = idle === 'alice' ? 'bob' : 'alice';

    // Two days without a decision: the other votes to let a computer play; the bench offers the seat.
    await post(pg.url, '/api/clock', { advanceMs: 49 * HOUR });
    const vote = await until(() => pg.fake.channelMessages(thread).filter((m) => hasButton(m, 'vote')).at(-1), 'the idle vote');
    const skip = vote.buttons.find((b) => b.customId?.endsWith(':skip'))!;
    await user(other).clickButton(vote.id, skip.customId!, { until: 'response' });
    const offer = await until(() => pg.fake.channelMessages(bench).find((m) => hasButton(m, 'bench')), 'the bench post');
    await openAs('dave', page.locator('#channels button[data-name="second-table"]'));
    const shown = messages.filter({ hasText: 'A seat is open at' }).last();
    await shown.waitFor({ timeout: WAIT_MS });
    await shoot('playground-bench-post', shown);

    // Carol takes it (from the page, as a member would): her private answer shows her hand.
    await openAs('carol', page.locator('#channels button[data-name="second-table"]'));
    await until(() => (pg.fake.channelMessages(thread).some((m) => hasButton(m, 'turn') && mentionedToAct(m).includes(id(other))) ? true : undefined), 'the computer\'s turn over');
    await page.locator(`#message-list .msg button`, { hasText: 'Take the seat' }).last().click();
    const hand = messages.filter({ hasText: 'The seat is yours' }).last();
    await hand.waitFor({ timeout: WAIT_MS });
    await shoot('playground-bench-hand', hand);
    void offer;

    const threadName = pg.fake.threadsOf(channel).find((t) => t.id === thread)!.name;
    await openAs(other, page.locator(`#channels button.thread[data-thread="${threadName}"]`));
    const notice = messages.filter({ hasText: 'from the bench' }).last();
    await notice.waitFor({ timeout: WAIT_MS });
    await shoot('playground-bench-notice', notice);

    await openAs('dave', page.locator('#channels button[data-name="second-table"]'));
    const taken = messages.filter({ hasText: 'Taken by' }).last();
    await taken.waitFor({ timeout: WAIT_MS });
    await shoot('playground-bench-taken', taken);
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

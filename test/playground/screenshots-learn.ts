/**
 * The screenshots of learning a game in docs/playing.md, taken from the playground with Debian's
 * Chromium (playwright-core), as test/playground/screenshots.ts does:
 *
 *   node --import tsx test/playground/screenshots-learn.ts [output folder, default assets/screenshots]
 *
 *   playground-learn-coaching.png   Alice's learning game of Istanbul: her panel after a decision, saying
 *                                   whether she took the suggestion, with the next decision's suggestion
 *   playground-help-rules.png       /help rules: a place's picture and text, with the menu and ◀ ▶
 *
 * Each picture waits for the page to show what it is about, never for a fixed time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SeenMessage } from '../fake-discord/index.js';
import { buttonFor, hasButton, offered } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { post, startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 60_000;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
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
  try {
    const page = browser.page;
    const channel = pg.channelIds[0] as string;
    const aliceId = pg.users.find((u) => u.name === 'alice')!.id;
    const alice = pg.fake.users.get(aliceId);
    const messages = page.locator('#message-list .msg');
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    const command = async (name: string, options: Record<string, string | number | boolean>): Promise<void> => {
      const sent = await post<{ interaction?: string; error?: string }>(pg.url, '/api/command', { user: aliceId, channel, command: name, options });
      if (sent.status !== 200) throw new Error(`/${name}: ${sent.body.error ?? sent.status}`);
      await until(() => pg.fake.visibleTo(aliceId, channel).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${name}`);
    };

    // A learning game of Istanbul in the channel; Alice decides from her panel, which coaches her: the
    // suggestion before she chooses (the 🧭 line, edited in when the search answers), whether she took it after.
    await command('game learn', { game: 'istanbul', thread: false });
    const board = await until(() => pg.fake.channelMessages(channel).filter((m) => hasButton(m, 'turn') && m.text.includes(`<@${aliceId}>`)).at(-1), 'the board asking Alice');
    const opened = await alice.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
    const panel = await opened.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the panel' }).then((h) => h.reply as SeenMessage);
    await until(() => (pg.fake.message(panel.id)?.text.includes('🧭') === true ? true : undefined), 'the suggestion in the panel');
    const choice = offered(pg.fake.message(panel.id) as SeenMessage).find((o) => /Move to/.test(o.label)) ?? offered(panel)[0]!;
    const handle =
      choice.kind === 'button' ? await alice.clickButton(panel.id, choice.customId, { until: 'response' }) : await alice.selectOptions(panel.id, choice.customId, [choice.value as string], { until: 'response' });
    await handle.waitFor(() => /✅|💡/u.test(pg.fake.message(panel.id)?.text ?? ''), { timeoutMs: WAIT_MS, description: 'the verdict in the panel' });
    const coached = messages.filter({ hasText: 'Only you can see this' }).filter({ hasText: /✅|💡/u }).last();
    await coached.waitFor({ timeout: WAIT_MS });
    await coached.evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: path.join(OUT, 'playground-learn-coaching.png') });

    // /help rules, its pictures opened and the Black Market chosen from the menu.
    await command('help', { topic: 'rules', game: 'istanbul' });
    const rules = await until(() => pg.fake.visibleTo(aliceId, channel).filter((m) => m.selects.some((s) => s.customId.startsWith('r1:'))).at(-1), 'the rules with their menu');
    const menu = rules.selects.find((s) => s.customId.startsWith('r1:'))!;
    const picked = await alice.selectOptions(rules.id, menu.customId, ['8'], { until: 'response' });
    await picked.waitFor(() => (pg.fake.message(rules.id)?.attachments.length ?? 0) === 1, { timeoutMs: WAIT_MS, description: 'the picture' });
    const card = messages.filter({ has: page.locator('img.attachment-img') }).filter({ hasText: 'Black Market' }).last();
    await card.waitFor({ timeout: WAIT_MS });
    await until(
      () => card.locator('img').evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((img) => img.complete && img.naturalWidth > 0)).then((done) => (done ? true : undefined)),
      'the picture to load',
    );
    await card.evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: path.join(OUT, 'playground-help-rules.png') });
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

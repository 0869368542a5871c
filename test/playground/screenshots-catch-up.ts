/**
 * "Since your last turn" in the playground, with Debian's Chromium (playwright-core), as
 * test/playground/screenshots.ts takes the other pictures:
 *
 *   node --import tsx test/playground/screenshots-catch-up.ts [output folder, default assets/screenshots]
 *
 * Alice opens a game of Istanbul for three in #general; Bob and Carol join; each plays one turn (a move away
 * from the Fountain, each to another place, then the shortest way to the turn's end). The first player, back for their second turn,
 * opens Take my turn on the page: their panel starts with a line per other turn and what changed for them.
 * Each picture, at 1280 and at 400 pixels wide, waits for the page to show what it is about, never for a
 * fixed time:
 *
 *   playground-catch-up-{1280,400}.png   the returning player's panel: Since your last turn, For you, the choice
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SeenMessage } from '../fake-discord/index.js';
import { buttonFor, hasButton, mentionedToAct, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { pagePictures, PICTURE_WIDTHS } from './page-pictures.js';
import { startTestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? 'assets/screenshots');
const WAIT_MS = 60_000;


/** A move away from the Fountain first (each player to another place: the `turn`-th offered), then the shortest way to the turn's end. */
const oneMove =
  (turn: number): TurnPolicy =>
  ({ choices, step }) =>
    step === 0
      ? (choices.filter((c) => c.label.startsWith('Move to ') && !c.label.includes(' → ') && !c.label.startsWith('Move to Fountain'))[turn] ?? null)
      : (choices.find((c) => /^(Leave an assistant here|Skip the action|End the turn)/.test(c.label)) ?? null);

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium({ width: PICTURE_WIDTHS[0], height: 800 })]);
  const page = browser.page;
  const messages = page.locator('#message-list .msg');
  const channel = pg.channelIds[0] as string;
  const id = (name: string): string => pg.users.find((u) => u.name === name)!.id;
  const user = (name: string) => pg.fake.users.get(id(name));

  const { until, command, openAs, shoot } = pagePictures(pg, page, { out: OUT, waitMs: WAIT_MS, channel });

  try {
    await page.goto(`${pg.url}?user=alice`);
    await page.locator('#me-name', { hasText: 'Alice' }).waitFor();
    const threads = new Set(pg.fake.threadsOf(channel).map((t) => t.id));
    const answer = await command('alice', 'game new', { game: 'istanbul', layout: 'short', variant: 'base' });
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(answer.content)?.[1] as string;
    const lobby = (): SeenMessage => pg.fake.message(lobbyId) as SeenMessage;
    for (const [guest, count] of [['bob', 2], ['carol', 3]] as const) {
      await user(guest).clickButton(lobbyId, buttonFor(lobby(), 'join'), { until: 'response' });
      await until(() => (lobby().text.includes(`(${count}/`) ? true : undefined), `${guest} in the lobby`);
    }
    await user('alice').clickButton(lobbyId, buttonFor(lobby(), 'start'), { until: 'response' });
    const thread = await until(() => {
      const found = pg.fake.threadsOf(channel).find((t) => !threads.has(t.id))?.id;
      return found !== undefined && pg.fake.channelMessages(found).some((m) => hasButton(m, 'turn')) ? found : undefined;
    }, 'the first board in the thread');
    const table = { fake: pg.fake, channelId: thread, timeoutMs: WAIT_MS };
    for (let turn = 0; turn < 3; turn++) {
      const played = await playTurn(table, { policy: oneMove(turn), awaitNextBoard: true });
      if (played === null || played.end !== 'over') throw new Error(`turn ${turn + 1} was not played to its end`);
    }
    const board = pg.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1)!;
    const returning = pg.users.find((u) => u.id === mentionedToAct(board)[0])!.name;

    const threadName = pg.fake.threadsOf(channel).find((t) => t.id === thread)!.name;
    await openAs(returning, page.locator(`#channels button.thread[data-thread="${threadName}"]`));
    await messages.filter({ has: page.getByRole('button', { name: 'Take my turn' }) }).last().getByRole('button', { name: 'Take my turn' }).click();
    const panel = messages.filter({ hasText: 'Since your last turn' }).last();
    await panel.waitFor({ timeout: WAIT_MS });
    await shoot('playground-catch-up', panel);
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

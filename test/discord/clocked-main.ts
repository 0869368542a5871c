/**
 * src/main.ts with a clock the test moves, for bot processes that must see time pass (reminders, idle
 * votes) without waiting: the clock is the system's plus an offset, which starts at
 * BAZAAR_TEST_CLOCK_OFFSET_MS (a restarted process goes on where its predecessor stood). A line
 * `advance <ms>` on stdin moves it and runs the due jobs once, then logs "clock advanced" with how many
 * deliveries they owed. Everything else is as in src/main.ts (BotProcess runs it with entry 'clocked').
 */
import readline from 'node:readline';
import { launchBot } from '../../src/launch.js';
import type { Bot } from '../../src/discord/bot.js';
import type { Logger } from '../../src/logger.js';
import { startBazaar } from '../../src/startup.js';

let offsetMs = Number(process.env.BAZAAR_TEST_CLOCK_OFFSET_MS ?? '0');
const clock = { now: () => Date.now() + offsetMs };
let bot: Bot | undefined;
let logger: Logger | undefined;

const running = await startBazaar(
  process.env,
  async (context) => {
    logger = context.logger;
    bot = await launchBot(context, clock);
    return bot;
  },
  { fail: (line) => console.error(line) },
);
if (running === null || bot === undefined) process.exit(1);

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const match = /^advance (\d+)$/.exec(line.trim());
  if (match === null || bot === undefined) return;
  offsetMs += Number(match[1]);
  void bot.scheduler.tick().then((owed) => logger?.info({ owed, offsetMs }, 'clock advanced'));
});
process.once('SIGTERM', () => {
  lines.close();
  void running.stop().then(() => process.exit(0));
});

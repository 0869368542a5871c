/**
 * The composition root: configuration -> logger -> database (see startup.ts) -> game service, client,
 * commands, scheduler. `npm start` builds and runs this. Stops cleanly on SIGINT and SIGTERM.
 */
import fs from 'node:fs';
import { systemClock } from './app/clock.js';
import { launchBot } from './launch.js';
import { startBazaar } from './startup.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const running = await startBazaar(
  process.env,
  (context) => launchBot(context, systemClock),
  { fail: (line) => console.error(line) },
).catch((error: unknown) => {
  // Anything else that stops start-up (an invalid token, Discord unreachable): one line, no stack trace.
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  return null;
});

if (running === null) {
  process.exitCode = 1;
} else {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      // A second signal: the operator does not want to wait.
      console.error(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    console.error(`${signal}: stopping (a second ${signal} exits at once)`);
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

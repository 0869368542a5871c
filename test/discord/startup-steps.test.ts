/**
 * A start-up that fails says which step failed and why in the line the operator reads: a Discord that
 * does not answer the command registration in time gives "registering the slash commands with Discord
 * (PUT /applications/…/commands): no answer within …", not "This operation was aborted".
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGameService } from '../../src/app/game-service.js';
import { startBot } from '../../src/discord/bot.js';
import { createDiscordClient } from '../../src/discord/client.js';
import { GAMES } from '../../src/games/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { StartupStepError } from '../../src/startup-step.js';
import { FakeDiscord } from '../fake-discord/index.js';
import { tempDbFile } from './harness.js';

let cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanUp.reverse()) await f();
  cleanUp = [];
});

async function startAgainst(fake: FakeDiscord, restTimeoutMs: number): Promise<unknown> {
  const dbFile = tempDbFile('startup-steps');
  const database = openDatabase(dbFile);
  cleanUp.push(async () => {
    database.close();
    fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
  });
  const logger = createLogger({ level: 'silent', format: 'json' });
  const service = createGameService({ store: new SqliteStore(database, { now: () => fake.clock.now() }), modules: GAMES.modules, clock: fake.clock, logger });
  const client = createDiscordClient({ token: fake.token, apiBaseUrl: fake.apiBaseUrl, rest: { timeout: restTimeoutMs, retries: 0 } });
  cleanUp.push(() => client.destroy());
  return startBot({
    client,
    service,
    logger,
    presenters: GAMES.presenters(inProcessBoardRenderer(GAMES)),
    applicationId: fake.applicationId,
    guildId: fake.guildId,
    computerPlayer: { decide: () => Promise.reject(new Error('not used')), suggest: () => Promise.reject(new Error('not used')) } as never,
  }).then(
    async (bot) => {
      await bot.stop();
      return null;
    },
    (error: unknown) => error,
  );
}

describe('start-up steps', () => {
  it('a command registration Discord does not answer in time names the step, the route and the time limit', async () => {
    const fake = await FakeDiscord.start();
    cleanUp.push(() => fake.stop());
    fake.failNext('PUT /applications/{application_id}/guilds/{guild_id}/commands', { status: 200, delayMs: 5_000 });
    const error = await startAgainst(fake, 400);
    expect(error).toBeInstanceOf(StartupStepError);
    expect((error as Error).message).toBe(
      `registering the slash commands with Discord (PUT /applications/${fake.applicationId}/guilds/${fake.guildId}/commands): no answer within 400 ms (is Discord reachable from this machine?)`,
    );
  });

  it('a refusal by Discord names the step and what Discord said', async () => {
    const fake = await FakeDiscord.start();
    cleanUp.push(() => fake.stop());
    fake.failNext('PUT /applications/{application_id}/guilds/{guild_id}/commands', { status: 403, code: 50001, message: 'Missing Access' });
    const error = await startAgainst(fake, 5_000);
    expect(error).toBeInstanceOf(StartupStepError);
    expect((error as Error).message).toMatch(/^registering the slash commands with Discord \(PUT \/applications\/\d+\/guilds\/\d+\/commands\): Discord refused it \(HTTP 403, code 50001: Missing Access\)$/);
  });
});

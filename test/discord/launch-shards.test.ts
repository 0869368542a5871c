/**
 * The bot started as src/main.ts starts it (startBazaar + launchBot) connects the shards its settings
 * name: SHARD_COUNT=auto takes the count GET /gateway/bot recommends (discord.js must not read the 'auto'
 * from the environment itself, which made NaN of it), SHARD_COUNT with SHARD_IDS connects only those.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/app/clock.js';
import { launchBot } from '../../src/launch.js';
import { startBazaar, type Running } from '../../src/startup.js';
import { FakeDiscord } from '../fake-discord/index.js';
import { tempDbFile } from './harness.js';

let fake: FakeDiscord | undefined;
let running: Running | null = null;
let dbFile: string | undefined;
const savedShardCount = process.env.SHARD_COUNT;

afterEach(async () => {
  await running?.stop();
  running = null;
  await fake?.stop();
  fake = undefined;
  if (dbFile !== undefined) fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
  if (savedShardCount === undefined) delete process.env.SHARD_COUNT;
  else process.env.SHARD_COUNT = savedShardCount;
});

async function launch(settings: Record<string, string>, recommendedShards = 2): Promise<FakeDiscord> {
  fake = await FakeDiscord.start({ recommendedShards, maxConcurrency: 2 });
  dbFile = tempDbFile('shards');
  const env = {
    DISCORD_TOKEN: fake.token,
    DISCORD_API_BASE_URL: fake.apiBaseUrl,
    DEV_GUILD_ID: fake.guildId,
    DATABASE_PATH: dbFile,
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    RENDER_WORKERS: '1',
    ...settings,
  };
  // main.ts passes process.env, where discord.js looks for SHARD_COUNT too.
  Object.assign(process.env, { SHARD_COUNT: settings.SHARD_COUNT });
  running = await startBazaar(env, (context) => launchBot(context, systemClock), { fail: (line) => expect.fail(line) });
  return fake;
}

const shardOf = (fake: FakeDiscord, id: number) => fake.gateway.sessionOfShard(id)?.shard;

describe('the bot’s shards', () => {
  it('SHARD_COUNT=auto connects as many shards as Discord recommends', { timeout: 30_000 }, async () => {
    const fake = await launch({ SHARD_COUNT: 'auto' });
    await fake.waitForShards([0, 1]);
    expect([shardOf(fake, 0), shardOf(fake, 1)]).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('SHARD_COUNT=auto with one shard recommended (the count discord.js took from the environment as NaN)', { timeout: 30_000 }, async () => {
    const fake = await launch({ SHARD_COUNT: 'auto' }, 1);
    await fake.waitForShards([0]);
    expect(shardOf(fake, 0)).toEqual([0, 1]);
  });

  it('SHARD_COUNT=2 with SHARD_IDS=1 connects shard 1 of 2 only', { timeout: 30_000 }, async () => {
    const fake = await launch({ SHARD_COUNT: '2', SHARD_IDS: '1' });
    await fake.waitForShards([1]);
    expect(shardOf(fake, 1)).toEqual([1, 2]);
    expect(shardOf(fake, 0)).toBeUndefined();
  });
});

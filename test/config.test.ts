import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRenderWorkers, loadConfig, loadDatabaseConfig } from '../src/config.js';

const TOKEN = `${Buffer.from('123456789012345678').toString('base64')}.GhIjKl.abcdefghijklmnopqrstuvwxyz012345`;

describe('configuration', () => {
  it('takes the defaults for everything but the token', () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, NODE_ENV: 'production' });
    expect(config).toEqual({
      discordToken: TOKEN,
      discordAppId: '123456789012345678',
      devGuildId: undefined,
      databasePath: path.resolve('./data/bazaar.db'),
      logLevel: 'info',
      logFormat: 'json',
      discordApiBaseUrl: undefined,
      databaseUrl: undefined,
      databasePoolSize: 10,
      shardCount: 1,
      shardIds: 'all',
      shutdownTimeoutMs: 10_000,
      renderWorkers: defaultRenderWorkers(),
      renderTimeoutMs: 10_000,
      metrics: undefined,
    });
  });

  it('listens for /health and /metrics only when METRICS_PORT is set, on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).metrics).toBeUndefined();
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: '::' }).metrics).toEqual({ host: '::', port: 9464 });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: 'bot.internal' }).metrics).toEqual({ host: 'bot.internal', port: 9464 });
  });

  it('reads the database the bot uses without the rest (for npm run backup): no token needed', () => {
    expect(loadDatabaseConfig({})).toEqual({ databasePath: path.resolve('./data/bazaar.db'), databaseUrl: undefined, databasePoolSize: 10 });
    expect(loadDatabaseConfig({ DATABASE_PATH: '/tmp/b/bazaar.db', DATABASE_URL: 'postgres://localhost/bazaar' })).toMatchObject({ databasePath: '/tmp/b/bazaar.db', databaseUrl: 'postgres://localhost/bazaar' });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://db/bazaar' })).toThrow(/DATABASE_URL must be a PostgreSQL connection string/);
  });

  it('reads the PostgreSQL store and the shards this process runs', () => {
    const config = loadConfig({
      DISCORD_TOKEN: TOKEN,
      DATABASE_URL: 'postgres://bazaar:secret@db.example:5432/bazaar',
      DATABASE_POOL_SIZE: '4',
      SHARD_COUNT: '8',
      SHARD_IDS: '6, 0-2, 1',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://bazaar:secret@db.example:5432/bazaar',
      databasePoolSize: 4,
      shardCount: 8,
      shardIds: [0, 1, 2, 6],
    });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, SHARD_COUNT: 'auto', DATABASE_URL: 'postgresql://localhost/bazaar' })).toMatchObject({
      shardCount: 'auto',
      shardIds: 'all',
      databaseUrl: 'postgresql://localhost/bazaar',
    });
  });

  it('draws boards on every core (the workers yield to the event loop)', () => {
    expect(defaultRenderWorkers()).toBe(os.availableParallelism());
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      DISCORD_TOKEN: TOKEN,
      DISCORD_APP_ID: '987654321098765432',
      DEV_GUILD_ID: '111111111111111111',
      DATABASE_PATH: '/tmp/x/bazaar.db',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'pretty',
      DISCORD_API_BASE_URL: 'http://127.0.0.1:9999/api',
      RENDER_WORKERS: '3',
      RENDER_TIMEOUT_MS: '2500',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({
      metrics: { host: '0.0.0.0', port: 9464 },
      renderWorkers: 3,
      renderTimeoutMs: 2500,
      discordAppId: '987654321098765432',
      devGuildId: '111111111111111111',
      databasePath: '/tmp/x/bazaar.db',
      logLevel: 'debug',
      logFormat: 'pretty',
      discordApiBaseUrl: 'http://127.0.0.1:9999/api',
    });
  });

  it('treats empty lines of .env as unset', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, DEV_GUILD_ID: '', LOG_LEVEL: ' ' }).devGuildId).toBeUndefined();
  });

  it.each([
    [{}, /DISCORD_TOKEN is not set.*npm run playground/],
    [{ DISCORD_TOKEN: 'has spaces in it' }, /DISCORD_TOKEN does not look like a bot token/],
    [{ DISCORD_TOKEN: TOKEN, DEV_GUILD_ID: 'my-server' }, /DEV_GUILD_ID must be a Discord id/],
    [{ DISCORD_TOKEN: TOKEN, LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ DISCORD_TOKEN: TOKEN, DISCORD_API_BASE_URL: 'not a url' }, /DISCORD_API_BASE_URL must be a URL/],
    [{ DISCORD_TOKEN: TOKEN, RENDER_WORKERS: '0' }, /RENDER_WORKERS must be at least 1/],
    [{ DISCORD_TOKEN: TOKEN, RENDER_WORKERS: 'many' }, /RENDER_WORKERS must be a whole number/],
    [{ DISCORD_TOKEN: TOKEN, RENDER_TIMEOUT_MS: '1.5' }, /RENDER_TIMEOUT_MS must be a whole number of milliseconds/],
    [{ DISCORD_TOKEN: 'abc.def.ghi' }, /DISCORD_APP_ID is not set and cannot be read from the token/],
    [{ DISCORD_TOKEN: TOKEN, DATABASE_URL: 'mysql://db/bazaar' }, /DATABASE_URL must be a PostgreSQL connection string/],
    [{ DISCORD_TOKEN: TOKEN, DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be a whole number from 1 to 100/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: 'many' }, /SHARD_COUNT must be auto or a whole number from 1 to 1024/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: '0' }, /SHARD_COUNT must be auto or a whole number/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: '2', SHARD_IDS: 'first' }, /SHARD_IDS must list shard ids such as 0,1 or 0-3/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: '4', SHARD_IDS: '3-1' }, /SHARD_IDS has a range that runs backwards \(3-1\)/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: '2', SHARD_IDS: '1,2' }, /SHARD_IDS has shard 2, but SHARD_COUNT is 2 \(ids run from 0 to 1\)/],
    [{ DISCORD_TOKEN: TOKEN, SHARD_COUNT: 'auto', SHARD_IDS: '0' }, /SHARD_IDS needs a fixed SHARD_COUNT/],
    [{ DISCORD_TOKEN: TOKEN, METRICS_PORT: 'prometheus' }, /METRICS_PORT must be a port number from 0 to 65535.*or remove it to listen nowhere/],
    [{ DISCORD_TOKEN: TOKEN, METRICS_PORT: '70000' }, /METRICS_PORT must be a port number from 0 to 65535/],
    [{ DISCORD_TOKEN: TOKEN, METRICS_PORT: '-1' }, /METRICS_PORT must be a port number/],
    [{ DISCORD_TOKEN: TOKEN, METRICS_PORT: '9464', METRICS_HOST: 'http://0.0.0.0' }, /METRICS_HOST must be an IP address such as 127.0.0.1 or 0.0.0.0, or a host name/],
    [{ DISCORD_TOKEN: TOKEN, METRICS_HOST: '0.0.0.0' }, /METRICS_HOST is set but METRICS_PORT is not/],
  ])('refuses %o with one line that says what to set', (env, message) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain('\n');
  });

  it('names the allowed values once, then the way out', () => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, LOG_LEVEL: 'loud' })).toThrow(
      'Configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent. Or remove LOG_LEVEL to log at info',
    );
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, LOG_FORMAT: 'xml' })).toThrow('Configuration: LOG_FORMAT must be json or pretty. Or remove LOG_FORMAT to use pretty (json when NODE_ENV=production)');
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

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
    });
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
    });
    expect(config).toMatchObject({
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
    [{ DISCORD_TOKEN: 'abc.def.ghi' }, /DISCORD_APP_ID is not set and cannot be read from the token/],
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
});

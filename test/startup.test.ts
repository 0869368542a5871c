import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBazaar, type LaunchContext } from '../src/startup.js';
import { tempDir } from './persistence/helpers.js';

const TOKEN = `${Buffer.from('123456789012345678').toString('base64')}.GhIjKl.abcdefghijklmnopqrstuvwxyz012345`;
const dir = tempDir('startup');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('start-up', () => {
  it('without a token says in one line what to set, mentions the playground, and does not launch', async () => {
    const lines: string[] = [];
    let launched = false;
    const running = await startBazaar(
      {},
      async () => {
        launched = true;
        return { stop: async () => undefined };
      },
      { fail: (line) => lines.push(line) },
    );
    expect(running).toBeNull();
    expect(launched).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration: DISCORD_TOKEN is not set\. Set DISCORD_TOKEN/);
    expect(lines[0]).toContain('npm run playground');
  });

  it('with DATABASE_URL says in one line that PostgreSQL is not supported yet, and does not fall back to the SQLite file', async () => {
    const file = path.join(dir, 'never.db');
    const lines: string[] = [];
    const running = await startBazaar(
      { DISCORD_TOKEN: TOKEN, DATABASE_PATH: file, DATABASE_URL: 'postgres://bazaar:secret@db.example:5432/bazaar', LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
      async () => expect.fail('launched'),
      { fail: (line) => lines.push(line) },
    );
    expect(running).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^Configuration: DATABASE_URL is set, but .* SQLite file .*Remove DATABASE_URL/)]);
    expect(lines[0]).not.toContain('secret');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with a corrupt database says so in one line and leaves the file alone', async () => {
    const file = path.join(dir, 'bad.db');
    fs.writeFileSync(file, 'garbage'.repeat(100));
    const lines: string[] = [];
    const running = await startBazaar(
      { DISCORD_TOKEN: TOKEN, DATABASE_PATH: file, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
      async () => ({ stop: async () => undefined }),
      { fail: (line) => lines.push(line) },
    );
    expect(running).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^Database: .*not a SQLite database/)]);
    expect(fs.readFileSync(file, 'utf8')).toBe('garbage'.repeat(100));
  });

  it('opens and migrates the database, then launches with config, logger and database', async () => {
    const file = path.join(dir, 'sub', 'ok.db');
    let context: LaunchContext | undefined;
    let stopped = false;
    const running = await startBazaar(
      { DISCORD_TOKEN: TOKEN, DATABASE_PATH: file, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
      async (ctx) => {
        context = ctx;
        return { stop: async () => void (stopped = true) };
      },
      { fail: (line) => expect.fail(line) },
    );
    expect(running).not.toBeNull();
    expect(context?.config.discordAppId).toBe('123456789012345678');
    expect(context?.database.sqlite.prepare('SELECT count(*) AS n FROM games').get()).toEqual({ n: 0 });
    await running!.stop();
    expect(stopped).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
  });
});

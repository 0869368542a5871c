import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { startBazaar, type LaunchContext } from '../src/startup.js';
import { tempDir } from './persistence/helpers.js';
import { usePostgresDatabase } from './support/postgres-database.js';

const TOKEN = `${Buffer.from('123456789012345678').toString('base64')}.GhIjKl.abcdefghijklmnopqrstuvwxyz012345`;
const dir = tempDir('startup');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const postgres = usePostgresDatabase('startup');

/** A loopback port nobody listens on (taken, then given back). */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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

  it('with DATABASE_URL of a server that does not answer says so in one line, without the password, and does not fall back to the SQLite file', async () => {
    const file = path.join(dir, 'never.db');
    const closedPort = await unusedPort();
    const lines: string[] = [];
    const running = await startBazaar(
      { DISCORD_TOKEN: TOKEN, DATABASE_PATH: file, DATABASE_URL: `postgres://bazaar:secret@127.0.0.1:${closedPort}/bazaar`, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
      async () => expect.fail('launched'),
      { fail: (line) => lines.push(line) },
    );
    expect(running).toBeNull();
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Database: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${closedPort}/bazaar: `))]);
    expect(lines[0]).not.toContain('secret');
    expect(fs.existsSync(file)).toBe(false);
  });

  it.runIf(postgres.available)('with DATABASE_URL opens and migrates the PostgreSQL database and launches on it; the SQLite file is never made', async () => {
    const file = path.join(dir, 'unused.db');
    let context: LaunchContext | undefined;
    const running = await startBazaar(
      { DISCORD_TOKEN: TOKEN, DATABASE_PATH: file, DATABASE_URL: postgres.url, LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
      async (ctx) => {
        context = ctx;
        return { stop: async () => undefined };
      },
      { fail: (line) => expect.fail(line) },
    );
    expect(running).not.toBeNull();
    if (context?.database.dialect !== 'postgres') expect.fail('not launched on PostgreSQL');
    const { rows } = await context.database.open.pool.query<{ n: string }>('SELECT count(*) AS n FROM games');
    expect(rows).toEqual([{ n: '0' }]);
    await running!.stop();
    expect(context.database.open.pool.ended).toBe(true);
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
    if (context?.database.dialect !== 'sqlite') expect.fail('not launched on the SQLite file');
    expect(context.database.open.sqlite.prepare('SELECT count(*) AS n FROM games').get()).toEqual({ n: 0 });
    await running!.stop();
    expect(stopped).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
  });
});

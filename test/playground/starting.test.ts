/**
 * The playground serves its page before the bot has started, and takes commands only once it is ready:
 * a command sent while it starts is refused (the page does not send it), and the first command sent once
 * it is ready gets the bot's answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlayground, type Playground } from '../../src/playground/stack.js';
import { FakeDiscord } from '../fake-discord/index.js';
import { eventually, get, messagesOf, post } from './helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-playground-starting-'));
let playground: Playground | undefined;
const logLines: string[] = [];

afterAll(async () => {
  await playground?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the playground while the bot starts', () => {
  it('says it is starting, refuses commands until ready, then answers the first one at once', async () => {
    const early: Promise<{ status: number; ready: unknown; refusal: unknown }>[] = [];
    const started = startPlayground({
      startDiscord: (options) => FakeDiscord.start(options),
      databasePath: path.join(dir, 'playground.db'),
      port: 0,
      logLevel: 'silent',
      log: (line) => logLines.push(line),
      // The page is served before the bot starts: what it answers then.
      onListening: (url) => {
        early.push(
          (async () => {
            const boot = await get<{ ready: boolean; users: { id: string }[]; channels: { id: string }[] }>(url, '/api/bootstrap');
            const refusal = await post(url, '/api/command', { user: boot.body.users[0]!.id, channel: boot.body.channels[0]!.id, command: 'help', options: {} });
            return { status: refusal.status, ready: boot.body.ready, refusal: refusal.body.error };
          })(),
        );
      },
    });
    playground = await started;
    const [whileStarting] = await Promise.all(early);
    expect(whileStarting).toMatchObject({ ready: false, status: 503, refusal: expect.stringContaining('starting') });

    const url = playground.url;
    const boot = await get<{ ready: boolean; commands: { key: string }[] }>(url, '/api/bootstrap');
    expect(boot.body.ready).toBe(true);
    expect(boot.body.commands.map((c) => c.key)).toContain('help');
    const alice = playground.users[0]!.id;
    const general = playground.channelIds[0]!;
    const sent = await post(url, '/api/command', { user: alice, channel: general, command: 'help', options: {} });
    expect(sent.status).toBe(200);
    const answer = await eventually(
      async () => (await messagesOf(url, alice, general)).messages.find((m) => m.command?.name === 'help' && !m.loading && (m.content !== '' || m.embeds.length > 0)),
      'the answer to /help',
    );
    expect(answer.authorId).not.toBe(alice);
    expect((await messagesOf(url, alice, general)).notices).toEqual([]);
    expect(logLines).toEqual([]);
  }, 180_000);
});

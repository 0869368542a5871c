/**
 * The bot's REST calls reuse their TCP connections. undici (the REST client of discord.js) keeps a
 * connection only while the server's announced keep-alive timeout, less 2 s, is positive; the fake once
 * announced 1 s, so every call opened a new connection (a profile of the bot's steady state showed 4.8 % in
 * connecting). 50 messages sent one after another go over a handful of connections, not 50.
 */
import { once } from 'node:events';
import net from 'node:net';
import type { TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;

beforeAll(async () => {
  env = await startFakeWithClient();
});

afterAll(async () => {
  await env?.stop();
});

describe('HTTP keep-alive between the bot and the fake Discord', () => {
  it('50 REST calls in a row open at most a few TCP connections', async () => {
    const channel = env.client.channels.cache.get(env.fake.channelId()) as TextChannel;
    // Logging in opened the gateway's connection and one for REST; the calls below should add none, or one.
    const before = env.fake.connectionsAccepted;
    for (let i = 0; i < 50; i++) await channel.send(`message ${i}`);
    const opened = env.fake.connectionsAccepted - before;
    expect(env.fake.channelMessages(env.fake.channelId())).toHaveLength(50);
    expect(opened).toBeLessThanOrEqual(3);
  });
});

describe('a client that goes away mid-request', () => {
  it('is dropped quietly, as Discord would (a bot process killed while uploading a board)', async () => {
    const { host, hostname, port } = new URL(env.fake.apiBaseUrl);
    const socket = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.write(`POST /api/v10/channels/${env.fake.channelId()}/messages HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":"half`);
    // The fake has the headers and part of the body when the client dies.
    await new Promise<void>((resolve) => socket.write('', () => resolve()));
    socket.destroy();
    await closed;
    // The fake still answers, and nothing was posted by the broken request (an unhandled rejection would fail the run).
    const channel = env.client.channels.cache.get(env.fake.channelId()) as TextChannel;
    await channel.send('after the broken request');
    expect(env.fake.channelMessages(env.fake.channelId()).at(-1)?.content).toBe('after the broken request');
    expect(env.fake.channelMessages(env.fake.channelId()).some((m) => m.content.includes('half'))).toBe(false);
  });
});

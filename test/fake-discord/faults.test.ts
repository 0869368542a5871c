/**
 * Faults the bot must live with: rate limits (429 with retry-after, honoured by discord.js), server errors
 * (500 surfaces as an HTTPError), a dropped gateway connection and op 7 RECONNECT (the client resumes its
 * session and gets the dispatches it missed), heartbeats, unknown routes and missing authorization.
 */
import { once } from 'node:events';
import { Events, HTTPError, SlashCommandBuilder, type Interaction, type TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import type { FakeUser } from './actors.js';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;
let alice: FakeUser;
let channel: string;
let handler: (interaction: Interaction) => Promise<void> = async () => undefined;

beforeAll(async () => {
  // Fast heartbeats so the heartbeat test does not wait 41 s.
  env = await startFakeWithClient({ fake: { heartbeatIntervalMs: 150 } });
  env.client.on(Events.InteractionCreate, (interaction) => void handler(interaction));
  await registerCommands(env.client.rest, {
    applicationId: env.client.application.id,
    commands: [new SlashCommandBuilder().setName('t').setDescription('test command').toJSON()],
  });
  alice = env.fake.users.create('alice');
  channel = env.fake.channelId();
  handler = async (i) => {
    if (i.isChatInputCommand()) await i.reply('pong');
  };
});

afterEach(() => {
  expect(env.fake.pendingFaults).toEqual([]);
  expect(env.fake.takeViolations().map((v) => `${v.code} ${v.message}`)).toEqual([]);
});

afterAll(async () => {
  await env?.stop();
});

const posts = () => env.fake.requests.filter((r) => r.method === 'POST' && r.route === '/channels/{channel_id}/messages');

describe('REST faults', () => {
  it('a 429 with retry-after is waited out by discord.js, then the request succeeds', async () => {
    const limited: number[] = [];
    env.client.rest.once('rateLimited', (info) => limited.push(info.retryAfter));
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 429, retryAfter: 0.3 });
    const before = posts().length;
    const target = env.client.channels.cache.get(channel) as TextChannel;
    const started = performance.now();
    const message = await target.send('after the rate limit');
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    const [first, second] = posts().slice(before);
    expect([first?.status, second?.status]).toEqual([429, 200]);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(300);
    // discord.js heard of the limit; the time it reports is its own reckoning from when it read the answer (less
    // than the 300 ms on a busy machine, more with its offset), so the wait itself is checked by the requests' times.
    expect(limited[0]).toBeGreaterThan(0);
    expect(env.fake.message(message.id)?.content).toBe('after the rate limit');
  });

  it('a global 429 holds back the next request too', async () => {
    env.fake.failNext(`GET /channels/${channel}`, { status: 429, retryAfter: 0.2, global: true });
    const started = performance.now();
    const fetched = await env.client.channels.fetch(channel, { force: true });
    expect(fetched?.id).toBe(channel);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('a 429 on the interaction callback is retried within the response window', async () => {
    env.fake.failNext('POST /interactions/{interaction_id}/{interaction_token}/callback', { status: 429, retryAfter: 0.1 });
    const handle = await alice.runCommand(channel, 't');
    expect(handle.reply?.content).toBe('pong');
    const callbacks = env.fake.requests.filter((r) => r.route === '/interactions/{interaction_id}/{interaction_token}/callback').slice(-2);
    expect(callbacks.map((r) => r.status)).toEqual([429, 204]);
  });

  it('a 500 surfaces as an HTTPError (no retries in tests) and nothing is posted', async () => {
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 500 });
    const target = env.client.channels.cache.get(channel) as TextChannel;
    const count = env.fake.channelMessages(channel).length;
    const error = await target.send('lost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect(error).toMatchObject({ status: 500, method: 'POST' });
    expect(env.fake.channelMessages(channel)).toHaveLength(count);
  });

  it('a lost answer: Discord carries the request out, the client sees a network error', async () => {
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 200, lost: true });
    const target = env.client.channels.cache.get(channel) as TextChannel;
    const count = env.fake.channelMessages(channel).length;
    const error = await target.send('posted, answer lost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(HTTPError);
    expect(env.fake.channelMessages(channel).slice(count).map((m) => m.content)).toEqual(['posted, answer lost']);
    expect(posts().at(-1)?.fault).toBe('answer lost');
  });

  it('an unknown route answers 404 with a Discord error and is recorded', async () => {
    const error = await env.client.rest.get('/channels/1/bogus-route').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 0 });
    expect(env.fake.unknownRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /channels/1/bogus-route']);
    expect(env.fake.takeViolations()).toMatchObject([{ status: 404, route: '?' }]);
  });

  it('routes that need the bot token refuse a request without it', async () => {
    const res = await fetch(`${env.fake.apiBaseUrl}/v10/channels/${channel}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 0, message: '401: Unauthorized' });
    expect(env.fake.takeViolations()).toMatchObject([{ status: 401 }]);
  });
});

describe('gateway faults', () => {
  it('answers heartbeats (the client measures a ping)', async () => {
    const start = env.fake.gateway.stats.heartbeats;
    // Two heartbeats come within a second; the limit is generous for a busy machine.
    await vi.waitFor(() => expect(env.fake.gateway.stats.heartbeats).toBeGreaterThanOrEqual(start + 2), { timeout: 30_000, interval: 20 });
    expect(env.client.ws.ping).toBeGreaterThanOrEqual(0);
  });

  it('a dropped connection is resumed, not re-identified, and the bot keeps working', async () => {
    const identifies = env.fake.gateway.stats.identifies;
    const resumes = env.fake.gateway.stats.resumes;
    const shardResumed = once(env.client, Events.ShardResume);
    await env.fake.dropGateway();
    await shardResumed;
    expect(env.fake.gateway.stats.identifies).toBe(identifies);
    expect(env.fake.gateway.stats.resumes).toBe(resumes + 1);
    const handle = await alice.runCommand(channel, 't');
    expect(handle.reply?.content).toBe('pong');
  });

  it('dispatches sent while the connection is down are replayed on resume', async () => {
    const resumed = env.fake.dropGateway();
    // The interaction is dispatched into the gap; the client gets it when it resumes.
    const handle = await alice.runCommand(channel, 't', { until: 'none' });
    await resumed;
    await handle.settled();
    expect(handle.reply?.content).toBe('pong');
  });

  it('op 7 RECONNECT makes the client resume on resume_gateway_url', async () => {
    const resumes = env.fake.gateway.stats.resumes;
    const connections = env.fake.gateway.stats.connections;
    await env.fake.requestReconnect();
    expect(env.fake.gateway.stats.resumes).toBe(resumes + 1);
    expect(env.fake.gateway.stats.connections).toBe(connections + 1);
    const handle = await alice.runCommand(channel, 't');
    expect(handle.reply?.content).toBe('pong');
  });
});

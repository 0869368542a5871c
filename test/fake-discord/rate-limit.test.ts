/**
 * Discord's global rate limit: a bot token makes so many requests a second (Discord: 50; here 5, so that a
 * handful of requests at once go over it), interaction endpoints not counted. Over the limit the fake answers
 * as Discord documents it and discord.js waits and tries again; every request is counted by its bucket.
 */
import { Events, RESTEvents, Routes, SlashCommandBuilder, type Interaction, type RateLimitData } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordClient } from '../../src/discord/client.js';
import { registerCommands } from '../../src/discord/register-commands.js';
import type { FakeUser } from './actors.js';
import { startFakeWithClient, type Connected } from './harness.js';
import type { RequestRecord } from './world.js';

const PER_SECOND = 5;
let env: Connected;
let alice: FakeUser;
let channel: string;
let handler: (interaction: Interaction) => Promise<void> = async () => undefined;

beforeAll(async () => {
  env = await startFakeWithClient({ fake: { globalRateLimit: PER_SECOND } });
  env.client.on(Events.InteractionCreate, (interaction) => void handler(interaction));
  await registerCommands(env.client.rest, {
    applicationId: env.client.application.id,
    commands: [new SlashCommandBuilder().setName('t').setDescription('test command').toJSON()],
  });
  alice = env.fake.users.create('alice');
  channel = env.fake.channelId();
});

afterEach(() => {
  expect(env.fake.takeViolations().map((v) => `${v.code} ${v.message}`)).toEqual([]);
});

afterAll(async () => {
  await env?.stop();
});

describe('the global rate limit', () => {
  it('more requests in a second than the limit: the rest are answered 429 (global) and discord.js sends them again once the second is over', async () => {
    // Each channel is a bucket of its own: discord.js sends these at once, not one after another.
    const channels = Array.from({ length: 3 * PER_SECOND }, (_, i) => env.fake.createChannel(`limited-${i}`));
    const from = env.fake.requests.length;
    const before = env.fake.requestTotals();
    const fetched = await Promise.all(channels.map((id) => env.client.rest.get(Routes.channel(id)) as Promise<{ id: string }>));
    expect(fetched.map((c) => c.id)).toEqual(channels);

    const requests = env.fake.requests.slice(from);
    const limited = requests.filter((r) => r.globallyLimited === true);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.status === 429 && r.budget === 'counted')).toBe(true);
    // Every channel was read in the end, once each.
    const read = requests.filter((r) => r.status === 200).map((r) => r.path);
    expect(read.sort()).toEqual(channels.map((id) => `/channels/${id}`).sort());
    // A refused request came back later (discord.js waited), and was answered.
    const again = (r: RequestRecord): RequestRecord | undefined => requests.find((o) => o.path === r.path && o.status === 200);
    for (const refused of limited) expect(requests.indexOf(again(refused) as RequestRecord)).toBeGreaterThan(requests.indexOf(refused));

    const after = env.fake.requestTotals();
    expect(after.counted - before.counted).toBe(requests.length);
    expect(after.limited - before.limited).toBe(limited.length);
    expect(after.exempt).toBe(before.exempt);
  });

  it('the answer over the limit is Discord\'s: global true, retry_after, X-RateLimit-Global and X-RateLimit-Scope: global', async () => {
    const path = `${env.fake.apiBaseUrl}/v10/channels/${channel}`;
    const headers = { Authorization: `Bot ${env.fake.token}` };
    // Past anything discord.js holds back: this test's own requests, in one burst.
    const answers = await Promise.all(Array.from({ length: 2 * PER_SECOND + 1 }, () => fetch(path, { headers })));
    const over = answers.filter((a) => a.status === 429);
    expect(over.length).toBeGreaterThan(0);
    const first = over[0] as Response;
    expect(first.headers.get('x-ratelimit-global')).toBe('true');
    expect(first.headers.get('x-ratelimit-scope')).toBe('global');
    const body = (await first.json()) as { message: string; retry_after: number; global: boolean };
    expect(body).toMatchObject({ message: 'You are being rate limited.', global: true });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(1);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(body.retry_after);
  });

  it('interaction endpoints are not bound to it: an answer and its follow-ups beyond the limit all arrive, counted as exempt', async () => {
    const followUps = 2 * PER_SECOND;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      for (let n = 1; n <= followUps; n++) await i.followUp(`follow-up ${n}`);
    };
    const before = env.fake.requestTotals();
    const from = env.fake.requests.length;
    const handle = await alice.runCommand(channel, 't', { until: 'response' });
    await handle.waitFor((h) => h.followUps.length === followUps);
    const requests = env.fake.requests.slice(from);
    expect(requests.every((r) => r.budget === 'exempt' && r.status < 300)).toBe(true);
    const after = env.fake.requestTotals();
    expect(after.exempt - before.exempt).toBe(1 + followUps);
    expect(after.counted).toBe(before.counted);
  });

  it("the bot's client holds itself back on counted requests only: its follow-ups beyond its own throttle's limit go out without its global wait", async () => {
    // The bot's client as it runs against Discord: discord.js throttles it to the global limit itself.
    const throttled = createDiscordClient({ token: env.fake.token, apiBaseUrl: env.fake.apiBaseUrl, rest: { globalRequestsPerSecond: PER_SECOND } });
    const heldBack: RateLimitData[] = [];
    throttled.rest.on(RESTEvents.RateLimited, (info) => {
      if (info.global) heldBack.push(info);
    });
    let token = '';
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      token = i.token;
      await i.reply('first');
    };
    const handle = await alice.runCommand(channel, 't');
    const followUps = 2 * PER_SECOND;
    for (let n = 1; n <= followUps; n++) await throttled.rest.post(Routes.webhook(env.fake.applicationId, token), { body: { content: `follow-up ${n}` }, auth: false });
    await handle.waitFor((h) => h.followUps.length === followUps);
    expect(heldBack).toEqual([]);
    // Counted requests beyond its limit: those it holds back.
    const channels = Array.from({ length: 2 * PER_SECOND }, (_, i) => env.fake.createChannel(`throttled-${i}`));
    await Promise.all(channels.map((id) => throttled.rest.get(Routes.channel(id))));
    expect(heldBack.length).toBeGreaterThan(0);
    await throttled.destroy();
  });

  it('counts requests by bucket: the route and its major parameter (channel, guild, or the webhook and its token)', async () => {
    const counts = env.fake.requestCounts();
    const reads = counts.filter((c) => c.method === 'GET' && c.route === '/channels/{channel_id}');
    expect(reads.map((c) => c.major)).toContain(channel);
    expect(reads.every((c) => c.budget === 'counted')).toBe(true);
    // One bucket per interaction's webhook (its token).
    const followUps = counts.filter((c) => c.method === 'POST' && c.route === '/webhooks/{webhook_id}/{webhook_token}');
    expect(followUps).toHaveLength(2);
    expect(followUps.every((c) => c.budget === 'exempt' && c.limited === 0 && c.major.startsWith(`${env.fake.applicationId}/`))).toBe(true);
    // The token is a secret: the count names it by a hash.
    expect(counts.some((c) => c.major.includes(env.fake.world.interactions.values().next().value?.token ?? '-'))).toBe(false);
  });
});

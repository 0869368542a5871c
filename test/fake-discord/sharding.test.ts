/**
 * Sharding against the fake with the real discord.js client: GET /gateway/bot recommends a shard count,
 * IDENTIFY carries [shard_id, shard_count], each shard's READY and GUILD_CREATE hold only the guilds it
 * owns ((guild_id >> 22) % shard_count), and guild events and interactions reach only the owning shard,
 * whether one client runs all shards or each shard is its own client.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, Routes, SlashCommandBuilder, type Guild, type Interaction } from 'discord.js';
import type { GatewayReceivePayload } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { registerCommands } from '../../src/discord/register-commands.js';
import { FakeDiscord, type FakeDiscordOptions } from './fake-discord.js';
import { loginToFake } from './harness.js';

const ping = new SlashCommandBuilder().setName('ping').setDescription('Answers with the shard that handled it').toJSON();

interface Received {
  shardId: number;
  t: string;
  guildId: string | undefined;
  interactionId: string | undefined;
}

/** A discord.js client as the bot builds it (Guilds intent, local REST), running the given shards. */
function shardClient(fake: FakeDiscord, shards: number[] | 'auto', shardCount?: number): { client: Client; received: Received[] } {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: fake.apiBaseUrl, globalRequestsPerSecond: Infinity, timeout: 2_000, retries: 0 },
    shards,
    ...(shardCount !== undefined ? { shardCount } : {}),
  });
  client.token = fake.token;
  client.rest.setToken(fake.token);
  const received: Received[] = [];
  client.on(Events.Raw, (packet: GatewayReceivePayload, shardId: number) => {
    if (packet.t === null || packet.t === undefined) return;
    const d = (packet.d ?? {}) as { id?: string; guild_id?: string };
    received.push({
      shardId,
      t: packet.t,
      guildId: packet.t === 'GUILD_CREATE' ? d.id : d.guild_id,
      interactionId: packet.t === 'INTERACTION_CREATE' ? d.id : undefined,
    });
  });
  // Every shard answers /ping with its own id, so the reply shows which shard handled the interaction.
  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    if (interaction.isChatInputCommand() && interaction.commandName === 'ping') void interaction.reply(`pong from shard ${interaction.guild?.shardId}`);
  });
  return { client, received };
}

let fake: FakeDiscord | undefined;
const clients: Client[] = [];

async function start(options: FakeDiscordOptions): Promise<FakeDiscord> {
  fake = await FakeDiscord.start(options);
  return fake;
}

async function login(entry: { client: Client }): Promise<Client<true>> {
  clients.push(entry.client);
  return loginToFake(entry.client, fake as FakeDiscord);
}

afterEach(async () => {
  for (const client of clients.splice(0)) await client.destroy();
  fake?.assertNoViolations();
  await fake?.stop();
  fake = undefined;
});

describe('one client running shards 0 and 1 of 2', () => {
  it('each guild arrives on the shard that owns it, and its interactions only there', async () => {
    const fake = await start({ maxConcurrency: 2 });
    const east = fake.createGuild('East', { shard: [0, 2] });
    const west = fake.createGuild('West', { shard: [1, 2] });
    expect([fake.shardOf(east, 2), fake.shardOf(west, 2)]).toEqual([0, 1]);
    const bot = shardClient(fake, [0, 1], 2);
    const client = await login(bot);

    expect(fake.gateway.sessionsFor(east).map((s) => s.shard)).toEqual([[0, 2]]);
    expect(fake.gateway.sessionsFor(west).map((s) => s.shard)).toEqual([[1, 2]]);
    // READY lists, and GUILD_CREATE delivers, each guild once, on its own shard.
    for (const guildId of fake.world.guilds.keys()) {
      const creates = bot.received.filter((r) => r.t === 'GUILD_CREATE' && r.guildId === guildId);
      expect(creates.map((r) => r.shardId)).toEqual([fake.shardOf(guildId, 2)]);
      expect(client.guilds.cache.get(guildId)?.shardId).toBe(fake.shardOf(guildId, 2));
    }
    const readies = bot.received.filter((r) => r.t === 'READY').map((r) => r.shardId);
    expect(readies.sort()).toEqual([0, 1]);

    await registerCommands(client.rest, { applicationId: client.application.id, commands: [ping] });
    const alice = fake.users.create('alice', { guildId: east });
    const bob = fake.users.create('bob', { guildId: west });
    const fromEast = await alice.runCommand(fake.channelId('general', east), 'ping');
    const fromWest = await bob.runCommand(fake.channelId('general', west), 'ping');
    expect(fromEast.reply?.content).toBe('pong from shard 0');
    expect(fromWest.reply?.content).toBe('pong from shard 1');
    const interactions = bot.received.filter((r) => r.t === 'INTERACTION_CREATE');
    expect(interactions).toEqual([
      { shardId: 0, t: 'INTERACTION_CREATE', guildId: east, interactionId: fromEast.payload.id },
      { shardId: 1, t: 'INTERACTION_CREATE', guildId: west, interactionId: fromWest.payload.id },
    ]);
  });

  it('a guild the bot joins later, and its channels, reach only the owning shard; a dropped shard resumes alone', async () => {
    const fake = await start({ maxConcurrency: 2 });
    const bot = shardClient(fake, [0, 1], 2);
    const client = await login(bot);
    await registerCommands(client.rest, { applicationId: client.application.id, commands: [ping] });

    const joined = once(client, Events.GuildCreate);
    const north = fake.createGuild('North', { shard: [1, 2] });
    const [guild] = (await joined) as [Guild];
    expect(guild.id).toBe(north);
    expect(guild.shardId).toBe(1);
    const channelCreated = once(client, Events.ChannelCreate);
    const tables = fake.createChannel('tables', { guildId: north });
    await channelCreated;
    const about = (id: string): number[] => bot.received.filter((r) => r.guildId === id && r.t !== 'INTERACTION_CREATE').map((r) => r.shardId);
    expect(about(north)).toEqual([1, 1]);

    const resumes = fake.gateway.stats.resumes;
    await fake.dropGateway(1);
    expect(fake.gateway.stats.resumes).toBe(resumes + 1);
    expect(fake.gateway.sessionOfShard(0)?.resumes).toBe(0);
    const carol = fake.users.create('carol', { guildId: north });
    const handle = await carol.runCommand(tables, 'ping');
    expect(handle.reply?.content).toBe('pong from shard 1');
  });
});

describe('two clients, one shard each (as two bot processes would run)', () => {
  it('each client knows only its own guilds and receives only their interactions', async () => {
    const fake = await start({});
    const east = fake.createGuild('East', { shard: [0, 2] });
    const west = fake.createGuild('West', { shard: [1, 2] });
    const first = shardClient(fake, [0], 2);
    const second = shardClient(fake, [1], 2);
    const [zero, one] = await Promise.all([login(first), login(second)]);
    await fake.waitForShards([0, 1]);

    expect(zero.guilds.cache.has(east)).toBe(true);
    expect(zero.guilds.cache.has(west)).toBe(false);
    expect(one.guilds.cache.has(west)).toBe(true);
    expect(one.guilds.cache.has(east)).toBe(false);
    expect(zero.guilds.cache.size + one.guilds.cache.size).toBe(fake.world.guilds.size);

    await registerCommands(zero.rest, { applicationId: zero.application.id, commands: [ping] });
    const bob = fake.users.create('bob', { guildId: west });
    const handle = await bob.runCommand(fake.channelId('general', west), 'ping');
    expect(handle.reply?.content).toBe('pong from shard 1');
    expect(first.received.filter((r) => r.t === 'INTERACTION_CREATE')).toEqual([]);
    expect(second.received.filter((r) => r.t === 'INTERACTION_CREATE').map((r) => r.interactionId)).toEqual([handle.payload.id]);
  });

  it('an interaction in a guild whose shard nobody runs is refused before it is sent', async () => {
    const fake = await start({});
    const west = fake.createGuild('West', { shard: [1, 2] });
    const only = await login(shardClient(fake, [0], 2));
    await registerCommands(only.rest, { applicationId: only.application.id, commands: [ping] });
    const bob = fake.users.create('bob', { guildId: west });
    await expect(bob.runCommand(fake.channelId('general', west), 'ping')).rejects.toThrow(/no bot session runs the shard that owns guild/);
  });
});

describe("shards: 'auto'", () => {
  it('GET /gateway/bot recommends the configured count and max_concurrency; the client spawns that many shards', async () => {
    const fake = await start({ recommendedShards: 3, maxConcurrency: 3 });
    const bot = shardClient(fake, 'auto');
    const info = (await bot.client.rest.get(Routes.gatewayBot())) as { shards: number; session_start_limit: { max_concurrency: number } };
    expect(info.shards).toBe(3);
    expect(info.session_start_limit.max_concurrency).toBe(3);
    const client = await login(bot);
    expect([...client.ws.shards.keys()].sort()).toEqual([0, 1, 2]);
    const shards = [...fake.gateway.sessions.values()].map((s) => s.shard).sort((a, b) => a[0] - b[0]);
    expect(shards).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  });
});

describe('IDENTIFY shard validation', () => {
  /** Identifies on a bare WebSocket; resolves with the close code, or 0 when READY came. */
  async function identify(fake: FakeDiscord, shard: unknown): Promise<number> {
    const socket = new WebSocket(`${fake.gatewayUrl}/?v=10&encoding=json`);
    return new Promise<number>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('close', (code) => resolve(code));
      socket.on('message', (data) => {
        const payload = JSON.parse(data.toString()) as { op: number; t?: string };
        if (payload.op === 10) socket.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: GatewayIntentBits.Guilds, properties: {}, shard } }));
        if (payload.t === 'READY') {
          socket.close(1000);
          resolve(0);
        }
      });
    });
  }

  it('a shard id outside 0..count-1 or a malformed shard closes with 4010 Invalid shard', async () => {
    const fake = await start({});
    expect(await identify(fake, [2, 2])).toBe(4010);
    expect(await identify(fake, [0, 0])).toBe(4010);
    expect(await identify(fake, [-1, 2])).toBe(4010);
    expect(await identify(fake, [0.5, 2])).toBe(4010);
    expect(await identify(fake, 'all')).toBe(4010);
    expect(await identify(fake, [1, 2])).toBe(0);
  });

  it('too many guilds on one shard closes with 4011 Sharding required; splitting them over two shards is accepted', async () => {
    const fake = await start({ maxGuildsPerShard: 1 });
    fake.createGuild('Other', { shard: [1 - fake.shardOf(fake.guildId, 2), 2] });
    expect(await identify(fake, [0, 1])).toBe(4011);
    expect(await identify(fake, undefined)).toBe(4011);
    expect(await identify(fake, [0, 2])).toBe(0);
    expect(await identify(fake, [1, 2])).toBe(0);
  });
});

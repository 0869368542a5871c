/**
 * Shards as separate processes (as the bot runs on one or several machines): two OS processes, each a
 * discord.js client of one shard of two, against one fake. Each gets only its own guilds and their
 * interactions; a shard killed with SIGKILL and started again identifies anew and takes its guilds back,
 * while the other shard answers throughout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { REST, SlashCommandBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import { FakeDiscord } from './fake-discord.js';
import { nodeArgsFor } from '../support/node-entry.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface ShardProcess {
  child: ChildProcess;
  /** The guild ids its READY brought. */
  guilds: string[];
  /** Resolves with the next line starting with `prefix`. */
  next(prefix: string): Promise<string>;
}

const running = new Set<ChildProcess>();

async function startShard(fake: FakeDiscord, shardId: number, shardCount: number): Promise<ShardProcess> {
  const child = spawn(process.execPath, [...nodeArgsFor(path.join(HERE, 'shard-process.ts')), fake.apiBaseUrl, fake.token, String(shardId), String(shardCount)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (prefix: string): Promise<string> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`shard ${shardId} ended before printing "${prefix}"`);
      if ((value as string).startsWith(prefix)) return value as string;
    }
  };
  const ready = await next('ready');
  return { child, guilds: (ready.split(' ')[1] ?? '').split(',').filter(Boolean), next };
}

async function kill(shard: ShardProcess): Promise<void> {
  const exited = new Promise((resolve) => shard.child.once('exit', resolve));
  shard.child.kill('SIGKILL');
  await exited;
}

let fake: FakeDiscord;
let east: string;
let west: string;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  east = fake.createGuild('East', { shard: [0, 2] });
  west = fake.createGuild('West', { shard: [1, 2] });
  const rest = new REST({ api: fake.apiBaseUrl }).setToken(fake.token);
  await registerCommands(rest, { applicationId: fake.applicationId, commands: [new SlashCommandBuilder().setName('ping').setDescription('Which shard answers').toJSON()] });
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await fake?.stop();
});

describe('two shard processes against one fake', () => {
  it('each process gets its own guilds and answers only their interactions; a killed shard comes back on restart', { timeout: 60_000 }, async () => {
    const [zero, one] = await Promise.all([startShard(fake, 0, 2), startShard(fake, 1, 2)]);
    await fake.waitForShards([0, 1]);
    const owned = (shard: number) => [...fake.world.guilds.keys()].filter((id) => fake.shardOf(id, 2) === shard).sort();
    expect(zero.guilds).toEqual(owned(0));
    expect(one.guilds).toEqual(owned(1));
    expect(zero.guilds).toContain(east);
    expect(one.guilds).toContain(west);

    const alice = fake.users.create('alice', { guildId: east });
    const bob = fake.users.create('bob', { guildId: west });
    const ping = async (user: typeof alice, guildId: string) => (await user.runCommand(fake.channelId('general', guildId), 'ping')).reply?.content;
    expect(await ping(alice, east)).toBe(`pong from shard 0 (process ${zero.child.pid})`);
    expect(await ping(bob, west)).toBe(`pong from shard 1 (process ${one.child.pid})`);

    // Shard 1 dies without a word; shard 0 goes on answering.
    await kill(one);
    expect(await ping(alice, east)).toBe(`pong from shard 0 (process ${zero.child.pid})`);
    const identifies = fake.gateway.stats.identifies;

    // Restarted, it identifies anew (a new session), gets West back and answers there; a guild the bot
    // joins later on shard 1 reaches the new process only.
    const again = await startShard(fake, 1, 2);
    expect(fake.gateway.stats.identifies).toBe(identifies + 1);
    expect(again.guilds).toEqual(owned(1));
    expect(await ping(bob, west)).toBe(`pong from shard 1 (process ${again.child.pid})`);
    const joined = again.next('guild ');
    const north = fake.createGuild('North', { shard: [1, 2] });
    expect(await joined).toBe(`guild ${north}`);
    expect(fake.gateway.sessionsFor(north).map((s) => s.shard)).toEqual([[1, 2]]);
    fake.assertNoViolations();
  });
});

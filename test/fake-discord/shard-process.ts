/**
 * One shard of a bot as its own process, for the fake's multi-process sharding test:
 * `node --import tsx shard-process.ts <apiBaseUrl> <token> <shardId> <shardCount>`. It logs in with
 * `shards: [shardId]`, answers /ping with its shard id and pid, prints `ready <guild ids>` once READY and
 * `guild <id>` for each GUILD_CREATE after that, and ends when stdin closes.
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';

const [apiBaseUrl, token, shardId, shardCount] = process.argv.slice(2) as [string, string, string, string];
const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  rest: { api: apiBaseUrl, globalRequestsPerSecond: Infinity, timeout: 10_000, retries: 1 },
  shards: [Number(shardId)],
  shardCount: Number(shardCount),
});
client.on(Events.InteractionCreate, (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === 'ping') void interaction.reply(`pong from shard ${shardId} (process ${process.pid})`);
});
client.once(Events.ClientReady, (ready) => {
  process.stdout.write(`ready ${[...ready.guilds.cache.keys()].sort().join(',')}\n`);
  client.on(Events.GuildCreate, (guild) => process.stdout.write(`guild ${guild.id}\n`));
});
await client.login(token);
process.stdin.resume();
process.stdin.on('end', () => void client.destroy().then(() => process.exit(0)));

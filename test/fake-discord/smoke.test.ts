/**
 * The bot side end to end: a client from createDiscordClient logs in against the fake, registers a small
 * command list through registerCommands (the payload validates against Discord's schema), and answers a
 * slash command through an interactionCreate handler.
 */
import { once } from 'node:events';
import { Events, MessageFlags, SlashCommandBuilder, type Guild, type GuildChannel, type Interaction, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;
const handlers: ((interaction: Interaction) => Promise<void>)[] = [];

beforeAll(async () => {
  env = await startFakeWithClient();
  env.client.on(Events.InteractionCreate, (interaction) => {
    for (const handler of handlers) void handler(interaction);
  });
});

afterAll(async () => {
  await env?.stop();
});

const commands = [
  new SlashCommandBuilder()
    .setName('ping')
    .setDescription('Answers pong')
    .setNameLocalizations({ de: 'ping', nl: 'ping' })
    .setDescriptionLocalizations({ de: 'Antwortet mit Pong', nl: 'Antwoordt met pong' })
    .addStringOption((o) => o.setName('echo').setDescription('Text to repeat').setMaxLength(100))
    .toJSON(),
  new SlashCommandBuilder()
    .setName('game')
    .setDescription('Board games')
    .addSubcommand((s) =>
      s
        .setName('new')
        .setDescription('Start a game')
        .addStringOption((o) =>
          o.setName('kind').setDescription('Which game').setRequired(true).addChoices({ name: 'Istanbul', value: 'istanbul' }, { name: 'Kairo', value: 'kairo' }),
        )
        .addIntegerOption((o) => o.setName('players').setDescription('How many').setMinValue(2).setMaxValue(5)),
    )
    .toJSON(),
];

describe('bot against the fake Discord', () => {
  it('logs in: READY and GUILD_CREATE give the client its guild, channel and own member', () => {
    const guild = env.client.guilds.cache.get(env.fake.guildId);
    expect(guild?.name).toBe('Bazaar Test');
    expect(guild?.channels.cache.get(env.fake.channelId())?.name).toBe('general');
    expect(guild?.members.me?.id).toBe(env.fake.botUserId);
    expect(env.client.user.id).toBe(env.fake.botUserId);
    expect(env.client.application.id).toBe(env.fake.applicationId);
  });

  it('registers commands globally and per guild; the payload validates', async () => {
    const global = await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands });
    expect(global.map((c) => c.name)).toEqual(['ping', 'game']);
    expect(global.every((c) => /^\d{17,19}$/.test(c.id) && c.application_id === env.fake.applicationId)).toBe(true);
    const perGuild = await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands: commands.slice(0, 1), guildId: env.fake.guildId });
    expect(perGuild[0]?.guild_id).toBe(env.fake.guildId);
    expect(env.fake.commands().map((c) => c.name)).toEqual(['ping', 'game']);
    // Re-registering keeps ids of unchanged names, as Discord does.
    const again = await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands });
    expect(again.map((c) => c.id)).toEqual(global.map((c) => c.id));
    env.fake.assertNoViolations();
  });

  it('answers a slash command with options through interactionCreate', async () => {
    const seen: { user: string; sub: string | null; kind: string; players: number | null; locale: string }[] = [];
    handlers.push(async (interaction) => {
      if (!interaction.isChatInputCommand() || interaction.commandName !== 'game') return;
      seen.push({
        user: interaction.user.id,
        sub: interaction.options.getSubcommand(false),
        kind: interaction.options.getString('kind', true),
        players: interaction.options.getInteger('players'),
        locale: interaction.locale,
      });
      await interaction.reply({ content: `New ${interaction.options.getString('kind', true)} game`, flags: MessageFlags.Ephemeral });
    });
    const alice = env.fake.users.create('alice', { locale: 'de' });
    const handle = await alice.runCommand(env.fake.channelId(), 'game', { subcommand: 'new', options: { kind: 'kairo', players: 3 } });
    expect(seen).toEqual([{ user: alice.id, sub: 'new', kind: 'kairo', players: 3, locale: 'de' }]);
    expect(handle.response).toMatchObject({ type: 4, ephemeral: true });
    expect(handle.reply?.content).toBe('New kairo game');
    expect(alice.sees(env.fake.channelId()).map((m) => m.content)).toEqual(['New kairo game']);
    const bob = env.fake.users.create('bob');
    expect(bob.sees(env.fake.channelId())).toEqual([]);
    env.fake.assertNoViolations();
    expect(env.fake.unknownRoutes).toEqual([]);
  });

  it('a guild and a channel added later reach the client (GUILD_CREATE, CHANNEL_CREATE)', async () => {
    const guildCreated = once(env.client, Events.GuildCreate);
    const guildId = env.fake.createGuild('Second Server', { channels: ['lobby'] });
    const [guild] = (await guildCreated) as [Guild];
    expect(guild.id).toBe(guildId);
    expect(guild.channels.cache.map((c) => c.name)).toEqual(['lobby']);
    const channelCreated = once(env.client, Events.ChannelCreate);
    const channelId = env.fake.createChannel('tables', { guildId });
    const [channel] = (await channelCreated) as [GuildChannel];
    expect(channel.id).toBe(channelId);
    // Guild commands of the first guild are not available in the second; global ones are.
    const dave = env.fake.users.create('dave', { guildId });
    handlers.push(async (interaction) => {
      if (interaction.isChatInputCommand() && interaction.commandName === 'ping' && interaction.guildId === guildId) await interaction.reply('pong from the second server');
    });
    const handle = await dave.runCommand(channelId, 'ping');
    expect(handle.reply?.content).toBe('pong from the second server');
    expect(handle.payload.data).toMatchObject({ name: 'ping' });
    expect((handle.payload.data as { guild_id?: string }).guild_id).toBeUndefined();
  });

  it('channel messages: send, list, fetch, edit, delete', async () => {
    const channel = env.client.channels.cache.get(env.fake.channelId()) as TextChannel;
    const first = await channel.send('first');
    const second = await channel.send({ content: 'second', embeds: [{ title: 'Scores', description: 'alice 3' }] });
    const listed = await channel.messages.fetch({ limit: 2 });
    expect([...listed.keys()]).toEqual([second.id, first.id]);
    const fetched = await channel.messages.fetch({ message: first.id, force: true });
    expect(fetched.content).toBe('first');
    const edited = await second.edit({ content: 'second, edited' });
    expect(edited.editedTimestamp).not.toBeNull();
    expect(env.fake.message(second.id)).toMatchObject({ content: 'second, edited', edited: true, text: 'second, edited\nScores\nalice 3' });
    await first.delete();
    expect(env.fake.message(first.id)?.deleted).toBe(true);
    expect(env.fake.channelMessages(env.fake.channelId()).map((m) => m.id)).not.toContain(first.id);
    await expect(channel.messages.fetch({ message: first.id, force: true })).rejects.toMatchObject({ code: 10008 });
    env.fake.assertNoViolations();
  });

  it('refuses what the Discord client would refuse before anything reaches the bot', async () => {
    const carol = env.fake.users.create('carol');
    const channel = env.fake.channelId();
    await expect(carol.runCommand(channel, 'nope')).rejects.toThrow(/registered no \/nope/);
    await expect(carol.runCommand(channel, 'game', { subcommand: 'new', options: {} })).rejects.toThrow(/"kind" is required/);
    await expect(carol.runCommand(channel, 'game', { subcommand: 'new', options: { kind: 'chess' } })).rejects.toThrow(/must be one of/);
    await expect(carol.runCommand(channel, 'game', { subcommand: 'new', options: { kind: 'kairo', players: 9 } })).rejects.toThrow(/at most 5/);
    await expect(carol.runCommand(channel, 'game', { options: { kind: 'kairo' } })).rejects.toThrow(/needs a subcommand/);
  });
});

/**
 * The fake's integration types and contexts with the real discord.js client: commands declared for guild
 * and user installs (checked against the OpenAPI document), a user who added the app to their account
 * running them in the bot's direct messages (no guild, no member: `user`, `context` 1 and the user's
 * install in `authorizing_integration_owners`), clicking there, and the bot writing to them.
 */
import {
  ApplicationIntegrationType,
  ButtonStyle,
  ComponentType,
  Events,
  InteractionContextType,
  MessageFlags,
  type Interaction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;
const seen: { command?: string; context: number | null; guildId: string | null; owners: Record<string, string> }[] = [];

const anywhere: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'ping',
  description: 'Answers with a button',
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
};
const serverOnly: RESTPostAPIChatInputApplicationCommandsJSONBody = { name: 'serveronly', description: 'Only in servers', contexts: [InteractionContextType.Guild] };
const guildInstallOnly: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'guildinstall',
  description: 'Only through a server install',
  integration_types: [ApplicationIntegrationType.GuildInstall],
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
};

beforeAll(async () => {
  env = await startFakeWithClient();
  env.client.on(Events.InteractionCreate, (interaction: Interaction) => {
    seen.push({
      ...(interaction.isChatInputCommand() ? { command: interaction.commandName } : {}),
      context: interaction.context,
      guildId: interaction.guildId,
      owners: { ...(interaction.authorizingIntegrationOwners.toJSON() as Record<string, string>) },
    });
    if (interaction.isChatInputCommand()) {
      void interaction.reply({ content: 'pong', components: [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: 'again', label: 'Again' }] }] });
    } else if (interaction.isButton()) {
      void interaction.reply({ content: 'clicked', flags: MessageFlags.Ephemeral });
    }
  });
  await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands: [anywhere, serverOnly, guildInstallOnly] });
});

afterEach(() => {
  env.fake.assertNoViolations();
  seen.length = 0;
});

afterAll(async () => {
  await env?.stop();
});

describe('commands declared for installs and contexts', () => {
  it('keeps integration_types and contexts as registered, and refuses values the OpenAPI document does not know', async () => {
    const ping = env.fake.commands().find((c) => c.name === 'ping');
    expect(ping?.integration_types).toEqual([0, 1]);
    expect(ping?.contexts).toEqual([0, 1, 2]);
    const error = await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands: [{ ...anywhere, integration_types: [2 as ApplicationIntegrationType] }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, code: 50035 });
    const [violation] = env.fake.takeViolations();
    expect(violation?.issues.map((i) => i.instancePath).join(' ')).toContain('integration_types');
    const twice = await registerCommands(env.client.rest, { applicationId: env.client.application.id, commands: [{ ...anywhere, contexts: [1, 1] }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(twice).toMatchObject({ status: 400, code: 50035 });
    expect(env.fake.takeViolations()[0]?.issues.map((i) => i.schemaPath).join(' ')).toContain('uniqueItems');
    // The set that was refused left the registered one in place.
    expect(env.fake.commands().map((c) => c.name).sort()).toEqual(['guildinstall', 'ping', 'serveronly']);
  });
});

describe("a user install in the bot's direct messages", () => {
  it('a user who shares no server cannot use the commands until they add the app to their account', async () => {
    const stranger = env.fake.users.create('stranger', { guildId: null });
    await expect(stranger.runCommand(stranger.dmChannel(), 'ping')).rejects.toThrow(/no install of the app authorizes it/);
    stranger.installApp();
    const handle = await stranger.runCommand(stranger.dmChannel(), 'ping');
    expect(handle.reply?.content).toBe('pong');
    expect(handle.payload).toMatchObject({ context: InteractionContextType.BotDM, authorizing_integration_owners: { [ApplicationIntegrationType.UserInstall]: stranger.id }, user: { id: stranger.id } });
    expect(handle.payload).not.toHaveProperty('guild_id');
    expect(handle.payload).not.toHaveProperty('member');
    expect(seen).toEqual([{ command: 'ping', context: InteractionContextType.BotDM, guildId: null, owners: { [ApplicationIntegrationType.UserInstall]: stranger.id } }]);
    // A command declared for guild installs only, or not for direct messages, is not offered there.
    await expect(stranger.runCommand(stranger.dmChannel(), 'guildinstall')).rejects.toThrow(/no install of the app authorizes it/);
    await expect(stranger.runCommand(stranger.dmChannel(), 'serveronly')).rejects.toThrow(/not available in direct messages/);
  });

  it('clicks in the direct message carry the same context and installs, and the bot may write there', async () => {
    const player = env.fake.users.create('player', { guildId: null });
    player.installApp();
    const handle = await player.runCommand(player.dmChannel(), 'ping');
    const message = handle.reply;
    expect(message).toBeDefined();
    const click = await player.clickButton(message!.id, 'again');
    expect(click.reply?.content).toBe('clicked');
    expect(click.payload).toMatchObject({ context: InteractionContextType.BotDM, authorizing_integration_owners: { [ApplicationIntegrationType.UserInstall]: player.id } });
    // The bot's own message in the DM: allowed for a user who installed the app.
    const dm = await env.client.users.createDM(player.id);
    await dm.send('your move');
    expect(env.fake.directMessagesTo(player.id).map((m) => m.content)).toEqual(['pong', 'your move']);
    // Nobody else sees that direct message or can click in it.
    const other = env.fake.users.create('other');
    expect(() => other.sees(player.dmChannel())).not.toThrow();
    expect(other.sees(player.dmChannel())).toEqual([]);
    await expect(other.clickButton(message!.id, 'again')).rejects.toThrow();
  });

  it('in a group DM (a private channel) only the user install authorizes, and the bot cannot post there itself', async () => {
    const host = env.fake.users.create('host', { guildId: null });
    const friend = env.fake.users.create('friend', { guildId: null });
    const group = env.fake.groupDm([host, friend]);
    await expect(host.runCommand(group, 'ping')).rejects.toThrow(/no install of the app authorizes it/);
    host.installApp();
    const handle = await host.runCommand(group, 'ping');
    expect(handle.reply?.content).toBe('pong');
    expect(handle.payload).toMatchObject({ context: InteractionContextType.PrivateChannel, authorizing_integration_owners: { [ApplicationIntegrationType.UserInstall]: host.id } });
    // Both members see the answer; the bot has no place of its own there.
    expect(friend.sees(group).map((m) => m.content)).toEqual(['pong']);
    const refused = await env.client.rest.post(`/channels/${group}/messages`, { body: { content: 'hello' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 50001 });
    await expect(host.runCommand(group, 'guildinstall')).rejects.toThrow(/not available in private channels/);
  });

  it("a server member's DM is authorized by the guild install too (key 0, \"0\")", async () => {
    const member = env.fake.users.create('member');
    const handle = await member.runCommand(member.dmChannel(), 'guildinstall');
    expect(handle.payload).toMatchObject({ context: InteractionContextType.BotDM, authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: '0' } });
    // In the server, the guild install authorizes, with the guild's id, in the guild context.
    const inServer = await member.runCommand(env.fake.channelId(), 'ping');
    expect(inServer.payload).toMatchObject({ context: InteractionContextType.Guild, guild_id: env.fake.guildId, authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: env.fake.guildId } });
  });
});

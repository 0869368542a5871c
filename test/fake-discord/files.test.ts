/**
 * Files and permissions: multipart uploads on channel messages and interaction responses (bytes kept,
 * PNG checked, `attachments` matched to `files[n]`), attachment replacement on edit, attachment options
 * on slash commands, and channel permission overwrites that deny the bot Send Messages / Attach Files.
 */
import { once } from 'node:events';
import {
  AttachmentBuilder,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import type { FakeUser } from './actors.js';
import { startFakeWithClient, type Connected } from './harness.js';
import { PNG_SIGNATURE, makePng } from './png.js';

const MAX_FILE = 64 * 1024;

let env: Connected;
let alice: FakeUser;
let bob: FakeUser;
let channel: string;
let handler: (interaction: Interaction) => Promise<void> = async () => undefined;
let caught: unknown[] = [];
let handlerDone: Promise<void> = Promise.resolve();

beforeAll(async () => {
  env = await startFakeWithClient({ fake: { maxFileSize: MAX_FILE, guild: { channels: ['general', 'quiet'] } } });
  env.client.on(Events.InteractionCreate, (interaction) => {
    handlerDone = handler(interaction).catch((error: unknown) => {
      caught.push(error);
    });
  });
  await registerCommands(env.client.rest, {
    applicationId: env.client.application.id,
    guildId: env.fake.guildId,
    commands: [
      new SlashCommandBuilder().setName('t').setDescription('test command').toJSON(),
      new SlashCommandBuilder()
        .setName('upload')
        .setDescription('Upload a picture')
        .addAttachmentOption((o) => o.setName('file').setDescription('The picture').setRequired(true))
        .toJSON(),
    ],
  });
  alice = env.fake.users.create('alice');
  bob = env.fake.users.create('bob');
  channel = env.fake.channelId();
});

afterEach(async () => {
  await handlerDone;
  caught = [];
  handler = async () => undefined;
  expect(env.fake.takeViolations().map((v) => `${v.code} ${v.message}`)).toEqual([]);
});

afterAll(async () => {
  await env?.stop();
});

const textChannel = (id = channel) => env.client.channels.cache.get(id) as TextChannel;

describe('multipart uploads', () => {
  it('channel.send with a PNG keeps the bytes, reads its size and serves it back', async () => {
    const png = makePng(4, 3);
    const sent = await textChannel().send({
      content: 'the board',
      files: [new AttachmentBuilder(png, { name: 'board.png', description: 'Board after round 1' })],
      embeds: [new EmbedBuilder().setTitle('Round 1').setImage('attachment://board.png')],
    });
    const seen = env.fake.message(sent.id);
    expect(seen?.attachments).toHaveLength(1);
    const [attachment] = seen?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: 'board.png', contentType: 'image/png', width: 4, height: 3, size: png.length, description: 'Board after round 1' });
    expect(attachment?.bytes.equals(png)).toBe(true);
    expect(sent.attachments.first()?.width).toBe(4);
    const download = await fetch(attachment?.url ?? '');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect(bob.sees(channel).at(-1)?.attachments[0]?.bytes.equals(png)).toBe(true);
    const upload = env.fake.requests.find((r) => r.method === 'POST' && r.route === '/channels/{channel_id}/messages' && r.files.length > 0);
    expect(upload?.files).toEqual([{ field: 'files[0]', filename: 'board.png', contentType: 'image/png', size: png.length }]);
  });

  it('an ephemeral reply with a file is seen by its user only and never appears publicly', async () => {
    const secret = makePng(2, 2, [1, 2, 3]);
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'your hand', files: [{ attachment: secret, name: 'hand.png' }], flags: MessageFlags.Ephemeral });
    };
    const handle = await alice.runCommand(channel, 't');
    expect(handle.reply?.attachments[0]?.bytes.equals(secret)).toBe(true);
    expect(alice.sees(channel).at(-1)?.attachments[0]?.filename).toBe('hand.png');
    expect(bob.sees(channel).some((m) => m.attachments.some((a) => a.bytes.equals(secret)))).toBe(false);
    expect(env.fake.publicOccurrences(secret)).toEqual([]);
    expect(env.fake.publicOccurrences('hand.png')).toEqual([]);
  });

  it("a public picture's alt text (its description) is a public text: publicOccurrences finds it, and not a private one's", async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'the board', files: [{ attachment: makePng(1, 1, [4, 4, 4]), name: 'board.png', description: 'Ada holds the red card' }] });
      await i.followUp({ content: 'your hand', files: [{ attachment: makePng(1, 1, [5, 5, 5]), name: 'hand.png', description: 'Bob holds the blue card' }], flags: MessageFlags.Ephemeral });
    };
    await alice.runCommand(channel, 't');
    expect(env.fake.publicOccurrences('Ada holds the red card')).toMatchObject([{ where: 'attachment description board.png' }]);
    expect(env.fake.publicOccurrences(/holds the blue card/)).toEqual([]);
  });

  it('editReply with new files replaces the old ones; attachments: [] removes them', async () => {
    const first = makePng(1, 1, [9, 9, 9]);
    const second = makePng(2, 1, [8, 8, 8]);
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply({ files: [{ attachment: first, name: 'a.png' }] });
      await i.editReply({ files: [{ attachment: second, name: 'b.png' }] });
    };
    const handle = await alice.runCommand(channel, 't');
    await handle.waitFor((h) => h.reply?.attachments[0]?.filename === 'b.png', { description: 'the second edit' });
    expect(handle.reply?.attachments.map((a) => a.filename)).toEqual(['b.png']);
    // Both versions were public at some point; the record keeps the replaced one too.
    expect(env.fake.publicOccurrences(first)).toMatchObject([{ where: 'attachment a.png' }]);
    const message = await textChannel().messages.fetch(handle.reply?.id ?? '');
    await message.edit({ attachments: [] , content: 'no picture'});
    expect(env.fake.message(message.id)?.attachments).toEqual([]);
  });

  it.each([
    { what: 'a .png that is not a PNG', bytes: Buffer.from('GIF89a not a png at all, sorry'), rule: 'discord-rule:png', text: /does not start with the PNG signature/ },
    { what: 'a truncated PNG', bytes: makePng(3, 3).subarray(0, 60), rule: 'discord-rule:png', text: /truncated/ },
    { what: 'a PNG claiming 0x0', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.from('0000000d49484452', 'hex'), Buffer.alloc(17), Buffer.from('0000000049454e44ae426082', 'hex')]), rule: 'discord-rule:png', text: /insane dimensions 0x0/ },
  ])('rejects $what', async ({ bytes, rule, text }) => {
    const error = await textChannel().send({ files: [{ attachment: bytes, name: 'x.png' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ status: 400, code: 50035 });
    const [violation] = env.fake.takeViolations();
    expect(violation?.issues[0]?.schemaPath).toBe(rule);
    expect(violation?.issues[0]?.message).toMatch(text);
  });

  it('rejects a file over the size limit with 413 / 40005', async () => {
    const error = await textChannel().send({ files: [{ attachment: Buffer.alloc(MAX_FILE + 1, 1), name: 'big.bin' }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 413, code: 40005 });
    expect(env.fake.takeViolations()).toHaveLength(1);
  });

  it('reads a hand-written multipart body: a quoted boundary, an escaped file name, bytes kept exactly', async () => {
    const png = makePng(2, 2, [4, 5, 6]);
    const boundary = 'an odd=boundary:1';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n`),
      Buffer.from(JSON.stringify({ content: 'by hand', attachments: [{ id: '0' }] })),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="a%22b.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${env.fake.apiBaseUrl}/v10/channels/${channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${env.fake.token}`, 'content-type': `multipart/form-data; boundary="${boundary}"` },
      body,
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { id: string };
    const [attachment] = env.fake.message(sent.id)?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: 'a"b.png', contentType: 'image/png', width: 2, height: 2 });
    expect(attachment?.bytes.equals(png)).toBe(true);
  });

  it.each([
    { what: 'no boundary', type: 'multipart/form-data', body: 'x' },
    { what: 'a part that never ends', type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{}' },
    { what: 'a part without a name', type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Type: text/plain\r\n\r\n{}\r\n--zz--' },
  ])('answers a malformed multipart body ($what) with 400 / 50035 and keeps nothing', async ({ type, body }) => {
    const before = env.fake.channelMessages(channel).length;
    const res = await fetch(`${env.fake.apiBaseUrl}/v10/channels/${channel}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${env.fake.token}`, 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(50035);
    expect(env.fake.channelMessages(channel)).toHaveLength(before);
    expect(env.fake.takeViolations()[0]?.issues[0]?.message).toMatch(/Malformed multipart body/);
  });

  it('rejects attachments that do not match the uploaded files', async () => {
    const rest = env.client.rest;
    const route = `/channels/${channel}/messages` as const;
    const missing = await rest
      .post(route, { body: { content: 'x', attachments: [{ id: '5' }] }, files: [{ name: 'a.txt', data: Buffer.from('hi') }] })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 400, code: 50035 });
    const unlisted = await rest
      .post(route, { body: { content: 'x', attachments: [{ id: '0' }] }, files: [{ name: 'a.txt', data: Buffer.from('hi') }, { name: 'b.txt', data: Buffer.from('ho') }] })
      .catch((e: unknown) => e);
    expect(unlisted).toMatchObject({ status: 400, code: 50035 });
    const danglingEmbed = await textChannel()
      .send({ embeds: [new EmbedBuilder().setTitle('x').setImage('attachment://missing.png')] })
      .catch((e: unknown) => e);
    expect(danglingEmbed).toMatchObject({ status: 400, code: 50035 });
    expect(env.fake.takeViolations().map((v) => v.issues[0]?.schemaPath)).toEqual([
      'discord-rule:attachment-file',
      'discord-rule:attachment-file',
      'discord-rule:attachment-reference',
    ]);
  });

  it('hands a user-uploaded attachment option to the bot with a URL it can download', async () => {
    const picture = makePng(5, 5);
    let got: { name: string; width: number | null; bytes: Buffer } | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand() || i.commandName !== 'upload') return;
      const file = i.options.getAttachment('file', true);
      const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
      got = { name: file.name, width: file.width, bytes };
      await i.reply({ content: 'thanks', flags: MessageFlags.Ephemeral });
    };
    await alice.runCommand(channel, 'upload', { options: { file: { name: 'me.png', bytes: picture } } });
    expect(got?.name).toBe('me.png');
    expect(got?.width).toBe(5);
    expect(got?.bytes.equals(picture)).toBe(true);
  });
});

describe('permissions', () => {
  const quiet = () => env.fake.channelId('quiet');

  it('the bot member and its role give it permissions; the client sees them', () => {
    const me = env.client.guilds.cache.get(env.fake.guildId)?.members.me;
    expect(me?.permissionsIn(quiet()).has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(env.fake.botPermissionsIn(quiet()) & PermissionFlagsBits.AttachFiles).toBe(PermissionFlagsBits.AttachFiles);
  });

  it('denying Send Messages: channel.send gets 403 / 50013, the client cache learns it, interaction replies still work', async () => {
    const updated = once(env.client, Events.ChannelUpdate);
    env.fake.denyBot(quiet(), ['SendMessages']);
    await updated;
    const me = env.client.guilds.cache.get(env.fake.guildId)?.members.me;
    expect(me?.permissionsIn(quiet()).has(PermissionFlagsBits.SendMessages)).toBe(false);
    const error = await textChannel(quiet()).send('hello?').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 50013 });
    // A permission error is the world's state, not a protocol violation.
    expect(env.fake.violations).toEqual([]);

    let appCanSend: boolean | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      appCanSend = i.appPermissions.has(PermissionFlagsBits.SendMessages);
      await i.reply('interaction responses need no Send Messages');
    };
    const handle = await alice.runCommand(quiet(), 't');
    expect(appCanSend).toBe(false);
    expect(handle.reply?.content).toBe('interaction responses need no Send Messages');
    env.fake.resetBotPermissions(quiet());
  });

  it('denying Attach Files: a message with a file is refused, without one it goes through', async () => {
    const updated = once(env.client, Events.ChannelUpdate);
    env.fake.denyBot(quiet(), ['AttachFiles']);
    await updated;
    const error = await textChannel(quiet()).send({ content: 'pic', files: [{ attachment: makePng(1, 1), name: 'p.png' }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 50013 });
    expect((error as Error).message).toMatch(/AttachFiles/);
    await expect(textChannel(quiet()).send('text only')).resolves.toBeTruthy();
    env.fake.resetBotPermissions(quiet());
  });

  it('a channel the bot cannot see answers 50001 Missing Access, and users without View Channel see nothing', async () => {
    const updated = once(env.client, Events.ChannelUpdate);
    env.fake.denyBot(quiet(), ['ViewChannel']);
    await updated;
    const error = await env.client.rest.post(`/channels/${quiet()}/messages`, { body: { content: 'x' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 50001 });
    env.fake.resetBotPermissions(quiet());

    const secretRole = env.fake.createRole('outsiders');
    env.fake.setPermissionOverwrite(quiet(), { id: env.fake.guildId, deny: ['ViewChannel'] });
    env.fake.setPermissionOverwrite(quiet(), { id: alice.id, allow: ['ViewChannel'] });
    // @everyone's deny hits the bot too, as on Discord; it needs its own allow.
    await expect(textChannel(quiet()).send('members only')).rejects.toMatchObject({ code: 50001 });
    env.fake.setPermissionOverwrite(quiet(), { id: env.fake.botUserId, allow: ['ViewChannel'] });
    await textChannel(quiet()).send('members only');
    expect(alice.sees(quiet()).at(-1)?.content).toBe('members only');
    expect(bob.sees(quiet())).toEqual([]);
    await expect(bob.runCommand(quiet(), 't')).rejects.toThrow(/cannot see/);
    expect(secretRole).toMatch(/^\d{17,19}$/);
  });
});

/**
 * The fake's threads and direct messages with the real discord.js client: Discord's rules, so that a bot
 * passing against the fake would pass against Discord (permissions, one thread per message, none inside a
 * thread, Send Messages in Threads, THREAD_CREATE in the client's cache, DMs only to users sharing a server).
 */
import { ChannelType, DiscordAPIError, type TextChannel, type ThreadChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;

beforeAll(async () => {
  env = await startFakeWithClient({ fake: { botPermissions: ['ViewChannel', 'SendMessages', 'ReadMessageHistory', 'AttachFiles', 'CreatePublicThreads', 'SendMessagesInThreads'] } });
});

afterAll(async () => {
  await env?.stop();
});

async function textChannel(name: string): Promise<TextChannel> {
  const id = env.fake.createChannel(name);
  return (await env.client.channels.fetch(id)) as TextChannel;
}

async function refusal(task: Promise<unknown>): Promise<number> {
  const error = await task.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  return (error as DiscordAPIError).code as number;
}

describe('threads', () => {
  it('opens a thread from a message (one per message) or on its own; the client knows it from THREAD_CREATE', async () => {
    const channel = await textChannel('threads');
    const message = await channel.send('a lobby');
    const thread = await channel.threads.create({ name: 'Game #1', startMessage: message.id });
    expect(thread.id).toBe(message.id);
    expect(thread.parentId).toBe(channel.id);
    expect(env.client.channels.cache.get(thread.id)?.type).toBe(ChannelType.PublicThread);
    expect(env.fake.threadsOf(channel.id)).toEqual([{ id: thread.id, name: 'Game #1', parentId: channel.id, starterMessageId: message.id }]);
    expect(await refusal(channel.threads.create({ name: 'again', startMessage: message.id }))).toBe(160004);
    const loose = await channel.threads.create({ name: 'loose', type: ChannelType.PublicThread });
    expect(env.fake.threadsOf(channel.id).map((t) => t.name)).toEqual(['Game #1', 'loose']);
    const posted = await thread.send('in the thread');
    expect(env.fake.channelMessages(thread.id).map((m) => m.content)).toEqual(['in the thread']);
    expect(env.fake.channelMessages(channel.id).map((m) => m.id)).not.toContain(posted.id);
    expect((await loose.send('x')).channelId).toBe(loose.id);
    // No thread inside a thread.
    expect(await refusal(env.client.rest.post(`/channels/${thread.id}/threads`, { body: { name: 'nested', type: ChannelType.PublicThread } }))).toBe(50024);
    env.fake.assertNoViolations();
  });

  it('a message that started a thread carries it; the guild lists its active threads, newest first, those the bot can see', async () => {
    const channel = await textChannel('carried');
    const message = await channel.send('a lobby');
    const thread = await channel.threads.create({ name: 'Game #2', startMessage: message.id });
    const reread = await channel.messages.fetch({ message: message.id, force: true });
    expect(reread.hasThread).toBe(true);
    expect(reread.thread?.id).toBe(thread.id);
    const plain = await channel.send('no thread');
    expect((await channel.messages.fetch({ message: plain.id, force: true })).hasThread).toBe(false);
    const loose = await channel.threads.create({ name: 'Game #3', type: ChannelType.PublicThread });
    const hidden = await textChannel('hidden');
    await hidden.threads.create({ name: 'secret', type: ChannelType.PublicThread });
    env.fake.denyBot(hidden.id, ['ViewChannel']);
    const active = await channel.threads.fetchActive();
    expect([...active.threads.keys()]).toEqual([loose.id, thread.id]);
    const listed = (await env.client.rest.get(`/guilds/${env.fake.guildId}/threads/active`)) as { threads: { id: string; name: string; owner_id: string }[] };
    expect(listed.threads.map((t) => t.name)).not.toContain('secret');
    expect(listed.threads.find((t) => t.id === thread.id)).toMatchObject({ name: 'Game #2', owner_id: env.fake.botUserId });
    env.fake.resetBotPermissions(hidden.id);
    env.fake.assertNoViolations();
  });

  it('needs Create Public Threads in the channel, and Send Messages in Threads to post in one', async () => {
    const channel = await textChannel('locked');
    const thread: ThreadChannel = await channel.threads.create({ name: 'open', type: ChannelType.PublicThread });
    env.fake.denyBot(channel.id, ['CreatePublicThreads', 'SendMessagesInThreads']);
    expect(await refusal(channel.threads.create({ name: 'no', type: ChannelType.PublicThread }))).toBe(50013);
    expect(await refusal(thread.send('no'))).toBe(50013);
    // Send Messages alone is for the channel itself.
    expect((await channel.send('still here')).channelId).toBe(channel.id);
    env.fake.resetBotPermissions(channel.id);
    expect((await thread.send('back')).channelId).toBe(thread.id);
    env.fake.assertNoViolations();
  });

  it('a deleted thread is gone for the client and for posts', async () => {
    const channel = await textChannel('deleting');
    const thread = await channel.threads.create({ name: 'short-lived', type: ChannelType.PublicThread });
    await thread.send('hello');
    env.fake.deleteThread(thread.id);
    expect(env.fake.threadsOf(channel.id)).toEqual([]);
    expect(env.fake.channelMessages(thread.id)).toEqual([]);
    expect(await refusal(env.client.rest.post(`/channels/${thread.id}/messages`, { body: { content: 'x' } }))).toBe(10003);
    env.fake.assertNoViolations();
  });
});

describe('direct messages', () => {
  it('open one channel per user; a user sharing no server with the bot cannot be written to', async () => {
    const alice = env.fake.users.create('alice');
    const dm = await env.client.users.createDM(alice.id);
    expect(dm.type).toBe(ChannelType.DM);
    await dm.send('your turn');
    expect((await env.client.users.createDM(alice.id, { force: true })).id).toBe(dm.id);
    expect(env.fake.directMessagesTo(alice.id).map((m) => m.content)).toEqual(['your turn']);
    // Nobody else sees it.
    const bob = env.fake.users.create('bob');
    expect(env.fake.visibleTo(bob.id, dm.id)).toEqual([]);
    expect(env.fake.visibleTo(alice.id, dm.id).map((m) => m.content)).toEqual(['your turn']);
    const stranger = env.fake.world.createUser({ username: 'stranger' });
    const closed = await env.client.users.createDM(stranger.id);
    expect(await refusal(closed.send('hello'))).toBe(50007);
    // A member who turned their direct messages off is refused the same way, until they turn them on again.
    alice.setDirectMessages(false);
    expect(await refusal(dm.send('again'))).toBe(50007);
    alice.setDirectMessages(true);
    await dm.send('again');
    expect(env.fake.directMessagesTo(alice.id).map((m) => m.content)).toEqual(['your turn', 'again']);
    env.fake.assertNoViolations();
  });
});

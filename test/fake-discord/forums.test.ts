/**
 * The fake's forum channels with the real discord.js client, as Discord has them: a forum holds posts only
 * (threads opened with their starter message, which has the thread's id and is edited like any message);
 * opening one needs Send Messages in the forum; a plain message into the forum itself is refused (50008);
 * the guild's active threads list the posts.
 */
import { ButtonStyle, ChannelFlags, ChannelType, ComponentType, DiscordAPIError, type ForumChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWithClient, type Connected } from './harness.js';

let env: Connected;

beforeAll(async () => {
  env = await startFakeWithClient({ fake: { botPermissions: ['ViewChannel', 'SendMessages', 'ReadMessageHistory', 'SendMessagesInThreads'] } });
});

afterAll(async () => {
  await env?.stop();
});

async function forum(name: string): Promise<ForumChannel> {
  const id = env.fake.createChannel(name, { type: 'forum' });
  return (await env.client.channels.fetch(id)) as ForumChannel;
}

async function refusal(task: Promise<unknown>): Promise<number> {
  const error = await task.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  return (error as DiscordAPIError).code as number;
}

const takeButton = { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Success, custom_id: 'take', label: 'Take' }] };

describe('forum channels', () => {
  it('a post is a thread opened with its starter message, which has the thread\'s id; the client hears THREAD_CREATE', async () => {
    const board = await forum('bench-forum');
    expect(board.type).toBe(ChannelType.GuildForum);
    const post = await board.threads.create({ name: 'A seat is open', message: { content: 'Take it', components: [takeButton], allowedMentions: { parse: [] } } });
    expect(post.parentId).toBe(board.id);
    expect(post.type).toBe(ChannelType.PublicThread);
    expect(env.client.channels.cache.get(post.id)?.type).toBe(ChannelType.PublicThread);
    expect(env.fake.threadsOf(board.id).map((t) => t.name)).toEqual(['A seat is open']);
    const [starter] = env.fake.channelMessages(post.id);
    expect(starter).toMatchObject({ id: post.id, content: 'Take it' });
    expect(starter!.buttons.map((b) => b.customId)).toEqual(['take']);
    // The starter message is edited like any message of the thread.
    await post.messages.edit(post.id, { content: 'Taken', components: [] });
    expect(env.fake.channelMessages(post.id)[0]).toMatchObject({ id: post.id, content: 'Taken', buttons: [] });
    const fetched = await post.fetchStarterMessage({ force: true });
    expect(fetched?.content).toBe('Taken');
    // The guild's active threads list the post.
    const active = await board.guild.channels.fetchActiveThreads(false);
    expect(active.threads.map((t) => t.id)).toContain(post.id);
    env.fake.assertNoViolations();
  });

  it('a message into the forum itself is refused; a post needs its message and Send Messages in the forum', async () => {
    const board = await forum('refusing-forum');
    expect(await refusal(env.client.rest.post(`/channels/${board.id}/messages`, { body: { content: 'hello' } }))).toBe(50008);
    env.fake.denyBot(board.id, ['SendMessages']);
    await expect.poll(() => board.permissionsFor(env.client.user!)?.has('SendMessages')).toBe(false);
    expect(await refusal(board.threads.create({ name: 'refused', message: { content: 'x' } }))).toBe(50013);
    expect(env.fake.threadsOf(board.id)).toEqual([]);
    env.fake.resetBotPermissions(board.id);
    // The document says a forum post carries a message: without one the body is invalid.
    expect(await refusal(env.client.rest.post(`/channels/${board.id}/threads`, { body: { name: 'no message' } }))).toBe(50035);
    expect(env.fake.takeViolations().length).toBeGreaterThan(0);
    // A forum that asks a tag of every post says so in its flags, and refuses a post without one.
    const tagged = (await env.client.channels.fetch(env.fake.createChannel('tagged-forum', { type: 'forum', requireTag: true }))) as ForumChannel;
    expect(tagged.flags.has(ChannelFlags.RequireTag)).toBe(true);
    expect(await refusal(tagged.threads.create({ name: 'untagged', message: { content: 'x' } }))).toBe(40067);
  });
});

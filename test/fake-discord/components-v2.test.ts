/**
 * Components V2 messages (the IS_COMPONENTS_V2 flag) as Discord takes them: a container with an accent
 * colour, text displays, a media gallery of the message's own files, buttons in action rows inside it; and
 * what Discord refuses, with 400 / 50035 and the path of the field at fault.
 */
import { DiscordAPIError, MessageFlags, type APIMessage, type TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWithClient, type Connected } from './harness.js';
import { makePng } from './png.js';

let env: Connected;
let channel: string;

beforeAll(async () => {
  env = await startFakeWithClient();
  channel = env.fake.channelId();
});

afterEach(() => {
  env.fake.assertNoViolations();
});

afterAll(async () => {
  await env.stop();
});

function textChannel(): TextChannel {
  return env.client.channels.cache.get(channel) as TextChannel;
}

const PICTURE = 'board.png';

function card(overrides: { accent?: number; texts?: string[]; items?: Record<string, unknown>[]; extra?: Record<string, unknown>[] } = {}): Record<string, unknown> {
  return {
    type: 17,
    accent_color: overrides.accent ?? 0x3366cc,
    components: [
      ...(overrides.texts ?? ['## Kairo #1', 'Your turn, <@1>']).map((content) => ({ type: 10, content })),
      { type: 12, items: overrides.items ?? [{ media: { url: `attachment://${PICTURE}` }, description: 'The board' }] },
      { type: 1, components: [{ type: 2, style: 1, label: 'Take my turn', custom_id: 'turn' }] },
      ...(overrides.extra ?? []),
    ],
  };
}

/** Posts a V2 message with the board picture attached, as the bot's client sends it. */
function post(components: Record<string, unknown>[], more: { content?: string; flags?: number } = {}): Promise<APIMessage> {
  return env.client.rest.post(`/channels/${channel}/messages`, {
    body: { flags: more.flags ?? MessageFlags.IsComponentsV2, components, attachments: [{ id: '0' }], ...(more.content === undefined ? {} : { content: more.content }) },
    files: [{ name: PICTURE, data: makePng(4, 3) }],
  }) as Promise<APIMessage>;
}

/** The refusal of a request Discord would refuse: its status, code, and where the fake says the fault is. */
async function refusal(request: Promise<unknown>): Promise<{ status: number; code: number | string; path: string | undefined; rule: string | undefined; errors: unknown }> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DiscordAPIError)) throw new Error(`expected Discord to refuse, got ${String(error)}`);
  const [violation] = env.fake.takeViolations();
  return { status: error.status, code: error.code, path: violation?.issues[0]?.instancePath, rule: violation?.issues[0]?.schemaPath, errors: 'errors' in error.rawError ? error.rawError.errors : undefined };
}

describe('a Components V2 message', () => {
  it('is kept as sent, and its gallery shows the attached file as Discord resolves it', async () => {
    const sent = await post([card()]);
    const seen = env.fake.message(sent.id);
    expect((seen?.flags ?? 0) & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
    expect(seen?.content).toBe('');
    expect(seen?.text).toBe('## Kairo #1\nYour turn, <@1>');
    expect(seen?.buttons.map((b) => b.customId)).toEqual(['turn']);
    // Discord answers with the media resolved to the attachment it names.
    const [attachment] = sent.attachments;
    const container = sent.components?.[0] as unknown as { accent_color: number; components: { type: number; items?: { media: Record<string, unknown> }[] }[] };
    expect(container.accent_color).toBe(0x3366cc);
    const media = container.components.find((c) => c.type === 12)?.items?.[0]?.media;
    expect(media).toMatchObject({ url: attachment?.url, proxy_url: attachment?.url, width: 4, height: 3, content_type: 'image/png', attachment_id: attachment?.id });
  });

  it('is edited with its whole tree: the buttons come off, the text and the picture stay, the flag stays', async () => {
    const sent = await post([card()]);
    const message = await textChannel().messages.fetch(sent.id);
    const kept = card();
    (kept.components as unknown[]).splice(3, 1);
    await message.edit({ components: [kept as never], flags: MessageFlags.IsComponentsV2 });
    const seen = env.fake.message(sent.id);
    expect(seen?.buttons).toEqual([]);
    expect(seen?.text).toBe('## Kairo #1\nYour turn, <@1>');
    expect(seen?.attachments.map((a) => a.filename)).toEqual([PICTURE]);
    expect((seen?.flags ?? 0) & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
  });
});

describe('Discord refuses a V2 message that breaks its rules (400, 50035, the field at fault)', () => {
  it('text beside the flag', async () => {
    expect(await refusal(post([card()], { content: 'hello' }))).toMatchObject({ status: 400, code: 50035, path: '/content', rule: 'discord-rule:components-v2-content' });
  });

  it('a container or text display without the flag', async () => {
    expect(await refusal(post([card()], { flags: 0 }))).toMatchObject({ status: 400, code: 50035, path: '/components/0/type', rule: 'discord-rule:classic-components-need-action-rows' });
  });

  it('more than 4,000 characters of text in all', async () => {
    const long = 'x'.repeat(2_001);
    const result = await refusal(post([card({ texts: [long, long] })]));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/components', rule: 'discord-rule:components-v2-text-total' });
    expect(result.errors).toMatchObject({ components: { _errors: [expect.objectContaining({ message: expect.stringMatching(/4000/) })] } });
  });

  it('more than 40 components, the nested ones counted', async () => {
    // Two containers of 20 text displays each: 42 components, each container within its own 40.
    const texts = Array.from({ length: 20 }, (_, i) => ({ type: 10, content: `line ${i}` }));
    const result = await refusal(post([card(), { type: 17, components: texts }, { type: 17, components: texts }]));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/components', rule: 'discord-rule:max-total-components' });
  });

  it('a media gallery of no item, or of eleven', async () => {
    expect(await refusal(post([card({ items: [] })]))).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/2/items' });
    const eleven = Array.from({ length: 11 }, () => ({ media: { url: `attachment://${PICTURE}` } }));
    expect(await refusal(post([card({ items: eleven })]))).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/2/items' });
  });

  it('alt text over 1,024 characters', async () => {
    const result = await refusal(post([card({ items: [{ media: { url: `attachment://${PICTURE}` }, description: 'a'.repeat(1_025) }] })]));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/2/items/0/description' });
    expect(result.rule).toMatch(/MediaGalleryItemRequest\/properties\/description\/maxLength$/);
  });

  it('a gallery item naming a file the message does not carry', async () => {
    const result = await refusal(post([card({ items: [{ media: { url: 'attachment://other.png' } }] })]));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/2/items/0/media/url', rule: 'discord-rule:attachment-reference' });
  });

  it('an accent colour outside 0..0xFFFFFF', async () => {
    const result = await refusal(post([card({ accent: 0x1000000 })]));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/components/0/accent_color' });
    expect(result.rule).toMatch(/ContainerComponentForMessageRequest\/properties\/accent_color\/maximum$/);
  });

  it('a component where it may not stand: a container inside a container, a button straight in a container', async () => {
    const nested = await refusal(post([card({ extra: [{ type: 17, components: [{ type: 10, content: 'inner' }] }] })]));
    expect(nested).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/4/type' });
    const loose = await refusal(post([card({ extra: [{ type: 2, style: 1, label: 'loose', custom_id: 'loose' }] })]));
    expect(loose).toMatchObject({ status: 400, code: 50035, path: '/components/0/components/4/type' });
  });

  it('an edit that takes the flag off', async () => {
    const sent = await post([card()]);
    const result = await refusal(env.client.rest.patch(`/channels/${channel}/messages/${sent.id}`, { body: { flags: 0, components: [card()] } }));
    expect(result).toMatchObject({ status: 400, code: 50035, path: '/flags', rule: 'discord-rule:components-v2-sticky' });
  });
});

/**
 * Application emojis on the fake as on Discord: listed as `{ items }`, created from a data URI, renamed,
 * deleted; refused (400) for a name outside [A-Za-z0-9_]{2,32} or already taken, an image that is not a
 * data URI of an image or is over 256 KiB, and past 2,000 emojis; another application's emojis are not
 * this bot's; a button or select option takes only an emoji of the app's own.
 */
import { REST, Routes } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from './fake-discord.js';
import { makePng } from './png.js';
import { MAX_APPLICATION_EMOJIS } from './rest/emojis.js';

let fake: FakeDiscord;
let rest: REST;

beforeAll(async () => {
  fake = await FakeDiscord.start();
  rest = new REST({ api: fake.apiBaseUrl, retries: 0, timeout: 2000, globalRequestsPerSecond: Infinity }).setToken(fake.token);
});

afterEach(() => {
  fake.world.applicationEmojis.clear();
  fake.takeViolations();
});

afterAll(async () => {
  await fake?.stop();
});

const png = (): string => `data:image/png;base64,${makePng(128, 128).toString('base64')}`;
const list = async (): Promise<{ id: string; name: string }[]> => ((await rest.get(Routes.applicationEmojis(fake.applicationId))) as { items: { id: string; name: string }[] }).items;
const create = (name: string, image = png()): Promise<unknown> => rest.post(Routes.applicationEmojis(fake.applicationId), { body: { name, image } });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: number; rule: string | undefined }> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as { status: number; code: number } | undefined;
  expect(error, 'refused').toBeDefined();
  const [violation] = fake.takeViolations();
  return { status: error!.status, code: error!.code, rule: violation?.issues[0]?.schemaPath };
}

describe('application emojis', () => {
  it('creates, lists, renames and deletes them', async () => {
    expect(await list()).toEqual([]);
    const created = (await create('fabric_abc123')) as { id: string; name: string; available: boolean; managed: boolean };
    expect(created).toMatchObject({ name: 'fabric_abc123', available: true, managed: false, animated: false, require_colons: true });
    expect(await list()).toMatchObject([{ id: created.id, name: 'fabric_abc123' }]);
    expect(await rest.patch(Routes.applicationEmoji(fake.applicationId, created.id), { body: { name: 'fabric_def456' } })).toMatchObject({ name: 'fabric_def456' });
    await rest.delete(Routes.applicationEmoji(fake.applicationId, created.id));
    expect(await list()).toEqual([]);
    expect(await refusal(rest.get(Routes.applicationEmoji(fake.applicationId, created.id)))).toMatchObject({ status: 404, code: 10014 });
  });

  it('refuses a name the OpenAPI document refuses (1 or 33 characters) and one Discord refuses (a hyphen, a taken name)', async () => {
    expect(await refusal(create('a'))).toMatchObject({ status: 400, code: 50035 });
    expect(await refusal(create('a'.repeat(33)))).toMatchObject({ status: 400, code: 50035 });
    expect(await refusal(create('good-red'))).toMatchObject({ status: 400, code: 50035, rule: 'discord-rule:emoji-name' });
    await create('ruby_000000');
    expect(await refusal(create('ruby_000000'))).toMatchObject({ status: 400, code: 50035, rule: 'discord-rule:APPLICATION_EMOJI_NAME_ALREADY_TAKEN' });
  });

  it('refuses an image that is no data URI, not a picture, or over 256 KiB', async () => {
    expect(await refusal(create('lira_000000', 'https://example.com/lira.png'))).toMatchObject({ status: 400, rule: 'discord-rule:emoji-image' });
    expect(await refusal(create('lira_000000', `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`))).toMatchObject({ status: 400, rule: 'discord-rule:emoji-image' });
    const big = `data:image/png;base64,${Buffer.alloc(256 * 1024 + 1).toString('base64')}`;
    expect(await refusal(create('lira_000000', big))).toMatchObject({ status: 400, rule: 'discord-rule:BINARY_TYPE_MAX_SIZE' });
    expect(await list()).toEqual([]);
  });

  it('holds at most 2,000 per application', async () => {
    for (let i = 0; i < MAX_APPLICATION_EMOJIS; i++) fake.world.applicationEmojis.set(`${i}`, { id: `${i}`, name: `e${i}`, png: Buffer.alloc(0) });
    expect(await refusal(create('one_more'))).toMatchObject({ status: 400, code: 30008 });
  });

  it("takes on a button or a select option only an emoji of the app's own", async () => {
    const own = (await create('fabric_abc123')) as { id: string; name: string };
    const message = (emoji: { id: string; name: string }): Promise<unknown> =>
      rest.post(Routes.channelMessages(fake.channelId()), {
        body: {
          content: 'Choose',
          components: [
            { type: 1, components: [{ type: 2, style: 1, custom_id: 'take', label: 'Take 1 fabric', emoji }] },
            { type: 1, components: [{ type: 3, custom_id: 'pick', options: [{ label: 'Take 1 fabric', value: 'a', emoji }] }] },
          ],
        },
      });
    await message(own);
    expect(await refusal(message({ id: '999999999999999999', name: 'fabric_abc123' }))).toMatchObject({ status: 400, code: 50035, rule: 'discord-rule:COMPONENT_INVALID_EMOJI' });
  });

  it("answers another application's emojis with Missing Access", async () => {
    expect(await refusal(rest.get(Routes.applicationEmojis('123456789012345678')))).toMatchObject({ status: 403, code: 50001 });
  });
});

/**
 * Interaction rules and flows, driven through the real discord.js client: one initial response, the
 * response window, webhook calls only after it, token lifetime, schema-checked payloads; and what each
 * user sees after replies, deferrals, updates, follow-ups and deletions.
 */
import {
  ActionRowBuilder,
  ApplicationCommandType,
  ButtonBuilder,
  ButtonStyle,
  ContextMenuCommandBuilder,
  DiscordAPIError,
  Events,
  MessageFlags,
  ModalBuilder,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register-commands.js';
import { FakeDiscordViolationError } from './dispatcher.js';
import type { FakeUser } from './actors.js';
import { startFakeWithClient, type Connected } from './harness.js';
import { validateComponentSchema } from './schema.js';

let env: Connected;
let alice: FakeUser;
let bob: FakeUser;
let channel: string;
/** The bot's behaviour for the current test. */
let handler: (interaction: Interaction) => Promise<void> = async () => undefined;
/** Errors the handler caught, and a promise for the handler's completion. */
let caught: unknown[] = [];
let handlerDone: Promise<void> = Promise.resolve();
const received = new Set<string>();
const running = new Set<Promise<void>>();

beforeAll(async () => {
  env = await startFakeWithClient();
  env.client.on(Events.InteractionCreate, (interaction) => {
    received.add(interaction.id);
    const done = handler(interaction).catch((error: unknown) => {
      caught.push(error);
    });
    handlerDone = done;
    running.add(done);
    void done.finally(() => running.delete(done));
  });
  await registerCommands(env.client.rest, {
    applicationId: env.client.application.id,
    commands: [new SlashCommandBuilder().setName('t').setDescription('test command').toJSON()],
  });
  alice = env.fake.users.create('alice');
  bob = env.fake.users.create('bob', { locale: 'nl' });
  channel = env.fake.channelId();
});

/** Lets every dispatched interaction reach the bot and its handler finish, so nothing leaks into the next test. */
async function drain(): Promise<void> {
  // Generous: on a busy machine a dispatch can take a while to reach the client.
  const until = Date.now() + 30_000;
  while (Date.now() < until && [...env.fake.world.interactions.keys()].some((id) => !received.has(id))) {
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(running);
}

afterEach(async () => {
  await drain();
  caught = [];
  handler = async () => undefined;
  // Each test takes the violations it provokes; anything left is a real problem.
  const left = env.fake.takeViolations();
  expect(left.map((v) => `${v.code} ${v.message}`)).toEqual([]);
});

afterAll(async () => {
  await env?.stop();
});

const row = (...buttons: ButtonBuilder[]) => new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons);
const button = (id: string, label = id) => new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Primary);

describe('Discord rules', () => {
  it('rejects a second initial response with 400 / 40060', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('first');
      // discord.js refuses a second reply() itself; go around it to reach "Discord".
      await i.client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'second' } }, auth: false });
    };
    // A long quiet period keeps the handle waiting for the second callback even on a loaded machine.
    const run = alice.runCommand(channel, 't', { quietMs: 500 });
    await expect(run).rejects.toThrow(FakeDiscordViolationError);
    await expect(run).rejects.toThrow(/40060/);
    await handlerDone;
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(DiscordAPIError);
    expect(caught[0]).toMatchObject({ status: 400, code: 40060 });
    expect(env.fake.takeViolations()).toMatchObject([{ code: 40060, route: '/interactions/{interaction_id}/{interaction_token}/callback' }]);
    expect(alice.sees(channel).filter((m) => m.content === 'second')).toEqual([]);
  });

  it('rejects an initial response after the response window with 404 / 10062, and the user sees the failure', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      env.fake.clock.advance(3_001); // the bot "took" 3 s
      await i.reply('too late');
    };
    await expect(alice.runCommand(channel, 't')).rejects.toThrow(/did not respond/);
    await handlerDone;
    expect(caught[0]).toMatchObject({ status: 404, code: 10062 });
    expect(env.fake.takeViolations()).toMatchObject([{ code: 10062 }]);
    expect(alice.sees(channel).some((m) => m.content === 'too late')).toBe(false);
  });

  it('accepts a response just inside the window (frozen clock: elapsed time is exact)', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      env.fake.clock.advance(3_000);
      await i.reply('in time');
    };
    env.fake.clock.freeze();
    try {
      const handle = await alice.runCommand(channel, 't');
      expect(handle.reply?.content).toBe('in time');
      expect((handle.response?.at ?? 0) - handle.record.dispatchedAt).toBe(3_000);
      expect((handle.response?.receivedAt ?? 0) - handle.record.dispatchedAt).toBe(3_000);
    } finally {
      env.fake.clock.unfreeze();
    }
  });

  it('marks an interaction nobody answered as failed when the window passes', async () => {
    const handle = await alice.runCommand(channel, 't', { until: 'none' });
    expect(handle.failure).toBeUndefined();
    env.fake.clock.advance(3_001);
    expect(handle.failure).toMatch(/did not respond/);
    await expect(handle.responded()).rejects.toThrow(/did not respond/);
  });

  it('refuses editReply and followUp before the initial response', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      const app = i.applicationId;
      await i.client.rest
        .patch(Routes.webhookMessage(app, i.token, '@original'), { body: { content: 'early' }, auth: false })
        .catch((e: unknown) => caught.push(e));
      await i.client.rest.post(Routes.webhook(app, i.token), { body: { content: 'early' }, auth: false, query: new URLSearchParams({ wait: 'true' }) }).catch((e: unknown) => caught.push(e));
      await i.reply('now');
    };
    await expect(alice.runCommand(channel, 't')).rejects.toThrow(/has not been acknowledged/);
    await handlerDone;
    expect(caught).toHaveLength(2);
    expect(caught).toMatchObject([{ code: 10015 }, { code: 10015 }]);
    expect(env.fake.takeViolations().map((v) => v.code)).toEqual([10015, 10015]);
  });

  it('expires the interaction token after 15 minutes (50027)', async () => {
    let later: (() => Promise<unknown>) | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      later = () => i.editReply('a quarter of an hour later');
    };
    await alice.runCommand(channel, 't', { until: 'response' });
    await handlerDone;
    env.fake.clock.advance(15 * 60_000 + 1);
    await expect(later?.()).rejects.toMatchObject({ status: 401, code: 50027 });
    expect(env.fake.takeViolations().map((v) => v.code)).toEqual([50027]);
  });

  it('rejects an oversized custom_id and names the schema path', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({
        content: 'board',
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'go', custom_id: 'g1:'.padEnd(101, 'x') }] }],
      });
    };
    const run = alice.runCommand(channel, 't');
    await expect(run).rejects.toThrow('#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength');
    await handlerDone;
    expect(caught[0]).toMatchObject({ status: 400, code: 50035 });
    expect((caught[0] as Error).message).toContain('#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength');
    const [violation] = env.fake.takeViolations();
    expect(violation?.issues[0]).toMatchObject({
      instancePath: '/data/components/0/components/0/custom_id',
      schemaPath: '#/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength',
    });
  });

  it.each([
    {
      what: 'a button without a style',
      components: [{ type: 1, components: [{ type: 2, label: 'x', custom_id: 'a' }] }],
      path: '/data/components/0/components/0',
      schema: '#/components/schemas/ButtonComponentForMessageRequest/required',
    },
    {
      what: 'six buttons in a row',
      components: [{ type: 1, components: [1, 2, 3, 4, 5, 6].map((n) => ({ type: 2, style: 1, label: `${n}`, custom_id: `b${n}` })) }],
      path: '/data/components/0/components',
      schema: '#/components/schemas/ActionRowComponentForMessageRequest/properties/components/maxItems',
    },
    {
      what: 'a select with 26 options',
      components: [{ type: 1, components: [{ type: 3, custom_id: 's', options: Array.from({ length: 26 }, (_, n) => ({ label: `o${n}`, value: `${n}` })) }] }],
      path: '/data/components/0/components/0/options',
      schema: '#/components/schemas/StringSelectComponentForMessageRequest/properties/options/maxItems',
    },
    {
      what: 'a button label over 80 characters',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'l'.repeat(81), custom_id: 'a' }] }],
      path: '/data/components/0/components/0/label',
      schema: '#/components/schemas/ButtonComponentForMessageRequest/properties/label/maxLength',
    },
    {
      what: 'an unknown component type',
      components: [{ type: 99, components: [] }],
      path: '/data/components/0/type',
      schema: '#/components/schemas/IncomingWebhookInteractionRequest/properties/components/items/oneOf (discriminator "type")',
    },
    {
      what: 'six action rows',
      components: [1, 2, 3, 4, 5, 6].map((n) => ({ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: `r${n}` }] })),
      path: '/data/components',
      schema: 'discord-rule:max-action-rows',
    },
    {
      what: 'a repeated custom_id',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'same' }, { type: 2, style: 2, label: 'y', custom_id: 'same' }] }],
      path: '/data/components/0/components/1/custom_id',
      schema: 'discord-rule:unique-custom-id',
    },
    {
      what: 'a select sharing its row',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'b' }, { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] }] }],
      path: '/data/components/0/components',
      schema: 'discord-rule:select-alone-in-row',
    },
  ])('rejects an invalid component payload: $what', async ({ components, path, schema }) => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'x', components: components as never });
    };
    await expect(alice.runCommand(channel, 't')).rejects.toThrow(schema);
    await handlerDone;
    expect(caught[0]).toMatchObject({ status: 400, code: 50035 });
    const [violation] = env.fake.takeViolations();
    expect(violation?.issues[0]).toMatchObject({ instancePath: path, schemaPath: schema });
  });

  it('rejects content over 2000 characters and an empty message', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'x'.repeat(2001) }).catch((e: unknown) => caught.push(e));
      await i.reply({ content: '' }).catch((e: unknown) => caught.push(e));
      await i.reply('fine');
    };
    await expect(alice.runCommand(channel, 't')).rejects.toThrow(FakeDiscordViolationError);
    await handlerDone;
    expect(caught).toMatchObject([{ code: 50035 }, { code: 50006 }]);
    expect((caught[0] as Error).message).toContain('IncomingWebhookInteractionRequest/properties/content/maxLength');
    env.fake.takeViolations();
  });

  it('counts a post\'s characters as Discord does, in code points: 2000 emoji fit, 2001 do not', async () => {
    const target = env.client.channels.cache.get(channel) as TextChannel;
    const posted = await target.send('🟥'.repeat(2000));
    expect([...(env.fake.message(posted.id)?.content ?? '')]).toHaveLength(2000);
    await expect(target.send('🟥'.repeat(2001))).rejects.toMatchObject({ status: 400, code: 50035 });
    env.fake.takeViolations();
  });
});

describe('flows and what users see', () => {
  it('deferReply then editReply: thinking, then the answer (not marked edited)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await gate;
      await i.editReply({ content: 'done', components: [row(button('next'))] });
    };
    const handle = await alice.runCommand(channel, 't', { until: 'response' });
    expect(handle.response).toMatchObject({ type: 5, ephemeral: false });
    expect(handle.reply).toMatchObject({ loading: true, content: '' });
    expect(bob.sees(channel).at(-1)).toMatchObject({ loading: true }); // public "thinking" message
    release();
    await handle.settled();
    expect(handle.reply).toMatchObject({ loading: false, edited: false, content: 'done' });
    expect(handle.reply?.buttons).toEqual([{ customId: 'next', label: 'next', style: ButtonStyle.Primary, disabled: false, url: undefined, emoji: undefined }]);
    expect(bob.sees(channel).at(-1)?.content).toBe('done');
    env.fake.assertNoViolations();
  });

  it('ephemeral defer: the first followUp completes it, later ones are new messages', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'your hand: 3 coins' });
      await i.followUp({ content: 'and a secret', flags: MessageFlags.Ephemeral });
    };
    const handle = await alice.runCommand(channel, 't');
    await handle.waitFor((h) => h.followUps.length === 1, { description: 'the second follow-up' });
    expect(handle.reply).toMatchObject({ ephemeral: true, loading: false, content: 'your hand: 3 coins' });
    expect(handle.followUps.map((m) => [m.content, m.ephemeral])).toEqual([['and a secret', true]]);
    const aliceSees = alice.sees(channel).map((m) => m.content);
    expect(aliceSees.slice(-2)).toEqual(['your hand: 3 coins', 'and a secret']);
    expect(bob.sees(channel).map((m) => m.content)).not.toContain('your hand: 3 coins');
    expect(env.fake.publicOccurrences('3 coins')).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('buttons: update (type 7) edits the clicked message; deferUpdate + editReply too', async () => {
    handler = async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({ content: 'count 0', components: [row(button('inc'), button('inc-later'))] });
      } else if (i.isButton() && i.customId === 'inc') {
        await i.update({ content: 'count 1' });
      } else if (i.isButton() && i.customId === 'inc-later') {
        await i.deferUpdate();
        await i.editReply({ content: 'count 2', components: [row(button('inc').setDisabled(true))] });
      }
    };
    const start = await alice.runCommand(channel, 't');
    const board = start.reply;
    if (!board) throw new Error('no board');
    const click = await bob.clickButton(board, 'inc');
    expect(click.response).toMatchObject({ type: 7 });
    expect(env.fake.message(board.id)).toMatchObject({ content: 'count 1', edited: true });
    const later = await bob.clickButton(board, 'inc-later');
    expect(later.response).toMatchObject({ type: 6 });
    expect(later.reply).toMatchObject({ id: board.id, content: 'count 2' });
    await expect(bob.clickButton(board, 'inc')).rejects.toThrow(/disabled/);
    await expect(bob.clickButton(board, 'nope')).rejects.toThrow(/no component with custom_id "nope"/);
    expect(env.fake.channelMessages(channel).at(-1)?.content).toBe('count 2');
    env.fake.assertNoViolations();
  });

  it('the default wait covers defer-then-render: a slow editReply after deferUpdate is awaited', async () => {
    handler = async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({ content: 'board v1', components: [row(button('roll'))] });
      } else if (i.isButton()) {
        await i.deferUpdate();
        await new Promise((r) => setTimeout(r, 150)); // rendering a board image
        await i.editReply({ content: 'board v2' });
      }
    };
    const board = (await alice.runCommand(channel, 't')).reply;
    if (!board) throw new Error('no board');
    const click = await alice.clickButton(board, 'roll');
    expect(click.reply?.content).toBe('board v2');
  });

  it('a component interaction carries the message, member and locale discord.js needs', async () => {
    const got: { locale: string; message: string; member: string | undefined; values: string[] }[] = [];
    handler = async (i) => {
      if (i.isChatInputCommand()) {
        const select = new StringSelectMenuBuilder()
          .setCustomId('pick')
          .setMinValues(1)
          .setMaxValues(2)
          .addOptions({ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }, { label: 'Green', value: 'green' });
        await i.reply({ content: 'pick colours', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)], flags: MessageFlags.Ephemeral });
      } else if (i.isStringSelectMenu()) {
        got.push({ locale: i.locale, message: i.message.id, member: i.member?.user.id, values: i.values });
        await i.update({ content: `picked ${i.values.join('+')}`, components: [] });
      }
    };
    const start = await bob.runCommand(channel, 't');
    const panel = start.reply;
    if (!panel) throw new Error('no panel');
    expect(panel.selects[0]?.options.map((o) => o.value)).toEqual(['red', 'blue', 'green']);
    await expect(alice.selectOptions(panel, 'pick', ['red'])).rejects.toThrow(/ephemeral for someone else/);
    await expect(bob.selectOptions(panel, 'pick', ['purple'])).rejects.toThrow(/offers no purple/);
    await expect(bob.selectOptions(panel, 'pick', ['red', 'blue', 'green'])).rejects.toThrow(/takes 1-2 values/);
    const pick = await bob.selectOptions(panel, 'pick', ['red', 'green']);
    expect(got).toEqual([{ locale: 'nl', message: panel.id, member: bob.id, values: ['red', 'green'] }]);
    expect(pick.reply).toMatchObject({ ephemeral: true, content: 'picked red+green', components: [] });
    env.fake.assertNoViolations();
  });

  it('a message command (Apps › name on a message) carries the message as its target, resolved whole, and is answered like a command', async () => {
    await registerCommands(env.client.rest, {
      applicationId: env.client.application.id,
      commands: [new SlashCommandBuilder().setName('t').setDescription('test command').toJSON(), new ContextMenuCommandBuilder().setName('Quote it').setType(ApplicationCommandType.Message).toJSON()],
    });
    const got: { name: string; target: string; content: string; author: string; buttons: string[] }[] = [];
    handler = async (i) => {
      if (i.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('b1').setLabel('One').setStyle(ButtonStyle.Primary));
        await i.reply({ content: 'a post', components: [row] });
      } else if (i.isMessageContextMenuCommand()) {
        const m = i.targetMessage;
        got.push({ name: i.commandName, target: i.targetId, content: m.content, author: m.author.id, buttons: m.components.flatMap((r) => ('components' in r ? r.components.map((c) => ('customId' in c ? (c.customId ?? '') : '')) : [])) });
        await i.reply({ content: `quoted: ${m.content}`, flags: MessageFlags.Ephemeral });
      }
    };
    const post = (await bob.runCommand(channel, 't')).reply!;
    const quoted = await alice.runMessageCommand(post, 'Quote it');
    expect(got).toEqual([{ name: 'Quote it', target: post.id, content: 'a post', author: env.client.user.id, buttons: ['b1'] }]);
    expect(quoted.reply).toMatchObject({ ephemeral: true, content: 'quoted: a post' });
    // A slash command's name is no message command, nor a message command's a slash command.
    await expect(alice.runMessageCommand(post, 't')).rejects.toThrow(/registered no \/t/);
    await expect(alice.runCommand(channel, 'Quote it')).rejects.toThrow(/registered no \/Quote it/);
    env.fake.assertNoViolations();
  });

  it('showModal records the modal and submitModal answers it; deleteReply removes the reply; fetchReply and withResponse work', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.showModal(
        new ModalBuilder()
          .setCustomId('m')
          .setTitle('Name your game')
          .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short))),
      );
    };
    const modal = await alice.runCommand(channel, 't');
    expect(modal.response).toMatchObject({ type: 9 });
    expect(modal.modal).toMatchObject({ custom_id: 'm', title: 'Name your game' });
    handler = async (i) => {
      if (!i.isModalSubmit()) return;
      await i.reply({ content: `named ${i.fields.getTextInputValue('name')}`, flags: MessageFlags.Ephemeral });
    };
    await expect(bob.submitModal(modal, { name: 'x' })).rejects.toThrow(/someone else/);
    await expect(alice.submitModal(modal, {})).rejects.toThrow(/"name" is required/);
    await expect(alice.submitModal(modal, { name: 'x', extra: 'y' })).rejects.toThrow(/no field extra/);
    const submitted = await alice.submitModal(modal, { name: 'Friday table' });
    expect(submitted.reply?.content).toBe('named Friday table');

    let fetched: string | undefined;
    let viaResponse: string | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      const response = await i.reply({ content: 'short-lived', withResponse: true });
      viaResponse = response.resource?.message?.content;
      fetched = (await i.fetchReply()).content;
      await i.deleteReply();
    };
    const gone = await alice.runCommand(channel, 't');
    await gone.waitFor((h) => h.reply === undefined, { description: 'the reply to be deleted' });
    await handlerDone;
    expect(viaResponse).toBe('short-lived');
    expect(fetched).toBe('short-lived');
    expect(gone.reply).toBeUndefined();
    expect(alice.sees(channel).some((m) => m.content === 'short-lived')).toBe(false);
    // Deleted, but it was public once: the record remembers.
    expect(env.fake.publicOccurrences('short-lived')).toMatchObject([
      { revision: 'create', where: 'content' },
      { revision: 'delete', where: 'content' },
    ]);
    env.fake.assertNoViolations();
  });

  it("the fake's own messages satisfy Discord's response schema", async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'schema', components: [row(button('a'))] });
    };
    const handle = await alice.runCommand(channel, 't');
    const id = handle.reply?.id as string;
    const api = env.fake.world.apiMessage(env.fake.world.messages.get(id) as never);
    const result = validateComponentSchema('MessageResponse', api);
    expect(result.issues).toEqual([]);
  });
});

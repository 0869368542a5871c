/**
 * The page's data without a server: command forms built from the commands the bot registers, option
 * values typed from the form, and messages as the page shows them.
 */
import { ApplicationCommandOptionType, ApplicationCommandType, ComponentType, MessageFlags, type APIApplicationCommand, type APIContainerComponent, type APIMediaGalleryComponent } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { SETTING_BOUNDS } from '../../src/app/settings.js';
import { commandDefinitions } from '../../src/discord/handlers/commands.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { core } from '../../src/discord/i18n/index.js';
import type { LocalMessage } from '../../src/playground/discord.js';
import { attachmentUrl, commandForms, messageView, parseOptionValues } from '../../src/playground/view.js';

/** The bot's command definitions as Discord stores them (ids added). */
function registered(): APIApplicationCommand[] {
  return commandDefinitions(GAMES.modules, GAMES.presenters(inProcessBoardRenderer(GAMES))).map(
    (c, i) => ({ ...c, id: `10000000000000000${i}`, application_id: '100000000000000000', version: '1', default_member_permissions: null }) as APIApplicationCommand,
  );
}

describe('command forms', () => {
  const forms = commandForms(registered());

  it('one form per runnable command line, subcommands flattened, in registration order', () => {
    expect(forms.map((f) => f.key)).toEqual(['game new', 'game learn', 'game status', 'game hand', 'game log', 'game settings', 'game leave', 'game abandon', 'game list', 'game mine', 'game history', 'game replay', 'game export', 'game notify', 'game follow', 'game unfollow', 'game server', 'help', 'stats']);
    const help = forms.find((f) => f.key === 'help')!;
    expect(help).toMatchObject({ command: 'help', group: null, subcommand: null });
    expect(forms.find((f) => f.key === 'game log')).toMatchObject({ command: 'game', group: null, subcommand: 'log' });
  });

  it('/game new: the game is a required choice of the registered games; players a bounded integer offered for the chosen game; layout, variant and expansion autocomplete; thread a yes/no; clock a choice', () => {
    const form = forms.find((f) => f.key === 'game new')!;
    expect(form.options.map((o) => [o.name, o.kind, o.required, o.autocomplete])).toEqual([
      ['game', 'string', true, false],
      ['players', 'integer', false, true],
      ['layout', 'string', false, true],
      ['variant', 'string', false, true],
      ['expansion', 'string', false, true],
      ['thread', 'boolean', false, false],
      ['clock', 'string', false, false],
    ]);
    // The time bank's choices, none first.
    expect(form.options[6]!.choices?.map((c) => c.value)).toEqual(['none', '1h+5m', '1d+1h', '3d+4h', '7d+12h']);
    const game = form.options[0]!;
    expect(game.choices?.map((c) => c.value)).toEqual([...GAMES.modules.keys()]);
    expect(game.choices?.[0]?.label).toMatchObject({ default: 'Istanbul' });
    const counts = [...GAMES.modules.values()].map((m) => m.definition.players);
    expect(form.options[1]).toMatchObject({ min: Math.min(...counts.map((c) => c.min)), max: Math.max(...counts.map((c) => c.max)), choices: null });
  });

  it('labels and descriptions carry the localisations the user client shows', () => {
    const form = forms.find((f) => f.key === 'game new')!;
    expect(form.label).toEqual({
      default: `${core.en['cmd.game.name']} ${core.en['cmd.game.new.name']}`,
      de: `${core.de['cmd.game.name']} ${core.de['cmd.game.new.name']}`,
      nl: `${core.nl['cmd.game.name']} ${core.nl['cmd.game.new.name']}`,
    });
    expect(form.options[0]!.label.de).toBe(core.de['opt.game.name']);
    expect(form.description.nl).toBe(core.nl['cmd.game.new.description']);
    const settings = forms.find((f) => f.key === 'game settings')!;
    expect(settings.options.find((o) => o.name === 'reminder_hours')).toMatchObject({ min: SETTING_BOUNDS.reminderHours.min, max: SETTING_BOUNDS.reminderHours.max });
  });

  it('subcommand groups become one form per leaf; other command types are left out', () => {
    const command = {
      id: '100000000000000001',
      application_id: '100000000000000000',
      version: '1',
      default_member_permissions: null,
      type: ApplicationCommandType.ChatInput,
      name: 'admin',
      description: 'Admin',
      options: [
        {
          type: ApplicationCommandOptionType.SubcommandGroup,
          name: 'seat',
          description: 'Seats',
          options: [{ type: ApplicationCommandOptionType.Subcommand, name: 'kick', description: 'Kick', options: [{ type: ApplicationCommandOptionType.User, name: 'who', description: 'Who', required: true }] }],
        },
      ],
    } as APIApplicationCommand;
    const userCommand = { ...command, id: '100000000000000002', type: ApplicationCommandType.User, name: 'Profile', options: undefined } as unknown as APIApplicationCommand;
    const out = commandForms([command, userCommand]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ key: 'admin seat kick', command: 'admin', group: 'seat', subcommand: 'kick', label: { default: 'admin seat kick' } });
    expect(out[0]!.options[0]).toMatchObject({ name: 'who', kind: 'user', required: true });
  });
});

describe('option values from the form', () => {
  const newGame = commandForms(registered()).find((f) => f.key === 'game new')!;

  it('types numbers, leaves empty optional values out, keeps strings', () => {
    expect(parseOptionValues(newGame, { game: 'istanbul', players: '3', layout: '', variant: '  ' })).toEqual({ game: 'istanbul', players: 3 });
  });

  it('refuses a fraction for an integer, an unknown option, a file', () => {
    expect(() => parseOptionValues(newGame, { game: 'istanbul', players: '2.5' })).toThrow(/players must be a whole number/);
    expect(() => parseOptionValues(newGame, { colour: 'red' })).toThrow(/has no option "colour"/);
    const upload = { ...newGame, options: [{ ...newGame.options[0]!, name: 'file', kind: 'attachment' as const }] };
    expect(() => parseOptionValues(upload, { file: 'x' })).toThrow(/cannot attach files/);
  });

  it('booleans are true or false', () => {
    const flag = { ...newGame, options: [{ ...newGame.options[0]!, name: 'public', kind: 'boolean' as const }] };
    expect(parseOptionValues(flag, { public: 'false' })).toEqual({ public: false });
    expect(() => parseOptionValues(flag, { public: 'yes' })).toThrow(/true or false/);
  });
});

describe('messages as the page shows them', () => {
  const png = { id: '200000000000000001', filename: 'board one.png', contentType: 'image/png', size: 4, bytes: Buffer.from('fake'), width: 10, height: 5 };
  const base: LocalMessage = {
    id: '300000000000000001',
    channelId: '400000000000000001',
    authorId: '500000000000000001',
    ephemeral: false,
    loading: false,
    edited: true,
    deleted: false,
    content: '**Board**',
    embeds: [],
    components: [],
    attachments: [png],
    flags: 0,
    interaction: undefined,
    createdAt: 1_700_000_000_000,
    editedAt: 1_700_000_001_000,
  };

  it('attachments are served by the playground server, by message and attachment id', () => {
    const view = messageView(base);
    expect(view.attachments).toEqual([
      { id: png.id, url: `/attachments/${base.id}/${png.id}/board%20one.png`, filename: 'board one.png', contentType: 'image/png', size: 4, width: 10, height: 5, description: null },
    ]);
    expect(view.attachments[0]!.url).toBe(attachmentUrl(base.id, png));
    expect(view).toMatchObject({ id: base.id, authorId: base.authorId, edited: true, ephemeral: false, content: '**Board**', command: null });
  });

  it('an embed image from attachment:// points to the attachment, which is then shown only in the embed', () => {
    const view = messageView({ ...base, embeds: [{ title: 'Board', image: { url: 'attachment://board one.png' }, thumbnail: { url: 'attachment://missing.png' } }] });
    expect(view.embeds[0]!.image?.url).toBe(attachmentUrl(base.id, png));
    expect(view.embeds[0]!.thumbnail).toBeUndefined();
    expect(view.attachments).toEqual([]);
  });

  it('a Components V2 message: its text is its text displays, its picture shows in its gallery only, at the attachment', () => {
    const card = {
      ...base,
      content: '',
      flags: MessageFlags.IsComponentsV2,
      components: [
        {
          type: ComponentType.Container,
          accent_color: 0xe69f00,
          components: [
            { type: ComponentType.TextDisplay, content: '**Board**\nYour turn, <@500000000000000002>' },
            { type: ComponentType.MediaGallery, items: [{ media: { url: 'attachment://board one.png' }, description: 'The board' }] },
          ],
        },
      ],
    } satisfies LocalMessage;
    const view = messageView(card);
    expect(view.text).toBe('**Board**\nYour turn, <@500000000000000002>');
    expect(view.attachments).toEqual([]);
    const gallery = (view.components[0] as APIContainerComponent).components[1] as APIMediaGalleryComponent;
    expect(gallery.items[0]).toEqual({ media: { url: attachmentUrl(base.id, png) }, description: 'The board' });
    // The message as sent is not changed.
    expect((card.components[0]!.components[1] as { items: { media: { url: string } }[] }).items[0]!.media.url).toBe('attachment://board one.png');
  });

  it('a reply to a slash command names the user and the full command the playground sent', () => {
    const reply = { ...base, interaction: { id: '600000000000000001', type: 2, userId: '700000000000000001', commandName: 'game' } };
    expect(messageView(reply, new Map([['600000000000000001', 'game new']])).command).toEqual({ userId: '700000000000000001', name: 'game new' });
    expect(messageView(reply).command).toEqual({ userId: '700000000000000001', name: 'game' });
    // A message made by a component interaction has no "used /command" line.
    expect(messageView({ ...base, interaction: { id: '600000000000000002', type: 3, userId: '700000000000000001' } }).command).toBeNull();
  });
});

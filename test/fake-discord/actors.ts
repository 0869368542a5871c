/**
 * Users as actors. A FakeUser does what a person does in the Discord client: run a slash command (the
 * payload is built from the command definition the bot registered, so option names and types must match),
 * click a button or pick options of a select on a message they can see. Everything the Discord client
 * would refuse (unknown option, missing required option, disabled button, a value not on offer, a message
 * they cannot see) throws here, before anything reaches the bot.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ButtonStyle,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  PermissionFlagsBits,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIMessageApplicationCommandGuildInteraction,
  type APIInteractionDataResolved,
  type APIInteractionGuildMember,
  type APIMessageComponentGuildInteraction,
  type APIModalSubmitGuildInteraction,
  type Locale,
} from 'discord-api-types/v10';
import type { Core } from './core.js';
import type { InteractionDispatcher, InteractionHandle, WaitOptions } from './dispatcher.js';
import { InteractionHandle as Handle } from './dispatcher.js';
import { walkComponents } from './messages.js';
import { checkPng } from './png.js';
import type { SeenMessage } from './view.js';
import { visibleTo } from './view.js';
import type { ChannelRecord, GuildRecord, InteractionRecord, StoredAttachment, StoredCommand, StoredMessage, UserRecord } from './world.js';

/** A file the user attaches to an ATTACHMENT option. */
export interface UserFile {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/**
 * A user option's value that Discord sends without its resolved user (it could not resolve the id): the
 * interaction carries the id alone, as for an account Discord no longer knows.
 */
export class UnresolvedUser {
  constructor(readonly id: string) {}
}

/** An option value: strings, numbers, booleans; a user, channel or role by id (or a FakeUser, or an UnresolvedUser); a file. */
export type OptionValue = string | number | boolean | FakeUser | UserFile | UnresolvedUser;

export interface RunCommandOptions extends WaitOptions {
  subcommand?: string;
  subcommandGroup?: string;
  options?: Record<string, OptionValue>;
}

export type MessageRef = string | { id: string };

export class FakeUser {
  constructor(
    private readonly core: Core,
    private readonly dispatcher: InteractionDispatcher,
    readonly record: UserRecord,
    readonly guildId: string,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get name(): string {
    return this.record.username;
  }

  get locale(): Locale {
    return this.record.locale;
  }

  setLocale(locale: Locale): void {
    this.record.locale = locale;
  }

  /** Turns direct messages from the server's members (and its bots) off or on: while off, the bot's get 50007. */
  setDirectMessages(open: boolean): void {
    if (open) this.core.world.closedDms.delete(this.id);
    else this.core.world.closedDms.add(this.id);
  }

  /**
   * Adds the app to the user's account (a user install: Developer Portal -> Installation -> User Install).
   * Its global commands declared for user installs (`integration_types` with 1) then work for them in the
   * contexts the commands declare: the bot's direct messages among them, without a common server.
   */
  installApp(): void {
    this.record.appInstalled = true;
  }

  /** The bot's direct message channel with this user: run commands there with `runCommand(user.dmChannel(), ...)`. */
  dmChannel(): string {
    return this.core.world.dmChannel(this.id).id;
  }

  /** What this user sees in a channel right now (channel messages and their own ephemeral ones). */
  sees(channelId: string): SeenMessage[] {
    return visibleTo(this.core.world, this.id, channelId);
  }

  /** Runs `/name [group] [subcommand] options...` in a channel. */
  async runCommand(channelId: string, name: string, options: RunCommandOptions = {}): Promise<InteractionHandle> {
    const { channel, guild } = this.#channelAndGuild(channelId);
    const perms = this.core.world.permissionsIn(this.id, channelId);
    if (guild !== null && !(perms & PermissionFlagsBits.UseApplicationCommands)) {
      throw new Error(`${this.name} cannot use application commands in #${channel.name}`);
    }
    const command = this.#findCommand(guild, name, channel);
    if (guild !== null && command.default_member_permissions !== null && command.default_member_permissions !== undefined) {
      const needed = BigInt(command.default_member_permissions);
      if ((perms & needed) !== needed && !(perms & PermissionFlagsBits.Administrator)) {
        throw new Error(`/${name} is not available to ${this.name} (default_member_permissions ${needed})`);
      }
    }
    const resolved: APIInteractionDataResolved = {};
    const dataOptions = this.#buildOptions(command, options, resolved, guild);
    const record = this.dispatcher.dispatch(
      { type: InteractionType.ApplicationCommand, userId: this.id, channelId, guildId: guild?.id ?? '' },
      (id, token) =>
        ({
          ...this.#base(id, token, channel, guild, perms, command),
          type: InteractionType.ApplicationCommand,
          data: {
            id: command.id,
            name: command.name,
            type: ApplicationCommandType.ChatInput,
            ...(command.guild_id ? { guild_id: command.guild_id } : {}),
            ...(dataOptions.length ? { options: dataOptions } : {}),
            ...(Object.keys(resolved).length ? { resolved } : {}),
          },
        }) as APIChatInputApplicationCommandGuildInteraction,
    );
    return this.#wait(record, options);
  }

  /**
   * Runs the message command `name` on a message the user can see (right-click › Apps › name): Discord sends
   * the message as the interaction's `data.target_id` and whole in `data.resolved.messages`.
   */
  async runMessageCommand(message: MessageRef, name: string, wait: WaitOptions = {}): Promise<InteractionHandle> {
    const source = this.#visibleMessage(message);
    const { channel, guild } = this.#channelAndGuild(source.channelId);
    const perms = this.core.world.permissionsIn(this.id, channel.id);
    if (guild !== null && !(perms & PermissionFlagsBits.UseApplicationCommands)) {
      throw new Error(`${this.name} cannot use application commands in #${channel.name}`);
    }
    const command = this.#findCommand(guild, name, channel, ApplicationCommandType.Message);
    const record = this.dispatcher.dispatch(
      { type: InteractionType.ApplicationCommand, userId: this.id, channelId: channel.id, guildId: guild?.id ?? '' },
      (id, token) =>
        ({
          ...this.#base(id, token, channel, guild, perms, command),
          type: InteractionType.ApplicationCommand,
          data: {
            id: command.id,
            name: command.name,
            type: ApplicationCommandType.Message,
            ...(command.guild_id ? { guild_id: command.guild_id } : {}),
            target_id: source.id,
            resolved: { messages: { [source.id]: this.core.world.apiMessage(source) } },
          },
        }) as unknown as APIMessageApplicationCommandGuildInteraction,
    );
    return this.#wait(record, wait);
  }

  /**
   * A command carrying any option data (`options` as the interaction's data.options), as a tampered client
   * or a replayed payload would send it: Discord's own checks of types and lengths are not made, so the bot
   * must not trust them.
   */
  async forgeCommand(channelId: string, name: string, options: readonly unknown[], wait: WaitOptions = {}): Promise<InteractionHandle> {
    const { channel, guild } = this.#channelAndGuild(channelId);
    const perms = this.core.world.permissionsIn(this.id, channelId);
    const command = this.#findCommand(guild, name, channel);
    const record = this.dispatcher.dispatch(
      { type: InteractionType.ApplicationCommand, userId: this.id, channelId, guildId: guild?.id ?? '' },
      (id, token) =>
        ({
          ...this.#base(id, token, channel, guild, perms, command),
          type: InteractionType.ApplicationCommand,
          data: { id: command.id, name: command.name, type: ApplicationCommandType.ChatInput, ...(command.guild_id ? { guild_id: command.guild_id } : {}), options },
        }) as unknown as APIChatInputApplicationCommandGuildInteraction,
    );
    return this.#wait(record, wait);
  }

  /** Clicks the button with this custom_id on a message the user can see. */
  async clickButton(message: MessageRef, customId: string, wait: WaitOptions = {}): Promise<InteractionHandle> {
    const source = this.#visibleMessage(message);
    const found = walkComponents(source.components).find((c) => c.component.custom_id === customId);
    if (!found) throw new Error(`message ${source.id} has no component with custom_id "${customId}" (has: ${this.#customIds(source)})`);
    const button = found.component;
    if (button.type !== ComponentType.Button) throw new Error(`"${customId}" is not a button (component type ${String(button.type)})`);
    if (button.style === ButtonStyle.Link || button.style === ButtonStyle.Premium) throw new Error(`"${customId}" is a link/premium button; clicking it sends no interaction`);
    if (button.disabled) throw new Error(`button "${customId}" is disabled`);
    return this.#component(source, { custom_id: customId, component_type: ComponentType.Button, ...(typeof button.id === 'number' ? { id: button.id } : {}) }, wait);
  }

  /**
   * A button click carrying any custom_id, on a message the user can see, as a tampered client or a
   * replayed payload would send it: the bot must not trust that the custom_id came from that message.
   */
  async forgeClick(message: MessageRef, customId: string, wait: WaitOptions = {}): Promise<InteractionHandle> {
    const source = this.#visibleMessage(message);
    return this.#component(source, { custom_id: customId, component_type: ComponentType.Button }, wait);
  }

  /** Picks `values` in the select menu with this custom_id (string selects: option values; others: ids). */
  async selectOptions(message: MessageRef, customId: string, values: string[], wait: WaitOptions = {}): Promise<InteractionHandle> {
    const source = this.#visibleMessage(message);
    const found = walkComponents(source.components).find((c) => c.component.custom_id === customId);
    if (!found) throw new Error(`message ${source.id} has no component with custom_id "${customId}" (has: ${this.#customIds(source)})`);
    const select = found.component;
    const type = select.type as ComponentType;
    if (type === ComponentType.Button || type === ComponentType.ActionRow || typeof select.custom_id !== 'string' || !String(type).match(/^(3|5|6|7|8)$/)) {
      throw new Error(`"${customId}" is not a select menu (component type ${String(type)})`);
    }
    if (select.disabled) throw new Error(`select "${customId}" is disabled`);
    const min = (select.min_values as number | undefined) ?? 1;
    const max = (select.max_values as number | undefined) ?? 1;
    if (values.length < min || values.length > max) throw new Error(`select "${customId}" takes ${min}-${max} values, got ${values.length}`);
    if (new Set(values).size !== values.length) throw new Error(`select "${customId}": values repeat`);
    const resolved: APIInteractionDataResolved = {};
    const { guild } = this.#channelAndGuild(source.channelId);
    if (type === ComponentType.StringSelect) {
      const offered = ((select.options as { value: string }[] | undefined) ?? []).map((o) => o.value);
      const unknown = values.filter((v) => !offered.includes(v));
      if (unknown.length) throw new Error(`select "${customId}" offers no ${unknown.join(', ')} (offers ${offered.join(', ')})`);
    } else {
      for (const value of values) this.#resolveEntity(type, value, resolved, guild);
    }
    return this.#component(
      source,
      {
        custom_id: customId,
        component_type: type,
        values,
        ...(typeof select.id === 'number' ? { id: select.id } : {}),
        ...(Object.keys(resolved).length ? { resolved } : {}),
      },
      wait,
    );
  }

  /**
   * Fills in and submits the modal the bot opened in answer to `opened` (text inputs by custom_id; string
   * selects inside labels take arrays). Required fields, lengths and offered values are checked as the
   * Discord client does.
   */
  async submitModal(opened: InteractionHandle, values: Record<string, string | string[]>, wait: WaitOptions = {}): Promise<InteractionHandle> {
    const source = opened.record;
    if (source.userId !== this.id) throw new Error(`the modal was opened for someone else`);
    const modal = source.modal as { custom_id: string; components: Record<string, unknown>[] } | undefined;
    if (!modal) throw new Error(`interaction ${source.id} opened no modal`);
    if (this.core.clock.now() - source.createdAt > this.core.options.tokenLifetimeMs) throw new Error('the modal has expired');
    const used = new Set<string>();
    const field = (component: Record<string, unknown>): Record<string, unknown> => {
      const customId = component.custom_id as string;
      const given = values[customId];
      if (given !== undefined) used.add(customId);
      if (component.type === ComponentType.TextInput) {
        if (Array.isArray(given)) throw new Error(`text input "${customId}" takes a string`);
        const value = given ?? '';
        const required = (component.required as boolean | undefined) ?? true;
        if (required && value === '') throw new Error(`text input "${customId}" is required`);
        const min = (component.min_length as number | undefined) ?? 0;
        const max = (component.max_length as number | undefined) ?? 4000;
        if (value !== '' && (value.length < min || value.length > max)) throw new Error(`text input "${customId}" takes ${min}-${max} characters`);
        return { type: ComponentType.TextInput, id: component.id, custom_id: customId, value };
      }
      if (component.type === ComponentType.StringSelect) {
        const picked = given === undefined ? [] : Array.isArray(given) ? given : [given];
        const offered = ((component.options as { value: string }[] | undefined) ?? []).map((o) => o.value);
        const bad = picked.filter((v) => !offered.includes(v));
        if (bad.length) throw new Error(`select "${customId}" offers no ${bad.join(', ')}`);
        const min = (component.min_values as number | undefined) ?? 1;
        const max = (component.max_values as number | undefined) ?? 1;
        const required = (component.required as boolean | undefined) ?? true;
        if ((required || picked.length > 0) && (picked.length < min || picked.length > max)) throw new Error(`select "${customId}" takes ${min}-${max} values`);
        return { type: ComponentType.StringSelect, id: component.id, custom_id: customId, values: picked };
      }
      throw new Error(`the fake cannot fill modal component type ${String(component.type)} ("${customId}")`);
    };
    const components = modal.components.flatMap((top): Record<string, unknown>[] => {
      if (top.type === ComponentType.ActionRow) {
        return [{ type: ComponentType.ActionRow, id: top.id, components: (top.components as Record<string, unknown>[]).map(field) }];
      }
      if (top.type === ComponentType.Label) return [{ type: ComponentType.Label, id: top.id, component: field(top.component as Record<string, unknown>) }];
      if (top.type === ComponentType.TextDisplay) return [{ type: ComponentType.TextDisplay, id: top.id }];
      throw new Error(`unexpected top-level modal component type ${String(top.type)}`);
    });
    const unknown = Object.keys(values).filter((k) => !used.has(k));
    if (unknown.length) throw new Error(`the modal has no field ${unknown.join(', ')}`);
    const { channel, guild } = this.#channelAndGuild(source.channelId);
    const perms = this.core.world.permissionsIn(this.id, channel.id);
    const fromMessage = source.sourceMessageId ? this.core.world.liveMessage(source.sourceMessageId) : undefined;
    const record = this.dispatcher.dispatch(
      {
        type: InteractionType.ModalSubmit,
        userId: this.id,
        channelId: channel.id,
        guildId: guild?.id ?? '',
        ...(fromMessage ? { sourceMessageId: fromMessage.id } : {}),
      },
      (id, token) =>
        ({
          ...this.#base(id, token, channel, guild, perms),
          type: InteractionType.ModalSubmit,
          data: { custom_id: modal.custom_id, components },
          ...(fromMessage ? { message: this.core.world.apiMessage(fromMessage) } : {}),
        }) as unknown as APIModalSubmitGuildInteraction,
    );
    return this.#wait(record, wait);
  }

  // ----- internals ------------------------------------------------------------------------------------

  /** The channel and its guild (null: the bot's direct message channel with this user). */
  #channelAndGuild(channelId: string): { channel: ChannelRecord; guild: GuildRecord | null } {
    const channel = this.core.world.channels.get(channelId);
    if (!channel) throw new Error(`no channel ${channelId}`);
    if (channel.type === ChannelType.DM) {
      if (channel.recipientId !== this.id) throw new Error(`${this.name} cannot see another user's direct messages with the bot`);
      return { channel, guild: null };
    }
    if (channel.type === ChannelType.GroupDM) {
      if (!(channel.recipientIds ?? []).includes(this.id)) throw new Error(`${this.name} is not in group DM ${channel.id}`);
      return { channel, guild: null };
    }
    const guild = this.core.world.guild(channel.guildId);
    if (!guild.members.has(this.id)) throw new Error(`${this.name} is not a member of ${guild.name}`);
    if (!(this.core.world.permissionsIn(this.id, channelId) & PermissionFlagsBits.ViewChannel)) {
      throw new Error(`${this.name} cannot see #${channel.name}`);
    }
    return { channel, guild };
  }

  #findCommand(guild: GuildRecord | null, name: string, channel: ChannelRecord, type: ApplicationCommandType = ApplicationCommandType.ChatInput): StoredCommand {
    const byName = (map: Map<string, StoredCommand>) => [...map.values()].find((c) => c.name === name && (c.type ?? ApplicationCommandType.ChatInput) === type);
    if (guild === null) {
      // The bot's direct messages or a group DM: global commands only, declared for that context and for an install the user has.
      const command = byName(this.core.world.globalCommands);
      if (!command) throw new Error(`the bot has registered no global /${name} (guild commands do not show in direct messages)`);
      const context = channel.type === ChannelType.GroupDM ? InteractionContextType.PrivateChannel : InteractionContextType.BotDM;
      if (command.contexts && !command.contexts.includes(context)) {
        throw new Error(`/${name} is not available in ${context === InteractionContextType.BotDM ? 'direct messages with the bot' : 'private channels'} (contexts ${command.contexts.join(',')})`);
      }
      if (Object.keys(this.#dmOwners(command, channel)).length === 0) {
        throw new Error(`/${name} is not available to ${this.name} in direct messages: no install of the app authorizes it (integration_types ${(command.integration_types ?? [0]).join(',')})`);
      }
      return command;
    }
    const guildId = guild.id;
    const command = byName(this.core.world.commandsFor(guildId)) ?? byName(this.core.world.globalCommands);
    if (!command) {
      const known = [...this.core.world.commandsFor(guildId).values(), ...this.core.world.globalCommands.values()].map((c) => `/${c.name}`);
      throw new Error(`the bot has registered no /${name} (registered: ${known.join(', ') || 'nothing'})`);
    }
    if (!command.guild_id && command.contexts && !command.contexts.includes(InteractionContextType.Guild)) {
      throw new Error(`/${name} is not available in guilds (contexts ${command.contexts.join(',')})`);
    }
    if (!command.guild_id && command.integration_types && !command.integration_types.includes(ApplicationIntegrationType.GuildInstall)) {
      throw new Error(`/${name} is not declared for guild installs (integration_types ${command.integration_types.join(',')})`);
    }
    return command;
  }

  /**
   * Who authorized a command in the bot's direct messages: the user's own install (key 1: their id) when
   * the command is declared for user installs, and the guild install (key 0: "0" in a DM) when it is
   * declared for guild installs and the user shares a server with the bot.
   */
  #dmOwners(command: StoredCommand, channel: ChannelRecord): Record<string, string> {
    const types = command.integration_types ?? [ApplicationIntegrationType.GuildInstall];
    const owners: Record<string, string> = {};
    // Only the bot's own DM can be authorized by a guild install; a group DM needs the user's install.
    const botDm = channel.type === ChannelType.DM;
    if (botDm && types.includes(ApplicationIntegrationType.GuildInstall) && this.core.world.sharesGuildWithBot(this.id)) owners[ApplicationIntegrationType.GuildInstall] = '0';
    if (types.includes(ApplicationIntegrationType.UserInstall) && this.record.appInstalled === true) owners[ApplicationIntegrationType.UserInstall] = this.id;
    return owners;
  }

  #buildOptions(
    command: StoredCommand,
    input: RunCommandOptions,
    resolved: APIInteractionDataResolved,
    guild: GuildRecord | null,
  ): APIApplicationCommandInteractionDataOption[] {
    const top = (command.options ?? []) as APIApplicationCommandOption[];
    const hasSub = top.some((o) => o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup);
    const where = `/${command.name}`;
    if (!hasSub) {
      if (input.subcommand || input.subcommandGroup) throw new Error(`${where} has no subcommands`);
      return this.#values(top, input.options ?? {}, resolved, guild, where);
    }
    let level = top;
    let path = where;
    let group: APIApplicationCommandOption | undefined;
    if (input.subcommandGroup) {
      group = top.find((o) => o.type === ApplicationCommandOptionType.SubcommandGroup && o.name === input.subcommandGroup);
      if (!group) throw new Error(`${where} has no subcommand group "${input.subcommandGroup}"`);
      level = (group as { options?: APIApplicationCommandOption[] }).options ?? [];
      path += ` ${group.name}`;
    }
    if (!input.subcommand) {
      const names = level.map((o) => o.name).join(', ');
      throw new Error(`${path} needs a subcommand (one of ${names})`);
    }
    const sub = level.find((o) => o.type === ApplicationCommandOptionType.Subcommand && o.name === input.subcommand);
    if (!sub) throw new Error(`${path} has no subcommand "${input.subcommand}" (has ${level.map((o) => o.name).join(', ')})`);
    const subOptions = (sub as { options?: APIApplicationCommandOption[] }).options ?? [];
    const values = this.#values(subOptions, input.options ?? {}, resolved, guild, `${path} ${sub.name}`);
    const subData = { type: ApplicationCommandOptionType.Subcommand, name: sub.name, ...(values.length ? { options: values } : { options: [] }) };
    if (group) return [{ type: ApplicationCommandOptionType.SubcommandGroup, name: group.name, options: [subData] }] as APIApplicationCommandInteractionDataOption[];
    return [subData] as APIApplicationCommandInteractionDataOption[];
  }

  #values(
    defs: APIApplicationCommandOption[],
    input: Record<string, OptionValue>,
    resolved: APIInteractionDataResolved,
    guild: GuildRecord | null,
    where: string,
  ): APIApplicationCommandInteractionDataOption[] {
    for (const key of Object.keys(input)) {
      if (!defs.some((d) => d.name === key)) throw new Error(`${where} has no option "${key}" (has ${defs.map((d) => d.name).join(', ') || 'none'})`);
    }
    const out: APIApplicationCommandInteractionDataOption[] = [];
    for (const def of defs) {
      const raw = input[def.name];
      if (raw === undefined) {
        if ((def as { required?: boolean }).required) throw new Error(`${where}: option "${def.name}" is required`);
        continue;
      }
      out.push({ type: def.type, name: def.name, value: this.#coerce(def, raw, resolved, guild, where) } as APIApplicationCommandInteractionDataOption);
    }
    return out;
  }

  #coerce(def: APIApplicationCommandOption, raw: OptionValue, resolved: APIInteractionDataResolved, guild: GuildRecord | null, where: string): string | number | boolean {
    const d = def as APIApplicationCommandOption & {
      choices?: { value: string | number }[];
      min_value?: number;
      max_value?: number;
      min_length?: number;
      max_length?: number;
    };
    const fail = (why: string) => new Error(`${where}: option "${def.name}" ${why}`);
    const checkChoices = (value: string | number) => {
      if (d.choices && d.choices.length && !d.choices.some((c) => c.value === value)) {
        throw fail(`must be one of ${d.choices.map((c) => JSON.stringify(c.value)).join(', ')}`);
      }
    };
    switch (def.type) {
      case ApplicationCommandOptionType.String: {
        if (typeof raw !== 'string') throw fail('takes a string');
        if (d.min_length !== undefined && raw.length < d.min_length) throw fail(`needs at least ${d.min_length} characters`);
        if (raw.length > (d.max_length ?? 6000)) throw fail(`takes at most ${d.max_length ?? 6000} characters`);
        checkChoices(raw);
        return raw;
      }
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number: {
        if (typeof raw !== 'number' || (def.type === ApplicationCommandOptionType.Integer && !Number.isInteger(raw))) {
          throw fail(def.type === ApplicationCommandOptionType.Integer ? 'takes an integer' : 'takes a number');
        }
        if (d.min_value !== undefined && raw < d.min_value) throw fail(`must be at least ${d.min_value}`);
        if (d.max_value !== undefined && raw > d.max_value) throw fail(`must be at most ${d.max_value}`);
        checkChoices(raw);
        return raw;
      }
      case ApplicationCommandOptionType.Boolean:
        if (typeof raw !== 'boolean') throw fail('takes true or false');
        return raw;
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Channel:
      case ApplicationCommandOptionType.Role:
      case ApplicationCommandOptionType.Mentionable: {
        if (raw instanceof UnresolvedUser) {
          if (def.type !== ApplicationCommandOptionType.User) throw fail('takes an unresolved user only as a user option');
          return raw.id;
        }
        const id = raw instanceof FakeUser ? raw.id : raw;
        if (typeof id !== 'string') throw fail('takes an id');
        const componentType = {
          [ApplicationCommandOptionType.User]: ComponentType.UserSelect,
          [ApplicationCommandOptionType.Channel]: ComponentType.ChannelSelect,
          [ApplicationCommandOptionType.Role]: ComponentType.RoleSelect,
          [ApplicationCommandOptionType.Mentionable]: ComponentType.MentionableSelect,
        }[def.type];
        this.#resolveEntity(componentType, id, resolved, guild);
        return id;
      }
      case ApplicationCommandOptionType.Attachment: {
        if (typeof raw !== 'object' || raw instanceof FakeUser || raw instanceof UnresolvedUser || !Buffer.isBuffer(raw.bytes)) throw fail('takes a file { name, bytes }');
        const attachment = this.#upload(raw);
        resolved.attachments = { ...resolved.attachments, [attachment.id]: this.core.world.apiAttachment(attachment, true) };
        return attachment.id;
      }
      default:
        throw fail(`has type ${String(def.type)}, which takes no value`);
    }
  }

  #upload(file: UserFile): StoredAttachment {
    const world = this.core.world;
    const id = world.ids.next();
    const png = file.name.toLowerCase().endsWith('.png') ? checkPng(file.bytes) : undefined;
    const attachment: StoredAttachment = {
      id,
      filename: file.name,
      contentType: file.contentType ?? (png ? 'image/png' : 'application/octet-stream'),
      size: file.bytes.length,
      bytes: file.bytes,
      ...(png?.ok ? { width: png.width, height: png.height } : {}),
      url: `${world.baseUrl}/attachments/${id}/${encodeURIComponent(file.name)}`,
    };
    world.uploads.set(id, attachment);
    return attachment;
  }

  #resolveEntity(type: ComponentType, id: string, resolved: APIInteractionDataResolved, guild: GuildRecord | null): void {
    const world = this.core.world;
    const user = world.users.get(id);
    // In a direct message there is no guild: users resolve without a member, roles and channels not at all.
    const role = guild?.roles.get(id);
    const channel = world.channels.get(id);
    const asUser = () => {
      if (!user) throw new Error(`no user ${id}`);
      resolved.users = { ...resolved.users, [id]: world.apiUser(user) };
      const member = guild?.members.get(id);
      if (guild && member) {
        const { user: _omit, ...rest } = world.apiMember(guild, member);
        void _omit;
        resolved.members = { ...resolved.members, [id]: { ...rest, permissions: '0' } as never };
      }
    };
    switch (type) {
      case ComponentType.UserSelect:
        asUser();
        return;
      case ComponentType.RoleSelect:
        if (!role) throw new Error(`no role ${id} in ${guild?.name ?? 'a direct message'}`);
        resolved.roles = { ...resolved.roles, [id]: world.apiRole(role) };
        return;
      case ComponentType.ChannelSelect:
        if (!channel || !guild || channel.guildId !== guild.id) throw new Error(`no channel ${id} in ${guild?.name ?? 'a direct message'}`);
        resolved.channels = {
          ...resolved.channels,
          [id]: { id, name: channel.name, type: ChannelType.GuildText, permissions: world.permissionsIn(this.id, id).toString() } as never,
        };
        return;
      case ComponentType.MentionableSelect:
        if (role) resolved.roles = { ...resolved.roles, [id]: world.apiRole(role) };
        else asUser();
        return;
      default:
        throw new Error(`component type ${type} takes no entity values`);
    }
  }

  #visibleMessage(ref: MessageRef): StoredMessage {
    const id = typeof ref === 'string' ? ref : ref.id;
    const message = this.core.world.liveMessage(id);
    if (!message) throw new Error(`message ${id} does not exist (or was deleted)`);
    if (message.ephemeralFor !== undefined && message.ephemeralFor !== this.id) throw new Error(`message ${id} is ephemeral for someone else`);
    if (!(this.core.world.permissionsIn(this.id, message.channelId) & PermissionFlagsBits.ViewChannel)) {
      throw new Error(`${this.name} cannot see the channel of message ${id}`);
    }
    if (message.loading) throw new Error(`message ${id} is still loading (a deferred reply)`);
    return message;
  }

  #customIds(message: StoredMessage): string {
    return (
      walkComponents(message.components)
        .map((c) => c.component.custom_id)
        .filter((x): x is string => typeof x === 'string')
        .map((x) => `"${x}"`)
        .join(', ') || 'none'
    );
  }

  async #component(source: StoredMessage, data: Record<string, unknown>, wait: WaitOptions): Promise<InteractionHandle> {
    const { channel, guild } = this.#channelAndGuild(source.channelId);
    const perms = this.core.world.permissionsIn(this.id, channel.id);
    const record = this.dispatcher.dispatch(
      {
        type: InteractionType.MessageComponent,
        userId: this.id,
        channelId: channel.id,
        guildId: guild?.id ?? '',
        sourceMessageId: source.id,
      },
      (id, token) =>
        ({
          ...this.#base(id, token, channel, guild, perms),
          type: InteractionType.MessageComponent,
          message: this.core.world.apiMessage(source),
          data,
        }) as unknown as APIMessageComponentGuildInteraction,
    );
    return this.#wait(record, wait);
  }

  #base(id: string, token: string, channel: ChannelRecord, guild: GuildRecord | null, perms: bigint, command?: StoredCommand) {
    const world = this.core.world;
    if (guild === null) {
      // The bot's direct messages: no guild and no member; the user, the DM channel, the installs that
      // authorized the command (a component keeps those of the message's own interaction).
      const owners = command !== undefined ? this.#dmOwners(command, channel) : this.#messageOwners(channel);
      return {
        id,
        application_id: world.applicationId,
        token,
        version: 1 as const,
        channel: world.apiChannel(channel),
        channel_id: channel.id,
        user: world.apiUser(this.record),
        // In a group DM the app acts only through its interaction responses: the user's own rights there.
        app_permissions: world.permissionsIn(channel.type === ChannelType.GroupDM ? this.id : world.bot.id, channel.id).toString(),
        locale: this.record.locale,
        entitlements: [],
        authorizing_integration_owners: owners,
        context: channel.type === ChannelType.GroupDM ? InteractionContextType.PrivateChannel : InteractionContextType.BotDM,
        attachment_size_limit: this.core.options.maxFileSize,
      };
    }
    const member = guild.members.get(this.id);
    if (!member) throw new Error(`${this.name} is not a member of ${guild.name}`);
    const apiMember: APIInteractionGuildMember = {
      ...world.apiMember(guild, member),
      user: world.apiUser(this.record),
      permissions: perms.toString(),
    };
    return {
      id,
      application_id: world.applicationId,
      token,
      version: 1 as const,
      guild_id: guild.id,
      guild: { id: guild.id, locale: guild.locale, features: [] },
      channel: world.apiChannel(channel),
      channel_id: channel.id,
      member: apiMember,
      app_permissions: world.permissionsIn(world.bot.id, channel.id).toString(),
      locale: this.record.locale,
      guild_locale: guild.locale,
      entitlements: [],
      authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: guild.id },
      context: InteractionContextType.Guild,
      attachment_size_limit: this.core.options.maxFileSize,
    };
  }

  /** A click in the bot's direct messages: the installs of the user's latest command there, else theirs now. */
  #messageOwners(channel: ChannelRecord): Record<string, string> {
    const latest = [...this.core.world.interactions.values()]
      .filter((r) => r.channelId === channel.id && r.userId === this.id && r.type === InteractionType.ApplicationCommand)
      .at(-1);
    const owners = (latest?.payload as { authorizing_integration_owners?: Record<string, string> } | undefined)?.authorizing_integration_owners;
    if (owners !== undefined) return owners;
    const fallback: Record<string, string> = {};
    if (channel.type === ChannelType.DM && this.core.world.sharesGuildWithBot(this.id)) fallback[ApplicationIntegrationType.GuildInstall] = '0';
    if (this.record.appInstalled === true) fallback[ApplicationIntegrationType.UserInstall] = this.id;
    return fallback;
  }

  async #wait(record: InteractionRecord, wait: WaitOptions): Promise<InteractionHandle> {
    const handle = new Handle(this.core, record);
    const until = wait.until ?? 'settled';
    if (until === 'none') return handle;
    if (until === 'response') return handle.responded(wait.timeoutMs !== undefined ? { timeoutMs: wait.timeoutMs } : {});
    return handle.settled({
      ...(wait.quietMs !== undefined ? { quietMs: wait.quietMs } : {}),
      ...(wait.deferredUpdateGraceMs !== undefined ? { deferredUpdateGraceMs: wait.deferredUpdateGraceMs } : {}),
      ...(wait.timeoutMs !== undefined ? { timeoutMs: wait.timeoutMs } : {}),
    });
  }
}

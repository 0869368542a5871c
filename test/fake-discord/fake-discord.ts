/**
 * FakeDiscord: the public face of the fake. Start it, point a discord.js client at `apiBaseUrl` with
 * `token`, create users, let them act, and look at what each of them sees.
 *
 *   const fake = await FakeDiscord.start();
 *   const client = createDiscordClient({ token: fake.token, apiBaseUrl: fake.apiBaseUrl });
 *   ... log in, register commands ...
 *   const alice = fake.users.create('alice', { locale: 'de' });
 *   const handle = await alice.runCommand(fake.channelId(), 'game', { subcommand: 'new' });
 *   fake.visibleTo(alice.id, fake.channelId());
 *   fake.assertNoViolations();
 *   await fake.stop();
 */
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { ChannelType, Locale, OverwriteType, type APIApplicationCommand } from 'discord-api-types/v10';
import { FakeUser } from './actors.js';
import { FakeClock } from './clock.js';
import type { Core, ResolvedOptions } from './core.js';
import { FakeDiscordViolationError, InteractionDispatcher, formatViolation } from './dispatcher.js';
import { Gateway, shardForGuild, type GatewaySession } from './gateway.js';
import { toBits, type PermissionInput } from './permissions.js';
import { FakeServer, type FaultSpec } from './server.js';
import type { BucketCount, BudgetTotals } from './rate-limit.js';
import { channelMessages, publicOccurrences, seenMessage, visibleTo, type Occurrence, type SeenMessage } from './view.js';
import { World, type RequestRecord, type Violation } from './world.js';

export interface FakeDiscordOptions {
  /** The bot's user name (default 'Bazaar'). */
  botName?: string;
  /** The default guild (default: "Bazaar Test" with a #general channel). */
  guild?: { name?: string; locale?: Locale; channels?: string[] };
  /** The bot role's permissions in the default guild. */
  botPermissions?: PermissionInput;
  /** @everyone permissions in the default guild. */
  everyonePermissions?: PermissionInput;
  /** Initial response window (default 3000 ms, Discord's). */
  responseWindowMs?: number;
  /** Interaction token lifetime (default 15 min). */
  tokenLifetimeMs?: number;
  /** Upload limit per file and `attachment_size_limit` (default 10 MiB). */
  maxFileSize?: number;
  heartbeatIntervalMs?: number;
  /** Privileged intents the application may request (bitfield; default none). */
  privilegedIntents?: number;
  /** `shards` in GET /gateway/bot: the shard count Discord recommends (default 1); `shards: 'auto'` uses it. */
  recommendedShards?: number;
  /** `session_start_limit.max_concurrency` (default 1, Discord's for most bots): shards discord.js identifies at once. */
  maxConcurrency?: number;
  /** A shard with more guilds than this is refused with 4011 Sharding required (default 2500, Discord's). */
  maxGuildsPerShard?: number;
  /**
   * Requests a bot token may make a second outside the interaction endpoints (default 50, Discord's global
   * rate limit); more in one second are answered 429 (global). `Infinity` turns the limit off.
   */
  globalRateLimit?: number;
  clock?: FakeClock;
}

export interface CreateUserOptions {
  locale?: Locale | `${Locale}`;
  globalName?: string;
  /** Guild to join (default: the default guild); null: none (a user who may still install the app to their account). */
  guildId?: string | null;
  /** Role ids to give the member. */
  roles?: string[];
}

export class FakeDiscord {
  readonly clock: FakeClock;
  readonly token: string;
  readonly world: World;
  readonly gateway: Gateway;
  readonly #core: Core;
  readonly #server: FakeServer;
  readonly #dispatcher: InteractionDispatcher;
  readonly #users = new Map<string, FakeUser>();
  /** The default guild's id. */
  readonly guildId: string;
  #started = false;

  /** Creates and starts a fake on an ephemeral port. */
  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    return new FakeDiscord(options).start();
  }

  constructor(options: FakeDiscordOptions = {}) {
    this.clock = options.clock ?? new FakeClock();
    this.world = new World(this.clock, { botName: options.botName ?? 'Bazaar' });
    // Bot tokens start with the base64 of the application id, as real ones do.
    this.token = `${Buffer.from(this.world.applicationId).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    const resolved: ResolvedOptions = {
      token: this.token,
      responseWindowMs: options.responseWindowMs ?? 3000,
      tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60_000,
      maxFileSize: options.maxFileSize ?? 10 * 1024 * 1024,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      privilegedIntents: options.privilegedIntents ?? 0,
      recommendedShards: options.recommendedShards ?? 1,
      maxConcurrency: options.maxConcurrency ?? 1,
      maxGuildsPerShard: options.maxGuildsPerShard ?? 2500,
      globalRateLimit: options.globalRateLimit ?? 50,
    };
    this.gateway = new Gateway(this.world, resolved);
    this.#core = {
      world: this.world,
      clock: this.clock,
      gateway: this.gateway,
      options: resolved,
      interactionsByToken: new Map(),
      activity: { inflight: 0, lastAt: 0 },
    };
    this.#server = new FakeServer(this.#core);
    this.#dispatcher = new InteractionDispatcher(this.#core);

    const guild = this.world.createGuild({
      name: options.guild?.name ?? 'Bazaar Test',
      ...(options.guild?.locale ? { locale: options.guild.locale } : {}),
      ...(options.botPermissions !== undefined ? { botPermissions: options.botPermissions } : {}),
      ...(options.everyonePermissions !== undefined ? { everyonePermissions: options.everyonePermissions } : {}),
    });
    this.guildId = guild.id;
    for (const name of options.guild?.channels ?? ['general']) this.world.createChannel(guild.id, { name });

    this.world.events.on('channelUpdate', (channel) => {
      if (this.#started) this.gateway.dispatch(channel.guildId, 'CHANNEL_UPDATE' as never, this.world.apiChannel(channel) as never);
    });
  }

  async start(): Promise<this> {
    if (this.#started) return this;
    await this.#server.listen();
    this.world.baseUrl = `http://127.0.0.1:${this.#server.port}`;
    this.gateway.url = `ws://127.0.0.1:${this.#server.port}`;
    this.#started = true;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#dispatcher.stop();
    await this.gateway.close();
    await this.#server.close();
  }

  // ----- connection details -------------------------------------------------------------------------------

  /** What discord.js takes as `rest.api` (requests go to `${apiBaseUrl}/v10/...`). */
  get apiBaseUrl(): string {
    return `${this.world.baseUrl}/api`;
  }

  /** TCP connections the fake has accepted so far (REST and gateway). */
  get connectionsAccepted(): number {
    return this.#server.stats.connections;
  }

  get gatewayUrl(): string {
    return this.gateway.url;
  }

  get applicationId(): string {
    return this.world.applicationId;
  }

  /** The bot user's id (equal to the application id, as on Discord). */
  get botUserId(): string {
    return this.world.bot.id;
  }

  /** Change notifications: messageCreate/Update/Delete, interactionCreate/Update, violation, request, channelUpdate, commandsUpdate. */
  get events(): EventEmitter {
    return this.world.events;
  }

  /** Resolves when a bot has identified and received READY (immediately if one is connected). */
  waitForBot(): Promise<GatewaySession> {
    return this.gateway.waitForReady();
  }

  /** Resolves once each of these shard ids has a connected session (e.g. bot processes of several shards). */
  waitForShards(shardIds: readonly number[]): Promise<void> {
    return this.gateway.waitForShards(shardIds);
  }

  // ----- the world ----------------------------------------------------------------------------------------

  /** Id of a channel of the default guild by name (default 'general'). */
  channelId(name = 'general', guildId = this.guildId): string {
    const guild = this.world.guild(guildId);
    const id = guild.channelIds.find((c) => this.world.channel(c).name === name);
    if (!id) throw new Error(`no channel #${name} in ${guild.name}`);
    return id;
  }

  /** What the bot wrote to a user in direct messages, oldest first (none before it opened the channel). */
  /** A group DM of these users (a private channel the bot is not in), for commands of a user install. */
  groupDm(users: readonly { id: string }[]): string {
    return this.world.groupDm(users.map((u) => u.id)).id;
  }

  /** The bot's direct message channel with a user (opened if need be): where the user runs the bot's commands in its DM. */
  dmChannelOf(userId: string): string {
    return this.world.dmChannel(userId).id;
  }

  directMessagesTo(userId: string): SeenMessage[] {
    const dm = [...this.world.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId);
    return dm === undefined ? [] : channelMessages(this.world, dm.id);
  }

  /** The threads opened in a channel, oldest first (a thread is a channel: its messages are `channelMessages(id)`). */
  threadsOf(channelId: string): { id: string; name: string; parentId: string; starterMessageId: string | null }[] {
    return this.world.threadsOf(channelId).map((t) => ({ id: t.id, name: t.name, parentId: channelId, starterMessageId: t.thread?.starterMessageId ?? null }));
  }

  /** A member deletes a thread: it and its messages are gone, and the client hears THREAD_DELETE. */
  deleteThread(threadId: string): void {
    const thread = this.world.channel(threadId);
    if (thread.parentId === null) throw new Error(`${threadId} is not a thread`);
    for (const m of [...this.world.messages.values()]) if (m.channelId === threadId && m.deletedAt === null) this.world.deleteMessage(m);
    this.world.channels.delete(threadId);
    const guild = this.world.guild(thread.guildId);
    guild.threadIds = guild.threadIds.filter((id) => id !== threadId);
    if (this.#started) this.gateway.dispatch(thread.guildId, 'THREAD_DELETE' as never, { id: threadId, guild_id: thread.guildId, parent_id: thread.parentId, type: thread.type } as never);
  }

  /**
   * Adds a guild the bot is in (GUILD_CREATE reaches the connected shard that owns it); returns its id.
   * `shard: [shard_id, shard_count]` picks an id that this shard owns (`(guild_id >> 22) % shard_count`).
   */
  createGuild(
    name: string,
    options: { locale?: Locale; channels?: string[]; botPermissions?: PermissionInput; shard?: [number, number] } = {},
  ): string {
    const guild = this.world.createGuild({
      name,
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.botPermissions !== undefined ? { botPermissions: options.botPermissions } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
    });
    for (const channel of options.channels ?? ['general']) this.world.createChannel(guild.id, { name: channel });
    if (this.#started) this.gateway.dispatchGuildCreate(guild);
    return guild.id;
  }

  /** The shard that owns a guild for a shard count: `(guild_id >> 22) % shard_count`. */
  shardOf(guildId: string, shardCount: number): number {
    return shardForGuild(guildId, shardCount);
  }

  /**
   * `type: 'forum'`: a forum channel, whose posts are threads opened with their starter message;
   * `requireTag`: a forum that asks a tag of every post.
   */
  createChannel(name: string, options: { guildId?: string; topic?: string; type?: 'text' | 'forum'; requireTag?: boolean } = {}): string {
    const guildId = options.guildId ?? this.guildId;
    const type = options.type === 'forum' ? ChannelType.GuildForum : ChannelType.GuildText;
    const channel = this.world.createChannel(guildId, { name, type, ...(options.topic ? { topic: options.topic } : {}), ...(options.requireTag === true ? { requireTag: true } : {}) });
    if (this.#started) this.gateway.dispatch(guildId, 'CHANNEL_CREATE' as never, this.world.apiChannel(channel) as never);
    return channel.id;
  }

  createRole(name: string, permissions: PermissionInput = 0n, guildId = this.guildId): string {
    const role = this.world.createRole(guildId, { name, permissions });
    if (this.#started) this.gateway.dispatch(guildId, 'GUILD_ROLE_CREATE' as never, { guild_id: guildId, role: this.world.apiRole(role) } as never);
    return role.id;
  }

  /** Sets a channel permission overwrite for a role or member (dispatches CHANNEL_UPDATE). */
  setPermissionOverwrite(channelId: string, overwrite: { id: string; type?: OverwriteType; allow?: PermissionInput; deny?: PermissionInput }): void {
    this.world.setOverwrite(channelId, overwrite);
  }

  /** Denies the bot permissions in one channel, e.g. denyBot(channel, ['SendMessages', 'AttachFiles']). */
  denyBot(channelId: string, permissions: PermissionInput): void {
    const current = this.world.channel(channelId).overwrites.find((o) => o.id === this.botUserId);
    this.world.setOverwrite(channelId, {
      id: this.botUserId,
      type: OverwriteType.Member,
      allow: (current?.allow ?? 0n) & ~toBits(permissions),
      deny: (current?.deny ?? 0n) | toBits(permissions),
    });
  }

  /** Removes the bot's member overwrite in a channel. */
  resetBotPermissions(channelId: string): void {
    this.world.clearOverwrite(channelId, this.botUserId);
  }

  /** The bot's effective permissions in a channel. */
  botPermissionsIn(channelId: string): bigint {
    return this.world.permissionsIn(this.botUserId, channelId);
  }

  readonly users = {
    create: (name: string, options: CreateUserOptions = {}): FakeUser => {
      const record = this.world.createUser({
        username: name,
        ...(options.globalName ? { globalName: options.globalName } : {}),
        locale: (options.locale ?? Locale.EnglishUS) as Locale,
      });
      const guildId = options.guildId === undefined ? this.guildId : options.guildId;
      if (guildId !== null) this.world.addMember(this.world.guild(guildId), record.id, options.roles ?? []);
      const user = new FakeUser(this.#core, this.#dispatcher, record, guildId ?? '');
      this.#users.set(record.id, user);
      return user;
    },
    get: (id: string): FakeUser => {
      const user = this.#users.get(id);
      if (!user) throw new Error(`no fake user ${id}`);
      return user;
    },
    all: (): FakeUser[] => [...this.#users.values()],
  };

  /** Commands the bot registered (globally, or for a guild). */
  commands(guildId?: string): APIApplicationCommand[] {
    return [...this.world.commandsFor(guildId).values()];
  }

  // ----- what people see ----------------------------------------------------------------------------------

  /** What a user sees in a channel now: its messages and the user's own ephemeral ones, oldest first. */
  visibleTo(userId: string, channelId: string): SeenMessage[] {
    return visibleTo(this.world, userId, channelId);
  }

  /** The channel's current public messages, oldest first. */
  channelMessages(channelId: string): SeenMessage[] {
    return channelMessages(this.world, channelId);
  }

  /** A message as it is now (also deleted or ephemeral ones). */
  message(id: string): SeenMessage | undefined {
    const m = this.world.messages.get(id);
    return m && seenMessage(m);
  }

  /** Ephemeral messages a user currently has, in all channels. */
  ephemeralsOf(userId: string): SeenMessage[] {
    return [...this.world.messages.values()].filter((m) => m.ephemeralFor === userId && m.deletedAt === null).map(seenMessage);
  }

  /** Everywhere a text or file ever appeared publicly (all revisions, deleted messages included). */
  publicOccurrences(needle: string | RegExp | Buffer, channelId?: string): Occurrence[] {
    return publicOccurrences(this.world, needle, channelId);
  }

  // ----- records and faults -------------------------------------------------------------------------------

  get requests(): readonly RequestRecord[] {
    return this.world.requests;
  }

  get violations(): readonly Violation[] {
    return this.world.violations;
  }

  /**
   * The requests so far by rate-limit bucket (route template and major parameter), each counted against
   * the global rate limit or exempt from it (interaction endpoints), with the 429s the limit answered.
   */
  requestCounts(): BucketCount[] {
    return this.#server.rateLimit.counts();
  }

  /** The requests so far: counted against the global rate limit, exempt from it, and refused by it (429). */
  requestTotals(): BudgetTotals {
    return this.#server.rateLimit.totals();
  }

  /** Requests to routes the fake does not serve (also in `violations`). */
  get unknownRoutes(): RequestRecord[] {
    return this.world.requests.filter((r) => r.route === '?');
  }

  /** Returns and forgets the violations recorded so far (for tests that provoke them on purpose). */
  takeViolations(): Violation[] {
    return this.world.violations.splice(0, this.world.violations.length);
  }

  /** Throws a readable error listing every protocol violation (schema paths included) and unknown route. */
  assertNoViolations(): void {
    if (this.world.violations.length === 0) return;
    throw new FakeDiscordViolationError([...this.world.violations], `Discord would have rejected ${this.world.violations.length} request(s) from the bot:`);
  }

  /** Makes the next request(s) to a route fail: failNext('POST /channels/{channel_id}/messages', { status: 429, retryAfter: 0.2 }). */
  failNext(route: string, fault: FaultSpec): void {
    this.#server.failNext(route, fault);
  }

  get pendingFaults(): string[] {
    return this.#server.pendingFaults;
  }

  /** Kills a gateway connection (default: the latest session) as a network failure would; resolves once the client has resumed. */
  dropGateway(shardId?: number): Promise<void> {
    return this.gateway.drop(shardId);
  }

  /** Sends op 7 RECONNECT (default: to the latest session); resolves once the client has resumed. */
  requestReconnect(shardId?: number): Promise<void> {
    return this.gateway.requestReconnect(shardId);
  }

  formatViolations(): string {
    return this.world.violations.map(formatViolation).join('\n');
  }
}

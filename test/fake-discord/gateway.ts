/**
 * The gateway: a WebSocket server speaking Discord's JSON protocol (v10).
 *
 * HELLO -> IDENTIFY -> READY + one GUILD_CREATE per guild; heartbeats are ACKed; dispatches carry a
 * sequence number and are kept per session, so a client that lost its connection (or was told to
 * RECONNECT) can RESUME on `resume_gateway_url` and receives what it missed, then RESUMED.
 *
 * Sharding as on Discord: IDENTIFY may carry `shard: [shard_id, shard_count]`; a session then sees only
 * the guilds its shard owns (`(guild_id >> 22) % shard_count`) in READY and GUILD_CREATE, and every guild
 * event (interactions included) goes to the session of the shard that owns the guild. Any number of
 * connections may be open at once (one per shard, from one or several processes); per shard the latest
 * identified session is the one that receives.
 *
 * Events on `events`: 'identify' (session), 'ready' (session), 'resumed' (session), 'disconnect' (session, code).
 */
import { EventEmitter, once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ApplicationFlags,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  type GatewayDispatchPayload,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
  type GatewayReceivePayload,
} from 'discord-api-types/v10';
import { WebSocketServer, type WebSocket } from 'ws';
import type { GuildRecord, World } from './world.js';

export const PRIVILEGED_INTENTS =
  GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;
const ALL_INTENTS = Object.values(GatewayIntentBits)
  .filter((v): v is number => typeof v === 'number')
  .reduce((a, b) => a | b, 0);

/** The shard that owns a guild: `(guild_id >> 22) % shard_count`, Discord's formula. */
export function shardForGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

export interface GatewaySession {
  id: string;
  intents: number;
  /** [shard_id, shard_count] from IDENTIFY ([0, 1] when the client did not shard). */
  shard: [number, number];
  seq: number;
  /** Every dispatch of the session, for replay on RESUME. */
  history: { s: number; payload: string }[];
  socket: WebSocket | undefined;
  identifiedAt: number;
  resumes: number;
}

export interface GatewayOptions {
  token: string;
  heartbeatIntervalMs: number;
  /** Privileged intents the application is allowed to request (Developer Portal switches). */
  privilegedIntents: number;
  /** More guilds than this on one shard closes IDENTIFY with 4011 Sharding required (Discord: 2500). */
  maxGuildsPerShard: number;
}

function shardKey(shard: readonly [number, number]): string {
  return `${shard[0]}/${shard[1]}`;
}

/** IDENTIFY's shard field: two integers, 0 <= shard_id < shard_count. */
function isShard(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1]) &&
    (value[1] as number) >= 1 &&
    (value[0] as number) >= 0 &&
    (value[0] as number) < (value[1] as number)
  );
}

function isOpen(session: GatewaySession | undefined): boolean {
  return Boolean(session?.socket && session.socket.readyState === session.socket.OPEN);
}

interface Connection {
  socket: WebSocket;
  session?: GatewaySession;
}

export class Gateway {
  readonly events = new EventEmitter();
  readonly stats = { connections: 0, identifies: 0, resumes: 0, heartbeats: 0 };
  readonly sessions = new Map<string, GatewaySession>();
  /** The latest identified session (of any shard): what the single-shard helpers (drop, closeWith) act on. */
  active: GatewaySession | undefined;
  /** Per shard ("id/count") the latest identified session: the one that receives that shard's dispatches. */
  readonly #shardSessions = new Map<string, GatewaySession>();
  /** ws://127.0.0.1:PORT, set once the server listens. */
  url = '';
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #connections = new Set<Connection>();

  constructor(
    private readonly world: World,
    private readonly options: GatewayOptions,
  ) {
    this.events.setMaxListeners(0);
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'ws://fake.invalid');
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#onConnection(ws, url.searchParams));
  }

  #onConnection(socket: WebSocket, params: URLSearchParams): void {
    this.stats.connections++;
    const connection: Connection = { socket };
    this.#connections.add(connection);
    socket.on('close', (code) => {
      this.#connections.delete(connection);
      const session = connection.session;
      if (session && session.socket === socket) {
        session.socket = undefined;
        this.events.emit('disconnect', session, code);
      }
    });
    socket.on('error', () => undefined);
    if (params.get('v') !== '10') {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    if ((params.get('encoding') ?? 'json') !== 'json') {
      socket.close(GatewayCloseCodes.DecodeError, 'the fake speaks JSON only');
      return;
    }
    this.#send(socket, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } });
    socket.on('message', (data) => this.#onMessage(connection, data.toString()));
  }

  #send(socket: WebSocket, payload: unknown): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
  }

  #onMessage(connection: Connection, text: string): void {
    const { socket } = connection;
    let payload: { op: number; d: unknown };
    try {
      payload = JSON.parse(text) as { op: number; d: unknown };
    } catch {
      socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload');
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.stats.heartbeats++;
        this.#send(socket, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        this.#identify(connection, payload.d as { token?: string; intents?: number; shard?: unknown });
        return;
      case GatewayOpcodes.Resume:
        this.#resume(connection, payload.d as { token?: string; session_id?: string; seq?: number });
        return;
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.VoiceStateUpdate:
        if (!connection.session) socket.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated');
        return;
      default:
        socket.close(GatewayCloseCodes.UnknownOpcode, `Unknown opcode ${payload.op}`);
    }
  }

  #identify(connection: Connection, d: { token?: string; intents?: number; shard?: unknown }): void {
    const { socket } = connection;
    if (connection.session) {
      socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated');
      return;
    }
    if (d.token !== this.options.token && d.token !== `Bot ${this.options.token}`) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed');
      return;
    }
    const intents = d.intents ?? -1;
    if (!Number.isInteger(intents) || intents < 0 || (intents & ~ALL_INTENTS) !== 0) {
      socket.close(GatewayCloseCodes.InvalidIntents, 'Invalid intent(s)');
      return;
    }
    if ((intents & PRIVILEGED_INTENTS & ~this.options.privilegedIntents) !== 0) {
      socket.close(GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s)');
      return;
    }
    const shard = d.shard ?? [0, 1];
    if (!isShard(shard)) {
      socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard');
      return;
    }
    const owned = [...this.world.guilds.values()].filter((g) => shardForGuild(g.id, shard[1]) === shard[0]);
    if (owned.length > this.options.maxGuildsPerShard) {
      socket.close(GatewayCloseCodes.ShardingRequired, 'Sharding required');
      return;
    }
    this.stats.identifies++;
    const session: GatewaySession = {
      id: this.world.ids.next().slice(-16).padStart(32, '0'),
      intents,
      shard: [shard[0], shard[1]],
      seq: 0,
      history: [],
      socket,
      identifiedAt: this.world.clock.now(),
      resumes: 0,
    };
    connection.session = session;
    this.sessions.set(session.id, session);
    this.active = session;
    // Re-inserted so that the Map's order is the order of identification (sessionOfShard takes the latest).
    this.#shardSessions.delete(shardKey(session.shard));
    this.#shardSessions.set(shardKey(session.shard), session);
    this.events.emit('identify', session);
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...this.world.apiUser(this.world.bot), verified: true, mfa_enabled: false },
      guilds: owned.map(({ id }) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard: session.shard,
      application: {
        id: this.world.applicationId,
        flags: ApplicationFlags.GatewayGuildMembersLimited,
        flags_new: String(ApplicationFlags.GatewayGuildMembersLimited),
      },
    };
    this.#dispatchTo(session, GatewayDispatchEvents.Ready, ready);
    for (const guild of owned) this.#dispatchTo(session, GatewayDispatchEvents.GuildCreate, this.guildCreate(guild, intents));
    this.events.emit('ready', session);
  }

  #resume(connection: Connection, d: { token?: string; session_id?: string; seq?: number }): void {
    const { socket } = connection;
    if (d.token !== this.options.token && d.token !== `Bot ${this.options.token}`) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed');
      return;
    }
    const session = d.session_id ? this.sessions.get(d.session_id) : undefined;
    if (!session || typeof d.seq !== 'number' || d.seq > session.seq) {
      this.#send(socket, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    if (session.socket && session.socket !== socket) session.socket.terminate();
    connection.session = session;
    session.socket = socket;
    session.resumes++;
    this.stats.resumes++;
    for (const entry of session.history) if (entry.s > d.seq) socket.send(entry.payload);
    this.#dispatchTo(session, GatewayDispatchEvents.Resumed, null);
    this.events.emit('resumed', session);
  }

  guildCreate(guild: GuildRecord, intents: number): GatewayGuildCreateDispatchData {
    const members = [...guild.members.values()].filter(
      (m) => intents & GatewayIntentBits.GuildMembers || m.userId === this.world.bot.id,
    );
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: GuildVerificationLevel.None,
      default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
      explicit_content_filter: GuildExplicitContentFilter.Disabled,
      roles: [...guild.roles.values()].map((r) => this.world.apiRole(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: GuildMFALevel.None,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: GuildPremiumTier.None,
      preferred_locale: guild.locale,
      public_updates_channel_id: null,
      nsfw_level: GuildNSFWLevel.Default,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      hub_type: null,
      incidents_data: null,
      joined_at: guild.members.get(this.world.bot.id)?.joinedAt ?? this.world.clock.isoNow(),
      large: false,
      unavailable: false,
      member_count: guild.members.size,
      voice_states: [],
      members: members.map((m) => this.world.apiMember(guild, m)),
      channels: guild.channelIds.map((id) => this.world.apiChannel(this.world.channel(id))),
      threads: guild.threadIds.map((id) => this.world.apiChannel(this.world.channel(id))),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    } as unknown as GatewayGuildCreateDispatchData;
  }

  #dispatchTo(session: GatewaySession, t: string, d: unknown): void {
    session.seq++;
    const payload = JSON.stringify({ op: GatewayOpcodes.Dispatch, t, s: session.seq, d });
    session.history.push({ s: session.seq, payload });
    if (session.socket && session.socket.readyState === session.socket.OPEN) session.socket.send(payload);
  }

  /** The sessions that receive a guild's events: per shard the latest, where the shard owns the guild. */
  sessionsFor(guildId: string): GatewaySession[] {
    return [...this.#shardSessions.values()].filter((s) => shardForGuild(guildId, s.shard[1]) === s.shard[0]);
  }

  /** The current session of a shard id (whatever its shard count), if one identified. */
  sessionOfShard(shardId: number): GatewaySession | undefined {
    return [...this.#shardSessions.values()].filter((s) => s.shard[0] === shardId).at(-1);
  }

  /**
   * Sends a guild's dispatch to the session(s) of the shard that owns it; buffered for replay if the
   * connection is down. False when no session owns the guild.
   */
  dispatch<T extends GatewayDispatchPayload['t']>(guildId: string, t: T, d: Extract<GatewayReceivePayload, { t: T }>['d']): boolean {
    const sessions = this.sessionsFor(guildId);
    for (const session of sessions) this.#dispatchTo(session, t, d);
    return sessions.length > 0;
  }

  /** GUILD_CREATE for a guild that appeared, to the owning shard's session(s), each with its intents. */
  dispatchGuildCreate(guild: GuildRecord): void {
    for (const session of this.sessionsFor(guild.id)) {
      this.#dispatchTo(session, GatewayDispatchEvents.GuildCreate, this.guildCreate(guild, session.intents));
    }
  }

  /** Is a bot identified and currently connected (any shard)? */
  get connected(): boolean {
    return [...this.#shardSessions.values()].some((s) => s.socket !== undefined && s.socket.readyState === s.socket.OPEN);
  }

  /** Resolves with the next session that becomes ready (IDENTIFY answered). */
  async waitForReady(): Promise<GatewaySession> {
    if (this.active?.socket && this.active.socket.readyState === this.active.socket.OPEN) return this.active;
    const [session] = (await once(this.events, 'ready')) as [GatewaySession];
    return session;
  }

  /** Resolves once every shard id in `shardIds` has a connected session (READY sent). */
  async waitForShards(shardIds: readonly number[]): Promise<void> {
    const missing = (): boolean => shardIds.some((id) => !isOpen(this.sessionOfShard(id)));
    while (missing()) await once(this.events, 'ready');
  }

  /**
   * Kills the connection of a shard (default: the latest identified session) without a close frame (the
   * client sees 1006), as a network failure would. Resolves once the client has resumed the session.
   */
  async drop(shardId?: number): Promise<void> {
    const session = this.#requireConnected(shardId);
    const resumed = once(this.events, 'resumed');
    session.socket?.terminate();
    await resumed;
  }

  /** Sends op 7 RECONNECT to a shard (default: the latest session); resolves once the client has resumed. */
  async requestReconnect(shardId?: number): Promise<void> {
    const session = this.#requireConnected(shardId);
    const resumed = once(this.events, 'resumed');
    this.#send(session.socket as WebSocket, { op: GatewayOpcodes.Reconnect, d: null });
    await resumed;
  }

  /** Closes a shard's connection (default: the latest session) with a close code (e.g. 4004 to end the bot for good). */
  closeWith(code: number, reason = '', shardId?: number): void {
    this.#requireConnected(shardId).socket?.close(code, reason);
  }

  #requireConnected(shardId?: number): GatewaySession {
    const session = shardId === undefined ? this.active : this.sessionOfShard(shardId);
    if (!session?.socket) throw new Error(`no bot is connected to the fake gateway${shardId === undefined ? '' : ` on shard ${shardId}`}`);
    return session;
  }

  async close(): Promise<void> {
    for (const { socket } of this.#connections) socket.terminate();
    this.#connections.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

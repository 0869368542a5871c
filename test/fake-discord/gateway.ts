/**
 * The gateway: a WebSocket server speaking Discord's JSON protocol (v10).
 *
 * HELLO -> IDENTIFY -> READY + one GUILD_CREATE per guild; heartbeats are ACKed; dispatches carry a
 * sequence number and are kept per session, so a client that lost its connection (or was told to
 * RECONNECT) can RESUME on `resume_gateway_url` and receives what it missed, then RESUMED.
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

export interface GatewaySession {
  id: string;
  intents: number;
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
}

interface Connection {
  socket: WebSocket;
  session?: GatewaySession;
}

export class Gateway {
  readonly events = new EventEmitter();
  readonly stats = { connections: 0, identifies: 0, resumes: 0, heartbeats: 0 };
  readonly sessions = new Map<string, GatewaySession>();
  /** The session INTERACTION_CREATE and other dispatches go to (the latest identified one). */
  active: GatewaySession | undefined;
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
        this.#identify(connection, payload.d as { token?: string; intents?: number; shard?: [number, number] });
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

  #identify(connection: Connection, d: { token?: string; intents?: number; shard?: [number, number] }): void {
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
    if (d.shard && (d.shard[1] !== 1 || d.shard[0] !== 0)) {
      socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard');
      return;
    }
    this.stats.identifies++;
    const session: GatewaySession = {
      id: this.world.ids.next().slice(-16).padStart(32, '0'),
      intents,
      seq: 0,
      history: [],
      socket,
      identifiedAt: this.world.clock.now(),
      resumes: 0,
    };
    connection.session = session;
    this.sessions.set(session.id, session);
    this.active = session;
    this.events.emit('identify', session);
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: { ...this.world.apiUser(this.world.bot), verified: true, mfa_enabled: false },
      guilds: [...this.world.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard: [0, 1],
      application: {
        id: this.world.applicationId,
        flags: ApplicationFlags.GatewayGuildMembersLimited,
        flags_new: String(ApplicationFlags.GatewayGuildMembersLimited),
      },
    };
    this.#dispatchTo(session, GatewayDispatchEvents.Ready, ready);
    for (const guild of this.world.guilds.values()) {
      this.#dispatchTo(session, GatewayDispatchEvents.GuildCreate, this.guildCreate(guild, intents));
    }
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
      threads: [],
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

  /** Sends a dispatch to the active session; buffered for replay if its connection is down. */
  dispatch<T extends GatewayDispatchPayload['t']>(t: T, d: Extract<GatewayReceivePayload, { t: T }>['d']): boolean {
    if (!this.active) return false;
    this.#dispatchTo(this.active, t, d);
    return true;
  }

  /** Is a bot identified and currently connected? */
  get connected(): boolean {
    return Boolean(this.active?.socket && this.active.socket.readyState === this.active.socket.OPEN);
  }

  /** Resolves with the next session that becomes ready (IDENTIFY answered). */
  async waitForReady(): Promise<GatewaySession> {
    if (this.connected && this.active) return this.active;
    const [session] = (await once(this.events, 'ready')) as [GatewaySession];
    return session;
  }

  /**
   * Kills the active connection without a close frame (the client sees 1006), as a network failure would.
   * Resolves once the client has resumed the session.
   */
  async drop(): Promise<void> {
    const session = this.#requireConnected();
    const resumed = once(this.events, 'resumed');
    session.socket?.terminate();
    await resumed;
  }

  /** Sends op 7 RECONNECT; resolves once the client has resumed. */
  async requestReconnect(): Promise<void> {
    const session = this.#requireConnected();
    const resumed = once(this.events, 'resumed');
    this.#send(session.socket as WebSocket, { op: GatewayOpcodes.Reconnect, d: null });
    await resumed;
  }

  /** Closes the active connection with a close code (e.g. 4004 to end the bot for good). */
  closeWith(code: number, reason = ''): void {
    this.#requireConnected().socket?.close(code, reason);
  }

  #requireConnected(): GatewaySession {
    if (!this.active?.socket) throw new Error('no bot is connected to the fake gateway');
    return this.active;
  }

  async close(): Promise<void> {
    for (const { socket } of this.#connections) socket.terminate();
    this.#connections.clear();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

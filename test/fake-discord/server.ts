/**
 * The HTTP side: REST under /api/v10, attachment downloads under /attachments, and the WebSocket upgrade
 * for the gateway, all on one ephemeral port of 127.0.0.1.
 *
 * Every REST request goes through: route match (unknown -> 404, recorded) -> injected fault ->
 * Authorization -> body parsing -> OpenAPI query/body validation -> the route's handler. Errors come back
 * in Discord's JSON shape; protocol violations are recorded on the world for tests to assert on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Core } from './core.js';
import { DiscordError, errors, invalidFormBody, ruleViolation } from './errors.js';
import { parseBody } from './rest/body.js';
import { channelRoutes } from './rest/channels.js';
import { commandRoutes } from './rest/commands.js';
import { emojiRoutes } from './rest/emojis.js';
import { interactionRoutes } from './rest/interactions.js';
import { threadRoutes } from './rest/threads.js';
import { Router, type Method, type RouteRequest } from './rest/router.js';
import { hasRequestSchema, validateQuery, validateRequestBody } from './schema.js';
import { budgetOf, GlobalRateLimit, type GlobalLimitHit } from './rate-limit.js';
import type { InteractionRecord, RequestRecord } from './world.js';

export interface FaultSpec {
  status: 429 | 500 | 502 | 503 | 504 | number;
  /** Seconds, for 429 (fractions allowed; discord.js waits this long). */
  retryAfter?: number;
  /** A global rate limit (429 with X-RateLimit-Global). */
  global?: boolean;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Discord error code and message in the body (defaults depend on the status). */
  code?: number;
  message?: string;
  /**
   * A slow answer instead of an error: the request is carried out as usual, and its answer leaves this
   * many milliseconds later (past the client's timeout, Discord did it but the client cannot know).
   */
  delayMs?: number;
  /**
   * A lost answer instead of an error: the request is carried out as usual, then the connection is cut
   * before its answer leaves (Discord did it, the client sees a network error). `status` is not used.
   */
  lost?: boolean;
}

interface PendingFault extends FaultSpec {
  method: string | undefined;
  pattern: RegExp;
  label: string;
  remaining: number;
}

const API_PREFIX = '/api/v10';

function templateRegex(template: string): RegExp {
  const source = template
    .split('/')
    .map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

export class FakeServer {
  readonly router = new Router<Core>().add(...interactionRoutes, ...commandRoutes, ...emojiRoutes, ...channelRoutes, ...threadRoutes);
  readonly #faults: PendingFault[] = [];
  #server: Server | undefined;
  port = 0;
  /** TCP connections accepted (REST and the gateway's upgrades alike): a client that keeps its connections alive opens a handful. */
  readonly stats = { connections: 0 };
  /** Discord's global rate limit per bot token, and the count of requests by bucket. */
  readonly rateLimit: GlobalRateLimit;

  constructor(private readonly core: Core) {
    this.rateLimit = new GlobalRateLimit(core.options.globalRateLimit);
  }

  async listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        // A client that went away while sending its request (a bot process killed mid-upload): there is no
        // one to answer, as on Discord. Anything else is the fake's own failure and stays loud.
        if ((error as { code?: unknown }).code === 'ECONNRESET' && req.destroyed) return;
        throw error;
      });
    });
    server.on('upgrade', (req, socket, head) => this.core.gateway.handleUpgrade(req, socket, head));
    server.on('connection', () => this.stats.connections++);
    // Idle connections stay open for a minute, as Discord's do. The server announces this in its answers
    // (`Keep-Alive: timeout=60`) and undici, the REST client of discord.js, keeps a connection only while
    // that timeout minus 2 s is positive: the 1 s this used to be made it close every connection after one
    // request, so each REST call opened a new one. close() ends the idle connections anyway.
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The next request(s) matching `route` fail. `route` is 'METHOD /openapi/{template}' or a concrete path
   * ('POST /channels/123/messages'); the method may be omitted.
   */
  failNext(route: string, spec: FaultSpec): void {
    const m = /^(?:(GET|POST|PUT|PATCH|DELETE)\s+)?(\/\S*)$/.exec(route.trim());
    if (!m) throw new Error(`failNext: cannot read route "${route}" (expected e.g. "POST /channels/{channel_id}/messages")`);
    const path = (m[2] as string).replace(/^\/api\/v10/, '');
    this.#faults.push({ ...spec, method: m[1], pattern: templateRegex(path), label: route, remaining: spec.times ?? 1 });
  }

  /** Faults that were set up but never triggered. */
  get pendingFaults(): string[] {
    return this.#faults.filter((f) => f.remaining > 0).map((f) => f.label);
  }

  #takeFault(method: string, path: string, template: string): PendingFault | undefined {
    const fault = this.#faults.find(
      (f) => f.remaining > 0 && (!f.method || f.method === method) && (f.pattern.test(path) || f.pattern.source === templateRegex(template).source),
    );
    if (fault) fault.remaining--;
    return fault;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const activity = this.core.activity;
    activity.inflight++;
    activity.lastAt = performance.now();
    // Stamped as the request arrives: reading its body and the fake's own work are not the bot's time.
    const receivedAt = this.core.clock.now();
    const answering = this.#callbackOf(req.url);
    if (answering !== undefined) answering.callbacksInFlight = (answering.callbacksInFlight ?? 0) + 1;
    try {
      await this.#handleRequest(req, res, receivedAt);
    } finally {
      activity.inflight--;
      activity.lastAt = performance.now();
      if (answering !== undefined) answering.callbacksInFlight = (answering.callbacksInFlight ?? 1) - 1;
    }
  }

  /** The interaction an initial-response request is for, if the URL names one. */
  #callbackOf(url: string | undefined): InteractionRecord | undefined {
    const m = /^\/api\/v10\/interactions\/(\d+)\/([^/?]+)\/callback(?:\?|$)/.exec(url ?? '');
    const interaction = m === null ? undefined : this.core.world.interactions.get(m[1] as string);
    return interaction !== undefined && interaction.token === m?.[2] ? interaction : undefined;
  }

  async #handleRequest(req: IncomingMessage, res: ServerResponse, receivedAt: number): Promise<void> {
    const world = this.core.world;
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = (req.method ?? 'GET').toUpperCase() as Method;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
      this.#serveAttachment(url.pathname, res);
      return;
    }

    let path: string;
    try {
      path = url.pathname.startsWith(`${API_PREFIX}/`)
        ? url.pathname.slice(API_PREFIX.length).split('/').map(decodeURIComponent).join('/')
        : url.pathname;
    } catch {
      path = url.pathname;
    }
    const record: RequestRecord = {
      at: this.core.clock.now(),
      method,
      path,
      route: '?',
      query: url.search,
      status: 0,
      body: undefined,
      files: [],
    };
    world.requests.push(record);
    // Before anything is processed: lets a test act at the moment a request arrives (e.g. kill the bot).
    world.events.emit('requestReceived', record);
    const request: RouteRequest = { method, path, receivedAt, params: {}, query: url.searchParams, kind: 'none', body: undefined, uploads: [] };

    try {
      const match = url.pathname.startsWith(`${API_PREFIX}/`) ? this.router.match(method, path) : undefined;
      if (!match) throw errors.unknownRoute(method, url.pathname);
      record.route = match.route.path;
      record.budget = budgetOf(match.route.path);
      request.params = match.params;

      const taken = this.#takeFault(method, path, match.route.path);
      const delayMs = taken?.delayMs;
      const lost = taken?.lost === true;
      const fault = delayMs === undefined && !lost ? taken : undefined;
      if (delayMs !== undefined) record.fault = `delay ${delayMs} ms`;
      if (lost) record.fault = 'answer lost';
      if (fault) {
        record.fault = `${fault.status}`;
        this.#sendFault(res, record, fault);
        world.events.emit('request', record);
        return;
      }

      if (match.route.auth && req.headers.authorization !== `Bot ${this.core.options.token}`) throw errors.unauthorized();
      // Counted per token (without one, per address), before anything of the request is carried out.
      const limited = this.rateLimit.take(method, match.route.path, match.params, req.headers.authorization ?? req.socket.remoteAddress ?? '');
      if (limited !== undefined) {
        record.status = 429;
        record.globallyLimited = true;
        this.#sendGlobalLimit(res, limited);
        world.events.emit('request', record);
        return;
      }

      const parsed = await parseBody(req.headers['content-type'], raw);
      request.kind = parsed.kind;
      request.body = parsed.json;
      request.uploads = parsed.uploads;
      record.body = parsed.json;
      record.files = parsed.uploads.map((u) => ({ field: u.field, filename: u.filename, contentType: u.contentType, size: u.bytes.length }));

      for (const [name, value] of Object.entries(match.params)) {
        if (/_id$/.test(name) && !/^\d{1,20}$/.test(value)) {
          throw invalidFormBody([{ instancePath: `/${name}`, schemaPath: '#/components/schemas/SnowflakeType/pattern', keyword: 'pattern', message: `Value "${value}" is not snowflake.` }]);
        }
      }
      const queryIssues = validateQuery(match.route.path, method, url.searchParams);
      if (queryIssues.length) throw invalidFormBody(queryIssues, 'query ');
      const needsBody = hasRequestSchema(match.route.path, method, 'application/json');
      if (needsBody) {
        if (parsed.kind === 'none') throw invalidFormBody([{ instancePath: '', schemaPath: `#/paths/${match.route.path}/${method.toLowerCase()}/requestBody/required`, keyword: 'required', message: 'A request body is required.' }]);
        if (parsed.kind !== 'application/json' && !hasRequestSchema(match.route.path, method, parsed.kind)) {
          throw ruleViolation('/', 'content-type', `${method} ${match.route.path} does not accept ${parsed.kind} (no files on this route).`);
        }
        const result = validateRequestBody(match.route.path, method, parsed.kind, parsed.json);
        if (!result.ok) throw invalidFormBody(result.issues);
      }

      const reply = await match.route.handle(this.core, request);
      record.status = reply.status;
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (lost) {
        res.destroy();
        world.events.emit('request', record);
        return;
      }
      this.#send(res, reply.status, reply.json);
    } catch (error) {
      const discordError =
        error instanceof DiscordError
          ? error
          : new DiscordError(500, 0, `500: Internal Server Error (fake Discord bug: ${(error as Error)?.stack ?? String(error)})`, 'violation');
      record.status = discordError.status;
      this.#send(res, discordError.status, discordError.toJSON());
      if (discordError.kind === 'violation') {
        world.recordViolation({
          at: this.core.clock.now(),
          method,
          path,
          route: record.route,
          status: discordError.status,
          code: discordError.code,
          message: discordError.message,
          issues: discordError.issues,
          ...(request.interactionId ? { interactionId: request.interactionId } : {}),
        });
      }
    }
    world.events.emit('request', record);
  }

  #send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (status === 204 || body === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  #sendFault(res: ServerResponse, record: RequestRecord, fault: PendingFault): void {
    record.status = fault.status;
    if (fault.status === 429) {
      const retryAfter = fault.retryAfter ?? 1;
      const headers: Record<string, string> = {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String((this.core.clock.now() / 1000 + retryAfter).toFixed(3)),
        'X-RateLimit-Reset-After': String(retryAfter),
        'X-RateLimit-Bucket': 'fake-bucket',
        'X-RateLimit-Scope': fault.global ? 'global' : 'user',
      };
      if (fault.global) headers['X-RateLimit-Global'] = 'true';
      this.#send(res, 429, { message: fault.message ?? 'You are being rate limited.', retry_after: retryAfter, global: Boolean(fault.global), ...(fault.code ? { code: fault.code } : {}) }, headers);
      return;
    }
    this.#send(res, fault.status, { message: fault.message ?? `${fault.status}: Injected fault`, code: fault.code ?? 0 });
  }

  /** Discord's answer over the global rate limit, as its documentation shows it (Retry-After in whole seconds, rounded up). */
  #sendGlobalLimit(res: ServerResponse, hit: GlobalLimitHit): void {
    this.#send(res, 429, { message: 'You are being rate limited.', retry_after: Number(hit.retryAfter.toFixed(3)), global: true }, {
      'Retry-After': String(Math.ceil(hit.retryAfter)),
      'X-RateLimit-Global': 'true',
      'X-RateLimit-Scope': 'global',
    });
  }

  #serveAttachment(pathname: string, res: ServerResponse): void {
    const id = pathname.split('/')[2] ?? '';
    const upload = this.core.world.uploads.get(id);
    if (upload) {
      res.writeHead(200, { 'Content-Type': upload.contentType ?? 'application/octet-stream', 'Content-Length': upload.size });
      res.end(upload.bytes);
      return;
    }
    for (const message of this.core.world.messages.values()) {
      for (const revision of message.revisions) {
        const attachment = revision.attachments.find((a) => a.id === id);
        if (attachment) {
          res.writeHead(200, { 'Content-Type': attachment.contentType ?? 'application/octet-stream', 'Content-Length': attachment.size });
          res.end(attachment.bytes);
          return;
        }
      }
    }
    res.writeHead(404);
    res.end();
  }
}

/**
 * The playground's HTTP server: serves the page (src/playground/public), the channels, their game threads
 * and each user's direct messages with the bot as that user sees them, and carries the users' slash commands, clicks and picks to the local Discord, which delivers
 * them to the bot as Discord would. Changes reach the page as server-sent events. Everything runs on
 * loopback; the page loads nothing from elsewhere.
 *
 *   GET  /                          the page (index.html, app.js, markdown.js, style.css)
 *   GET  /fonts/emoji.ttf           the colour emoji font the page draws the bot's emoji with
 *   GET  /api/bootstrap             guild, channels, users, the bot, the command forms, locales, whether the bot is ready
 *   GET  /api/messages?user&channel what that user sees in that channel (or thread, or their DMs) now, their
 *                                   notices, and the places of the sidebar (threads, the user's DM channel)
 *   GET  /api/events                server-sent events: `change` with a version number
 *
 * The page is served while the bot is still starting (ready: false): it says "starting…", and the routes
 * that act (commands, clicks, picks, the clock) answer 503 until setReady(), so nothing sent is lost.
 *   GET  /api/autocomplete?user&command&option&typed&values   suggestions for an autocomplete option
 *   POST /api/command   { user, channel, command, options }   runs `/command` as the user (channel or thread)
 *   POST /api/button    { user, message, customId }           clicks a button
 *   POST /api/select    { user, message, customId, values }   picks options of a select menu
 *   POST /api/dismiss   { user, message }                     dismisses an ephemeral message
 *   POST /api/locale    { user, locale }                      changes a user's client language
 *   POST /api/clock     { advanceMs }                         moves the clock (reminders, idle votes)
 *   GET  /attachments/<message>/<attachment>/<name>           an attachment's recorded bytes
 *   GET  /emojis/<id>.png                                      an application emoji's picture (Discord's CDN path)
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from 'discord.js';
import type { LocalDiscord, LocalThread, LocalUser } from './discord.js';
import { commandForms, messageView, parseOptionValues, type CommandForm, type MessageView } from './view.js';

export interface AutocompleteRequest {
  readonly userId: string;
  /** The command form's key ("game new"). */
  readonly command: string;
  readonly option: string;
  readonly typed: string;
  /** The other options filled in so far. */
  readonly values: Readonly<Record<string, string>>;
  readonly locale: string;
}

export interface AutocompleteChoice {
  readonly name: string;
  readonly value: string;
}

export interface PlaygroundServerOptions {
  readonly discord: LocalDiscord;
  /** The local users the page switches between. */
  readonly users: readonly LocalUser[];
  /** The channels the page shows (the first is opened first). */
  readonly channelIds: readonly string[];
  /** Suggestions for options Discord autocompletes (the fake does not model autocomplete interactions). */
  readonly autocomplete?: (request: AutocompleteRequest) => AutocompleteChoice[] | Promise<AutocompleteChoice[]>;
  /** Moves the clock and lets the bot's scheduler run what became due. */
  readonly advanceClock?: (ms: number) => Promise<void>;
  /** Where problems go (the terminal). */
  readonly log?: (line: string) => void;
  /** The page's files (default: src/playground/public of this checkout). */
  readonly publicDir?: string;
  /** False while the bot is starting: the page waits, and actions are refused until setReady() (default true). */
  readonly ready?: boolean;
}

/** Where a user can look besides the channels: the game threads and their direct messages with the bot. */
export interface Places {
  /** The threads of the page's channels, each channel's oldest first. */
  readonly threads: readonly LocalThread[];
  /**
   * The user's DM channel with the bot: always there, as in Discord, where a member can open the bot's
   * direct messages and use its commands there. `count`: the messages the bot wrote there so far.
   */
  readonly directMessages: { readonly channelId: string; readonly count: number; readonly lastAt: number | null };
}

export interface Notice {
  readonly id: string;
  readonly channelId: string | null;
  readonly at: number;
  readonly text: string;
}

/** The locales the page offers in its language switch (the bot speaks these three). */
export const PAGE_LOCALES = [
  { value: 'en-US', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'nl', label: 'Nederlands' },
] as const;

/** Discord's default avatar colours, one per local user. */
const AVATAR_COLOURS = ['#5865F2', '#3BA55C', '#FAA61A', '#ED4245', '#EB459E', '#747F8D'];

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const MAX_BODY = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The page's folder: next to this module in a source checkout, or src/playground/public above dist/. */
export function findPublicDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const beside = path.join(from, 'public');
  if (fs.existsSync(path.join(beside, 'index.html'))) return beside;
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'src', 'playground', 'public');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`src/playground/public not found above ${from}`);
    dir = parent;
  }
}

/**
 * The colour emoji font the page draws the bot's emoji with (assets/fonts/NotoColorEmoji-bazaar.ttf), found
 * by walking up from this module as from src/ and from dist/src/; null where it is missing.
 */
export function findEmojiFont(from: string = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'assets', 'fonts', EMOJI_FONT_FILE);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

const EMOJI_FONT_FILE = 'NotoColorEmoji-bazaar.ttf';

export class PlaygroundServer {
  readonly #options: PlaygroundServerOptions;
  readonly #discord: LocalDiscord;
  readonly #publicDir: string;
  readonly #server: http.Server;
  readonly #streams = new Set<http.ServerResponse>();
  readonly #dismissed = new Map<string, Set<string>>();
  readonly #notices = new Map<string, Notice[]>();
  /** Interaction id -> the full command name ("game new"), for "<user> used /game new". */
  readonly #commandNames = new Map<string, string>();
  readonly #noticedInteractions = new Set<string>();
  readonly #listeners: [string, (...args: unknown[]) => void][] = [];
  #version = 0;
  #broadcastTimer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #noticeCount = 0;
  #url: string | null = null;
  #ready: boolean;

  constructor(options: PlaygroundServerOptions) {
    this.#options = options;
    this.#ready = options.ready ?? true;
    this.#discord = options.discord;
    this.#publicDir = options.publicDir ?? findPublicDir();
    this.#server = http.createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => this.#fail(res, error));
    });
    const changed = (): void => this.#changed();
    for (const name of ['messageCreate', 'messageUpdate', 'messageDelete', 'commandsUpdate', 'channelUpdate', 'threadCreate']) this.#listen(name, changed);
    this.#listen('interactionUpdate', (record) => this.#interactionUpdate(record));
    this.#listen('violation', (violation) => this.#violation(violation));
  }

  /** Whether the bot is ready: before, the page says "starting…" and actions are refused. */
  get ready(): boolean {
    return this.#ready;
  }

  /** The bot has started (its commands are registered, it is logged in): the page may act now. */
  setReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    this.#changed();
  }

  /** Increases whenever what a user sees may have changed. */
  get version(): number {
    return this.#version;
  }

  get url(): string {
    if (this.#url === null) throw new Error('the playground server is not listening');
    return this.#url;
  }

  /** Listens on loopback; port 0 picks a free port. Resolves with the page's URL. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.#server.once('error', onError);
      this.#server.listen(port, host, () => {
        this.#server.off('error', onError);
        resolve();
      });
    });
    const address = this.#server.address() as AddressInfo;
    this.#url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/`;
    this.#heartbeat = setInterval(() => {
      for (const stream of this.#streams) stream.write(': keep-alive\n\n');
    }, 15_000);
    this.#heartbeat.unref();
    return this.#url;
  }

  async close(): Promise<void> {
    for (const [name, listener] of this.#listeners) this.#discord.events.off(name, listener);
    this.#listeners.length = 0;
    if (this.#broadcastTimer) clearTimeout(this.#broadcastTimer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  // ----- state ----------------------------------------------------------------------------------------------

  #listen(name: string, listener: (...args: unknown[]) => void): void {
    this.#discord.events.on(name, listener);
    this.#listeners.push([name, listener]);
  }

  #changed(): void {
    this.#version += 1;
    if (this.#broadcastTimer !== null) return;
    // Several changes in a row (a reply, an edit, a follow-up) reach the page as one event.
    this.#broadcastTimer = setTimeout(() => {
      this.#broadcastTimer = null;
      const data = `event: change\ndata: ${JSON.stringify({ version: this.#version })}\n\n`;
      for (const stream of this.#streams) stream.write(data);
    }, 15);
  }

  #notice(userId: string | null, channelId: string | null, text: string): void {
    this.#noticeCount += 1;
    const notice: Notice = { id: `n${this.#noticeCount}`, channelId, at: this.#discord.clock.now(), text };
    for (const user of userId === null ? this.#options.users.map((u) => u.id) : [userId]) {
      const list = this.#notices.get(user) ?? [];
      list.push(notice);
      this.#notices.set(user, list);
    }
    this.#changed();
  }

  #interactionUpdate(raw: unknown): void {
    const record = raw as { id?: string; type?: number; userId?: string; channelId?: string; failure?: string };
    if (!record.id || !record.failure || this.#noticedInteractions.has(record.id)) return;
    this.#noticedInteractions.add(record.id);
    // What the Discord client says: commands "did not respond", components "This interaction failed".
    const text = record.type === 2 ? 'The application did not respond' : 'This interaction failed';
    this.#options.log?.(`${text}: ${record.failure}`);
    this.#notice(record.userId ?? null, record.channelId ?? null, text);
  }

  #violation(raw: unknown): void {
    const v = raw as { method?: string; path?: string; status?: number; code?: number; message?: string; interactionId?: string };
    const line = `Discord would reject a request of the bot: ${v.method ?? '?'} ${v.path ?? '?'} -> ${v.status ?? '?'} (code ${v.code ?? '?'}) ${v.message ?? ''}`.trim();
    this.#options.log?.(line);
    this.#notice(null, null, line);
  }

  #user(id: unknown): LocalUser {
    const user = this.#options.users.find((u) => u.id === id);
    if (user === undefined) throw new HttpError(400, `unknown user ${String(id)}`);
    return user;
  }

  /** The page's channels' threads, each channel's oldest first. */
  #threads(): LocalThread[] {
    return this.#options.channelIds.flatMap((id) => [...this.#discord.threadsOf(id)]);
  }

  #directMessageChannel(userId: string): string {
    return this.#discord.dmChannelOf(userId);
  }

  /**
   * A place `user` may look at and use commands in: one of the page's channels, a thread of one, or the
   * user's own direct messages with the bot (nobody else's), where the bot's commands work as in Discord.
   */
  #place(user: LocalUser, id: unknown): string {
    const wanted = String(id);
    if (this.#options.channelIds.includes(wanted) || this.#threads().some((t) => t.id === wanted)) return wanted;
    if (wanted === this.#directMessageChannel(user.id)) return wanted;
    throw new HttpError(400, `unknown channel ${wanted}`);
  }

  /** The sidebar's places for `userId` besides the channels. */
  placesFor(userId: string): Places {
    const dms = this.#discord.directMessagesTo(userId);
    return {
      threads: this.#threads().map((t) => ({ id: t.id, name: t.name, parentId: t.parentId })),
      directMessages: { channelId: this.#directMessageChannel(userId), count: dms.length, lastAt: dms.at(-1)?.createdAt ?? null },
    };
  }

  /** The bot's commands: its global ones (which also work in direct messages), and any of the server's own. */
  #forms(): CommandForm[] {
    const own = this.#discord.commands(this.#discord.guildId);
    const global = this.#discord.commands().filter((c) => !own.some((o) => o.name === c.name));
    return commandForms([...own, ...global]);
  }

  #form(key: unknown): CommandForm {
    const form = this.#forms().find((f) => f.key === key);
    if (form === undefined) throw new HttpError(400, `no command /${String(key)} is registered`);
    return form;
  }

  bootstrap(): unknown {
    const guild = this.#discord.world.guild(this.#discord.guildId);
    const bot = { id: this.#discord.botUserId, name: this.#discord.world.bot.username, displayName: this.#discord.world.bot.username, bot: true, color: '#5865F2' };
    return {
      guild: { id: this.#discord.guildId, name: guild.name },
      channels: this.#options.channelIds.map((id) => ({ id, name: this.#discord.world.channel(id).name, topic: this.#discord.world.channel(id).topic })),
      users: this.#options.users.map((u, i) => ({
        id: u.id,
        name: u.name,
        displayName: u.record.globalName ?? u.name,
        bot: false,
        color: AVATAR_COLOURS[i % AVATAR_COLOURS.length],
        locale: u.locale,
      })),
      bot,
      commands: this.#forms(),
      locales: PAGE_LOCALES,
      clock: this.#options.advanceClock !== undefined,
      ready: this.#ready,
    };
  }

  /** What `userId` sees in `channelId` now: messages oldest first (dismissed ones left out), notices and the sidebar's places. */
  messagesFor(userId: string, channelId: string): { version: number; now: number; messages: MessageView[]; notices: Notice[]; places: Places } {
    const dismissed = this.#dismissed.get(userId);
    const messages = this.#discord
      .visibleTo(userId, channelId)
      .filter((m) => !(m.ephemeral && dismissed?.has(m.id)))
      .map((m) => messageView(m, this.#commandNames));
    const notices = (this.#notices.get(userId) ?? []).filter((n) => n.channelId === null || n.channelId === channelId);
    return { version: this.#version, now: this.#discord.clock.now(), messages, notices, places: this.placesFor(userId) };
  }

  // ----- HTTP -----------------------------------------------------------------------------------------------

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://playground.local');
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (url.pathname === '/api/bootstrap') return this.#json(res, 200, this.bootstrap());
      if (url.pathname === '/api/messages') {
        const user = this.#user(url.searchParams.get('user'));
        const channel = this.#place(user, url.searchParams.get('channel') ?? this.#options.channelIds[0]);
        return this.#json(res, 200, this.messagesFor(user.id, channel));
      }
      if (url.pathname === '/api/events') return this.#events(req, res);
      if (url.pathname === '/api/autocomplete') return this.#json(res, 200, await this.#autocomplete(url.searchParams));
      if (url.pathname.startsWith('/attachments/')) return this.#attachment(url.pathname, res);
      if (url.pathname.startsWith('/emojis/')) return this.#emoji(url.pathname, res);
      if (url.pathname === '/fonts/emoji.ttf') return this.#emojiFont(res);
      if (!url.pathname.startsWith('/api/')) return this.#static(url.pathname, res);
      throw new HttpError(404, `no route ${route}`);
    }
    if (req.method !== 'POST') throw new HttpError(405, `${req.method ?? '?'} is not allowed`);
    const body = await readJson(req);
    // Before the bot listens, an interaction would go unanswered: refuse it, and the page waits for ready.
    if (!this.#ready && url.pathname !== '/api/locale') throw new HttpError(503, 'the bot is still starting: try again when the page no longer says "starting…"');
    switch (url.pathname) {
      case '/api/command':
        return this.#json(res, 200, await this.#command(body));
      case '/api/button': {
        const user = this.#user(body.user);
        const message = this.#visibleMessage(user, body.message);
        const handle = await this.#act(() => user.clickButton(message, String(body.customId), { until: 'none' }));
        return this.#json(res, 200, { ok: true, interaction: handle.id });
      }
      case '/api/select': {
        const user = this.#user(body.user);
        const message = this.#visibleMessage(user, body.message);
        if (!Array.isArray(body.values) || body.values.some((v) => typeof v !== 'string')) throw new HttpError(400, 'values must be a list of strings');
        const values = body.values as string[];
        const handle = await this.#act(() => user.selectOptions(message, String(body.customId), values, { until: 'none' }));
        return this.#json(res, 200, { ok: true, interaction: handle.id });
      }
      case '/api/dismiss': {
        const user = this.#user(body.user);
        const message = this.#discord.message(String(body.message));
        if (message === undefined || !message.ephemeral || !this.#discord.visibleTo(user.id, message.channelId).some((m) => m.id === message.id)) {
          throw new HttpError(400, 'only your own ephemeral messages can be dismissed');
        }
        const set = this.#dismissed.get(user.id) ?? new Set<string>();
        set.add(message.id);
        this.#dismissed.set(user.id, set);
        this.#changed();
        return this.#json(res, 200, { ok: true });
      }
      case '/api/locale': {
        const user = this.#user(body.user);
        const locale = PAGE_LOCALES.find((l) => l.value === body.locale);
        if (locale === undefined) throw new HttpError(400, `the playground offers the locales ${PAGE_LOCALES.map((l) => l.value).join(', ')}`);
        user.setLocale(locale.value as Locale);
        this.#changed();
        return this.#json(res, 200, { ok: true, locale: locale.value });
      }
      case '/api/clock': {
        const ms = Number(body.advanceMs);
        if (this.#options.advanceClock === undefined) throw new HttpError(404, 'this playground has no clock control');
        if (!Number.isFinite(ms) || ms <= 0 || ms > 30 * 86_400_000) throw new HttpError(400, 'advanceMs must be a positive number of milliseconds (at most 30 days)');
        await this.#options.advanceClock(ms);
        this.#changed();
        return this.#json(res, 200, { ok: true, now: this.#discord.clock.now() });
      }
      default:
        throw new HttpError(404, `no route ${route}`);
    }
  }

  async #command(body: Record<string, unknown>): Promise<unknown> {
    const user = this.#user(body.user);
    const channel = this.#place(user, body.channel);
    const form = this.#form(body.command);
    const raw = body.options ?? {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HttpError(400, 'options must be an object');
    let options: Record<string, string | number | boolean>;
    try {
      options = parseOptionValues(form, raw as Record<string, unknown>);
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
    const handle = await this.#act(() =>
      user.runCommand(channel, form.command, {
        ...(form.group !== null ? { subcommandGroup: form.group } : {}),
        ...(form.subcommand !== null ? { subcommand: form.subcommand } : {}),
        options,
        until: 'none',
      }),
    );
    this.#commandNames.set(handle.id, form.key);
    return { ok: true, interaction: handle.id };
  }

  /** Sends an interaction; what the Discord client would refuse (the fake throws before dispatch) is a 400. */
  async #act<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
  }

  #visibleMessage(user: LocalUser, id: unknown): string {
    const message = this.#discord.message(String(id));
    if (message === undefined || message.deleted) throw new HttpError(404, `no message ${String(id)}`);
    if (!this.#discord.visibleTo(user.id, message.channelId).some((m) => m.id === message.id)) throw new HttpError(403, `${user.name} cannot see message ${message.id}`);
    return message.id;
  }

  async #autocomplete(params: URLSearchParams): Promise<AutocompleteChoice[]> {
    const user = this.#user(params.get('user'));
    const form = this.#form(params.get('command'));
    const option = form.options.find((o) => o.name === params.get('option'));
    if (option === undefined || !option.autocomplete) throw new HttpError(400, `/${form.key} has no autocomplete option ${String(params.get('option'))}`);
    let values: Record<string, string> = {};
    const rawValues = params.get('values');
    if (rawValues) {
      try {
        values = JSON.parse(rawValues) as Record<string, string>;
      } catch {
        throw new HttpError(400, 'values must be JSON');
      }
    }
    if (!this.#ready) return [];
    const choices = (await this.#options.autocomplete?.({ userId: user.id, command: form.key, option: option.name, typed: params.get('typed') ?? '', values, locale: user.locale })) ?? [];
    // Discord shows at most 25 suggestions.
    return choices.slice(0, 25);
  }

  #events(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(`retry: 1000\nevent: change\ndata: ${JSON.stringify({ version: this.#version })}\n\n`);
    this.#streams.add(res);
    req.on('close', () => this.#streams.delete(res));
  }

  #attachment(pathname: string, res: http.ServerResponse): void {
    const [, , messageId, attachmentId] = pathname.split('/');
    const message = this.#discord.message(messageId ?? '');
    const attachment = message?.attachments.find((a) => a.id === attachmentId);
    if (attachment === undefined) throw new HttpError(404, 'no such attachment');
    res.writeHead(200, {
      'content-type': attachment.contentType ?? 'application/octet-stream',
      'content-length': attachment.bytes.length,
      // An attachment id never gets other bytes: the page may keep it.
      'cache-control': 'private, max-age=86400, immutable',
    });
    res.end(attachment.bytes);
  }

  /** An application emoji's picture, as Discord's CDN serves it at /emojis/<id>.png. */
  #emoji(pathname: string, res: http.ServerResponse): void {
    const id = /^\/emojis\/(\d+)\.png$/.exec(pathname)?.[1];
    const emoji = id === undefined ? undefined : this.#discord.world.applicationEmojis.get(id);
    if (emoji === undefined) throw new HttpError(404, 'no such emoji');
    // An emoji id never gets another picture (a new one is a new emoji): the page may keep it.
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': emoji.png.length, 'cache-control': 'private, max-age=86400, immutable' });
    res.end(emoji.png);
  }

  /** Without a colour emoji font a browser draws the bot's emoji as empty boxes: the page brings its own. */
  #emojiFont(res: http.ServerResponse): void {
    const file = findEmojiFont();
    if (file === null) throw new HttpError(404, 'no emoji font in assets/fonts');
    res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'private, max-age=86400' });
    res.end(fs.readFileSync(file));
  }

  #static(pathname: string, res: http.ServerResponse): void {
    const name = pathname === '/' ? 'index.html' : pathname.slice(1);
    const type = STATIC_TYPES[path.extname(name)];
    if (!/^[\w-]+\.[a-z]+$/.test(name) || type === undefined) throw new HttpError(404, `no file ${pathname}`);
    const file = path.join(this.#publicDir, name);
    if (!fs.existsSync(file)) throw new HttpError(404, `no file ${pathname}`);
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
    res.end(fs.readFileSync(file));
  }

  #json(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(text);
  }

  #fail(res: http.ServerResponse, error: unknown): void {
    const status = error instanceof HttpError ? error.status : 500;
    const message = error instanceof Error ? error.message : String(error);
    if (status === 500) this.#options.log?.(`playground server: ${error instanceof Error ? (error.stack ?? message) : message}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    this.#json(res, status, { ok: false, error: message });
  }
}

/**
 * Reads a JSON object body. Only `application/json` is accepted: a page of another site cannot send that
 * cross-origin without a preflight this server never answers, so it cannot act as a local user.
 */
async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'send JSON (content-type: application/json)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HttpError(400, 'the body must be a JSON object');
  return parsed as Record<string, unknown>;
}

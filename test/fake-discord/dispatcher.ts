/**
 * Creating interactions, dispatching them over the gateway, enforcing the response deadline, and handles
 * that let a test wait for the bot's answer.
 */
import { randomBytes } from 'node:crypto';
import { InteractionResponseType, type APIInteraction, type InteractionType } from 'discord-api-types/v10';
import type { Core } from './core.js';
import { seenMessage, type SeenMessage } from './view.js';
import type { InteractionRecord, RequestRecord, Violation } from './world.js';

export class FakeDiscordViolationError extends Error {
  constructor(
    readonly violations: Violation[],
    context: string,
  ) {
    super(`${context}\n${violations.map(formatViolation).join('\n')}`);
    this.name = 'FakeDiscordViolationError';
  }
}

export function formatViolation(v: Violation): string {
  const issues = v.issues.map((i) => `\n    at ${i.instancePath || '/'}: ${i.message} [${i.schemaPath}]`).join('');
  return `  ${v.method} ${v.path} -> ${v.status} (code ${v.code}) ${v.message}${issues}`;
}

export interface WaitOptions {
  /**
   * 'none': return right after the dispatch. 'response': once the initial response arrived.
   * 'settled' (default): see InteractionHandle.settled().
   */
  until?: 'none' | 'response' | 'settled';
  /** Quiet period for 'settled' (default 50 ms). */
  quietMs?: number;
  /** For 'settled' after a deferUpdate: how long to wait for a visible change (default 1000 ms). */
  deferredUpdateGraceMs?: number;
  /** Give up after this long (default 30 s: the wait is for the bot's answer; the deadline is held apart). */
  timeoutMs?: number;
}

export class InteractionHandle {
  constructor(
    private readonly core: Core,
    readonly record: InteractionRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get payload(): APIInteraction {
    return this.record.payload;
  }

  /** The initial response (callback type and whether it was ephemeral), once it arrived. */
  get response(): InteractionRecord['initial'] {
    return this.record.initial;
  }

  /** The message @original refers to (the reply, or for 6/7 the component's message), as it is now. */
  get reply(): SeenMessage | undefined {
    const id = this.record.originalMessageId;
    const message = id ? this.core.world.liveMessage(id) : undefined;
    return message && seenMessage(message);
  }

  get followUps(): SeenMessage[] {
    return this.record.followUpIds.flatMap((id) => {
      const m = this.core.world.liveMessage(id);
      return m ? [seenMessage(m)] : [];
    });
  }

  /** The modal the bot opened, if it answered with one. */
  get modal(): unknown {
    return this.record.modal;
  }

  /** Why the user saw "The application did not respond", if they did. */
  get failure(): string | undefined {
    return this.record.failure;
  }

  get violations(): Violation[] {
    return this.record.violations;
  }

  /**
   * Waits until `predicate` holds, re-checking on every change in the fake. Rejects on a protocol
   * violation, on "did not respond", or after `timeoutMs`.
   */
  waitFor(
    predicate: (handle: this) => boolean,
    options: { timeoutMs?: number; description?: string; /** Resolve instead of rejecting on timeout. */ softTimeout?: boolean } = {},
  ): Promise<this> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
    const events = this.core.world.events;
    const violationsBefore = this.core.world.violations.length;
    return new Promise<this>((resolve, reject) => {
      const check = () => {
        const fresh = this.core.world.violations.slice(violationsBefore);
        if (fresh.length > 0) {
          finish();
          reject(new FakeDiscordViolationError(fresh, `Discord rejected the bot's request(s) while handling interaction ${this.id}:`));
          return;
        }
        if (predicate(this)) {
          finish();
          resolve(this);
          return;
        }
        if (this.record.failure) {
          finish();
          reject(new Error(`interaction ${this.id}: ${this.record.failure}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        if (options.softTimeout) {
          resolve(this);
          return;
        }
        reject(new Error(`interaction ${this.id}: timed out after ${timeoutMs} ms waiting for ${options.description ?? 'a condition'}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        for (const name of CHANGE_EVENTS) events.off(name, check);
      };
      for (const name of CHANGE_EVENTS) events.on(name, check);
      check();
    });
  }

  /** Waits for the initial response. */
  responded(options: { timeoutMs?: number } = {}): Promise<this> {
    return this.waitFor((h) => h.record.initial !== null, { ...options, description: 'the initial response' });
  }

  /**
   * Waits until the bot is done with this interaction, as far as can be seen from outside:
   * 1. the initial response arrived;
   * 2. after a deferred reply (type 5): until it is completed (edited, followed up or deleted);
   *    after a deferred update (type 6): until the bot changed some message, or `deferredUpdateGraceMs`
   *    passed (a bot may acknowledge a click and show nothing);
   * 3. then until the bot has made no request for `quietMs`.
   * Rejects on a protocol violation, on "did not respond", or after `timeoutMs`.
   */
  async settled(options: { quietMs?: number; timeoutMs?: number; deferredUpdateGraceMs?: number } = {}): Promise<this> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
    const started = Date.now();
    const left = () => Math.max(1, timeoutMs - (Date.now() - started));
    await this.waitFor(
      (h) => {
        const initial = h.record.initial;
        if (!initial) return false;
        if (initial.type !== InteractionResponseType.DeferredChannelMessageWithSource) return true;
        const original = h.record.originalMessageId ? h.core.world.messages.get(h.record.originalMessageId) : undefined;
        return !original || !original.loading || original.deletedAt !== null;
      },
      { timeoutMs, description: 'the response (a deferred reply must be completed)' },
    );
    if (this.record.initial?.type === InteractionResponseType.DeferredMessageUpdate) {
      const changesAt = this.record.initial.changesAt;
      await this.waitFor((h) => h.core.world.changes > changesAt, {
        timeoutMs: Math.min(left(), options.deferredUpdateGraceMs ?? 1000),
        softTimeout: true,
      });
    }
    const quietMs = options.quietMs ?? 50;
    await this.waitFor((h) => h.core.activity.inflight === 0 && performance.now() - h.core.activity.lastAt >= quietMs, {
      timeoutMs: left(),
      description: `${quietMs} ms without bot requests`,
    });
    return this;
  }
}

/**
 * How long a wait for the bot gives up after, by default: generous, as a busy machine answers slowly. It
 * is not the acknowledgement deadline, which the dispatcher enforces on its own (a missed one fails the
 * wait at once).
 */
const DEFAULT_WAIT_MS = 30_000;

const CALLBACK_ROUTE = '/interactions/{interaction_id}/{interaction_token}/callback';

const CHANGE_EVENTS = ['messageCreate', 'messageUpdate', 'messageDelete', 'interactionUpdate', 'violation', 'request', 'tick'] as const;

/** Creates interaction records, dispatches them and enforces the response deadline. */
export class InteractionDispatcher {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #immediates = new Set<NodeJS.Immediate>();
  readonly #ticker: NodeJS.Timeout;

  constructor(private readonly core: Core) {
    core.clock.on('advance', () => this.checkDeadlines());
    // An initial response that was refused (a 429, a violation) leaves its interaction waiting: look again.
    core.world.events.on('request', (record: RequestRecord) => {
      if (record.route === CALLBACK_ROUTE && record.status >= 300) this.#checkSoon();
    });
    // Time-based conditions (quiet periods) are re-checked on a short tick while anything waits.
    this.#ticker = setInterval(() => {
      if (core.world.events.listenerCount('tick') > 0) core.world.events.emit('tick');
    }, 10);
    this.#ticker.unref();
  }

  newToken(): string {
    return `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`;
  }

  /** Builds, records and dispatches an interaction; the payload builder gets the id and token. */
  dispatch(
    /** `guildId`: '' for a direct message. */
    meta: { type: InteractionType; userId: string; channelId: string; guildId: string; sourceMessageId?: string },
    build: (id: string, token: string) => APIInteraction,
  ): InteractionRecord {
    if (!this.core.gateway.active) throw new Error('no bot has connected to the fake gateway yet (log the client in first)');
    // A direct message belongs to no guild: Discord sends its interactions to shard 0 (guild id 0's shard).
    const routing = meta.guildId === '' ? '0' : meta.guildId;
    if (this.core.gateway.sessionsFor(routing).length === 0) {
      throw new Error(`no bot session runs the shard that owns guild ${meta.guildId} (log in the client of that shard first)`);
    }
    const id = this.core.world.ids.next();
    const token = this.newToken();
    const payload = build(id, token);
    const now = this.core.clock.now();
    const record: InteractionRecord = {
      id,
      token,
      type: meta.type,
      userId: meta.userId,
      channelId: meta.channelId,
      guildId: meta.guildId,
      payload,
      createdAt: now,
      dispatchedAt: now,
      initial: null,
      followUpIds: [],
      violations: [],
      ...(meta.sourceMessageId ? { sourceMessageId: meta.sourceMessageId } : {}),
    };
    this.core.world.interactions.set(id, record);
    this.core.interactionsByToken.set(token, record);
    this.core.world.events.emit('interactionCreate', record);
    this.core.gateway.dispatch(routing, 'INTERACTION_CREATE' as never, payload as never);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      // After the I/O this turn of the event loop brings: a response that reached the fake while it was
      // busy (a loaded machine) counts by its arrival, not by when the fake's timer ran.
      this.#checkSoon();
    }, this.core.options.responseWindowMs + 1);
    timer.unref();
    this.#timers.add(timer);
    return record;
  }

  /** checkDeadlines once the I/O that is ready has been read (and a request being handled has finished). */
  #checkSoon(): void {
    const later = setImmediate(() => {
      this.#immediates.delete(later);
      this.checkDeadlines();
    });
    this.#immediates.add(later);
  }

  /**
   * Marks interactions whose response window passed without an answer as failed. An answer that has
   * reached the fake and is being handled is judged by its arrival (the callback route).
   */
  checkDeadlines(): void {
    const now = this.core.clock.now();
    for (const record of this.core.world.interactions.values()) {
      if (record.initial || record.failure || (record.callbacksInFlight ?? 0) > 0) continue;
      if (now - record.dispatchedAt > this.core.options.responseWindowMs) {
        record.failure = `The application did not respond (no initial response within ${this.core.options.responseWindowMs} ms)`;
        this.core.world.events.emit('interactionUpdate', record);
      }
    }
  }

  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const later of this.#immediates) clearImmediate(later);
    this.#immediates.clear();
    clearInterval(this.#ticker);
  }
}

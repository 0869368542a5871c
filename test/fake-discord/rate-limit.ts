/**
 * Discord's global rate limit, and the count of every request by bucket.
 *
 * A bot token may make `perSecond` requests a second (Discord: 50) across the whole API; interaction
 * endpoints (the initial response to an interaction, and the interaction's webhook: its follow-ups,
 * reading, editing or deleting the original response or a follow-up) are not bound to it, as Discord
 * documents. Over the limit a request is answered 429 with `global: true` and the X-RateLimit-Global /
 * X-RateLimit-Scope: global headers, before anything of it is carried out.
 *
 * The window is one second of real time from the first counted request after the previous window ended
 * (discord.js throttles itself the same way): a rate is requests per second of the machine's time, not of
 * the fake's clock, which tests freeze or move by minutes.
 */

/** How a request stands to the global limit. */
export type Budget = 'counted' | 'exempt';

/** A rate-limit bucket as Discord computes it: the route template and its major parameter. */
export interface BucketCount {
  readonly method: string;
  /** OpenAPI path template. */
  readonly route: string;
  /** The top-level resource of the path (channel, guild or webhook id + token hash), '' when there is none. */
  readonly major: string;
  readonly budget: Budget;
  /** Requests that reached the fake on this bucket (those answered 429 by the global limit included). */
  readonly requests: number;
  /** Of them, answered 429 by the global limit. */
  readonly limited: number;
}

/** Totals over all buckets. */
export interface BudgetTotals {
  /** Requests bound to the global limit (429s included). */
  readonly counted: number;
  /** Requests to interaction endpoints. */
  readonly exempt: number;
  /** Counted requests the global limit refused (429). */
  readonly limited: number;
}

/** The templates of Discord's interaction endpoints (what the fake serves of them). */
const INTERACTION_ROUTES = new Set([
  '/interactions/{interaction_id}/{interaction_token}/callback',
  '/webhooks/{webhook_id}/{webhook_token}',
  '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
  '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
]);

export function budgetOf(route: string): Budget {
  return INTERACTION_ROUTES.has(route) ? 'exempt' : 'counted';
}

/** The major parameter of a request, as Discord's per-route limits see it. */
function majorOf(params: Readonly<Record<string, string>>): string {
  if (params.webhook_id !== undefined) return `${params.webhook_id}/${params.webhook_token === undefined ? '' : shortHash(params.webhook_token)}`;
  if (params.interaction_id !== undefined) return params.interaction_id;
  return params.channel_id ?? params.guild_id ?? '';
}

/** A token is a secret: the count names it by a short hash. */
function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** The answer to a request over the limit: seconds until the window ends. */
export interface GlobalLimitHit {
  readonly retryAfter: number;
}

export class GlobalRateLimit {
  readonly #windows = new Map<string, { start: number; used: number }>();
  readonly #buckets = new Map<string, { method: string; route: string; major: string; budget: Budget; requests: number; limited: number }>();

  constructor(
    /** Counted requests a token may make a second (Discord: 50); Infinity turns the limit off. */
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Counts a request that matched `route`; for a counted one over the limit of its token (`key`: the
   * Authorization header, or the address without one) returns how long to wait instead.
   */
  take(method: string, route: string, params: Readonly<Record<string, string>>, key: string): GlobalLimitHit | undefined {
    const budget = budgetOf(route);
    const major = majorOf(params);
    const id = `${method} ${route} ${major}`;
    let bucket = this.#buckets.get(id);
    if (bucket === undefined) {
      bucket = { method, route, major, budget, requests: 0, limited: 0 };
      this.#buckets.set(id, bucket);
    }
    bucket.requests++;
    if (budget === 'exempt') return undefined;
    const now = this.now();
    let window = this.#windows.get(key);
    if (window === undefined || now - window.start >= 1000) {
      window = { start: now, used: 0 };
      this.#windows.set(key, window);
    }
    if (window.used >= this.perSecond) {
      bucket.limited++;
      return { retryAfter: Math.max(0.001, (window.start + 1000 - now) / 1000) };
    }
    window.used++;
    return undefined;
  }

  /** Every bucket so far, the busiest first. */
  counts(): BucketCount[] {
    return [...this.#buckets.values()].map((b) => ({ ...b })).sort((a, b) => b.requests - a.requests);
  }

  totals(): BudgetTotals {
    let counted = 0;
    let exempt = 0;
    let limited = 0;
    for (const b of this.#buckets.values()) {
      if (b.budget === 'exempt') exempt += b.requests;
      else counted += b.requests;
      limited += b.limited;
    }
    return { counted, exempt, limited };
  }
}

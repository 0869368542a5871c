/**
 * A database that cannot be reached is one event, not one per click: the first failure of an outage is
 * logged (with the reason, never a query's values), the ones after it only counted, and the first success
 * after it logs how long it lasted. The router, the deliverer and the scheduler report here, so a stopped
 * PostgreSQL server gives two lines in the log, whatever the number of clicks and polls meanwhile.
 */
import type { Logger } from '../logger.js';
import { isDatabaseUnavailable } from '../persistence/unavailable.js';

export class DatabaseOutage {
  #since: number | null = null;
  #failures = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** True while an outage is in progress (the last database call failed as unreachable). */
  get down(): boolean {
    return this.#since !== null;
  }

  /**
   * A database call failed: true when `error` means the database cannot be reached (the caller then says
   * so instead of logging the error itself); false for any other error, which the caller handles as before.
   */
  failed(error: unknown, during: string): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.#failures++;
    if (this.#since === null) {
      this.#since = this.now();
      this.logger.error({ during, reason: reasonOf(error) }, 'the database cannot be reached: clicks are refused and deliveries wait until it answers again');
    }
    return true;
  }

  /** A database call succeeded: an outage in progress is over. */
  answered(): void {
    if (this.#since === null) return;
    this.logger.warn({ downMs: this.now() - this.#since, failedCalls: this.#failures }, 'the database answers again');
    this.#since = null;
    this.#failures = 0;
  }
}

/** The innermost error's code and words (a driver's words, without a statement's values), as one string. */
function reasonOf(error: unknown): string {
  let e = error as { cause?: unknown; code?: unknown; message?: unknown };
  while (e.cause !== undefined && e.cause !== null && typeof e.cause === 'object') e = e.cause as typeof e;
  const words = typeof e.message === 'string' ? (e.message.split('\n')[0] ?? '').slice(0, 300) : String(e);
  return typeof e.code === 'string' && !words.includes(e.code) ? `${e.code}: ${words}` : words;
}

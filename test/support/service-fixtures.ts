/** What the game-service tests share: a result that must be a success, a clock that stands still, a silent logger. */
import type { Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';

/** The success of `result`; a refusal throws with its code, so the test says what was refused. */
export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A clock the test moves by setting `t`. */
export function standingClock(t = Date.UTC(2025, 5, 1)): { t: number; now(): number } {
  return { t, now() { return this.t; } };
}

export const silentLogger = createLogger({ level: 'silent', format: 'json' });

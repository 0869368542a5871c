/**
 * The bot's health, as /health answers it: healthy when the gateway is connected (every shard this
 * process runs is ready) and the database answers a trivial query within a short time. Otherwise
 * unhealthy, with the reason of each part that is not.
 */

export interface HealthSources {
  /** Null when the gateway is connected; else why not. */
  readonly gateway: () => string | null;
  /** Resolves when the database answers (a SELECT 1). */
  readonly database: () => Promise<void>;
}

export interface Health {
  readonly healthy: boolean;
  /** "ok", or why the gateway is not connected. */
  readonly gateway: string;
  /** "ok", or why the database does not answer. */
  readonly database: string;
}

/** How long the database may take to answer a SELECT 1 before the bot counts as unhealthy. */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

export async function checkHealth(sources: HealthSources, timeoutMs = DATABASE_PING_TIMEOUT_MS): Promise<Health> {
  let gateway: string;
  try {
    gateway = sources.gateway() ?? 'ok';
  } catch (error) {
    gateway = `cannot tell: ${messageOf(error)}`;
  }
  const database = await databaseAnswers(sources.database, timeoutMs);
  return { healthy: gateway === 'ok' && database === 'ok', gateway, database };
}

async function databaseAnswers(ping: () => Promise<void>, timeoutMs: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(ping)
        .then(
          () => 'ok',
          (error: unknown) => `the query failed: ${messageOf(error)}`,
        ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Start-up in named steps: when one fails, the one line the operator reads says which step and why, e.g.
 * "registering the slash commands with Discord (PUT /applications/…/guilds/…/commands): no answer within
 * 8 s" instead of "This operation was aborted" (what a REST timeout says by itself).
 */
import { DiscordAPIError, HTTPError } from 'discord.js';

export class StartupStepError extends Error {
  override readonly name = 'StartupStepError';
}

/** Runs one step of the start-up; a failure is rethrown naming the step (`what`) and what went wrong. */
export async function startupStep<T>(what: string, run: () => Promise<T>, timeoutMs?: number): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupStepError(`${what}: ${explainFailure(error, timeoutMs)}`, { cause: error });
  }
}

function explainFailure(error: unknown, timeoutMs: number | undefined): string {
  if (error instanceof DiscordAPIError) return `Discord refused it (HTTP ${error.status}, code ${String(error.code)}: ${error.message})`;
  if (error instanceof HTTPError) return `Discord answered HTTP ${error.status} ${error.message}`;
  const name = (error as { name?: unknown }).name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'AbortError' || name === 'TimeoutError' || /operation was aborted/i.test(message)) {
    return `no answer within ${timeoutMs === undefined ? 'the time limit' : timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`} (is Discord reachable from this machine?)`;
  }
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * What the seams scenarios on the small test game (Tally) do at a table, as its players would: ask a /game
 * command for its private answer, play the turn the latest call asks for, and wait until everything the bot
 * owes for a game is delivered.
 */
import type { FakeUser, InteractionHandle, SeenMessage } from '../../fake-discord/index.js';
import { endTheTurn, playTurn, type TurnPolicy } from '../../support/turn-driver.js';
import { latestCall, privateReply, type BotOnFake, WAIT_MS } from '../harness.js';

export function waitOn(handle: InteractionHandle, predicate: () => boolean, description: string): Promise<InteractionHandle> {
  return handle.waitFor(predicate, { timeoutMs: WAIT_MS, description });
}

/** The private answer to a /game subcommand, once complete. */
export async function ask(user: FakeUser, place: string, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(place, 'game', { subcommand, options });
  await waitOn(handle, () => handle.reply !== undefined && !handle.reply.loading, `the answer to /game ${subcommand}`);
  return privateReply(handle, user);
}

/** Everything the bot owes for the game is delivered (its deliveries run under the game's lock). */
export async function delivered(env: BotOnFake, gameId: number): Promise<void> {
  await env.service.lockedGame(gameId, () => undefined);
  await env.bot.deliverer.poll();
}

/** Plays the turn the latest call at `place` (a board, or a short text naming who decides) asks for; returns the call after it. */
export async function turnAt(env: BotOnFake, place: string, policy: TurnPolicy = endTheTurn): Promise<SeenMessage> {
  const played = await playTurn({ fake: env.fake, channelId: place, latest: () => latestCall(env.fake, place) }, { policy, awaitNextBoard: true });
  return played!.next!;
}

/** Adds 2, then ends the turn: a player's second such turn wins (first to 4). */
export const addTwo: TurnPolicy = (context) => (context.step === 0 ? context.choices.find((c) => /Add 2/.test(c.label))! : endTheTurn(context));

/**
 * A learning game (`/game learn`): the learner and computer players, started at once (no lobby to wait
 * in). The game is created with every seat and started in one transaction, so no lobby message is ever
 * owed and a failure leaves nothing behind. Its settings carry `learn: true`: the learner is coached
 * after each decision (src/discord/coaching.ts).
 */
import type { LobbySettings } from '../module.js';
import type { GameCore } from './core.js';
import { start } from './lobby.js';
import { computerName, type Level } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type PlayerRef, type Result } from './types.js';

/** Computer players a learner meets unless they ask for another level: beatable while learning. */
export const LEARN_LEVEL: Level = 'easy';

/**
 * A learner chose to practise: one gentle reminder of a waiting decision, not a series (the learner may
 * ask for more with /game settings). No idle vote ever opens: nobody else at the table could vote.
 */
export const LEARN_REMINDERS = 1;

export async function startLearnGame(core: GameCore, input: {
  guildId: string;
  channelId: string;
  kind: string;
  learner: PlayerRef;
  locale: string;
  /** Computer players to play against (default 1). */
  opponents?: number | null;
  level?: Level | null;
  useThread?: boolean;
}): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
  const module = core.modules.get(input.kind);
  if (module === undefined) return refuse('unknown_game', { kind: input.kind });
  const { min, max } = module.definition.players;
  const capacity = 1 + (input.opponents ?? 1);
  if (!Number.isInteger(capacity) || capacity < min || capacity > max) return refuse('invalid_capacity', { min, max });
  // The game's default board and rules, as `/game new` without options.
  const settings: LobbySettings = {
    capacity,
    layout: module.defaultLayout ? module.defaultLayout(null) : (module.layouts[0]?.value ?? null),
    variant: module.variants[0]?.value ?? null,
    learn: true,
  };
  const parsed = module.definition.parseOptions(module.buildOptions(settings, capacity));
  if (!parsed.ok) return refuse('invalid_options', { option: 'combination', value: '', players: capacity, detail: parsed.error });
  const level = input.level ?? LEARN_LEVEL;
  const seats = [
    { seat: 0, userId: input.learner.userId, displayName: input.learner.displayName },
    ...Array.from({ length: capacity - 1 }, (_, i) => {
      const userId = `computer:${i + 1}`;
      return { seat: i + 1, userId, displayName: computerName(userId), computer: level };
    }),
  ];
  type Started = Result<{ game: ActiveSnapshot; boardDelivery: number }>;
  const outcome = await core.tx(async (): Promise<Started> => {
    const made = await core.repo.createGame(
      { guildId: input.guildId, channelId: input.channelId, kind: input.kind, hostUserId: input.learner.userId, options: settings, seed: core.newSeed(), locale: input.locale, useThread: input.useThread ?? false, settings: { reminderLimit: LEARN_REMINDERS } },
      seats,
    );
    if (!made.ok) return refuse('channel_busy', { existing: made.existing });
    const started = await start(core, made.game.id, input.learner.userId, made.game.version);
    // Nothing else writes this new game inside the transaction: a refusal here is a bug; roll back.
    if (!started.ok) throw new Error(`a learning game could not start: ${started.code}`);
    return started;
  });
  return outcome;
}

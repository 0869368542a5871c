/**
 * The lobby: a new game is a lobby in its channel; players join and leave, the host adds or removes
 * computer players and starts (seats shuffled with the game's seed, the engine set up, the first turn's
 * jobs scheduled and its board owed).
 */
import { seedRng, shuffle } from '../../engine/index.js';
import type { NewSeat } from '../../persistence/game-repository.js';
import type { GameRow } from '../../persistence/schema.js';
import type { LobbySettings } from '../module.js';
import { clockChoice, NO_CLOCK } from '../time-bank.js';
import type { GameCore } from './core.js';
import { computerName, isComputerSeatId, type Level } from './seat-identity.js';
import { scheduleTurn } from './turn-jobs.js';
import { refuse, type ActiveSnapshot, type LobbySnapshot, type PlayerRef, type Result } from './types.js';

export async function createLobby(core: GameCore, input: {
  guildId: string;
  channelId: string;
  kind: string;
  host: PlayerRef;
  locale: string;
  capacity?: number | null;
  layout?: string | null;
  variant?: string | null;
  expansion?: string | null;
  /** Play the game in a thread of the channel (the lobby and the final standings stay in the channel). */
  useThread?: boolean;
  /** The time bank (a value of CLOCK_CHOICES, or 'none'/absent for none). */
  clock?: string | null;
}): Promise<Result<{ game: LobbySnapshot; lobbyDelivery: number }>> {
  const module = core.modules.get(input.kind);
  if (module === undefined) return refuse('unknown_game', { kind: input.kind });
  const { min, max } = module.definition.players;
  const capacity = input.capacity ?? max;
  if (!Number.isInteger(capacity) || capacity < min || capacity > max) return refuse('invalid_capacity', { min, max });
  const expansion = input.expansion ?? null;
  const expansions = module.expansions ?? [];
  if (expansion !== null && !expansions.some((c) => c.value === expansion)) {
    return refuse('invalid_options', { option: 'expansion', value: expansion, players: capacity, detail: `unknown expansion ${expansion}` });
  }
  const layout = input.layout ?? (module.defaultLayout ? module.defaultLayout(expansion) : (module.layouts[0]?.value ?? null));
  const variant = input.variant ?? module.variants[0]?.value ?? null;
  if (layout !== null && module.layouts.length > 0 && !module.layouts.some((c) => c.value === layout)) {
    return refuse('invalid_options', { option: 'layout', value: layout, players: capacity, detail: `unknown layout ${layout}` });
  }
  const expansionLayouts = module.layoutsFor?.(expansion) ?? module.layouts;
  if (layout !== null && expansionLayouts.length > 0 && !expansionLayouts.some((c) => c.value === layout)) {
    return refuse('invalid_options', { option: 'layout_for_expansion', value: layout, players: capacity, detail: `layout ${layout} with expansion ${expansion ?? 'none'}` });
  }
  if (input.variant !== null && input.variant !== undefined && module.variants.length === 0) {
    return refuse('invalid_options', { option: 'no_variants', value: input.variant, players: capacity, detail: 'the game has no variants' });
  }
  if (variant !== null && module.variants.length > 0 && !module.variants.some((c) => c.value === variant)) {
    return refuse('invalid_options', { option: 'variant', value: variant, players: capacity, detail: `unknown variant ${variant}` });
  }
  const clock = input.clock === undefined || input.clock === null || input.clock === NO_CLOCK ? null : input.clock;
  if (clock !== null && clockChoice(clock) === null) return refuse('invalid_options', { option: 'clock', value: clock, players: capacity, detail: `unknown clock ${clock}` });
  // Stored only when chosen, so games without expansions (or a clock) keep their settings as they were.
  const chosen: LobbySettings = expansion === null ? { capacity, layout, variant } : { capacity, layout, variant, expansion };
  const settings: LobbySettings = clock === null ? chosen : { ...chosen, clock };
  // The options must hold for every player count the lobby can start with.
  for (let players = min; players <= capacity; players++) {
    const parsed = module.definition.parseOptions(module.buildOptions(settings, players));
    if (!parsed.ok) return refuse('invalid_options', { option: 'combination', value: '', players, detail: parsed.error });
  }
  const created = await core.tx(async () => {
    const made = await core.repo.createGame(
    {
      guildId: input.guildId,
      channelId: input.channelId,
      kind: input.kind,
      hostUserId: input.host.userId,
      options: settings,
      seed: core.newSeed(),
      locale: input.locale,
      useThread: input.useThread ?? false,
    },
    [{ seat: 0, userId: input.host.userId, displayName: input.host.displayName }],
    );
    const delivery = made.ok ? await core.owe(made.game, 'lobby', { kind: 'lobby' }) : 0;
    return { made, delivery };
  });
  if (!created.made.ok) return refuse('channel_busy', { existing: created.made.existing });
  return { ok: true, game: await core.load(created.made.game) as LobbySnapshot, lobbyDelivery: created.delivery };
}

export async function lobbyOf(core: GameCore, gameId: number): Promise<Result<{ game: LobbySnapshot }>> {
  const loaded = await core.byId(gameId);
  if (!loaded.ok) return loaded;
  if (loaded.game.kind !== 'lobby') return refuse('not_lobby', {});
  return { ok: true, game: loaded.game };
}

export function reseat(seats: readonly { userId: string; displayName: string; computer?: string | null }[]): NewSeat[] {
  return seats.map((s, seat) => ({ seat, userId: s.userId, displayName: s.displayName, computer: s.computer ?? null }));
}

export async function join(core: GameCore, gameId: number, player: PlayerRef): Promise<Result<{ game: LobbySnapshot }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  const { game } = lobby;
  if (game.seats.some((s) => s.userId === player.userId)) return refuse('already_joined', {});
  if (game.seats.length >= game.settings.capacity) return refuse('lobby_full', { capacity: game.settings.capacity });
  const saved = await core.repo.saveState(gameId, game.row.version, {}, [], reseat([...game.seats, player]));
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  return lobbyOf(core, gameId);
}

export async function leaveLobby(core: GameCore, gameId: number, userId: string): Promise<Result<{ game: LobbySnapshot }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  const { game } = lobby;
  if (game.row.hostUserId === userId) return refuse('host_cannot_leave', {});
  if (!game.seats.some((s) => s.userId === userId)) return refuse('not_in_lobby', {});
  const rest = game.seats.filter((s) => s.userId !== userId);
  const saved = await core.repo.saveState(gameId, game.row.version, {}, [], reseat(rest));
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  return lobbyOf(core, gameId);
}

export async function cancelLobby(core: GameCore, gameId: number, userId: string, canManage: boolean): Promise<Result<{ game: LobbySnapshot }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  if (lobby.game.row.hostUserId !== userId && !canManage) return refuse('not_host', {});
  const saved = await core.repo.saveState(gameId, lobby.game.row.version, { status: 'abandoned' });
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  const row = await core.repo.findById(gameId) as GameRow;
  return { ok: true, game: { ...lobby.game, row } };
}

/** The host starts: seats shuffled with the seed, the engine set up, the first turn's jobs scheduled. */
export async function start(core: GameCore, gameId: number, userId: string, expectedVersion: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  const { game } = lobby;
  if (game.row.hostUserId !== userId) return refuse('not_host', {});
  if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
  const def = game.module.definition;
  if (game.seats.length < def.players.min) return refuse('too_few_players', { min: def.players.min });
  const parsed = def.parseOptions(game.module.buildOptions(game.settings, game.seats.length));
  if (!parsed.ok) return refuse('invalid_options', { option: 'combination', value: '', players: game.seats.length, detail: parsed.error });
  const order = shuffle(seedRng(`seats:${game.row.seed}`), game.seats);
  const state = def.setup(parsed.options, game.row.seed);
  const json = JSON.stringify(state);
  const started = await core.tx(async () => {
    const saved = await core.repo.saveState(gameId, game.row.version, { state: json, status: 'active' }, [], reseat(order));
    if (!saved.ok) return null;
    const snapshot = await core.load(await core.repo.findById(gameId) as GameRow) as ActiveSnapshot;
    await scheduleTurn(core, snapshot);
    const boardDelivery = await core.owe(snapshot.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true });
    return { snapshot, boardDelivery };
  });
  if (started === null) return refuse('stale', { currentVersion: (await core.repo.findById(gameId))?.version ?? -1 });
  core.verified.set(gameId, started.snapshot.row.version);
  // A game starts with an empty log and no snapshot (a lobby writes neither): its first moves read neither.
  core.logEnds.set(gameId, { version: started.snapshot.row.version, sequence: null, snapshot: 0 });
  core.recentLogs.set(gameId, { version: started.snapshot.row.version, entries: [], whole: true });
  // Its first board told nothing yet, with no short text before it: the first turn's end reads no boards.
  core.boardsTold.set(gameId, { version: started.snapshot.row.version, upTo: null, textEvents: [], turn: [] });
  return { ok: true, game: started.snapshot, boardDelivery: started.boardDelivery };
}

/** In the lobby: the host adds a computer player of `level`. */
export async function addComputer(core: GameCore, gameId: number, userId: string, level: Level): Promise<Result<{ game: LobbySnapshot }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  const { game } = lobby;
  if (game.row.hostUserId !== userId) return refuse('not_host', {});
  if (game.seats.length >= game.settings.capacity) return refuse('lobby_full', { capacity: game.settings.capacity });
  const number = Math.max(0, ...game.seats.filter((s) => isComputerSeatId(s.userId)).map((s) => Number(s.userId.slice('computer:'.length)))) + 1;
  const botId = `computer:${number}`;
  const bot = { userId: botId, displayName: computerName(botId), computer: level };
  const saved = await core.repo.saveState(gameId, game.row.version, {}, [], reseat([...game.seats, bot]));
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  return lobbyOf(core, gameId);
}

/** In the lobby: the host removes the computer player added last. */
export async function removeComputer(core: GameCore, gameId: number, userId: string): Promise<Result<{ game: LobbySnapshot }>> {
  const lobby = await lobbyOf(core, gameId);
  if (!lobby.ok) return lobby;
  const { game } = lobby;
  if (game.row.hostUserId !== userId) return refuse('not_host', {});
  const last = [...game.seats].reverse().find((s) => isComputerSeatId(s.userId));
  if (last === undefined) return refuse('no_computer', {});
  const saved = await core.repo.saveState(gameId, game.row.version, {}, [], reseat(game.seats.filter((s) => s !== last)));
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  return lobbyOf(core, gameId);
}

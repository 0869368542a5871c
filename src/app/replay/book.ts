/**
 * Opens replays: a game of the asking server, its frame index (built once per game and version, kept in a
 * bounded cache) and any frame's public view. Only the public view ever leaves here: a replay is for
 * anyone in the server, players or not.
 */
import type { Seat } from '../../engine/index.js';
import type { GameService } from '../game-service.js';
import type { SeatHolder } from '../service/bench.js';
import type { EffectiveEntry } from '../log.js';
import type { ActiveSnapshot, Refusal } from '../service/types.js';
import { BoundedCache } from './bounded-cache.js';
import { buildReplayIndex, frameState, ReplayBrokenError, type ReplayFrame, type ReplayIndex } from './frames.js';

/** Frame indexes kept: a few games looked at now (each holds a state per round of its game). */
export const INDEXES_KEPT = 16;

export type ReplayRefusal =
  | { readonly ok: false; readonly code: 'no_such_game'; readonly gameId: number }
  | { readonly ok: false; readonly code: 'other_server'; readonly gameId: number }
  | { readonly ok: false; readonly code: 'not_started'; readonly gameId: number }
  | { readonly ok: false; readonly code: 'broken'; readonly gameId: number; readonly reason: string }
  | Extract<Refusal, { code: 'damaged' }>;

export interface OpenReplay {
  readonly ok: true;
  /** The game as it is now (its seats' names, its status). */
  readonly game: ActiveSnapshot;
  readonly index: ReplayIndex;
  /** Who held each seat, from which log sequence (a frame names each seat by its holder then). */
  readonly holders: ReadonlyMap<Seat, readonly SeatHolder[]>;
}

export interface ReplayFrameView {
  readonly frame: ReplayFrame;
  /** The public view of the game at this frame: all a replay shows. */
  readonly view: unknown;
  /** The turn's entries (their private events are for the viewer to drop: see visibleEvents). */
  readonly entries: readonly EffectiveEntry[];
  /** The game is over at this frame: the final ranks (the picture marks the winner). */
  readonly ranks?: readonly { readonly seat: number; readonly rank: number }[];
}

export class ReplayBook {
  readonly #indexes = new BoundedCache<string, Promise<ReplayIndex>>(INDEXES_KEPT);

  constructor(private readonly service: GameService) {}

  /**
   * The game `gameId` of the server `guildId`, with its frames; refused for another server's game or one never
   * started. `onlyChannel`: a direct message's games are all stored under one scope, so there the game must
   * also be of that very conversation (null in a server).
   */
  async open(gameId: number, guildId: string | null, onlyChannel: string | null = null): Promise<OpenReplay | ReplayRefusal> {
    // The row alone first: another server's game is refused before anything of it is loaded.
    const row = await this.service.repo.findById(gameId);
    if (row === undefined) return { ok: false, code: 'no_such_game', gameId };
    if (row.guildId !== guildId || (onlyChannel !== null && row.channelId !== onlyChannel)) return { ok: false, code: 'other_server', gameId };
    if (row.status === 'lobby' || row.state === null) return { ok: false, code: 'not_started', gameId };
    const loaded = await this.service.byId(gameId);
    if (!loaded.ok) return loaded.code === 'damaged' ? loaded : { ok: false, code: 'no_such_game', gameId };
    const game = loaded.game;
    if (game.kind !== 'active') return { ok: false, code: 'not_started', gameId };
    try {
      return { ok: true, game, index: await this.#index(game), holders: await this.service.seatHolders(game) };
    } catch (error) {
      if (!(error instanceof ReplayBrokenError)) throw error;
      return { ok: false, code: 'broken', gameId, reason: error.message };
    }
  }

  /** A frame's public view and its turn's entries. */
  frame(open: OpenReplay, frame: ReplayFrame): ReplayFrameView {
    const def = open.game.module.definition;
    const state = frameState(def, open.index, frame);
    const ranks = def.isOver(state) ? def.standings(state).map(({ seat, rank }) => ({ seat, rank })) : undefined;
    return { frame, view: def.view(state, null), entries: open.index.entries.slice(frame.from, frame.to), ...(ranks === undefined ? {} : { ranks }) };
  }

  /** Built once per game and version; concurrent clicks share one build. */
  #index(game: ActiveSnapshot): Promise<ReplayIndex> {
    const key = `${game.row.id}:${game.row.version}`;
    const kept = this.#indexes.get(key);
    if (kept !== undefined) return kept;
    const building = this.service.effectiveLog(game).then((entries) =>
      buildReplayIndex({
        module: game.module,
        options: game.options,
        seed: game.row.seed,
        seats: game.seats.length,
        entries,
        ended: game.row.status !== 'active',
      }),
    );
    this.#indexes.set(key, building);
    building.catch(() => this.#indexes.delete(key));
    return building;
  }
}

/**
 * Reading an exported game back (game-export.ts; the format: docs/export-format.md): the file is checked
 * field by field (it came from outside), then its moves are played through the engine again from the
 * setup its options and seed give, exactly as the bot replays a stored game.
 */
import type { GameEvent } from '../../engine/index.js';
import type { ModuleRegistry } from '../../games/contract.js';
import { rebuild, RebuildError, REMOVE_SEAT, type EffectiveEntry } from '../log.js';
import { GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION, type ExportedMove, type GameExport } from './game-export.js';

export type ReadExport = { readonly ok: true; readonly exported: GameExport } | { readonly ok: false; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The export in `text`, or why it is not one this version reads. */
export function readGameExport(text: string): ReadExport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isRecord(raw) || raw.format !== GAME_EXPORT_FORMAT) return { ok: false, reason: `not a ${GAME_EXPORT_FORMAT} file` };
  if (raw.version !== GAME_EXPORT_VERSION) return { ok: false, reason: `version ${String(raw.version)}; this reads version ${GAME_EXPORT_VERSION}` };
  const game = raw.game;
  if (!isRecord(game) || !isCount(game.id) || typeof game.kind !== 'string' || !Array.isArray(game.seats)) return { ok: false, reason: 'game: id, kind and seats are required' };
  if (typeof raw.complete !== 'boolean') return { ok: false, reason: 'complete: true or false' };
  if (raw.complete && typeof game.seed !== 'string') return { ok: false, reason: 'game.seed: a complete export has its seed' };
  if (!Array.isArray(raw.moves)) return { ok: false, reason: 'moves: a list' };
  for (const [index, move] of raw.moves.entries()) {
    const problem = moveProblem(move, raw.complete, game.seats.length);
    if (problem !== null) return { ok: false, reason: `moves[${index}]: ${problem}` };
  }
  return { ok: true, exported: raw as unknown as GameExport };
}

function moveProblem(move: unknown, complete: boolean, seats: number): string | null {
  if (!isRecord(move) || !isCount(move.sequence) || !isCount(move.seat) || move.seat >= seats) return 'sequence and seat (one of the game’s seats) are required';
  if (!Array.isArray(move.events) || !move.events.every((e) => isRecord(e) && typeof e.key === 'string')) return 'events: a list of events with a key';
  if (complete && move.removeSeat !== true && !('action' in move)) return 'an action (or removeSeat) in a complete export';
  return null;
}

export type ReplayedExport =
  | { readonly ok: true; readonly state: unknown; readonly over: boolean; readonly standings: readonly { readonly seat: number; readonly rank: number }[] }
  | { readonly ok: false; readonly reason: string };

/** Plays a complete export's moves through its game's engine from the setup; the state it ends in. */
export function replayGameExport(modules: ModuleRegistry, exported: GameExport): ReplayedExport {
  if (!exported.complete || exported.game.seed === undefined) return { ok: false, reason: 'a running game’s export holds its public log only: it does not replay' };
  const module = modules.get(exported.game.kind);
  if (module === undefined) return { ok: false, reason: `unknown game ${exported.game.kind}` };
  const def = module.definition;
  try {
    const state = rebuild(def, exported.game.options, exported.game.seed, exported.moves.map(toEntry));
    const over = def.isOver(state);
    return { ok: true, state, over, standings: over ? def.standings(state).map(({ seat, rank }) => ({ seat, rank })) : [] };
  } catch (error) {
    if (error instanceof RebuildError) return { ok: false, reason: error.message };
    // The engine refused the options or the setup: the file is not a game this bot can replay.
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

function toEntry(move: ExportedMove): EffectiveEntry {
  return { sequence: move.sequence, seat: move.seat, action: move.removeSeat === true ? REMOVE_SEAT : move.action, events: move.events as GameEvent[], checkpoint: false };
}

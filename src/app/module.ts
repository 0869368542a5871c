/**
 * The game-agnostic helpers over a game's GameModule (its contract is in src/games/contract.ts, beside the
 * rest of what a game hands the bot; its types are re-exported here for the game service).
 */
import type { GameModule } from '../games/contract.js';

export type { GameModule, LobbySettings, ModuleRegistry, OptionChoice } from '../games/contract.js';

export function turnMarkerOf(module: GameModule, state: unknown): string {
  if (module.turnMarker) return module.turnMarker(state);
  const def = module.definition;
  return def.isOver(state) ? 'over' : def.activeSeats(state).join(',');
}

/**
 * The seats in playing order, the start player first. Seats are stored in the order the lobby's shuffle
 * gave them, but the game's setup draws the start player: players see the playing order (and the numbers
 * on their pieces follow it), never the storage order.
 */
export function playingOrder(module: GameModule, state: unknown, seats: number): number[] {
  const start = module.startSeat?.(state) ?? 0;
  return Array.from({ length: seats }, (_, i) => (start + i) % seats);
}

/**
 * When the channel gets a board picture (a ~450 KB image everyone scrolls past) and when a short text is
 * enough. The rule: a picture when the turn player changes (a new turn, a double move's extra turn, each
 * seat's step of the final card phase), at the start and at the end of the game, when a seat's pieces leave
 * the board (the rules took a leaver out) and on /game status; a seat handed to or taken back from a
 * computer moves nothing and gets a short text. A game may keep one picture over several turns (Kairo's
 * start placements: one picture when the start is done). A decision that
 * passes to another seat inside a turn (Letters & Seals: a Kiosk pick, an auction bid; and back to the
 * turn player) gets a short text instead: what was just done and a mention of whoever decides now, with
 * the board's buttons; the table looks again at the next turn's picture, whose summary covers the whole
 * turn. Every die roll in these games is the turn player's, shown on their panel and in the turn's summary,
 * so none needs a picture of its own.
 */
export function boardMarkerOf(module: GameModule, state: unknown): string {
  return module.boardMarker ? module.boardMarker(state) : turnMarkerOf(module, state);
}

/**
 * The moves the events under a board tell (as the game log stores them), for the picture to mark: worked
 * out beside the rules, as the presenter needs it for every board it asks for.
 */
import type { GameEvent } from '../../../engine/index.js';
import type { IstanbulPublicView, MoveView } from './types.js';

/**
 * The merchants' moves (a stay is a move to the same place; the Kiosk's move to the Fountain too) and the
 * companions' (Letters & Seals), oldest first; undefined when the events tell none.
 */
export function movesFromEvents(view: IstanbulPublicView, events: readonly GameEvent[]): MoveView[] | undefined {
  const fountain = view.places.find((p) => p.detail.kind === 'fountain')?.id;
  const moves: MoveView[] = [];
  for (const e of events) {
    const p = e.params ?? {};
    if (typeof p.player !== 'number') continue;
    const seat = p.player;
    if (e.key === 'istanbul.event.moved' && typeof p.from === 'number' && typeof p.to === 'number') moves.push({ seat, from: p.from, to: p.to });
    else if (e.key === 'istanbul.event.stayed' && typeof p.place === 'number') moves.push({ seat, from: p.place, to: p.place });
    else if (e.key === 'istanbul.event.kioskFountain' && typeof p.from === 'number' && fountain !== undefined) moves.push({ seat, from: p.from, to: fountain });
    else if (e.key === 'istanbul.event.companionMoved' && typeof p.from === 'number' && typeof p.to === 'number') moves.push({ seat, from: p.from, to: p.to, token: 'companion' });
  }
  return moves.length === 0 ? undefined : moves;
}

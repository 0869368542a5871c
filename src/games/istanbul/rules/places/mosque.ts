/**
 * Small Mosque 14 (red, green tiles) / Great Mosque 15 (blue, yellow tiles): own at least the top tile's
 * number of goods of its colour, pay 1 of them, take the tile; one tile per colour per player. Owning both
 * tiles of one mosque gives that mosque's ruby once (while it has one). The blue tile brings the 5th assistant.
 */
import type { IstanbulAction } from '../../actions.js';
import { MOSQUE_COLOURS, mosqueOf } from '../../data/mosques.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { checkRubies, finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Good, PlaceId, Seat } from '../../types.js';
import { takeFifthAssistant } from '../tiles/blue-tile.js';

export function canTakeMosqueTile(s: IstanbulState, seat: Seat, colour: Good): boolean {
  const p = s.players[seat] as PlayerState;
  const top = s.mosqueTiles[colour][0];
  return top !== undefined && !p.mosqueTiles.includes(colour) && p.goods[colour] >= top;
}

export function mosqueOptions(s: IstanbulState, seat: Seat, place: PlaceId, out: IstanbulAction[]): void {
  const colours = MOSQUE_COLOURS[place];
  if (colours === undefined) return;
  for (const colour of colours) if (canTakeMosqueTile(s, seat, colour)) out.push({ type: 'mosque', colour });
}

/** The effect alone (also for the Letters & Seals card "at a Mosque: once more"). */
export function mosqueEffect(tx: Tx, seat: Seat, colour: Good): void {
  const stacks = tx.mosqueStacks();
  const threshold = stacks[colour].shift() as number;
  const p = tx.player(seat);
  p.goods[colour] -= 1;
  tx.mosqueTilesOf(seat).push(colour);
  tx.log('mosqueTileTaken', seat, { player: seat, colour, threshold });
  if (colour === 'blue') takeFifthAssistant(tx, seat);
  const place = mosqueOf(colour);
  const [a, b] = MOSQUE_COLOURS[place] as readonly [Good, Good];
  if (p.mosqueTiles.includes(a) && p.mosqueTiles.includes(b)) {
    if (place === 14 && tx.s.smallMosqueRubies > 0) {
      tx.s.smallMosqueRubies -= 1;
      p.rubies += 1;
      tx.log('rubyTaken', seat, { player: seat, place });
    } else if (place === 15 && tx.s.greatMosqueRubies > 0) {
      tx.s.greatMosqueRubies -= 1;
      p.rubies += 1;
      tx.log('rubyTaken', seat, { player: seat, place });
    }
    checkRubies(tx, seat);
  }
}

export function applyMosque(tx: Tx, seat: Seat, colour: Good): void {
  mosqueEffect(tx, seat, colour);
  finishAction(tx, seat, mosqueOf(colour));
}

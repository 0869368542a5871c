/**
 * What changed for a player since they last decided, as Kairo's rules make it matter to them (see
 * GamePresenter.changedFor): from the public events of the other players' turns and the view now. Coins
 * their stalls earned when another player led a customer to them, a medal taken from them, and a stall
 * built, moved or extended next to one of theirs (the fields it could have grown into).
 */
import type { Catalogue, GameEvent, Message, Seat } from '../../../engine/index.js';
import type { KairoPublicView } from '../view/types.js';

/** The events that build on a field: a main stall placed or moved, a stall extended, a neutral stall placed. */
const BUILT = /^kairo\.event\.(stall|neutral|relocate|extend|neutralDrawn)\./;

export function kairoChangedFor(events: readonly GameEvent[], seatView: unknown, seat: Seat): Message[] {
  const view = seatView as KairoPublicView;
  // The engine's events name players by their number from 1.
  const me = seat + 1;
  const fields = view.board.fields;
  const byLabel = new Map(fields.map((f) => [f.label, f]));
  const mine = view.stalls.filter((s) => s.owner === seat).flatMap((s) => [s.main, ...s.extensions]);
  const mineAt = new Set(mine.map((id) => `${fields[id]?.x},${fields[id]?.y}`));
  const besideMine = (label: unknown): boolean => {
    const f = typeof label === 'string' ? byLabel.get(label) : undefined;
    if (f === undefined) return false;
    return [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ].some(([dx, dy]) => mineAt.has(`${f.x + (dx as number)},${f.y + (dy as number)}`));
  };
  const out: Message[] = [];
  const said = new Set<string>();
  for (const e of events) {
    const p = e.params ?? {};
    if (e.key.startsWith('kairo.event.income.') && p.player === me) out.push(e);
    else if (e.key.startsWith('kairo.event.medal.') && p.from === me) out.push(e);
    else if (BUILT.test(e.key) && typeof p.player === 'number' && p.player !== me && typeof p.field === 'string' && !said.has(p.field) && besideMine(p.field)) {
      said.add(p.field);
      out.push({ key: 'kairo.changed.besideYours', params: { player: p.player, field: p.field } });
    }
  }
  return out;
}

export const catchUpEn: Catalogue = {
  'kairo.changed.besideYours': '{player} built at {field}, beside a stall of yours',
};

export const catchUpDe: Catalogue = {
  'kairo.changed.besideYours': '{player} hat auf {field} gebaut, neben einem deiner Stände',
};

export const catchUpNl: Catalogue = {
  'kairo.changed.besideYours': '{player} heeft op {field} gebouwd, naast een kraam van jou',
};

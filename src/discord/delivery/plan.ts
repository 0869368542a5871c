/**
 * What to post for the deliveries claimed for one game, given the game as it stands now (pure: the
 * deliverer posts the steps).
 */
import type { ActiveSnapshot, Snapshot } from '../../app/game-service.js';
import type { BoardNote, Delivery, SummaryEvent } from '../../app/outbox.js';

export type DeliveryStep =
  | {
      readonly kind: 'board';
      readonly delivery: Delivery;
      readonly merged: readonly Delivery[];
      readonly summary: SummaryEvent[];
      readonly notes: BoardNote[];
      readonly concededTo: number | null;
      /** False: a short text naming who decides now (see boardMarkerOf in src/app/module.ts). */
      readonly picture: boolean;
      /** A finished game's final board posted again (/game status after the end). */
      readonly again: boolean;
    }
  | { readonly kind: 'lobby' | 'reminder' | 'bank-warning' | 'idle-vote' | 'announcement' | 'dm' | 'dm-fallback' | 'bench'; readonly delivery: Delivery; readonly merged: readonly Delivery[] };

/**
 * What to post for the claimed deliveries of one game, given its state now: boards owed one after
 * another become one post (the newest, carrying every summary); what no longer applies (a lobby that
 * started or closed, a board of an abandoned game, a reminder for a turn that is over) is dropped. Merged
 * boards carry a picture when any of them does; a short text's events are left out when a later picture
 * of the batch already carries them (a picture's summary starts with the texts since the previous one).
 */
export function planDeliveries(game: Snapshot, claimed: readonly Delivery[]): { steps: DeliveryStep[]; dropped: Delivery[] } {
  const steps: DeliveryStep[] = [];
  const dropped: Delivery[] = [];
  const status = game.row.status;
  const boards = claimed.filter((d) => d.payload.kind === 'board');
  const lobbies = claimed.filter((d) => d.payload.kind === 'lobby');
  const lastBoard = boards.at(-1);
  const lastLobby = lobbies.at(-1);
  for (const d of claimed) {
    const p = d.payload;
    switch (p.kind) {
      case 'lobby':
        // The newest lobby message stands for the older ones; none once the lobby started or closed.
        if (status !== 'lobby' || game.kind !== 'lobby') dropped.push(d);
        else if (d === lastLobby) steps.push({ kind: 'lobby', delivery: d, merged: lobbies.slice(0, -1) });
        break;
      case 'board':
        // An abandoned game's boards still owed are dropped; its last board asked for again (/game status) is not.
        if ((status === 'abandoned' && (p.again !== true || d !== lastBoard)) || game.kind !== 'active') dropped.push(d);
        else if (d === lastBoard) {
          const merged = boards.slice(0, -1);
          const payloads = boards.map((b) => b.payload as Extract<Delivery['payload'], { kind: 'board' }>);
          const toldLater = (index: number): boolean => payloads.slice(index + 1).some((b) => b.picture);
          steps.push({
            kind: 'board',
            delivery: d,
            merged,
            picture: payloads.some((b) => b.picture),
            again: payloads.every((b) => b.again === true),
            summary: payloads.flatMap((b, index) => (b.picture || !toldLater(index) ? [...b.summary] : [])),
            notes: payloads.flatMap((b) => [...b.notes]),
            concededTo: payloads.map((b) => b.concededTo).find((c) => c !== null) ?? null,
          });
        }
        break;
      case 'reminder':
      case 'bank-warning':
      case 'idle-vote': {
        // Only while the reminded seats still decide: a later board (this batch or before) ended that turn.
        const boardAfter = boards.some((b) => b.id > d.id);
        const stillDeciding = game.kind === 'active' && status === 'active' && !boardAfter && p.seats.some((s) => activeSeatsOf(game).includes(s));
        if (stillDeciding) steps.push({ kind: p.kind, delivery: d, merged: [] });
        else dropped.push(d);
        break;
      }
      case 'announcement':
        steps.push({ kind: 'announcement', delivery: d, merged: [] });
        break;
      case 'bench': {
        // Offered only while a computer still plays the seat for a human in a running game.
        const seat = game.seats.find((s) => s.seat === p.seat);
        const open = game.kind === 'active' && status === 'active' && seat !== undefined && seat.userId === p.userId && (seat.computer !== null || seat.leftAt !== null);
        if (open) steps.push({ kind: 'bench', delivery: d, merged: [] });
        else dropped.push(d);
        break;
      }
      case 'dm':
      case 'dm-fallback':
        // A held notice, or the mention instead of a refused one, only while its seat still decides (the
        // turn may have gone on during the night, or while Discord could not be reached).
        if (game.kind === 'active' && status === 'active' && activeSeatsOf(game).includes(p.seat)) steps.push({ kind: p.kind, delivery: d, merged: [] });
        else dropped.push(d);
        break;
    }
  }
  return { steps, dropped };
}

export function isAbandonedNotice(step: DeliveryStep): boolean {
  const p = step.delivery.payload;
  return step.kind === 'announcement' && p.kind === 'announcement' && p.message === 'abandoned';
}

export function activeSeatsOf(game: ActiveSnapshot): readonly number[] {
  const def = game.module.definition;
  return def.isOver(game.state) ? [] : def.activeSeats(game.state);
}

/** Whether the step is news a follower hears of: a new board picture. */
export function isFollowedNews(step: DeliveryStep): boolean {
  return step.kind === 'board' && step.picture && !step.again;
}

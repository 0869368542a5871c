/**
 * A panel that follows its player: when a decision passes to another seat without a new board (Kairo's
 * start stalls, placed one at a time in turn; an auction bid), the player's private panel is kept, and
 * when the decision comes back to them it is shown there again, so a start of several placements is one
 * panel per player instead of Take my turn before each. Discord lets an interaction's reply be edited for
 * 15 minutes; after that (or after a restart: this lives in memory only, as the interaction's token must
 * not be stored) the player opens a panel from the channel's call as usual.
 */
import type { Seat } from '../engine/index.js';
import type { FollowingPanel, FollowingPanels } from './types.js';

/** Discord's interaction tokens last 15 minutes; a minute's margin for the edit itself. */
export const FOLLOW_FOR_MS = 14 * 60_000;

export class FollowingPanelStore implements FollowingPanels {
  private readonly panels = new Map<string, FollowingPanel>();

  /** `now`: the bot's clock (Discord's token lifetime is measured on it, as the fake Discord's test clock does). */
  constructor(private readonly now: () => number) {}

  /** Keeps the panel answered by `interaction` to show the seat's next decision there. */
  keep(gameId: number, seat: Seat, panel: FollowingPanel): void {
    this.prune();
    this.panels.set(key(gameId, seat), panel);
  }

  /** The seat's kept panel if it can still be edited (taken: it is shown once). */
  take(gameId: number, seat: Seat): FollowingPanel | undefined {
    const k = key(gameId, seat);
    const panel = this.panels.get(k);
    this.panels.delete(k);
    return panel !== undefined && this.editable(panel) ? panel : undefined;
  }

  /** The player opened another panel: the kept one is not shown again. */
  forget(gameId: number, seat: Seat): void {
    this.panels.delete(key(gameId, seat));
  }

  get size(): number {
    return this.panels.size;
  }

  private editable(panel: FollowingPanel): boolean {
    return this.now() - panel.interaction.createdTimestamp < FOLLOW_FOR_MS;
  }

  private prune(): void {
    for (const [k, panel] of this.panels) if (!this.editable(panel)) this.panels.delete(k);
  }
}

function key(gameId: number, seat: Seat): string {
  return `${gameId}:${seat}`;
}

/**
 * The determinizers rebuild a full state that the seat cannot tell from the real one: its view of the
 * sample equals its view of the game, and its legal actions are the same, at every step of seeded games.
 */
import { describe, expect, it } from 'vitest';
import { randomInt, seedRng, type Seat } from '../../src/engine/index.js';
import { setupFor } from '../bench/ai-match.js';
import { VARIANTS } from './games.js';

describe.each(VARIANTS)('%s determinization', (variant) => {
  it.each([2, 4])('is indistinguishable for every seat (%i players)', (players) => {
    const { def, policy, options } = setupFor(variant, players);
    let state: unknown = def.setup(options, `det-${variant}-${players}`);
    const rng = seedRng(`det:${variant}:${players}`);
    let checked = 0;
    for (let step = 0; step < 600 && !def.isOver(state); step++) {
      const active = def.activeSeats(state)[0] as Seat;
      if (step % 6 === 0) {
        for (let seat = 0; seat < players; seat++) {
          const view = def.view(state, seat);
          const sample = policy.determinizer(view)(rng);
          expect(def.view(sample, seat)).toEqual(view);
          if (seat === active) expect(def.legalActions(sample, seat).map(def.actionKey)).toEqual(def.legalActions(state, seat).map(def.actionKey));
          checked++;
        }
      }
      const legal = def.legalActions(state, active) as readonly unknown[];
      state = def.apply(state, legal[randomInt(rng, legal.length)], active).state;
    }
    expect(checked).toBeGreaterThan(40);
  });
});

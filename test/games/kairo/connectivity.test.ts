/**
 * The reachability rule's fast check (one depth-first search with low-links per board) against a plain
 * breadth-first search, on every free field and every possible entrance of boards met in random games.
 */
import { describe, expect, it } from 'vitest';
import { occupancy, staysConnected, type Occupancy } from '../../../src/games/kairo/rules/board.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { AREA, NEIGHBOURS } from '../../../src/games/kairo/data/geometry.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { playout } from '../../harness/playout.js';
import { F, scenario } from './helpers.js';

/** Brute force: block `blocked`, add `extra` as required, search from a required field. */
function bruteForce(occ: Occupancy, blocked: number, extra: number): boolean {
  const required = extra >= 0 ? [...occ.required, extra] : [...occ.required];
  if (extra >= 0 && (extra === blocked || !occ.passable[extra])) return false;
  const start = required[0] as number;
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const f = queue.shift() as number;
    for (const n of NEIGHBOURS[f] ?? []) {
      if (n !== blocked && occ.passable[n] && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return required.every((f) => seen.has(f));
}

function isFreeField(occ: Occupancy, f: number): boolean {
  return AREA[f] !== 'off' && occ.tile[f] === -1 && occ.entrance[f] === -1 && occ.customer[f] === -1;
}

function compareAll(state: KairoState): number {
  const occ = occupancy(state);
  let checks = 0;
  for (let f = 0; f < 140; f++) {
    if (!isFreeField(occ, f)) continue;
    expect(staysConnected(occ, f), `block ${f}`).toBe(bruteForce(occ, f, -1));
    checks++;
    for (const e of NEIGHBOURS[f] ?? []) {
      if (AREA[e] !== 'market' || !isFreeField(occ, e)) continue;
      expect(staysConnected(occ, f, e), `block ${f} entrance ${e}`).toBe(bruteForce(occ, f, e));
      checks++;
    }
  }
  return checks;
}

describe('the reachability check', () => {
  it('agrees with a breadth-first search on hand-made corridors', () => {
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'blue', main: 'B2', entrance: 'B1' },
        { owner: 0, colour: 'red', main: 'D1', entrance: 'D2' },
        { owner: 2, colour: 'green', main: 'C6', entrance: 'D6', ext: ['C5', 'B5', 'B6', 'B7', 'C7'] },
      ],
      customers: { violet: 'H8', green: 'B4' },
    });
    expect(compareAll(s)).toBeGreaterThan(100);
    expect(staysConnected(occupancy(s), F('C1'))).toBe(false);
  });

  it('agrees with a breadth-first search on boards from random games', () => {
    let checks = 0;
    for (let i = 0; i < 6; i++) {
      playout({
        def: kairo,
        options: { players: 2 + (i % 3), start: 'quick' },
        seed: `connectivity-${i}`,
        maxSteps: 3000,
        checkReplay: false,
        checkJsonRoundTrip: false,
        invariants: (state, ctx) => {
          if (ctx.stepIndex % 25 === 0) checks += compareAll(state);
        },
      });
    }
    expect(checks).toBeGreaterThan(10000);
  });
});

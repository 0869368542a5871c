/**
 * Which posted messages lose their buttons (staleMessages) depends only on what was posted from the oldest
 * armed message on: the outbox reads no further back (deliveredSince), not the game's whole outbox.
 */
import { describe, expect, it } from 'vitest';
import { staleMessages } from '../../src/app/outbox.js';
import type { DeliveryRow } from '../../src/persistence/schema.js';

const KINDS = ['lobby', 'board', 'reminder', 'idle-vote', 'announcement'] as const;
const ARMED = new Set<string>(['lobby', 'board', 'reminder', 'idle-vote']);

/** A small deterministic generator (the test's own, not the engine's). */
function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('stale buttons', () => {
  it('the messages to disarm are the same whether the game\'s whole outbox is read or only what came from its oldest armed message on', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = lcg(seed);
      const delivered = Array.from({ length: 2 + Math.floor(random() * 30) }, (_, i) => ({ id: i + 1, kind: KINDS[Math.floor(random() * KINDS.length)], status: 'delivered' }) as DeliveryRow);
      // Some of the older messages had their buttons taken off already; the newest ones are still armed.
      const armed = delivered.filter((d) => ARMED.has(d.kind) && d.id > delivered.length * random());
      if (armed.length === 0) continue;
      const since = delivered.filter((d) => d.id >= (armed[0] as DeliveryRow).id);
      for (const status of ['lobby', 'active', 'finished']) {
        expect(staleMessages(status, armed, since).map((d) => d.id)).toEqual(staleMessages(status, armed, delivered).map((d) => d.id));
      }
    }
  });
});

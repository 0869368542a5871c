import { it } from 'vitest';
import { kairo } from '../../../src/games/kairo/index.js';
import { playout } from '../../harness/playout.js';

it('scratch', () => {
  const kinds = new Map<string, number>();
  const ends = new Map<string, number>();
  let maxOpts = 0; let maxKey = '';
  for (let i = 0; i < 60; i++) {
    for (const players of [2, 3, 4]) {
      const r = playout({ def: kairo, options: { players, start: i % 2 ? 'quick' : 'variable' }, seed: `s${i}`, maxSteps: 20000, checkReplay: false, checkJsonRoundTrip: false,
        invariants: (state, ctx) => {
          for (const e of ctx.events) { const k = e.key.split('.').slice(0, 3).join('.'); kinds.set(k, (kinds.get(k) ?? 0) + 1); }
          if (!kairo.isOver(state)) { const l = kairo.legalActions(state, state.seat); if (l.length > maxOpts) { maxOpts = l.length; maxKey = JSON.stringify(state.pending) + l.map(a=>kairo.actionKey(a)).join(' '); } }
        } });
      for (const a of r.log) { const t = (a.action as {t:string}).t; ends.set(t, (ends.get(t) ?? 0) + 1); }
    }
  }
  console.log([...kinds.entries()].sort());
  console.log([...ends.entries()].sort());
  console.log(maxOpts, maxKey);
});

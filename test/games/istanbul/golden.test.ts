/**
 * Golden transcript of one seeded 3-player game: per step the state summary, the legal actions and the chosen
 * action. Any change of rules, action order or randomness shows up as a diff. After a deliberate change,
 * regenerate with UPDATE_GOLDEN=1 and review the diff.
 */
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import type { IstanbulState } from '../../../src/games/istanbul/index.js';
import { expectGolden } from '../../harness/golden.js';
import { goldenPolicy } from './golden-policy.js';
import { istanbulTranscript } from './golden-transcript.js';

const FILE = fileURLToPath(new URL('./golden/istanbul-3p-seed-golden.txt', import.meta.url));

function summary(s: IstanbulState): string {
  const top = s.pending[s.pending.length - 1];
  const players = s.players
    .map(
      (p) =>
        `${p.seat}@${p.merchant}[${p.stack.length}] ${p.lira}L ${p.rubies}R ` +
        `${p.goods.red}${p.goods.green}${p.goods.yellow}${p.goods.blue} x${p.extensions} ` +
        `m${p.mosqueTiles.map((c) => c[0]).join('')} c${p.hand.length} f${p.family}`,
    )
    .join(' | ');
  return `r${s.round} ${top === undefined ? 'over' : `${top.k}/${top.seat}`} gov${s.governor} smu${s.smuggler} post${s.post} | ${players}`;
}

describe('istanbul golden transcript', () => {
  it('a seeded 3-player game plays exactly as recorded', () => {
    const actual = istanbulTranscript({
      title: 'istanbul golden transcript',
      options: { players: 3, layout: 'short', neutralAssistants: false },
      seed: 'golden',
      policySeed: 'golden-policy',
      policy: goldenPolicy,
      summary,
      maxSteps: 5000,
    });
    expectGolden(FILE, actual);
  });
});

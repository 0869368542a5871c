/**
 * Golden transcript of one seeded 4-player Letters & Seals game (starter layout, cards mixed): per step the
 * state summary (with letters, seals, companions, the Courier), the legal actions and the chosen action. Any
 * change of rules, action order or randomness shows up as a diff. After a deliberate change, regenerate with
 * UPDATE_GOLDEN=1 and review the diff.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IstanbulState } from '../../../../src/games/istanbul/index.js';
import { expectGolden } from '../../../harness/golden.js';
import { istanbulTranscript } from '../golden-transcript.js';
import { goldenExpansionPolicy } from './golden-policy.js';

const FILE = fileURLToPath(new URL('./golden/istanbul-ls-4p-seed-golden.txt', import.meta.url));

function summary(s: IstanbulState): string {
  const top = s.pending[s.pending.length - 1];
  const ls = s.ls;
  if (ls === undefined) throw new Error('not an expansion game');
  const players = s.players
    .map((p) => {
      const letters = (ls.letters[p.seat] ?? []).map((l) => (l.delivered ? `*${l.place}` : `${l.place}`)).join(',');
      const companion = ls.companions[p.seat];
      return (
        `${p.seat}@${p.merchant}[${p.stack.length}] ${p.lira}L ${p.rubies}R ` +
        `${p.goods.red}${p.goods.green}${p.goods.yellow}${p.goods.blue} x${p.extensions} ` +
        `m${p.mosqueTiles.map((c) => c[0]).join('')} c${p.hand.length} f${p.family} ` +
        `k${companion === 'box' ? '-' : companion === 'supply' ? 's' : companion} l[${letters}]`
      );
    })
    .join(' | ');
  return (
    `r${s.round}${s.turn.extra === true ? '+' : ''} ${top === undefined ? 'over' : `${top.k}/${top.seat}`} ` +
    `gov${s.governor} smu${s.smuggler} cou${ls.courier} post${s.post} ss${ls.secretSociety.join('')} | ${players}`
  );
}

describe('istanbul with Letters & Seals, golden transcript', () => {
  it('a seeded 4-player expansion game plays exactly as recorded', () => {
    const actual = istanbulTranscript({
      title: 'istanbul with Letters & Seals, golden transcript',
      options: { players: 4, layout: 'starter', neutralAssistants: false, lettersAndSeals: { cards: 'mixed' } },
      seed: 'golden-ls',
      policySeed: 'golden-ls-policy',
      policy: goldenExpansionPolicy,
      summary,
      maxSteps: 8000,
    });
    expectGolden(FILE, actual);
    // the recorded game uses the expansion's parts
    for (const part of ['kioskTile:', 'auctionBid:', 'moveCompanion:', 'discardLetter:', 'embassy']) expect(actual, part).toContain(part);
  });
});

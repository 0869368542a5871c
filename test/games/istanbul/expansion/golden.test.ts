/**
 * Golden transcript of one seeded 4-player Letters & Seals game (starter layout, cards mixed): per step the
 * state summary (with letters, seals, companions, the Courier), the legal actions and the chosen action. Any
 * change of rules, action order or randomness shows up as a diff. After a deliberate change, regenerate with
 * UPDATE_GOLDEN=1 and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seedRng, type Seat } from '../../../../src/engine/index.js';
import { istanbul, type IstanbulState } from '../../../../src/games/istanbul/index.js';
import { istanbulActionKey } from '../../../../src/games/istanbul/actions.js';
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

function transcript(): string {
  const options = { players: 4, layout: 'starter', neutralAssistants: false, lettersAndSeals: { cards: 'mixed' } } as const;
  let state = istanbul.setup(options, 'golden-ls');
  const rng = seedRng('golden-ls-policy');
  const lines: string[] = [`istanbul with Letters & Seals, golden transcript: ${JSON.stringify(options)} seed "golden-ls"`];
  for (let i = 0; !istanbul.isOver(state); i++) {
    if (i > 8000) throw new Error('the golden game does not end');
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const legal = istanbul.legalActions(state, seat);
    const action = goldenExpansionPolicy(state, seat, legal, rng);
    lines.push(`${i} ${summary(state)}`);
    lines.push(`  legal: ${legal.map(istanbulActionKey).join(' ')}`);
    lines.push(`  seat ${seat} chooses ${istanbulActionKey(action)}`);
    state = istanbul.apply(state, action, seat).state;
  }
  lines.push(`end ${summary(state)}`);
  lines.push(`standings: ${istanbul.standings(state).map((st) => `${st.rank}:seat${st.seat}`).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

describe('istanbul with Letters & Seals, golden transcript', () => {
  it('a seeded 4-player expansion game plays exactly as recorded', () => {
    const actual = transcript();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, actual);
    const expected = readFileSync(FILE, 'utf8');
    const a = actual.split('\n');
    const e = expected.split('\n');
    for (let i = 0; i < Math.max(a.length, e.length); i++) expect(a[i], `line ${i + 1}`).toBe(e[i]);
    // the recorded game uses the expansion's parts
    for (const part of ['kioskTile:', 'auctionBid:', 'moveCompanion:', 'discardLetter:', 'embassy']) expect(expected, part).toContain(part);
  });
});

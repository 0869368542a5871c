/**
 * Golden transcript of one seeded 3-player game: per step the state summary, the legal actions and the chosen
 * action. Any change of rules, action order or randomness shows up as a diff. After a deliberate change,
 * regenerate with UPDATE_GOLDEN=1 and review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seedRng, type Seat } from '../../../src/engine/index.js';
import { istanbul, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { istanbulActionKey } from '../../../src/games/istanbul/actions.js';
import { goldenPolicy } from './golden-policy.js';

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

function transcript(): string {
  const options = { players: 3, layout: 'short', neutralAssistants: false } as const;
  let state = istanbul.setup(options, 'golden');
  const rng = seedRng('golden-policy');
  const lines: string[] = [`istanbul golden transcript: ${JSON.stringify(options)} seed "golden"`];
  for (let i = 0; !istanbul.isOver(state); i++) {
    if (i > 5000) throw new Error('the golden game does not end');
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const legal = istanbul.legalActions(state, seat);
    const action = goldenPolicy(state, seat, legal, rng);
    lines.push(`${i} ${summary(state)}`);
    lines.push(`  legal: ${legal.map(istanbulActionKey).join(' ')}`);
    lines.push(`  seat ${seat} chooses ${istanbulActionKey(action)}`);
    state = istanbul.apply(state, action, seat).state;
  }
  lines.push(`end ${summary(state)}`);
  lines.push(`standings: ${istanbul.standings(state).map((st) => `${st.rank}:seat${st.seat}`).join(' ')}`);
  return `${lines.join('\n')}\n`;
}

describe('istanbul golden transcript', () => {
  it('a seeded 3-player game plays exactly as recorded', () => {
    const actual = transcript();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FILE, actual);
    const expected = readFileSync(FILE, 'utf8');
    // Compared line by line so a difference names its step.
    const a = actual.split('\n');
    const e = expected.split('\n');
    for (let i = 0; i < Math.max(a.length, e.length); i++) expect(a[i], `line ${i + 1}`).toBe(e[i]);
  });
});

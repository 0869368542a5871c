/**
 * The tactical suite (test/ai/tactics/) at each level's own budget, as the bot plays: for every position of
 * Istanbul, Letters & Seals and Kairo, how many of the five seeds each level finds the move with, and the CPU
 * it took. The tests run the same positions at a small budget; this is the yardstick at the real one.
 *
 *   npx tsx test/bench/ai-tactics.ts [--games istanbul,letters-and-seals,kairo] [--levels easy,normal,hard] [--budget own|small]
 */
import os from 'node:os';
import type { GamePolicy, Level } from '../../src/engine/ai/index.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { istanbul } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { kairo } from '../../src/games/kairo/index.js';
import { kairoPolicy } from '../../src/games/kairo/ai/index.js';
import { ISTANBUL_TACTICS } from '../ai/tactics/istanbul-positions.js';
import { KAIRO_TACTICS } from '../ai/tactics/kairo-positions.js';
import { LETTERS_AND_SEALS_TACTICS } from '../ai/tactics/letters-and-seals-positions.js';
import { choicesAt, TACTIC_SEEDS, type BudgetSize, type Tactic } from '../ai/tactics/suite.js';

const argv = process.argv.slice(2);
const get = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const games = (get('games') ?? 'istanbul,letters-and-seals,kairo').split(',');
const levels = (get('levels') ?? 'easy,normal,hard').split(',') as Level[];
const size = (get('budget') ?? 'own') as BudgetSize;

interface Suite {
  readonly def: AnyGameDefinition;
  readonly policy: GamePolicy<unknown, unknown, unknown>;
  readonly tactics: readonly Tactic<unknown, unknown>[];
}

const suites: Record<string, Suite> = {
  istanbul: { def: istanbul, policy: istanbulPolicy as unknown as Suite['policy'], tactics: ISTANBUL_TACTICS as readonly Tactic<unknown, unknown>[] },
  'letters-and-seals': { def: istanbul, policy: istanbulPolicy as unknown as Suite['policy'], tactics: LETTERS_AND_SEALS_TACTICS as readonly Tactic<unknown, unknown>[] },
  kairo: { def: kairo, policy: kairoPolicy as unknown as Suite['policy'], tactics: KAIRO_TACTICS as readonly Tactic<unknown, unknown>[] },
};

console.log(`load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}; budget: ${size}; ${TACTIC_SEEDS.length} seeds`);
for (const game of games) {
  const suite = suites[game];
  if (suite === undefined) throw new Error(`no tactics for ${game}`);
  const found: Record<string, number> = {};
  for (const tactic of suite.tactics) {
    const cells: string[] = [];
    for (const level of levels) {
      const start = process.cpuUsage();
      const { chosen } = choicesAt(suite.def, suite.policy, tactic.position(), level, size);
      const cpu = process.cpuUsage(start);
      const hits = chosen.filter((a) => tactic.finds(a)).length;
      found[level] = (found[level] ?? 0) + hits;
      cells.push(`${level} ${hits}/${chosen.length} (${((cpu.user + cpu.system) / 1000 / chosen.length).toFixed(0)} ms)`);
    }
    console.log(`${game} | ${tactic.name} | ${cells.join(' | ')}`);
  }
  const total = suite.tactics.length * TACTIC_SEEDS.length;
  console.log(`${game}: ${levels.map((level) => `${level} ${found[level] ?? 0}/${total}`).join(', ')}`);
}

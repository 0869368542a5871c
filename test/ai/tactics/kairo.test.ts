/**
 * Kairo's tactical positions (kairo-positions.ts), at each level with five seeds at a small budget: normal and
 * hard find the move every time (the last extension that wins is built, not passed), easy plays a legal
 * action. The same positions at the levels' own budgets: test/bench/ai-tactics.ts.
 */
import { describe, it } from 'vitest';
import { LEVELS } from '../../../src/engine/ai/index.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoPolicy } from '../../../src/games/kairo/ai/index.js';
import { KAIRO_TACTICS } from './kairo-positions.js';
import { checkTactic } from './suite.js';

describe.each(LEVELS)('Kairo tactics at %s', (level) => {
  it.each(KAIRO_TACTICS.map((t) => [t.name, t] as const))('%s', (_, tactic) => {
    checkTactic(kairo, kairoPolicy, tactic, level);
  });
});

/**
 * Istanbul's tactical positions (istanbul-positions.ts), at each level with five seeds at a small budget:
 * normal and hard find the move every time (a ruby within reach is taken, not walked past), easy plays a
 * legal action. The same positions at the levels' own budgets: test/bench/ai-tactics.ts.
 */
import { describe, it } from 'vitest';
import { LEVELS } from '../../../src/engine/ai/index.js';
import { istanbul } from '../../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../../src/games/istanbul/ai/index.js';
import { ISTANBUL_TACTICS } from './istanbul-positions.js';
import { checkTactic } from './suite.js';

describe.each(LEVELS)('Istanbul tactics at %s', (level) => {
  it.each(ISTANBUL_TACTICS.map((t) => [t.name, t] as const))('%s', (_, tactic) => {
    checkTactic(istanbul, istanbulPolicy, tactic, level);
  });
});

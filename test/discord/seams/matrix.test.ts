/**
 * The seams matrix: the scenario files beside this one each cross several features of the bot through the
 * fake Discord (the real client, the real bot, the test clock) and assert what a player sees where they
 * meet. Each file names the features it crosses on a line `Crosses: a, b, c` of its opening comment. This
 * test holds the matrix to its promise: every pair of features is crossed by at least one scenario, and
 * every name is one of the features below.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The features that meet, as the scenario files name them. */
export const FEATURES = [
  'tables', // several tables in one channel and in threads
  'learn', // /game learn
  'clocks', // clocks, and banks running out
  'stand-ins', // computer stand-ins (idle vote, bank out, leave), taking the seat back, and substitutes from the bench
  'replays', // replays of running and finished games, their files (/game export) and the analysis after the game
  'followers',
  'dms', // direct messages and user installs
  'leave-abandon',
  'rematch',
  'quiet-away', // quiet hours, away and the vacation budget
  'languages', // English, German, Dutch
] as const;

const HERE = import.meta.dirname;

function scenarios(): { file: string; crosses: string[]; promises: number }[] {
  return fs
    .readdirSync(HERE)
    .filter((name) => name.endsWith('.test.ts') && name !== 'matrix.test.ts')
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(HERE, file), 'utf8');
      const line = /^ \* Crosses: (.+)$/m.exec(text)?.[1] ?? '';
      return { file, crosses: line.split(',').map((s) => s.trim()).filter((s) => s !== ''), promises: [...text.matchAll(/^\s*it\(/gm)].length };
    });
}

describe('the seams matrix', () => {
  it('every scenario file names the features it crosses, each one known, and makes promises', () => {
    const files = scenarios();
    expect(files.length).toBeGreaterThan(0);
    for (const { file, crosses, promises } of files) {
      expect(crosses.length, `${file}: a "Crosses:" line naming two features or more`).toBeGreaterThanOrEqual(2);
      expect(crosses.filter((c) => !(FEATURES as readonly string[]).includes(c)), `${file}: unknown features`).toEqual([]);
      expect(promises, `${file}: at least one it(...)`).toBeGreaterThan(0);
    }
  });

  it('crosses every pair of features at least once', () => {
    const files = scenarios();
    const uncovered: string[] = [];
    for (const [i, a] of FEATURES.entries()) {
      for (const b of FEATURES.slice(i + 1)) {
        if (!files.some((f) => f.crosses.includes(a) && f.crosses.includes(b))) uncovered.push(`${a} × ${b}`);
      }
    }
    expect(uncovered).toEqual([]);
  });
});

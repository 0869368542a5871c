/**
 * Golden transcripts: a seeded game written as text and compared with the committed file, line by line so
 * that a difference names its step. After a deliberate change of rules, action order, randomness or texts,
 * regenerate with UPDATE_GOLDEN=1 and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

export function expectGolden(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  if (!existsSync(file)) throw new Error(`golden file missing: run with UPDATE_GOLDEN=1 to create ${file}`);
  const expected = readFileSync(file, 'utf8').split('\n');
  const lines = actual.split('\n');
  for (let i = 0; i < Math.max(lines.length, expected.length); i++) expect(lines[i], `line ${i + 1} of ${file}`).toBe(expected[i]);
}

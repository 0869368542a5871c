/**
 * Golden transcript: one seeded 3-player game (variable start, the harness's uniform random policy),
 * written as English log lines with the board drawn at the start, every 100 actions and at the end.
 * A change to the rules, the random streams or the texts shows up as a diff against the file.
 * Regenerate deliberately with UPDATE_GOLDEN=1.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describe as describeAction, formatMessage, replay, type GameEvent } from '../../../src/engine/index.js';
import { COLOURS } from '../../../src/games/kairo/data/board.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { AREA } from '../../../src/games/kairo/data/geometry.js';
import type { KairoAction, KairoOptions, KairoState } from '../../../src/games/kairo/types.js';
import { expectGolden } from '../../harness/golden.js';
import { playout } from '../../harness/playout.js';

const FILE = fileURLToPath(new URL('./golden/three-player.txt', import.meta.url));
const OPTIONS: KairoOptions = { players: 3, start: 'variable' };
const SEED = 'golden-kairo-3';

const LETTER: Record<string, string> = { violet: 'v', red: 'r', yellow: 'y', green: 'g', blue: 'b', orange: 'o' };

/** The board as text: main stall "R1" (colour, owner 1..4 or N), extension "r1", entrance "=r", customer "*g". */
export function asciiBoard(state: KairoState): string {
  const cells: string[] = [];
  for (let f = 0; f < 140; f++) cells.push(AREA[f] === 'off' ? '    ' : AREA[f] === 'restaurant' ? ' :: ' : ' .. ');
  state.stalls.forEach((s) => {
    const owner = s.owner === 'neutral' ? 'N' : String(s.owner + 1);
    cells[s.main] = ` ${(LETTER[s.colour] as string).toUpperCase()}${owner} `;
    for (const e of s.ext) cells[e] = ` ${LETTER[s.colour]}${owner} `;
    cells[s.entrance] = ` =${LETTER[s.colour]} `;
  });
  for (const c of COLOURS) {
    const f = state.customers[c];
    if (f !== null) cells[f] = (cells[f] as string).slice(0, 3) + '*' + (LETTER[c] as string);
  }
  const lines = ['    ' + 'ABCDEFGHIJKLMN'.split('').map((l) => `  ${l} `).join('')];
  for (let y = 0; y < 10; y++) lines.push(String(y + 1).padStart(3) + ' ' + cells.slice(y * 14, y * 14 + 14).join(''));
  const off = COLOURS.find((c) => state.customers[c] === null);
  lines.push(`    off the board: ${off}`);
  return lines.join('\n');
}

function eventLines(events: readonly GameEvent[]): string[] {
  return events.map((e) => {
    const who = e.visibleTo ? ` [to player ${e.visibleTo.map((s) => s + 1).join(',')}]` : '';
    return `    - ${formatMessage(kairo.messages, e, 'en')}${who}`;
  });
}

function transcript(): string {
  const lines: string[] = [`Kairo golden game: ${OPTIONS.players} players, ${OPTIONS.start} start, seed "${SEED}"`];
  const start = kairo.setup(OPTIONS, SEED);
  lines.push(`Start player: ${start.startSeat + 1}; display: ${start.display.join(' ')}`);
  start.players.forEach((p, seat) => lines.push(`Player ${seat + 1} hand: ${p.hand.join(' ')}`));
  lines.push(asciiBoard(start));
  const result = playout<KairoState, KairoAction, KairoOptions>({
    def: kairo,
    options: OPTIONS,
    seed: SEED,
    maxSteps: 3000,
    invariants: (state, ctx) => {
      if (ctx.lastAction) {
        const { seat, action } = ctx.lastAction;
        lines.push(`${String(ctx.stepIndex).padStart(4)} P${seat + 1}: ${describeAction(kairo, action, 'en')}`);
        lines.push(...eventLines(ctx.events));
      }
      if (ctx.stepIndex > 0 && ctx.stepIndex % 100 === 0) lines.push(asciiBoard(state));
    },
  });
  const final = result.final.state;
  lines.push(asciiBoard(final));
  lines.push(`Actions: ${result.steps}; turns: ${final.turn}`);
  for (const st of kairo.standings(final)) {
    lines.push(`Rank ${st.rank}: player ${st.seat + 1} with ${formatMessage(kairo.messages, st.summary, 'en')}`);
  }
  // The log replays to the same state.
  const replayed = replay(kairo, OPTIONS, SEED, result.log);
  expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(final));
  return lines.join('\n') + '\n';
}

it('the seeded 3-player game matches its golden transcript', () => {
  const text = transcript();
  expectGolden(FILE, text);
  expect(text).toContain('The game is over');
});

/**
 * What the sprites save (src/render/common/sprites.ts), as a render worker meets them: the boards and phone
 * pictures of three Istanbul games drawn in turn, in a process with sprites on and in one with them off,
 * the two kinds of process taking turns (on, off, on, off) so the machine's drift from minute to minute (30 %
 * here) falls on both alike. Prints each picture's median CPU per render (process.cpuUsage: the deflate on
 * libuv's pool included) either way, and the load average.
 *
 * Sprites are switched per process, not per picture: turning them on and off picture by picture, after a
 * run of phone pictures, made the boards with sprites slower than without, a state no render worker is in.
 *
 *   node --import tsx test/bench/sprites.ts [rounds per process, default 40]
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GAMES } from '../../src/games/index.js';
import { renderBoardJob, type BoardJob } from '../../src/render/board-job.js';
import { setSpritesEnabled } from '../../src/render/common/index.js';
import { BOARDS } from './render-boards.js';
import { median } from './stats.js';

const GAMES_DRAWN = ['istanbul 2p 4x4 late', 'istanbul 5p 4x4 late', 'istanbul 5p 5x4 Letters & Seals'];
const PICTURES = GAMES_DRAWN.flatMap((name) => (['board', 'phone'] as const).map((picture) => ({ name: `${name}, ${picture}`, job: { ...(BOARDS[name] as unknown as BoardJob), picture } as BoardJob })));

/** One process's run: `rounds` times every picture in turn, after two untimed rounds; CPU ms per picture. */
async function measure(rounds: number, sprites: boolean): Promise<Record<string, number[]>> {
  setSpritesEnabled(sprites);
  const times: Record<string, number[]> = {};
  for (let round = -2; round < rounds; round++) {
    for (const { name, job } of PICTURES) {
      const before = process.cpuUsage();
      await renderBoardJob(job, GAMES);
      const used = process.cpuUsage(before);
      if (round >= 0) (times[name] ??= []).push((used.user + used.system) / 1000);
    }
  }
  return times;
}

const [mode, roundsArg] = process.argv.slice(2);
if (mode === '--child-on' || mode === '--child-off') {
  process.stdout.write(JSON.stringify(await measure(Number(roundsArg), mode === '--child-on')));
} else {
  const rounds = Number(mode ?? 40);
  const loads = [loadavg()[0] as number];
  const all = { on: {} as Record<string, number[]>, off: {} as Record<string, number[]> };
  for (const side of ['on', 'off', 'on', 'off'] as const) {
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `--child-${side}`, String(rounds)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    for (const [name, xs] of Object.entries(JSON.parse(out) as Record<string, number[]>)) (all[side][name] ??= []).push(...xs);
    loads.push(loadavg()[0] as number);
  }
  console.log(`${rounds} rounds per process, 2 processes each way, taking turns`);
  console.log('| picture | glyphs drawn in place | from sprites | saved |');
  console.log('| --- | --- | --- | --- |');
  for (const { name } of PICTURES) {
    const off = median(all.off[name] ?? []);
    const on = median(all.on[name] ?? []);
    console.log(`| ${name} | ${off.toFixed(1)} ms | ${on.toFixed(1)} ms | ${(off - on).toFixed(1)} ms (${(((off - on) / off) * 100).toFixed(0)} %) |`);
  }
  console.log(`load average (1 min) during the run: ${loads.map((l) => l.toFixed(1)).join(', ')}`);
}

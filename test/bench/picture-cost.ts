/**
 * The CPU each picture a turn posts costs on one thread, against its floor: encoding a blank canvas of
 * the same size with the same encoder (the aim: every picture at most 2.5x its floor). The pictures are
 * drawn round-robin (a board, its phone picture, another game's, the summary chart), as a render worker
 * draws them, so a change in the machine's load falls on all of them alike; then the floors, round-robin
 * too. process.cpuUsage counts all threads (the deflate ran on libuv's pool before 2026-11-27); the
 * kernel's share is printed beside each median (on a virtual machine, memory touched for the first time
 * can cost several ms there).
 * Prints the medians, the ratios, each picture's bytes and the load average; docs/performance.md, "What a picture
 * costs to draw".
 *
 *   node --import tsx test/bench/picture-cost.ts [repetitions, default 40]
 */
import { loadavg } from 'node:os';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { GAMES } from '../../src/games/index.js';
import { renderBoardJob, type BoardJob } from '../../src/render/board-job.js';
import type { ScoreChart } from '../../src/render/chart.js';
import { encodeOpaquePng } from '../../src/render/common/index.js';
import { istanbulPhoneLayout } from '../../src/games/istanbul/render/phone.js';
import { kairoPhoneLayout } from '../../src/games/kairo/render/phone.js';
import { blankCanvasLike, BOARDS } from './render-boards.js';
import { median } from './stats.js';

const REPS = Number(process.argv[2] ?? 40);

function blank(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a1f1a';
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

/** A 5-player summary chart of a long game (150 turns). */
const CHART: ScoreChart = {
  title: 'Istanbul: rubies over the game',
  scoreLabel: 'Rubies',
  turnLabel: 'Turn',
  names: ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter', 'Eva'],
  series: Array.from({ length: 5 }, (_, seat) => Array.from({ length: 151 }, (_, turn) => Math.min(6, Math.floor((turn * (seat + 3)) / 97)))),
};

interface Picture {
  readonly name: string;
  readonly job: BoardJob;
  readonly floor: Canvas;
}

const pictures: Picture[] = [];
for (const name of ['istanbul 5p 4x4 late', 'istanbul 5p 5x4 Letters & Seals', 'kairo 4p late']) {
  const job = BOARDS[name]!;
  pictures.push({ name: `${name}, board`, job, floor: blankCanvasLike(job) });
  const phone = job.game === 'istanbul' ? istanbulPhoneLayout(job.view, job.options.locale) : kairoPhoneLayout(job.view);
  pictures.push({ name: `${name}, phone`, job: { ...job, picture: 'phone' }, floor: blank(phone.width, phone.height) });
}
pictures.push({ name: 'summary chart (5 players, 150 turns)', job: { game: 'chart', view: CHART, options: {} }, floor: blank(1000, 560) });

/** CPU ms of `f` (all threads), and the kernel's share of it (page faults of fresh memory, mostly). */
async function cpuOf(f: () => Promise<unknown>): Promise<{ total: number; system: number }> {
  const t = process.cpuUsage();
  await f();
  const u = process.cpuUsage(t);
  return { total: (u.user + u.system) / 1000, system: u.system / 1000 };
}

const load = [loadavg()[0]!];
const drawn = new Map<string, number[]>();
const bytes = new Map<string, number>();
const drawnSystem = new Map<string, number[]>();
const floors = new Map<string, number[]>();
// The pictures one after another, as a render worker draws them (a board, its phone picture, another game's).
for (let rep = -3; rep < REPS; rep++) {
  for (const p of pictures) {
    const d = await cpuOf(async () => bytes.set(p.name, (await renderBoardJob(p.job, GAMES)).byteLength));
    if (rep < 0) continue; // warm-up: layers drawn, code compiled
    drawn.set(p.name, [...(drawn.get(p.name) ?? []), d.total]);
    drawnSystem.set(p.name, [...(drawnSystem.get(p.name) ?? []), d.system]);
  }
  if (rep % 10 === 9) load.push(loadavg()[0]!);
}
// The floors, round-robin too.
for (let rep = -3; rep < REPS; rep++) {
  for (const p of pictures) {
    const f = await cpuOf(() => encodeOpaquePng(p.floor));
    if (rep >= 0) floors.set(p.name, [...(floors.get(p.name) ?? []), f.total]);
  }
}
load.push(loadavg()[0]!);
console.log(`${REPS} repetitions; load average (1 min) during the run: ${load.map((l) => l.toFixed(1)).join(', ')}`);
console.log('| picture | size | CPU median (of it kernel) | floor (blank encode) | ratio | bytes |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const p of pictures) {
  const d = median(drawn.get(p.name)!);
  const f = median(floors.get(p.name)!);
  console.log(`| ${p.name} | ${p.floor.width} x ${p.floor.height} | ${d.toFixed(1)} ms (${median(drawnSystem.get(p.name)!).toFixed(1)}) | ${f.toFixed(1)} ms | ${(d / f).toFixed(1)}x | ${Math.round(bytes.get(p.name)! / 1024)} KB |`);
}

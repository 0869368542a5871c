/**
 * The boards the render benchmarks draw: Istanbul with 2 and 5 players on the 4x4 grid and on the 5x4
 * grid with Letters & Seals (played by the engine), the late 5-player 5x4 fixture of earlier figures, and
 * Kairo with 4 players; and a blank canvas of each size (the encoding floor).
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { BoardPicture } from '../../src/render/board-job.js';
import { istanbulBoardLayout, type IstanbulRenderOptions, type PublicViewOnly as IstanbulView } from '../../src/games/istanbul/render/index.js';
import { kairoBoardLayout, type KairoRenderOptions, type PublicViewOnly as KairoView } from '../../src/games/kairo/render/index.js';
import { engineExpansionView } from '../render/istanbul/engine-states.js';
import { fixtureView } from '../render/istanbul/fixtures.js';
import type { MoveView, PlaceView } from '../../src/games/istanbul/view/types.js';
import { F, stageView } from '../render/kairo/fixtures.js';
import { median, percentile } from './stats.js';

const five = ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter', 'Eva'];

/** A game board's job (not the summary chart), typed per game (a BoardJob carries view and options untyped). */
export type GameBoardJob =
  | { readonly game: 'istanbul'; readonly view: IstanbulView; readonly options: IstanbulRenderOptions; readonly picture?: BoardPicture }
  | { readonly game: 'kairo'; readonly view: KairoView; readonly options: KairoRenderOptions; readonly picture?: BoardPicture };

const fiveLate = fixtureView({ players: 5, layout: 'short', stage: 'late' });

/** `count` merchants' moves, each from a neighbouring place to where the merchant stands. */
function movesInto(view: IstanbulView, count: number): MoveView[] {
  const at = (id: number): PlaceView => view.places.find((p) => p.id === id)!;
  return view.figures.merchants.slice(0, count).map((m) => {
    const here = at(m.place);
    const from = view.places.find((p) => Math.abs(p.row - here.row) + Math.abs(p.col - here.col) === 1)!;
    return { seat: m.seat, from: from.id, to: m.place };
  });
}

export const BOARDS: Readonly<Record<string, GameBoardJob>> = {
  'istanbul 2p 4x4 late': { game: 'istanbul', view: fixtureView({ players: 2, layout: 'short', stage: 'late' }), options: { locale: 'en', names: five.slice(0, 2) } },
  // In a game of five, the board marks the four moves since the player to move last decided.
  'istanbul 5p 4x4 late': { game: 'istanbul', view: fiveLate, options: { locale: 'en', names: five, moves: movesInto(fiveLate, 4) } },
  'istanbul 5p 5x4 late (fixture)': { game: 'istanbul', view: fixtureView({ players: 5, layout: 'expansion', stage: 'late' }), options: { locale: 'de', names: five } },
  'istanbul 2p 5x4 Letters & Seals': { game: 'istanbul', view: engineExpansionView(2, 'bench-ls-2', 150).view, options: { locale: 'nl', names: five.slice(0, 2) } },
  'istanbul 5p 5x4 Letters & Seals': { game: 'istanbul', view: engineExpansionView(5, 'bench-ls-5', 300).view, options: { locale: 'en', names: five } },
  'kairo 4p late': {
    game: 'kairo',
    view: stageView('late-4p'),
    // The turns since the player to move last decided: three players' fields marked, each with its player's disc.
    options: { locale: 'en', names: five.slice(0, 4), lastAction: { seat: 2, fields: [F('E8'), F('D8'), F('C4'), F('H5')], movers: [2, 2, 0, 1] } },
  },
  'kairo 4p over': { game: 'kairo', view: stageView('over-4p'), options: { locale: 'de', names: five.slice(0, 4) } },
};

/** An opaque canvas of one flat colour, the size of `job`'s board: encoding it is the floor. */
export function blankCanvasLike(job: GameBoardJob): Canvas {
  const { width, height } = job.game === 'istanbul' ? istanbulBoardLayout(job.view) : kairoBoardLayout(job.view);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a1f1a';
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

/**
 * Samples by name, printed as median and p95 after the run: the time on the clock, and the CPU time the
 * process spent (all its threads: the deflate runs on libuv's pool). On a machine shared with other work
 * the clock counts the waits for a core too; the CPU time is the cost of the board itself.
 */
export class Samples {
  readonly #byName = new Map<string, { wall: number[]; cpu: number[] }>();

  /** Runs `f` and records how long it took. */
  async time(name: string, f: () => Promise<unknown>): Promise<void> {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await f();
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const xs = this.#byName.get(name) ?? { wall: [], cpu: [] };
    xs.wall.push(wall);
    xs.cpu.push((used.user + used.system) / 1000);
    this.#byName.set(name, xs);
  }

  print(title: string): void {
    for (const [name, { wall, cpu }] of this.#byName) {
      console.log(
        `${title} ${name}: clock median ${median(wall).toFixed(1)} ms, p95 ${percentile(wall, 0.95).toFixed(1)} ms; ` +
          `CPU median ${median(cpu).toFixed(1)} ms, p95 ${percentile(cpu, 0.95).toFixed(1)} ms; ${wall.length} runs`,
      );
    }
  }
}

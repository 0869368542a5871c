/**
 * The end-of-game summary picture: each player's score (Istanbul's rubies, Kairo's points) over the turns
 * of the game, one line per player in the player's colour, with the names and final scores in a legend.
 * Its input is plain numbers taken from the public views of a replay of the log; nothing hidden.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { FONT_FAMILY, registerFonts } from './common/fonts.js';
import { renderOpaquePng } from './common/render-opaque.js';
import { readableInk } from './common/colour.js';
import { CHART_PALETTE } from './common/palette.js';

export interface ScoreChart {
  readonly title: string;
  /** The y axis, e.g. "Rubies". */
  readonly scoreLabel: string;
  /** The x axis, e.g. "Turn". */
  readonly turnLabel: string;
  readonly names: readonly string[];
  /** One series per seat: the score after each turn (the first value: at the start). */
  readonly series: readonly (readonly number[])[];
  /** CSS colours per seat (defaults to a palette readable on the light background). */
  readonly colours?: readonly string[];
  /** Each seat's number, as the game's pieces and texts carry it (default: its row in the legend). */
  readonly numbers?: readonly number[];
}

const WIDTH = 1000;
const HEIGHT = 560;
const MARGIN = { left: 70, right: 250, top: 64, bottom: 60 };

/**
 * The chart as a PNG, drawn on this thread's canvas of its size (kept, as the boards'). Its white
 * background covers it, so it is encoded as the boards are (pixels as stored, deflate level 1): Skia's
 * own PNG encoder (toBuffer) took about 17 ms of CPU for this 1000 x 560 picture, ours about 2 ms, for a
 * file of about the same size (-6 % to +3 % on the charts tried).
 */
export function renderScoreChart(chart: ScoreChart): Promise<Buffer> {
  registerFonts();
  return renderOpaquePng(WIDTH, HEIGHT, (ctx) => drawScoreChart(ctx, chart));
}

function drawScoreChart(ctx: SKRSContext2D, chart: ScoreChart): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#1a1a1a';
  ctx.font = `bold 26px "${FONT_FAMILY}"`;
  ctx.textBaseline = 'middle';
  ctx.fillText(chart.title, MARGIN.left, 32);

  const turns = Math.max(1, ...chart.series.map((s) => s.length - 1));
  const top = Math.max(1, ...chart.series.flat());
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (turn: number): number => MARGIN.left + (turn / turns) * plotW;
  const y = (score: number): number => MARGIN.top + plotH - (score / top) * plotH;

  // Grid and axes: a line per score step (at most 10 steps).
  const step = Math.max(1, Math.ceil(top / 10));
  ctx.font = `18px "${FONT_FAMILY}"`;
  ctx.textAlign = 'right';
  for (let v = 0; v <= top; v += step) {
    ctx.strokeStyle = v === 0 ? '#444444' : '#e0e0e0';
    ctx.lineWidth = v === 0 ? 2 : 1;
    ctx.beginPath();
    ctx.moveTo(MARGIN.left, y(v));
    ctx.lineTo(MARGIN.left + plotW, y(v));
    ctx.stroke();
    ctx.fillStyle = '#333333';
    ctx.fillText(String(v), MARGIN.left - 10, y(v));
  }
  ctx.textAlign = 'center';
  const turnStep = Math.max(1, Math.ceil(turns / 10));
  for (let turn = 0; turn <= turns; turn += turnStep) ctx.fillText(String(turn), x(turn), MARGIN.top + plotH + 20);
  ctx.fillText(chart.turnLabel, MARGIN.left + plotW / 2, HEIGHT - 16);
  ctx.save();
  ctx.translate(20, MARGIN.top + plotH / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(chart.scoreLabel, 0, 0);
  ctx.restore();

  // One line per player; the legend lists players by final score. A line is not told by its colour alone:
  // its end carries the player's number (the one their pieces carry), and so does the legend's swatch.
  const colourOf = (seat: number): string => chart.colours?.[seat] ?? CHART_PALETTE[seat % CHART_PALETTE.length] ?? '#000000';
  chart.series.forEach((series, seat) => {
    ctx.strokeStyle = colourOf(seat);
    ctx.lineWidth = 4;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    series.forEach((score, turn) => (turn === 0 ? ctx.moveTo(x(turn), y(score)) : ctx.lineTo(x(turn), y(score))));
    ctx.stroke();
  });
  const order = chart.series.map((s, seat) => ({ seat, final: s.at(-1) ?? 0 })).sort((a, b) => b.final - a.final || a.seat - b.seat);
  // Lines that end at the same point: their marks side by side, leftwards from the end.
  const ends = new Map<string, number>();
  order.forEach(({ seat, final }, row) => {
    const endX = x(Math.max(0, (chart.series[seat]?.length ?? 1) - 1));
    const at = `${endX},${final}`;
    const before = ends.get(at) ?? 0;
    ends.set(at, before + 1);
    numberMark(ctx, colourOf(seat), chart.numbers?.[seat] ?? row + 1, endX - before * 26, y(final));
  });
  order.forEach(({ seat, final }, row) => {
    const ly = MARGIN.top + 16 + row * 36;
    const lx = WIDTH - MARGIN.right + 24;
    numberMark(ctx, colourOf(seat), chart.numbers?.[seat] ?? row + 1, lx + 14, ly);
    ctx.textAlign = 'left';
    ctx.font = `bold 20px "${FONT_FAMILY}"`;
    ctx.fillStyle = '#1a1a1a';
    const name = chart.names[seat] ?? `#${seat + 1}`;
    ctx.fillText(`${final}  ${name.length > 14 ? `${name.slice(0, 13)}…` : name}`, lx + 38, ly);
  });
}

/** A player's number on a disc of their colour, outlined dark, the number in the readable ink. */
function numberMark(ctx: SKRSContext2D, colour: string, n: number, cx: number, cy: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, 12, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#1a1a1a';
  ctx.stroke();
  ctx.fillStyle = readableInk(colour);
  ctx.font = `bold 16px "${FONT_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.fillText(String(n), cx, cy + 1);
}

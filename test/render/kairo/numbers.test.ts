/**
 * The numbers on the Kairo pictures are the playing order: the start player's disc carries 1, the next
 * player's 2, and so on, whatever order the seats are stored in (the lobby shuffles the seats, the setup
 * draws the start player). The messages number the players the same way ("1. Aylin … Aylin is the start
 * player"), so a player has one number everywhere. Read from what the renderer draws: every text drawn on
 * the canvas is recorded with where it went.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { kairo, type KairoPublicView, type KairoState } from '../../../src/games/kairo/index.js';
import { drawKairoBoard, kairoBoardLayout, kairoPhoneLayout, renderKairoPhone, type KairoRenderOptions } from '../../../src/games/kairo/render/index.js';
import type { Rect } from '../../../src/games/kairo/render/layout.js';
import { recordTexts, type DrawnText } from '../drawn-text.js';
import { engineRun } from './engine-states.js';

const NAMES = ['Aylin', 'Bram', 'Chloé', 'Dieter'];
const START_SEAT = 2;
/** Seat 2 starts, so the seats play in the order 2, 3, 0, 1. */
const PLAYING_ORDER = [2, 3, 0, 1];

/** The first seed whose 4-player game has seat START_SEAT as the start player. */
function seedWithStartSeat(): string {
  const parsed = kairo.parseOptions({ players: 4, start: 'variable' });
  if (!parsed.ok) throw new Error(parsed.error);
  for (let i = 0; i < 200; i++) {
    const seed = `numbers-${i}`;
    if ((kairo.setup(parsed.options, seed) as KairoState).startSeat === START_SEAT) return seed;
  }
  throw new Error(`no seed with start seat ${START_SEAT}`);
}

/** A game well under way (every player has built stalls), seat 2 to start. */
function midGame(): KairoPublicView {
  const run = engineRun(4, 'variable', seedWithStartSeat(), 90);
  expect(run.view.startSeat).toBe(START_SEAT);
  expect(run.view.phase).toBe('play');
  for (const seat of PLAYING_ORDER) expect(run.view.stalls.some((s) => s.owner === seat), `seat ${seat} has a stall`).toBe(true);
  return run.view;
}

const isNumber = (t: DrawnText): boolean => /^\d+$/.test(t.text);

/** The number drawn just left of a text on its line: the disc in front of a player's name. */
function numberBefore(texts: readonly DrawnText[], name: DrawnText): string | undefined {
  const left = texts.filter((t) => isNumber(t) && Math.abs(t.y - name.y) <= 10 && t.x < name.x && name.x - t.x <= 80);
  left.sort((a, b) => b.x - a.x);
  return left[0]?.text;
}

/** For each name drawn, the numbers drawn in front of it. */
function numbersBeforeNames(texts: readonly DrawnText[], names: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const t of texts) {
    if (!found.has(t.text)) continue;
    const n = numberBefore(texts, t);
    if (n !== undefined) found.get(t.text)!.push(n);
  }
  return found;
}

/** The text drawn nearest a stall's main field's centre: the owner's disc. */
function discOnField(texts: readonly DrawnText[], field: Rect): string | undefined {
  const cx = field.x + field.w / 2;
  const cy = field.y + field.h / 2;
  const inside = texts.filter((t) => t.x >= field.x && t.x <= field.x + field.w && t.y >= field.y && t.y <= field.y + field.h);
  inside.sort((a, b) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy));
  return inside[0]?.text;
}

async function boardTexts(view: KairoPublicView, opts: KairoRenderOptions): Promise<DrawnText[]> {
  const layout = kairoBoardLayout(view);
  const ctx = createCanvas(layout.width, layout.height).getContext('2d');
  return recordTexts(() => drawKairoBoard(ctx, view, opts, layout));
}

function expectStallDiscs(view: KairoPublicView, texts: readonly DrawnText[], field: (x: number, y: number) => Rect): void {
  for (const stall of view.stalls) {
    if (stall.owner === 'neutral') continue;
    const at = field(stall.main % view.board.width, Math.floor(stall.main / view.board.width));
    expect(discOnField(texts, at), `the disc on stall ${stall.index} of seat ${stall.owner}`).toBe(String(PLAYING_ORDER.indexOf(stall.owner) + 1));
  }
}

describe('the numbers on the Kairo pictures follow the playing order from the start player', () => {
  const view = midGame();

  it('on the board: the start player is 1 in the panels, the header and on the stalls, the next in turn 2, and so on', async () => {
    const texts = await boardTexts(view, { locale: 'en', names: NAMES });
    const before = numbersBeforeNames(texts, NAMES);
    PLAYING_ORDER.forEach((seat, position) => {
      const numbers = before.get(NAMES[seat]!)!;
      expect(numbers.length, `${NAMES[seat]} is named beside a number`).toBeGreaterThan(0);
      expect(new Set(numbers), `the number in front of ${NAMES[seat]}`).toEqual(new Set([String(position + 1)]));
    });
    // the one deciding is named in the header too, with the same number as in the panel
    expect(before.get(NAMES[view.activeSeat!]!)!.length).toBe(2);
    // the start tag is on the panel of the player numbered 1
    const start = texts.find((t) => t.text === 'start')!;
    const nameOnStartLine = texts.filter((t) => NAMES.includes(t.text) && Math.abs(t.y - start.y) <= 10 && t.x < start.x).sort((a, b) => b.x - a.x)[0];
    expect(nameOnStartLine?.text).toBe(NAMES[START_SEAT]);
    expectStallDiscs(view, texts, kairoBoardLayout(view).field);
  });

  it('on the board without names: "Player n" carries the number of its disc', async () => {
    const texts = await boardTexts(view, { locale: 'en' });
    PLAYING_ORDER.forEach((_, position) => {
      const name = `Player ${position + 1}`;
      const drawn = texts.filter((t) => t.text === name);
      expect(drawn.length, name).toBeGreaterThan(0);
      for (const t of drawn) expect(numberBefore(texts, t), `the disc in front of ${name}`).toBe(String(position + 1));
    });
  });

  it('on the phone picture: the rows in playing order, numbered 1 from the start player, as the stalls and the header', async () => {
    const texts = await recordTexts(() => renderKairoPhone(view, { locale: 'en', names: NAMES }));
    const layout = kairoPhoneLayout(view);
    PLAYING_ORDER.forEach((seat, position) => {
      const row = layout.rows[position]!;
      const name = texts.find((t) => t.text === NAMES[seat] && t.y >= row.y && t.y <= row.y + row.h);
      expect(name, `${NAMES[seat]} in row ${position + 1}`).toBeDefined();
      expect(numberBefore(texts, name!), `the number in front of ${NAMES[seat]}`).toBe(String(position + 1));
    });
    const header = texts.filter((t) => t.y >= layout.header.y && t.y <= layout.header.y + layout.header.h);
    const decider = header.find((t) => t.text === NAMES[view.activeSeat!]);
    expect(decider).toBeDefined();
    expect(numberBefore(header, decider!)).toBe(String(PLAYING_ORDER.indexOf(view.activeSeat!) + 1));
    expectStallDiscs(view, texts, layout.field);
  });
});

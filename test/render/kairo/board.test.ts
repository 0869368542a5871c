import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { KairoPublicView, KairoSeatView } from '../../../src/games/kairo/view/types.js';
import { contrastRatio, fontsDirectory, FONT_FILES } from '../../../src/render/common/index.js';
import { lastActionFromEvents } from '../../../src/games/kairo/view/last-action.js';
import { fieldRect, kairoBoardLayout, renderKairoBoard, turnOrder, type KairoRenderOptions, type PublicViewOnly } from '../../../src/games/kairo/render/index.js';
import { everyText } from '../../../src/games/kairo/render/i18n.js';
import { COLOUR_STYLES, NEUTRAL_DISC, OWNER_DISC, TEXT_PAIRS, THEME } from '../../../src/games/kairo/render/style.js';
import { countColour, decodePng, fontCodePoints, type Box, type Pixels } from '../helpers.js';
import { engineRun } from './engine-states.js';
import { F, fixtureView, stageView, type FixtureSpec } from './fixtures.js';

const MAX_BYTES = 2 * 1024 * 1024;
const NAMES = ['Aylin', 'Bram', 'Chloé', 'Dieter'];

async function render(view: KairoPublicView, opts: Partial<KairoRenderOptions> = {}): Promise<{ png: Buffer; px: Pixels }> {
  const png = await renderKairoBoard(view, { locale: 'en', names: NAMES, ...opts });
  return { png, px: await decodePng(png) };
}

async function expectValidImage(view: KairoPublicView, locale: 'en' | 'de' | 'nl' = 'en'): Promise<Pixels> {
  const { png, px } = await render(view, { locale });
  const layout = kairoBoardLayout(view);
  expect(png.length).toBeLessThanOrEqual(MAX_BYTES);
  expect([px.width, px.height]).toEqual([layout.width, layout.height]);
  expect(px.width).toBeLessThanOrEqual(1600);
  expect(px.height).toBeLessThanOrEqual(1200);
  return px;
}

/** A field's box, a few pixels inside its edges. */
function inside(view: KairoPublicView, label: string, margin = 4): Box {
  const r = fieldRect(view, F(label));
  return { x: r.x + margin, y: r.y + margin, w: r.w - 2 * margin, h: r.h - 2 * margin };
}

const BASE: FixtureSpec = {
  players: 3,
  phase: 'play',
  stalls: [
    { owner: 0, colour: 'red', main: 'D2', entrance: 'D3', ext: ['C2'] },
    { owner: 1, colour: 'blue', main: 'J5', entrance: 'J6' },
    { owner: 2, colour: 'violet', main: 'A6', entrance: 'B6', ext: ['A5'] },
  ],
  customers: { violet: 'G5', red: 'K2', yellow: null, green: 'C8', blue: 'H8', orange: 'K8' },
};

describe('Kairo board image: real engine states (2, 3 and 4 players; fresh, mid and late game)', () => {
  const cases: [number, 'variable' | 'quick', 'en' | 'de' | 'nl'][] = [
    [2, 'quick', 'de'],
    [3, 'variable', 'nl'],
    [4, 'variable', 'en'],
  ];
  for (const [players, start, locale] of cases) {
    it(`${players} players, ${start} start`, async () => {
      const seed = `render-${players}-${start}`;
      const fresh = engineRun(players, start, seed, 0);
      expect(fresh.view.phase).toBe(start === 'quick' ? 'play' : 'setup');
      await expectValidImage(fresh.view, locale);
      const mid = engineRun(players, start, seed, 90);
      expect(mid.view.stalls.some((s) => s.extensions.length > 0)).toBe(true);
      const midPx = await expectValidImage(mid.view, locale);
      // every stall of the engine's view is drawn on its main field, in its colour
      for (const stall of mid.view.stalls) {
        expect(countColour(midPx, inside(mid.view, mid.view.board.fields[stall.main]!.label), COLOUR_STYLES[stall.colour].fill), `stall ${stall.index}`).toBeGreaterThan(600);
      }
      const end = engineRun(players, start, seed, 5000);
      expect(end.over).toBe(true);
      await expectValidImage(end.view, locale);
    });
  }
});

describe('Kairo board image: the picture follows the view', () => {
  it('draws a stall on its fields (main and extension, with the owner disc on the main field), and nothing on empty fields', async () => {
    const view = fixtureView(BASE);
    const { px } = await render(view);
    const red = COLOUR_STYLES.red.fill;
    expect(countColour(px, inside(view, 'D2'), red)).toBeGreaterThan(1500);
    expect(countColour(px, inside(view, 'C2'), red)).toBeGreaterThan(1500);
    expect(countColour(px, inside(view, 'D2'), OWNER_DISC.fill)).toBeGreaterThan(300);
    expect(countColour(px, inside(view, 'C2'), OWNER_DISC.fill)).toBeLessThan(60);
    expect(countColour(px, inside(view, 'H2'), red)).toBe(0);

    const moved = fixtureView({ ...BASE, stalls: [{ owner: 0, colour: 'red', main: 'H2', entrance: 'H3', ext: ['I2'] }, ...BASE.stalls.slice(1)] });
    const after = (await render(moved)).px;
    expect(countColour(after, inside(moved, 'H2'), red)).toBeGreaterThan(1500);
    expect(countColour(after, inside(moved, 'I2'), red)).toBeGreaterThan(1500);
    expect(countColour(after, inside(moved, 'D2'), red)).toBe(0);
    expect(countColour(after, inside(moved, 'C2'), red)).toBe(0);
  });

  it('marks an entrance in its stall colour on the field beside the main stall', async () => {
    const view = fixtureView(BASE);
    const { px } = await render(view);
    // the door mat and dashed edge of the red entrance at D3; an empty field has neither
    expect(countColour(px, inside(view, 'D3', 0), COLOUR_STYLES.red.fill)).toBeGreaterThan(150);
    expect(countColour(px, inside(view, 'E3', 0), COLOUR_STYLES.red.fill)).toBe(0);
  });

  it('draws each customer on its field, and the waiting one beside the board', async () => {
    const view = fixtureView(BASE);
    const { px } = await render(view);
    const green = COLOUR_STYLES.green.fill;
    expect(countColour(px, inside(view, 'C8'), green)).toBeGreaterThan(300);
    expect(countColour(px, inside(view, 'F8'), green)).toBe(0);
    // yellow waits: the off-board box (fields A1..A3 are off the board)
    const waiting: Box = { ...fieldRect(view, F('A1')), h: fieldRect(view, F('A1')).h * 3 };
    expect(countColour(px, waiting, COLOUR_STYLES.yellow.fill)).toBeGreaterThan(300);
    expect(countColour(px, waiting, green)).toBe(0);

    const swapped = fixtureView({ ...BASE, customers: { ...BASE.customers, green: null, yellow: 'F8' } });
    const after = (await render(swapped)).px;
    expect(countColour(after, inside(swapped, 'F8'), COLOUR_STYLES.yellow.fill)).toBeGreaterThan(300);
    expect(countColour(after, inside(swapped, 'C8'), green)).toBe(0);
    expect(countColour(after, waiting, green)).toBeGreaterThan(300);
  });

  it('tells neutral stalls apart: a grey disc with N instead of a seat number', async () => {
    const view = stageView('final-2p');
    const { px } = await render(view);
    const neutral = view.stalls.find((s) => s.owner === 'neutral')!;
    const player = view.stalls.find((s) => s.owner === 0)!;
    const at = (f: number): Box => inside(view, view.board.fields[f]!.label);
    expect(countColour(px, at(neutral.main), NEUTRAL_DISC.fill)).toBeGreaterThan(200);
    expect(countColour(px, at(player.main), NEUTRAL_DISC.fill)).toBeLessThan(20);
    expect(countColour(px, at(player.main), OWNER_DISC.fill)).toBeGreaterThan(300);
  });

  it('outlines the chosen section and field of the build in progress, and the last turn, in the highlight colour', async () => {
    const grid = (v: KairoPublicView): Box => kairoBoardLayout(v).grid;
    const plain = fixtureView(BASE);
    expect(countColour((await render(plain)).px, grid(plain), THEME.highlight, 10)).toBe(0);

    const section = fixtureView({ ...BASE, pending: { kind: 'build', mode: 'stall', colour: 'green', step: 'field', cardsPlayed: ['s5'], section: 5 } });
    const px = (await render(section)).px;
    expect(countColour(px, grid(section), THEME.highlight, 10)).toBeGreaterThan(1500);
    // on section 5's edge (F4 is its north-west field), not around section 1 (B1)
    expect(countColour(px, inside(section, 'F4', 0), THEME.highlight, 10)).toBeGreaterThan(100);
    expect(countColour(px, inside(section, 'B1', 0), THEME.highlight, 10)).toBe(0);

    const last = (await render(plain, { lastAction: { seat: 1, fields: [F('J5'), F('J6')] } })).px;
    expect(countColour(last, inside(plain, 'J5', 0), THEME.highlight, 10)).toBeGreaterThan(300);
    expect(countColour(last, inside(plain, 'D2', 0), THEME.highlight, 10)).toBe(0);
  });

  it('marks the final phase in the header, and the deciding player’s panel', async () => {
    const play = fixtureView({ ...BASE, activeSeat: 1 });
    const final = fixtureView({ ...BASE, phase: 'final', activeSeat: 1 });
    const header = (v: KairoPublicView): Box => kairoBoardLayout(v).header;
    expect(countColour((await render(play)).px, header(play), THEME.danger)).toBe(0);
    const px = (await render(final)).px;
    expect(countColour(px, header(final), THEME.danger)).toBeGreaterThan(1000);
    const layout = kairoBoardLayout(final);
    const order = turnOrder(final);
    const edge = (i: number): number => {
      const r = layout.panels[i]!;
      return countColour(px, { x: r.x, y: r.y + 20, w: 3, h: r.h - 40 }, THEME.highlight, 10);
    };
    expect(edge(order.indexOf(1))).toBeGreaterThan(100);
    expect(edge(order.indexOf(0))).toBe(0);
    expect(edge(order.indexOf(2))).toBe(0);
  });

  it('finds the last turn’s fields in its events (a build, a customer led) and nothing in a draw', () => {
    const view = fixtureView(BASE);
    expect(
      lastActionFromEvents(view, [
        { key: 'kairo.event.card', params: { player: 2, card: '4' }, seat: 1 },
        { key: 'kairo.event.stall.blue', params: { player: 2, field: 'J5', entrance: 'J6' }, seat: 1 },
      ]),
    ).toEqual({ seat: 1, fields: [F('J5'), F('J6')], movers: [1, 1] });
    expect(lastActionFromEvents(view, [{ key: 'kairo.event.lead.red', params: { player: 1, field: 'D3', distance: 2, criers: 0 }, seat: 0 }])).toEqual({ seat: 0, fields: [F('D3')], movers: [0] });
    // Several players' turns (since the player to move last decided): each field by the player who changed it last.
    expect(
      lastActionFromEvents(view, [
        { key: 'kairo.event.stall.blue', params: { player: 2, field: 'J5', entrance: 'J6' }, seat: 1 },
        { key: 'kairo.event.lead.red', params: { player: 3, field: 'J6', distance: 2, criers: 0 }, seat: 2 },
      ]),
    ).toEqual({ seat: 1, fields: [F('J5'), F('J6')], movers: [1, 2] });
    expect(lastActionFromEvents(view, [{ key: 'kairo.event.takeDeck', params: { player: 1 }, seat: 0 }])).toBeNull();
    // from a real game: the last turn of a mid-game state names fields on the board
    const run = engineRun(3, 'quick', 'render-last', 60, (s) => s.pending.k === 'turn' && s.turn > 10);
    const last = lastActionFromEvents(run.view, run.lastTurn);
    if (run.lastTurn.some((e) => /^kairo\.event\.(stall|extend|lead)\./.test(e.key))) expect(last?.fields.length).toBeGreaterThan(0);
    else expect(last).toBeNull();
  });

  it("marks each field of several players' turns with the disc of the player who changed it, and one player's turn as before", async () => {
    const view = fixtureView(BASE);
    const one = await renderKairoBoard(view, { locale: 'en', names: [], lastAction: { seat: 1, fields: [F('J5'), F('J6')] } });
    expect(await renderKairoBoard(view, { locale: 'en', names: [], lastAction: { seat: 1, fields: [F('J5'), F('J6')], movers: [1, 1] } })).toEqual(one);
    expect(await renderKairoBoard(view, { locale: 'en', names: [], lastAction: { seat: 1, fields: [F('J5'), F('J6')], movers: [1, 2] } })).not.toEqual(one);
  });

  it('falls back to "Player n" for a missing or undrawable name', async () => {
    const view = fixtureView(BASE);
    const emoji = await renderKairoBoard(view, { locale: 'en', names: ['🎲🎲', undefined, 'Chloé'] });
    const plain = await renderKairoBoard(view, { locale: 'en', names: ['Player 1', 'Player 2', 'Chloé'] });
    expect(emoji.equals(plain)).toBe(true);
  });
});

describe('Kairo board image: readable for everyone', () => {
  it('draws text at WCAG AA contrast (4.5:1) on its backgrounds, and stall numbers on every stall colour', () => {
    for (const [ink, bg] of TEXT_PAIRS) expect(contrastRatio(ink, bg), `${ink} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    for (const [colour, style] of Object.entries(COLOUR_STYLES)) expect(contrastRatio(style.ink, style.fill), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every colour its own shape, and the fonts cover every text it draws', () => {
    const shapes = Object.values(COLOUR_STYLES).map((s) => s.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    const needed = new Set<number>();
    for (const text of everyText()) for (const ch of text) if (ch !== ' ') needed.add(ch.codePointAt(0) as number);
    for (const file of FONT_FILES) {
      const have = fontCodePoints(join(fontsDirectory(), file));
      expect([...needed].filter((c) => !have.has(c)).map((c) => String.fromCodePoint(c)), file).toEqual([]);
    }
  });
});

describe('Kairo board image: only the public view gets in', () => {
  it('takes the public view as its parameter type, and a seat view (with hand and coins) does not fit', () => {
    expectTypeOf(renderKairoBoard).parameter(0).toEqualTypeOf<PublicViewOnly>();
    expectTypeOf<KairoPublicView>().toMatchTypeOf<PublicViewOnly>();
    expectTypeOf<KairoSeatView>().not.toMatchTypeOf<PublicViewOnly>();
  });

  it('refuses a seat view at run time too', async () => {
    const view = fixtureView(BASE);
    const seatView: KairoSeatView = { ...view, seat: 0, hand: [], coins: { violet: 1, red: 1, yellow: 1, green: 1, blue: 1, orange: 1 } };
    // @ts-expect-error a seat view carries a hand and coins: the type refuses it
    await expect(renderKairoBoard(seatView, { locale: 'en' })).rejects.toThrow(/public view only/);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { IstanbulPublicView, IstanbulSeatView } from '../../../src/games/istanbul/view/types.js';
import { istanbulBoardLayout, placeRect, renderIstanbulBoard, type PublicViewOnly } from '../../../src/games/istanbul/render/index.js';
import { NEUTRAL_STYLE, PLAYER_STYLES, THEME } from '../../../src/games/istanbul/render/style.js';
import { figureStripHeight } from '../../../src/games/istanbul/render/tile.js';
import { countColour, decodePng, type Box, type Pixels } from '../helpers.js';

function differingPixelsIn(a: Pixels, b: Pixels, box: Box): number {
  let n = 0;
  for (let y = Math.floor(box.y); y < box.y + box.h; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.w; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs((a.data[i] as number) - (b.data[i] as number)) + Math.abs((a.data[i + 1] as number) - (b.data[i + 1] as number)) > 40) n++;
    }
  }
  return n;
}
import { engineView, type EngineLayout } from './engine-states.js';
import { fixtureView, LAYOUTS } from './fixtures.js';

const MAX_BYTES = 2 * 1024 * 1024;

async function renderAndDecode(view: IstanbulPublicView, locale: 'en' | 'de' | 'nl' = 'en'): Promise<{ png: Buffer; px: Pixels }> {
  const png = await renderIstanbulBoard(view, { locale, names: ['Aylin', 'Bram', 'Chloé', 'Dieter', 'Eva'] });
  return { png, px: await decodePng(png) };
}

async function expectValidImage(view: IstanbulPublicView, locale: 'en' | 'de' | 'nl' = 'en'): Promise<Pixels> {
  const { png, px } = await renderAndDecode(view, locale);
  const layout = istanbulBoardLayout(view);
  expect(png.length).toBeLessThanOrEqual(MAX_BYTES);
  expect([px.width, px.height]).toEqual([layout.width, layout.height]);
  expect(px.width).toBeLessThanOrEqual(1600);
  expect(px.height).toBeLessThanOrEqual(1200);
  return px;
}

/** The strip at the bottom of a place's tile where its figures stand. */
function stripOf(view: IstanbulPublicView, id: number): Box {
  const r = placeRect(view, id);
  if (!r) throw new Error(`place ${id} is not on the board`);
  const strip = figureStripHeight(r);
  return { x: r.x + 2, y: r.y + r.h - strip, w: r.w - 4, h: strip - 2 };
}

function withMerchantAt(view: IstanbulPublicView, seat: number, place: number): IstanbulPublicView {
  return {
    ...view,
    figures: { ...view.figures, merchants: view.figures.merchants.map((m) => (m.seat === seat ? { ...m, place } : m)) },
  };
}

/** A place where no figure at all stands. */
function emptyPlace(view: IstanbulPublicView): number {
  const f = view.figures;
  const taken = new Set<number>([
    ...f.merchants.map((m) => m.place),
    ...f.familyMembers.map((m) => m.place),
    ...f.neutralMerchants.map((m) => m.place),
    ...f.extra.map((m) => m.place),
    f.governor,
    f.smuggler,
    ...view.places.filter((p) => p.assistants.length > 0).map((p) => p.id),
  ]);
  const free = view.places.find((p) => !taken.has(p.id));
  if (!free) throw new Error('no empty place');
  return free.id;
}

describe('Istanbul board image: every layout, 2 and 5 players, fresh and late (hand-built views)', () => {
  const layouts = Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[];
  for (const layout of layouts) {
    for (const players of [2, 5]) {
      for (const stage of ['fresh', 'late'] as const) {
        it(`${layout}, ${players} players, ${stage}`, async () => {
          const view = fixtureView({ players, layout, stage });
          await expectValidImage(view, stage === 'late' ? 'de' : 'en');
        });
      }
    }
  }

  it('sizes the grid from the view: 5x4 with the expansion is wider per row of tiles than 4x4', () => {
    const base = istanbulBoardLayout(fixtureView({ players: 5, layout: 'short', stage: 'fresh' }));
    const exp = istanbulBoardLayout(fixtureView({ players: 5, layout: 'expansion', stage: 'fresh' }));
    expect(exp.grid.w).toBeGreaterThan(base.grid.w);
    expect(exp.tile(3, 4).x + exp.tileW).toBeLessThanOrEqual(exp.panels[0]!.x);
    expect(base.panels).toHaveLength(5);
    // two players leave room for the legend, five do not
    expect(istanbulBoardLayout(fixtureView({ players: 2, layout: 'short', stage: 'fresh' })).legend).not.toBeNull();
    expect(base.legend).toBeNull();
  });
});

describe('Istanbul board image: real engine states', () => {
  const cases: [number, EngineLayout][] = [
    [2, 'short'],
    [2, 'random'],
    [3, 'long'],
    [4, 'inOrder'],
    [5, 'random'],
    [5, 'long'],
  ];
  for (const [players, layout] of cases) {
    it(`${players} players, ${layout}: fresh, midgame and the end`, async () => {
      const seed = `render-${players}-${layout}`;
      const fresh = engineView(players, layout, seed, 0);
      expect(fresh.view.layout).toBe(layout);
      await expectValidImage(fresh.view);
      const mid = engineView(players, layout, seed, 250);
      await expectValidImage(mid.view, 'nl');
      const end = engineView(players, layout, seed, 5000);
      expect(end.over).toBe(true);
      await expectValidImage(end.view, 'de');
    });
  }

  it('the neutral-assistant variant: white assistants in stacks and on places', async () => {
    const mid = engineView(3, 'short', 'render-neutral', 120, true);
    expect(mid.view.neutralAssistants).toBe(true);
    const px = await expectValidImage(mid.view);
    // a neutral assistant lies under every merchant at the start: their grey discs show on the board
    const fresh = engineView(3, 'short', 'render-neutral', 0, true);
    expect(fresh.view.figures.merchants.every((m) => m.stack.includes('neutral'))).toBe(true);
    const freshPx = await expectValidImage(fresh.view);
    const fountain = fresh.view.figures.merchants[0]!.place;
    expect(countColour(freshPx, stripOf(fresh.view, fountain), NEUTRAL_STYLE.fill)).toBeGreaterThan(40);
    expect(px.width).toBe(1600);
  });
});

describe('Istanbul board image: the picture follows the view', () => {
  it("draws the deciding player's merchant on its tile, and nowhere it does not stand", async () => {
    const view = fixtureView({ players: 5, layout: 'short', stage: 'late' });
    const seat = view.decision!.seat;
    const merchant = view.figures.merchants.find((m) => m.seat === seat)!;
    const colour = PLAYER_STYLES[merchant.colour].fill;
    const elsewhere = emptyPlace(view);

    const before = (await renderAndDecode(view)).px;
    expect(countColour(before, stripOf(view, merchant.place), colour)).toBeGreaterThan(150);
    expect(countColour(before, stripOf(view, elsewhere), colour)).toBe(0);

    const moved = withMerchantAt(view, seat, elsewhere);
    const after = (await renderAndDecode(moved)).px;
    expect(countColour(after, stripOf(moved, elsewhere), colour)).toBeGreaterThan(150);
    expect(countColour(after, stripOf(moved, merchant.place), colour)).toBeLessThan(
      countColour(before, stripOf(view, merchant.place), colour),
    );
  });

  it("rings the deciding player's tile in the highlight colour and no other tile", async () => {
    const view = fixtureView({ players: 4, layout: 'long', stage: 'late' });
    const seat = view.decision!.seat;
    const place = view.figures.merchants.find((m) => m.seat === seat)!.place;
    const { px } = await renderAndDecode(view);
    const ring = (id: number): number => {
      const r = placeRect(view, id)!;
      // the 4 px band just outside the tile
      return (
        countColour(px, { x: r.x - 4, y: r.y + 20, w: 3, h: r.h - 40 }, THEME.highlight, 10) +
        countColour(px, { x: r.x + r.w + 1, y: r.y + 20, w: 3, h: r.h - 40 }, THEME.highlight, 10)
      );
    };
    expect(ring(place)).toBeGreaterThan(300);
    const other = view.places.find((p) => p.id !== place)!.id;
    expect(ring(other)).toBe(0);
  });

  it('outlines the last move in the mover’s colour: dashed where it came from, solid where it went', async () => {
    const view = fixtureView({ players: 5, layout: 'inOrder', stage: 'late' });
    const move = view.lastMove!;
    const colour = PLAYER_STYLES[view.players[move.seat]!.colour].fill;
    const { px } = await renderAndDecode(view);
    const leftEdge = (id: number): number => {
      const r = placeRect(view, id)!;
      return countColour(px, { x: r.x - 5, y: r.y + 30, w: 4, h: r.h - 60 }, colour, 12);
    };
    const solid = leftEdge(move.to);
    const dashed = leftEdge(move.from);
    expect(solid).toBeGreaterThan(300);
    expect(dashed).toBeGreaterThan(80);
    expect(dashed).toBeLessThan(solid * 0.8);
  });

  it('shows neutral merchants with 2 players, on the place the view gives them', async () => {
    const view = fixtureView({ players: 2, layout: 'short', stage: 'fresh' });
    const neutral = view.figures.neutralMerchants[0]!;
    const colour = PLAYER_STYLES[neutral.colour].fill;
    const { px } = await renderAndDecode(view);
    expect(countColour(px, stripOf(view, neutral.place), colour)).toBeGreaterThan(100);
    const without = { ...view, figures: { ...view.figures, neutralMerchants: [] } };
    const bare = (await renderAndDecode(without)).px;
    expect(countColour(bare, stripOf(view, neutral.place), colour)).toBe(0);
  });
});

describe('Istanbul board image: names and expansion figures', () => {
  it('falls back to "Player n" for a missing or undrawable name, n as on the pieces (the playing order)', async () => {
    // seat 1 starts: seat 0 plays third, seat 1 first
    const view = fixtureView({ players: 3, layout: 'short', stage: 'fresh' });
    const emoji = await renderIstanbulBoard(view, { locale: 'en', names: ['🎲🎲', undefined, 'Bram'] });
    const plain = await renderIstanbulBoard(view, { locale: 'en', names: ['Player 3', 'Player 1', 'Bram'] });
    expect(emoji.equals(plain)).toBe(true);
  });

  it('draws the Courier and a companion where the view puts them (5x4 board)', async () => {
    const base = fixtureView({ players: 5, layout: 'expansion', stage: 'fresh' });
    const view: IstanbulPublicView = {
      ...base,
      figures: {
        ...base.figures,
        extra: [
          { kind: 'courier', seat: null, place: 21 },
          { kind: 'companion', seat: 1, place: 22 },
        ],
      },
    };
    const { px } = await renderAndDecode(view);
    const blue = PLAYER_STYLES[view.players[1]!.colour].fill;
    expect(countColour(px, stripOf(view, 22), blue)).toBeGreaterThan(60);
    const bare = (await renderAndDecode(base)).px;
    expect(countColour(bare, stripOf(view, 22), blue)).toBe(0);
    // the courier: a neutral pawn on the Embassy, where nothing stood before
    expect(differingPixelsIn(px, bare, stripOf(view, 21))).toBeGreaterThan(200);
  });
});

describe('Istanbul board image: only the public view gets in', () => {
  it('takes the public view as its parameter type, and a seat view (with a hand) does not fit', () => {
    expectTypeOf(renderIstanbulBoard).parameter(0).toEqualTypeOf<PublicViewOnly>();
    expectTypeOf<IstanbulPublicView>().toMatchTypeOf<PublicViewOnly>();
    expectTypeOf<IstanbulSeatView>().not.toMatchTypeOf<PublicViewOnly>();
  });

  it('refuses a seat view at run time too', async () => {
    const view = fixtureView({ players: 3, layout: 'short', stage: 'late' });
    const seatView: IstanbulSeatView = { ...view, seat: 0, hand: ['take5Lira', 'stay'] };
    // @ts-expect-error a seat view carries a hand: the type refuses it
    await expect(renderIstanbulBoard(seatView, { locale: 'en' })).rejects.toThrow(/public view only/);
  });
});

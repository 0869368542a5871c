/**
 * The phone pictures (issue 14): Discord shows an image about 400 px wide on a phone, and there the
 * numbers a player decides by must stand at least 7 px high. The test draws real boards (hand-built
 * fixtures and states the engines produced) and records every text the renderer draws, with the height
 * Skia gives its digits in that font and transform; scaled to 400 px wide, every one is at least 7 px. It
 * also checks that the numbers themselves are drawn where they belong: each place's number on its tile,
 * each player's number, lira, rubies, goods (Istanbul) or points, cards, criers (Kairo) in that player's
 * row, and who must decide in the header.
 */
import { describe, expect, it } from 'vitest';
import type { IstanbulPublicView } from '../../src/games/istanbul/view.js';
import type { KairoPublicView } from '../../src/games/kairo/view.js';
import { PHONE_SHOWN_WIDTH, PHONE_WIDTH } from '../../src/render/common/index.js';
import { istanbulPhoneLayout, renderIstanbulPhone, type IstanbulRenderOptions } from '../../src/games/istanbul/render/index.js';
import { GOOD_ORDER } from '../../src/games/istanbul/render/style.js';
import { cardLabel } from '../../src/games/kairo/render/board.js';
import { kairoPhoneLayout, renderKairoPhone, turnOrder, type KairoRenderOptions } from '../../src/games/kairo/render/index.js';
import { decodePng, type Box } from './helpers.js';
import { recordTexts, shownHeight, type DrawnText } from './drawn-text.js';
import { engineExpansionView, engineView } from './istanbul/engine-states.js';
import { fixtureView } from './istanbul/fixtures.js';
import { F, stageView, type Stage } from './kairo/fixtures.js';
import { engineRun } from './kairo/engine-states.js';

const NAMES = ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter', 'Eva'];
const MIN_SHOWN = 7;

function inside(t: DrawnText, r: Box): boolean {
  return t.x >= r.x && t.x <= r.x + r.w && t.y >= r.y && t.y <= r.y + r.h;
}

function textsIn(texts: readonly DrawnText[], r: Box): string[] {
  return texts.filter((t) => inside(t, r)).map((t) => t.text);
}

/** Draws the picture, checks the PNG, and returns every non-blank text it drew. */
async function drawn(render: () => Promise<Buffer>, height: number): Promise<DrawnText[]> {
  let png: Buffer | undefined;
  const texts = await recordTexts(async () => {
    png = await render();
  });
  const px = await decodePng(png!);
  expect([px.width, px.height]).toEqual([PHONE_WIDTH, height]);
  return texts.filter((t) => t.text.trim() !== '');
}

function expectReadable(texts: readonly DrawnText[]): void {
  expect(texts.length).toBeGreaterThan(40);
  const small = texts.filter((t) => shownHeight(t, PHONE_WIDTH, PHONE_SHOWN_WIDTH) < MIN_SHOWN).map((t) => `${JSON.stringify(t.text)} in ${t.font}`);
  expect(small, 'texts whose digits would be under 7 px at 400 px wide').toEqual([]);
}

interface IstanbulCase {
  readonly name: string;
  readonly view: IstanbulPublicView;
  readonly opts: IstanbulRenderOptions;
}

function istanbulCases(): IstanbulCase[] {
  const late5 = fixtureView({ players: 5, layout: 'short', stage: 'late' });
  return [
    { name: 'late, 5 players, 4x4 (en)', view: late5, opts: { locale: 'en', names: NAMES } },
    { name: 'fresh, 2 players, neutral merchants (de)', view: fixtureView({ players: 2, layout: 'long', stage: 'fresh' }), opts: { locale: 'de', names: ['Jürgen', 'Maïté'] } },
    { name: 'late, 5 players, 5x4 with the expansion places (nl)', view: fixtureView({ players: 5, layout: 'expansion', stage: 'late' }), opts: { locale: 'nl' } },
    { name: 'engine, 3 players, random layout, 120 steps (en)', view: engineView(3, 'random', 'phone-3', 120).view, opts: { locale: 'en', names: NAMES } },
    { name: 'engine, 5 players, Letters & Seals, 300 steps (de)', view: engineExpansionView(5, 'bench-ls-5', 300).view, opts: { locale: 'de', names: NAMES } },
    {
      name: 'seat 2 starts: the pieces carry the playing order (en)',
      view: { ...late5, players: late5.players.map((p) => ({ ...p, turnOrder: (p.seat + 3) % 5, isStartPlayer: p.seat === 2 })) },
      opts: { locale: 'en', names: NAMES },
    },
    {
      name: 'game over with the standings (en)',
      view: { ...late5, phase: 'over', decision: null, turnSeat: null },
      opts: { locale: 'en', names: NAMES, ranks: late5.players.map((p, i) => ({ seat: p.seat, rank: i + 1 })) },
    },
  ];
}

describe('the Istanbul phone picture', () => {
  for (const c of istanbulCases()) {
    it(`${c.name}: every text reads at 400 px, and the numbers to decide by are where they belong`, async () => {
      const layout = istanbulPhoneLayout(c.view);
      const texts = await drawn(() => renderIstanbulPhone(c.view, c.opts), layout.height);
      expectReadable(texts);
      for (const place of c.view.places) {
        const onTile = textsIn(texts, layout.tile(place.row, place.col));
        expect(onTile, `place ${place.id}`).toContain(String(place.id));
        for (const m of c.view.figures.merchants.filter((f) => f.place === place.id)) expect(onTile, `merchant of seat ${m.seat}`).toContain(String(c.view.players[m.seat]!.turnOrder + 1));
      }
      const order = [...c.view.players].sort((a, b) => a.turnOrder - b.turnOrder);
      order.forEach((p, i) => {
        const row = textsIn(texts, layout.rows[i]!);
        expect(row, `seat ${p.seat}`).toEqual(expect.arrayContaining([String(p.turnOrder + 1), String(p.lira), `${p.rubies}/${c.view.rubyTarget}`, ...GOOD_ORDER.map((g) => String(p.goods[g]))]));
      });
      const header = textsIn(texts, layout.header);
      expect(header).toContain(c.opts.locale === 'en' ? `Round ${c.view.round}` : c.opts.locale === 'de' ? `Runde ${c.view.round}` : `Ronde ${c.view.round}`);
      const deciding = c.view.phase === 'over' ? null : (c.view.decision?.seat ?? c.view.turnSeat);
      // the pieces carry the playing order (issue 17.3), here as on the full board
      if (deciding !== null) expect(header).toContain(String(c.view.players[deciding]!.turnOrder + 1));
      else expect(header).toContain('Game over');
    });
  }

  it('is drawn from the public view only', async () => {
    const view = fixtureView({ players: 2, layout: 'long', stage: 'fresh' });
    await expect(renderIstanbulPhone({ ...view, hand: [] } as never, { locale: 'en' })).rejects.toThrow(/public view only/);
  });
});

interface KairoCase {
  readonly name: string;
  readonly view: KairoPublicView;
  readonly opts: KairoRenderOptions;
}

function kairoCases(): KairoCase[] {
  const stages: Stage[] = ['fresh-2p', 'mid-3p', 'final-2p', 'late-4p', 'over-4p'];
  const cases: KairoCase[] = stages.map((stage) => {
    const view = stageView(stage);
    return { name: stage, view, opts: { locale: 'en', names: NAMES.slice(0, view.players.length), lastAction: { seat: 0, fields: [F('E8'), F('D8')] } } };
  });
  cases.push({ name: 'engine, 4 players, 150 steps (nl)', view: engineRun(4, 'variable', 'phone-kairo-4', 150).view, opts: { locale: 'nl', names: NAMES } });
  return cases;
}

describe('the Kairo phone picture', () => {
  for (const c of kairoCases()) {
    it(`${c.name}: every text reads at 400 px, and the numbers to decide by are where they belong`, async () => {
      const layout = kairoPhoneLayout(c.view);
      const texts = await drawn(() => renderKairoPhone(c.view, c.opts), layout.height);
      expectReadable(texts);
      // the fields are named by column letter and row number; the sections by their numbers
      const board = textsIn(texts, layout.frame);
      expect(board).toEqual(expect.arrayContaining([...'ABCDEFGHIJKLMN', ...Array.from({ length: 10 }, (_, i) => String(i + 1))]));
      expect(board).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', '6', '7', '8', '9']));
      turnOrder(c.view).forEach((seat, i) => {
        const p = c.view.players[seat]!;
        const score = c.view.final?.find((f) => f.seat === seat)?.score ?? p.score;
        expect(textsIn(texts, layout.rows[i]!), `seat ${seat}`).toEqual(expect.arrayContaining([String(seat + 1), String(score), String(p.handCount), String(p.criers)]));
      });
      const display = textsIn(texts, layout.display);
      expect(display).toEqual(expect.arrayContaining([String(c.view.deckCount), String(c.view.discardCount), ...c.view.display.map((card) => cardLabel(card.type))]));
      const header = textsIn(texts, layout.header);
      if (c.view.phase !== 'over' && c.view.activeSeat !== null) expect(header).toContain(String(c.view.activeSeat + 1));
    });
  }
});

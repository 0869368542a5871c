/**
 * The phone pictures: Discord shows an image about 400 px wide on a phone, and there the
 * numbers a player decides by must stand at least 7 px high. The test draws real boards (hand-built
 * fixtures and states the engines produced) and records every text the renderer draws, with the height
 * Skia gives its digits in that font and transform; scaled to 400 px wide, every one is at least 7 px. It
 * also checks that the numbers themselves are drawn where they belong: each place's number on its tile,
 * each player's number, lira, rubies, goods (Istanbul) or points, cards, criers (Kairo) in that player's
 * row, and who must decide in the header. With Letters & Seals, each player's letters, seals and companion
 * are in their row, and the letter pile and the Courier in the strip. No text is cut with an ellipsis, and
 * every place's name is drawn whole on its tile, in English, German and Dutch.
 */
import { describe, expect, it } from 'vitest';
import type { IstanbulPublicView, LettersAndSealsView } from '../../src/games/istanbul/view/types.js';
import { placeName } from '../../src/games/istanbul/render/i18n.js';
import type { KairoPublicView } from '../../src/games/kairo/view/types.js';
import { clearLayerCaches, PHONE_SHOWN_WIDTH, PHONE_WIDTH } from '../../src/render/common/index.js';
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

/**
 * Draws the picture, checks the PNG, and returns every non-blank text it drew, its static layer's included
 * (the layer caches are emptied first, so the layer is drawn again, not composited from an earlier picture).
 */
async function drawn(render: () => Promise<Buffer>, height: number): Promise<DrawnText[]> {
  let png: Buffer | undefined;
  clearLayerCaches();
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

/** The Letters & Seals view with every state a row can show: many letters, a companion on a place, the double move spent. */
function busyLetters(view: IstanbulPublicView): IstanbulPublicView {
  const ls = view.lettersAndSeals as LettersAndSealsView;
  const places = view.places.map((p) => p.id);
  const players = ls.players.map((p, i) =>
    i === 0
      ? { ...p, letters: places.slice(0, 12).map((place, k) => ({ place, delivered: k % 4 === 3 })), seals: 15, companion: 24 as const, doubleMoveUsed: true }
      : i === 1
        ? { ...p, companion: 16 as const, doubleMoveUsed: true }
        : p,
  );
  return { ...view, lettersAndSeals: { ...ls, players } };
}

function istanbulCases(): IstanbulCase[] {
  const late5 = fixtureView({ players: 5, layout: 'short', stage: 'late' });
  const ls5 = engineExpansionView(5, 'bench-ls-5', 300).view;
  const lsCases = (['en', 'de', 'nl'] as const).flatMap((locale) => [
    { name: `engine, 5 players, Letters & Seals, 300 steps (${locale})`, view: ls5, opts: { locale, names: NAMES } },
    { name: `Letters & Seals, a row full of letters, companions on places, double moves spent (${locale})`, view: busyLetters(ls5), opts: { locale, names: NAMES } },
  ]);
  const longNames = (['en', 'de', 'nl'] as const).flatMap((locale) => [
    { name: `every base place, 4x4 (${locale})`, view: late5, opts: { locale } },
    { name: `every place of the expansion's 5x4 (${locale})`, view: fixtureView({ players: 3, layout: 'expansion', stage: 'fresh' }), opts: { locale } },
  ]);
  return [
    ...lsCases,
    ...longNames,
    { name: 'late, 5 players, 4x4 (en)', view: late5, opts: { locale: 'en', names: NAMES } },
    { name: 'fresh, 2 players, neutral merchants (de)', view: fixtureView({ players: 2, layout: 'long', stage: 'fresh' }), opts: { locale: 'de', names: ['Jürgen', 'Maïté'] } },
    { name: 'late, 5 players, 5x4 with the expansion places (nl)', view: fixtureView({ players: 5, layout: 'expansion', stage: 'late' }), opts: { locale: 'nl' } },
    { name: 'engine, 3 players, random layout, 120 steps (en)', view: engineView(3, 'random', 'phone-3', 120).view, opts: { locale: 'en', names: NAMES } },
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
      const layout = istanbulPhoneLayout(c.view, c.opts.locale);
      const texts = await drawn(() => renderIstanbulPhone(c.view, c.opts), layout.height);
      expectReadable(texts);
      // only a player's long name may end in an ellipsis: no place name, nothing else
      const cut = texts.map((t) => t.text).filter((t) => t.includes('\u2026'));
      expect(cut.filter((t) => !(c.opts.names ?? []).some((n) => n?.startsWith(t.slice(0, t.indexOf('\u2026'))) === true)), 'texts cut with an ellipsis').toEqual([]);
      for (const place of c.view.places) {
        const tile = layout.tile(place.row, place.col);
        const onTile = textsIn(texts, tile);
        expect(onTile, `place ${place.id}`).toContain(String(place.id));
        // the name whole: the band's lines after the number, a word split at a line's end joined again
        const band = textsIn(texts, { ...tile, h: layout.bandH }).filter((t) => t !== String(place.id));
        expect(band.join(' ').replace(/- /g, ''), `the name of place ${place.id}`).toBe(placeName(place.id, c.opts.locale));
        for (const m of c.view.figures.merchants.filter((f) => f.place === place.id)) expect(onTile, `merchant of seat ${m.seat}`).toContain(String(c.view.players[m.seat]!.turnOrder + 1));
      }
      const order = [...c.view.players].sort((a, b) => a.turnOrder - b.turnOrder);
      order.forEach((p, i) => {
        const row = textsIn(texts, layout.rows[i]!);
        expect(row, `seat ${p.seat}`).toEqual(expect.arrayContaining([String(p.turnOrder + 1), String(p.lira), `${p.rubies}/${c.view.rubyTarget}`, ...GOOD_ORDER.map((g) => String(p.goods[g]))]));
      });
      const ls = c.view.lettersAndSeals;
      if (ls !== undefined) {
        const strip = textsIn(texts, layout.letters!);
        expect(strip.join(' ')).toContain(String(ls.letterDeckCount));
        expect(strip, 'the Courier').toContain(`${ls.courier} ${placeName(ls.courier, c.opts.locale)}`);
        order.forEach((p, i) => {
          const row = textsIn(texts, layout.rows[i]!);
          const mine = ls.players.find((q) => q.seat === p.seat)!;
          expect(row, `seals of seat ${p.seat}`).toContain(String(mine.seals));
          const open = mine.letters.filter((l) => !l.delivered).map((l) => String(l.place));
          // a long row ends in "+n" for the letters that do not fit: the first ones are shown
          const more = row.find((t) => /^\+\d+$/.test(t));
          const shownLetters = more === undefined ? mine.letters : mine.letters.slice(0, mine.letters.length - Number(more.slice(1)));
          expect(row, `letters of seat ${p.seat}`).toEqual(expect.arrayContaining(shownLetters.filter((l) => !l.delivered).map((l) => String(l.place))));
          if (more === undefined) expect(open.every((n) => row.includes(n))).toBe(true);
          if (typeof mine.companion === 'number') expect(row, `companion of seat ${p.seat}`).toContain(`${mine.companion} ${placeName(mine.companion, c.opts.locale)}`);
          else expect(row.some((t) => t.length > 3 && !/^\d/.test(t))).toBe(true);
        });
      } else {
        expect(layout.letters).toBeNull();
      }
      const header = textsIn(texts, layout.header);
      expect(header).toContain(c.opts.locale === 'en' ? `Round ${c.view.round}` : c.opts.locale === 'de' ? `Runde ${c.view.round}` : `Ronde ${c.view.round}`);
      const deciding = c.view.phase === 'over' ? null : (c.view.decision?.seat ?? c.view.turnSeat);
      // the pieces carry the playing order, here as on the full board
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
      // the rows in playing order, each numbered by it (1 is the start player), as the messages number them
      turnOrder(c.view).forEach((seat, i) => {
        const p = c.view.players[seat]!;
        const score = c.view.final?.find((f) => f.seat === seat)?.score ?? p.score;
        expect(textsIn(texts, layout.rows[i]!), `seat ${seat}`).toEqual(expect.arrayContaining([String(i + 1), String(score), String(p.handCount), String(p.criers)]));
      });
      const display = textsIn(texts, layout.display);
      expect(display).toEqual(expect.arrayContaining([String(c.view.deckCount), String(c.view.discardCount), ...c.view.display.map((card) => cardLabel(card.type))]));
      const header = textsIn(texts, layout.header);
      if (c.view.phase !== 'over' && c.view.activeSeat !== null) expect(header).toContain(String(turnOrder(c.view).indexOf(c.view.activeSeat) + 1));
    });
  }
});

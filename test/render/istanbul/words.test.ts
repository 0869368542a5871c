/**
 * What the Istanbul picture writes, read as text (a recording canvas): the Kiosk tiles carry no engine
 * numbers, the Letters & Seals band explains its marks in every language, and the header shows the last
 * roll only when it is news (rolled since the previous board), with the roller's number.
 */
import { describe, expect, it } from 'vitest';
import { istanbul, type IstanbulPublicView } from '../../../src/games/istanbul/index.js';
import { KIOSK_TILES, type KioskTile } from '../../../src/games/istanbul/data/letters-and-seals.js';
import { drawKioskTile } from '../../../src/games/istanbul/render/expansion/glyphs.js';
import { lsLabel } from '../../../src/games/istanbul/render/expansion/labels.js';
import { label, type RenderLocale } from '../../../src/games/istanbul/render/i18n.js';
import { drawIstanbulBoard, istanbulBoardLayout, type IstanbulRenderOptions } from '../../../src/games/istanbul/render/index.js';
import { fixtureView } from './fixtures.js';
import { recordingContext } from './recording.js';

function drawnTexts(view: IstanbulPublicView, opts: IstanbulRenderOptions): string[] {
  const layout = istanbulBoardLayout(view);
  const { ctx, texts } = recordingContext(layout.width, layout.height);
  drawIstanbulBoard(ctx, view, opts, layout);
  return texts;
}

/** The numbers a tile's picture itself shows: lira on coins, the Fountain's place number, the die's "?". */
function numbersOnEffect(effect: KioskTile): Set<string> {
  const out = new Set<string>(['?']);
  if (effect.kind === 'gain' || effect.kind === 'extensionForLira') out.add(String(effect.lira));
  if (effect.kind === 'fountain') out.add('7');
  if (effect.kind === 'choose') for (const o of effect.options) for (const n of [o.payLira, o.gainLira]) out.add(String(n));
  return out;
}

describe('the words and numbers on the Istanbul picture', () => {
  it('a Kiosk tile shows what it does, never its engine number', () => {
    KIOSK_TILES.forEach((effect, id) => {
      const { ctx, texts } = recordingContext(120, 90);
      drawKioskTile(ctx, 0, 0, 120, 86, effect);
      const allowed = numbersOnEffect(effect);
      for (const text of texts) expect(allowed.has(text), `tile ${id}: "${text}"`).toBe(true);
    });
  });

  for (const locale of ['en', 'de', 'nl'] as const satisfies readonly RenderLocale[]) {
    it(`the Letters & Seals band has a legend for its marks (${locale})`, () => {
      const parsed = istanbul.parseOptions({ players: 4, lettersAndSeals: { cards: 'mixed' } });
      if (!parsed.ok) throw new Error(parsed.error);
      const texts = drawnTexts(istanbul.view(istanbul.setup(parsed.options, 'legend'), null), { locale, names: ['Aylin', 'Bram', 'Chloé', 'Dieter'] });
      expect(texts).toContain(lsLabel('legendLetter', locale, { n: 9 }));
      expect(texts).toContain(lsLabel('legendDelivered', locale));
      expect(texts).toContain(lsLabel('legendSeals', locale));
    });
  }

  it('the header shows the last roll only when it was rolled since the previous board, with the roller’s number', () => {
    const view = fixtureView({ players: 5, layout: 'short', stage: 'late' });
    const roll = view.lastRoll;
    if (roll === null) throw new Error('the fixture has a roll');
    const governor = label('governor', 'en');
    const count = (texts: string[]): number => texts.filter((t) => t === governor).length;
    const stale = drawnTexts(view, { locale: 'en' });
    const fresh = drawnTexts(view, { locale: 'en', freshRoll: true });
    expect(count(fresh)).toBe(count(stale) + 1);
    const at = fresh.lastIndexOf(governor);
    const rollerNumber = String((view.players[roll.seat]?.turnOrder ?? 0) + 1);
    expect(fresh.slice(at - 3, at)).toContain(rollerNumber);
  });
});

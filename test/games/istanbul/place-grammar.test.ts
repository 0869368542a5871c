/**
 * Every Istanbul place in German and Dutch sentences, with its article and case as a native reader expects
 * them ("vom Brunnen zur Großen Moschee", "am Brunnen", "op het Politiebureau"), written out here by hand so
 * a catalogue entry that declines a place wrongly fails.
 */
import { describe, expect, it } from 'vitest';
import { formatIstanbulMessage } from '../../../src/games/istanbul/describe.js';
import { istanbul } from '../../../src/games/istanbul/index.js';
import type { Locale } from '../../../src/engine/index.js';

const NAMES = ['Ada', 'Bob'];
const say = (locale: Locale, key: string, params: Record<string, string | number>): string =>
  formatIstanbulMessage(istanbul.messages, { key, params }, locale, (seat) => NAMES[seat] ?? '?');

/** Per place: where (at), where to (to), where from (from), and the place itself (German accusative). */
const GERMAN: Record<number, [at: string, to: string, from: string, the: string]> = {
  1: ['in der Wagnerei', 'zur Wagnerei', 'von der Wagnerei', 'die Wagnerei'],
  2: ['im Tuchlager', 'zum Tuchlager', 'vom Tuchlager', 'das Tuchlager'],
  3: ['im Gewürzlager', 'zum Gewürzlager', 'vom Gewürzlager', 'das Gewürzlager'],
  4: ['im Obstlager', 'zum Obstlager', 'vom Obstlager', 'das Obstlager'],
  5: ['im Postamt', 'zum Postamt', 'vom Postamt', 'das Postamt'],
  6: ['in der Karawanserei', 'zur Karawanserei', 'von der Karawanserei', 'die Karawanserei'],
  7: ['am Brunnen', 'zum Brunnen', 'vom Brunnen', 'den Brunnen'],
  8: ['auf dem Schwarzmarkt', 'zum Schwarzmarkt', 'vom Schwarzmarkt', 'den Schwarzmarkt'],
  9: ['in der Teestube', 'zur Teestube', 'von der Teestube', 'die Teestube'],
  10: ['auf dem Großen Markt', 'zum Großen Markt', 'vom Großen Markt', 'den Großen Markt'],
  11: ['auf dem Kleinen Markt', 'zum Kleinen Markt', 'vom Kleinen Markt', 'den Kleinen Markt'],
  12: ['auf der Polizeiwache', 'zur Polizeiwache', 'von der Polizeiwache', 'die Polizeiwache'],
  13: ['im Sultanspalast', 'zum Sultanspalast', 'vom Sultanspalast', 'den Sultanspalast'],
  14: ['in der Kleinen Moschee', 'zur Kleinen Moschee', 'von der Kleinen Moschee', 'die Kleine Moschee'],
  15: ['in der Großen Moschee', 'zur Großen Moschee', 'von der Großen Moschee', 'die Große Moschee'],
  16: ['beim Edelsteinhändler', 'zum Edelsteinhändler', 'vom Edelsteinhändler', 'den Edelsteinhändler'],
  21: ['in der Botschaft', 'zur Botschaft', 'von der Botschaft', 'die Botschaft'],
  22: ['am Kiosk', 'zum Kiosk', 'vom Kiosk', 'den Kiosk'],
  23: ['im Auktionshaus', 'zum Auktionshaus', 'vom Auktionshaus', 'das Auktionshaus'],
  24: ['beim Geheimbund', 'zum Geheimbund', 'vom Geheimbund', 'den Geheimbund'],
};

/** Per place: where (at), and the place with its article (de/het); "naar" and "van" take it as it is. */
const DUTCH: Record<number, [at: string, the: string]> = {
  1: ['bij de Wagenmaker', 'de Wagenmaker'],
  2: ['in het Zijdewarenhuis', 'het Zijdewarenhuis'],
  3: ['in het Specerijenwarenhuis', 'het Specerijenwarenhuis'],
  4: ['in het Fruitwarenhuis', 'het Fruitwarenhuis'],
  5: ['op het Postkantoor', 'het Postkantoor'],
  6: ['in de Karavaanserai', 'de Karavaanserai'],
  7: ['bij de Fontein', 'de Fontein'],
  8: ['op de Zwarte markt', 'de Zwarte markt'],
  9: ['in het Theehuis', 'het Theehuis'],
  10: ['op de Grote markt', 'de Grote markt'],
  11: ['op de Kleine markt', 'de Kleine markt'],
  12: ['op het Politiebureau', 'het Politiebureau'],
  13: ['in het Paleis van de sultan', 'het Paleis van de sultan'],
  14: ['in de Kleine moskee', 'de Kleine moskee'],
  15: ['in de Grote moskee', 'de Grote moskee'],
  16: ['bij de Juwelier', 'de Juwelier'],
  21: ['in de Ambassade', 'de Ambassade'],
  22: ['bij de Kiosk', 'de Kiosk'],
  23: ['in het Veilinghuis', 'het Veilinghuis'],
  24: ['bij het Geheim genootschap', 'het Geheim genootschap'],
};

const places = Object.keys(GERMAN).map(Number);

describe('German place names with their articles and cases', () => {
  it('the example of the issue reads as German', () => {
    expect(say('de', 'istanbul.event.moved', { player: 1, from: 7, to: 15 })).toBe('Bob zieht vom Brunnen zur Großen Moschee');
    expect(say('de', 'istanbul.event.assistantLeft', { player: 1, place: 15 })).toBe('Bob lässt einen Gehilfen in der Großen Moschee');
  });

  it.each(places)('place %i: where, where to, where from, and for whom a letter is', (place) => {
    const [at, to, from, the] = GERMAN[place]!;
    const other = place === 7 ? 9 : 7;
    expect(say('de', 'istanbul.event.moved', { player: 0, from: place, to: other })).toBe(`Ada zieht ${from} ${GERMAN[other]![1]}`);
    expect(say('de', 'istanbul.event.moved', { player: 0, from: other, to: place })).toBe(`Ada zieht ${GERMAN[other]![2]} ${to}`);
    expect(say('de', 'istanbul.event.stayed', { player: 0, place })).toBe(`Ada bleibt ${at}`);
    expect(say('de', 'istanbul.event.actionSkipped', { player: 0, place })).toBe(`Ada lässt die Aktion ${at} aus`);
    expect(say('de', 'istanbul.event.rubyTaken', { player: 0, place })).toBe(`Ada nimmt einen Rubin ${from}`);
    expect(say('de', 'istanbul.event.letterTaken', { player: 0, place })).toBe(`Ada nimmt einen Brief für ${the}`);
    expect(say('de', 'istanbul.action.move', { to: place })).toBe(`Ziehen ${to}`);
    expect(say('de', 'istanbul.action.fountainRecall', { from: place })).toBe(`Deinen Gehilfen ${from} zurückholen`);
    expect(say('de', 'istanbul.event.governorMoved', { to: place, die1: 3, die2: 4 })).toBe(`Der Gouverneur zieht ${to} (3+4)`);
  });

  it('a list of places each with its own article', () => {
    expect(say('de', 'istanbul.detail.recallAll', { places: '7,9,12' })).toBe('vom Brunnen, von der Teestube und von der Polizeiwache');
  });
});

describe('Dutch place names with their articles', () => {
  it('the spice warehouse is one word, as Dutch writes compounds', () => {
    expect(say('nl', 'istanbul.event.moved', { player: 1, from: 7, to: 3 })).toBe('Bob gaat van de Fontein naar het Specerijenwarenhuis');
  });

  it.each(places)('place %i: where, where to, where from, and for whom a letter is', (place) => {
    const [at, the] = DUTCH[place]!;
    const other = place === 7 ? 9 : 7;
    expect(say('nl', 'istanbul.event.moved', { player: 0, from: place, to: other })).toBe(`Ada gaat van ${the} naar ${DUTCH[other]![1]}`);
    expect(say('nl', 'istanbul.event.stayed', { player: 0, place })).toBe(`Ada blijft ${at}`);
    expect(say('nl', 'istanbul.event.assistantLeft', { player: 0, place })).toBe(`Ada laat een assistent achter ${at}`);
    expect(say('nl', 'istanbul.event.rubyTaken', { player: 0, place })).toBe(`Ada neemt een robijn van ${the}`);
    expect(say('nl', 'istanbul.event.letterTaken', { player: 0, place })).toBe(`Ada neemt een brief voor ${the}`);
    expect(say('nl', 'istanbul.action.move', { to: place })).toBe(`Verplaats naar ${the}`);
  });
});

/**
 * A render worker draws each place's static part (frame, name, artwork) once: a board of an arrangement it
 * has not drawn before (another layout, a random one) composites the places it already drew instead of
 * drawing them again. Read from the texts the renderer draws on any canvas of this thread.
 */
import { describe, expect, it } from 'vitest';
import { renderIstanbulBoard } from '../../../src/games/istanbul/render/index.js';
import { placeName } from '../../../src/games/istanbul/render/i18n.js';
import { clearLayerCaches } from '../../../src/render/common/index.js';
import { recordTexts } from '../drawn-text.js';
import { fixtureView } from './fixtures.js';

const names = ['Aylin', 'Bram', 'Charlotte', 'Dieter', 'Eva'];

describe("the board's places are drawn once per render thread", () => {
  it('a board of a new arrangement of the same places draws none of their names again', async () => {
    const short = fixtureView({ players: 5, layout: 'short', stage: 'late' });
    const long = fixtureView({ players: 5, layout: 'long', stage: 'late' });
    const placeNames = new Set(short.places.map((p) => placeName(p.id, 'en')));
    expect(new Set(long.places.map((p) => placeName(p.id, 'en')))).toEqual(placeNames);
    const arrangement = (view: typeof short): string[] => view.places.map((p) => `${p.id}@${p.row},${p.col}`).sort();
    expect(arrangement(long)).not.toEqual(arrangement(short));
    clearLayerCaches();
    const first = await recordTexts(() => renderIstanbulBoard(short, { locale: 'en', names }));
    expect(first.filter((t) => placeNames.has(t.text)).length).toBe(placeNames.size);
    const again = await recordTexts(() => renderIstanbulBoard(long, { locale: 'en', names }));
    expect(again.filter((t) => placeNames.has(t.text))).toEqual([]);
  });
});

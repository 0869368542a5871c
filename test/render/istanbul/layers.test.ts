/**
 * The board is drawn on a canvas kept per size, over a static layer kept per layout and locale: drawing
 * one board after another must leave nothing of the one before, and reading the stored pixels of the
 * opaque board must give what getImageData gives.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/render/common/index.js';
import { drawIstanbulBoard, istanbulBoardLayout, renderIstanbulBoard, type IstanbulRenderOptions, type PublicViewOnly } from '../../../src/games/istanbul/render/index.js';
import { decodePng } from '../helpers.js';
import { fixtureView } from './fixtures.js';

/** The board drawn the plain way: a fresh canvas, un-premultiplied pixels (getImageData). */
async function drawnFresh(view: PublicViewOnly, opts: IstanbulRenderOptions): Promise<Buffer> {
  const layout = istanbulBoardLayout(view);
  const canvas = createCanvas(layout.width, layout.height);
  drawIstanbulBoard(canvas.getContext('2d'), view, opts, layout);
  return encodePng(canvas);
}

describe('Istanbul board: reused canvases and static layers', () => {
  it('one board after another (other layouts, states and languages) leaves nothing behind', async () => {
    const late5 = fixtureView({ players: 5, layout: 'expansion', stage: 'late' });
    const fresh5 = fixtureView({ players: 5, layout: 'expansion', stage: 'fresh' });
    const late2 = fixtureView({ players: 2, layout: 'short', stage: 'late' });
    const first = await renderIstanbulBoard(late5, { locale: 'en' });
    await renderIstanbulBoard(fresh5, { locale: 'de' });
    await renderIstanbulBoard(late2, { locale: 'nl' });
    await renderIstanbulBoard(fresh5, { locale: 'en' });
    expect((await renderIstanbulBoard(late5, { locale: 'en' })).equals(first)).toBe(true);
  });

  it('gives the pixels of a board drawn on a fresh canvas and read with getImageData', async () => {
    for (const [view, opts] of [
      [fixtureView({ players: 5, layout: 'expansion', stage: 'late' }), { locale: 'nl' }],
      [fixtureView({ players: 2, layout: 'long', stage: 'fresh' }), { locale: 'de', names: ['Jürgen', 'Maïté'] }],
    ] as const) {
      const reused = await decodePng(await renderIstanbulBoard(view, opts));
      const fresh = await decodePng(await drawnFresh(view, opts));
      expect(Buffer.from(reused.data).equals(Buffer.from(fresh.data))).toBe(true);
    }
  });

  it('two boards drawn at once on the same thread do not mix', async () => {
    const a = fixtureView({ players: 5, layout: 'expansion', stage: 'late' });
    const b = fixtureView({ players: 5, layout: 'expansion', stage: 'fresh' });
    const [pa, pb] = await Promise.all([renderIstanbulBoard(a, { locale: 'en' }), renderIstanbulBoard(b, { locale: 'en' })]);
    expect(pa.equals(await renderIstanbulBoard(a, { locale: 'en' }))).toBe(true);
    expect(pb.equals(await renderIstanbulBoard(b, { locale: 'en' }))).toBe(true);
    expect(pa.equals(pb)).toBe(false);
  });
});

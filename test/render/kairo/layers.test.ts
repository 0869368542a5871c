/**
 * The Kairo board is drawn on a canvas kept per size, over a static layer kept per board layout: one
 * board after another must leave nothing of the one before, and reading the stored pixels of the opaque
 * board must give what getImageData gives.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/render/common/index.js';
import { drawKairoBoard, kairoBoardLayout, renderKairoBoard, type KairoRenderOptions, type PublicViewOnly } from '../../../src/games/kairo/render/index.js';
import { decodePng } from '../helpers.js';
import { F, stageView } from './fixtures.js';

async function drawnFresh(view: PublicViewOnly, opts: KairoRenderOptions): Promise<Buffer> {
  const layout = kairoBoardLayout(view);
  const canvas = createCanvas(layout.width, layout.height);
  drawKairoBoard(canvas.getContext('2d'), view, opts, layout);
  return encodePng(canvas);
}

describe('Kairo board: reused canvases and static layers', () => {
  it('one board after another (other player counts, states and languages) leaves nothing behind', async () => {
    const mid3 = stageView('mid-3p');
    const opts: KairoRenderOptions = { locale: 'en', lastAction: { seat: 2, fields: [F('E8'), F('D8')] } };
    const first = await renderKairoBoard(mid3, opts);
    await renderKairoBoard(stageView('fresh-2p'), { locale: 'de' });
    await renderKairoBoard(stageView('over-4p'), { locale: 'nl' });
    expect((await renderKairoBoard(mid3, opts)).equals(first)).toBe(true);
  });

  it('gives the pixels of a board drawn on a fresh canvas and read with getImageData', async () => {
    const view = stageView('late-4p');
    const opts: KairoRenderOptions = { locale: 'nl', names: ['Sanne', 'Joost', 'Chloé', 'Dieter'] };
    const reused = await decodePng(await renderKairoBoard(view, opts));
    const fresh = await decodePng(await drawnFresh(view, opts));
    expect(Buffer.from(reused.data).equals(Buffer.from(fresh.data))).toBe(true);
  });
});

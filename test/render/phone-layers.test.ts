/**
 * The phone pictures are drawn on a canvas kept per size, over a static layer kept per layout (and
 * locale): one picture after another must leave nothing of the one before, and the pictures must stay what
 * they were when every part was drawn at every turn. The reference PNGs under phone-reference/ were
 * rendered by that earlier code (before the static layers); they are compared with the usual tolerance
 * (test/render/reference.ts).
 *
 * After a deliberate change to the drawing: UPDATE_REFERENCES=1 npx vitest run test/render/phone-layers.test.ts,
 * then look at the new PNGs before committing them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderIstanbulPhone, type IstanbulRenderOptions, type PublicViewOnly as IstanbulView } from '../../src/games/istanbul/render/index.js';
import { renderKairoPhone, type KairoRenderOptions, type PublicViewOnly as KairoView } from '../../src/games/kairo/render/index.js';
import { engineExpansionView } from './istanbul/engine-states.js';
import { fixtureView } from './istanbul/fixtures.js';
import { F, stageView } from './kairo/fixtures.js';
import { compareWithReference } from './reference.js';

const REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'phone-reference');

type Case =
  | { readonly name: string; readonly game: 'istanbul'; readonly view: () => IstanbulView; readonly opts: IstanbulRenderOptions }
  | { readonly name: string; readonly game: 'kairo'; readonly view: () => KairoView; readonly opts: KairoRenderOptions };

const PHONE_CASES: readonly Case[] = [
  { name: 'istanbul-late-5p-short-en', game: 'istanbul', view: () => fixtureView({ players: 5, layout: 'short', stage: 'late' }), opts: { locale: 'en', names: ['Aylin', 'Bram', 'Charlotte van der Berg', 'Dieter', 'Eva'] } },
  { name: 'istanbul-fresh-2p-long-de', game: 'istanbul', view: () => fixtureView({ players: 2, layout: 'long', stage: 'fresh' }), opts: { locale: 'de', names: ['Jürgen', 'Maïté'] } },
  { name: 'istanbul-ls-4p-nl', game: 'istanbul', view: () => engineExpansionView(4, 'phone-reference', 220).view, opts: { locale: 'nl', freshRoll: true } },
  { name: 'kairo-mid-3p-en', game: 'kairo', view: () => stageView('mid-3p'), opts: { locale: 'en', names: ['Aylin', 'Bram', 'Charlotte van der Berg'], lastAction: { seat: 2, fields: [F('E8'), F('D8')] } } },
  { name: 'kairo-over-4p-de', game: 'kairo', view: () => stageView('over-4p'), opts: { locale: 'de', names: ['Aylin', 'Bram', 'Chloé', 'Dieter'] } },
];

function render(c: Case): Promise<Buffer> {
  return c.game === 'istanbul' ? renderIstanbulPhone(c.view(), c.opts) : renderKairoPhone(c.view(), c.opts);
}

describe('phone pictures: reused canvases and static layers', () => {
  for (const c of PHONE_CASES) {
    it(`${c.name} matches the picture drawn without a static layer`, async () => {
      const { differing, allowed } = await compareWithReference(await render(c), join(REFERENCE_DIR, `${c.name}.png`), `phone-${c.name}`);
      expect(differing, `pixels differing from phone-reference/${c.name}.png (actual written to test/.output/render)`).toBeLessThanOrEqual(allowed);
    });
  }

  it('one picture after another (other games, layouts, states and languages) leaves nothing behind', async () => {
    const firsts = [];
    for (const c of PHONE_CASES) firsts.push(await render(c));
    // again, in the other order: every picture now drawn over another's on the kept canvases and layers
    for (const [i, c] of [...PHONE_CASES.entries()].reverse()) expect((await render(c)).equals(firsts[i] as Buffer), c.name).toBe(true);
  });
});

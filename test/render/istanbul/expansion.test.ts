/**
 * The board image with Letters & Seals, from real engine states: the letters band (letters by place number or
 * 2 seals, seals, companions, piles, the Courier), the Kiosk's tiles, the auction's bid, the Secret Society's
 * bonuses, the 5x4 grid; and one reference image (UPDATE_REFERENCES=1 to rewrite it, then look at it).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulPublicView, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { istanbulBoardLayout, placeRect, renderIstanbulBoard, type PublicViewOnly } from '../../../src/games/istanbul/render/board.js';
import { SEAL_RED } from '../../../src/games/istanbul/render/expansion/glyphs.js';
import { PLAYER_STYLES } from '../../../src/games/istanbul/render/style.js';
import { countColour, decodePng, type Box, type Pixels } from '../helpers.js';
import { compareWithReference } from '../reference.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REFERENCE = join(HERE, 'reference', 'ls-4p-kiosk-en.png');

/** A 4-player expansion game set by hand: letters, companions, Secret Society bonuses, and a Kiosk round under way. */
function kioskState(): IstanbulState {
  const parsed = istanbul.parseOptions({ players: 4, lettersAndSeals: { cards: 'mixed' } });
  if (!parsed.ok) throw new Error(parsed.error);
  const s = JSON.parse(JSON.stringify(istanbul.setup(parsed.options, 'render-ls'))) as IstanbulState;
  const ls = s.ls;
  if (!ls) throw new Error('no expansion');
  const give = (seat: Seat, place: number, delivered: boolean): void => {
    ls.letterDeck.splice(ls.letterDeck.indexOf(place), 1);
    ls.letters[seat]?.push({ place, delivered });
  };
  give(0, 9, false);
  give(0, 13, true);
  give(1, 4, false);
  give(1, 5, false);
  give(1, 16, false);
  give(2, 3, true);
  give(2, 8, true);
  ls.companions = [6, 'supply', 'box', 14];
  ls.secretSociety = [3];
  ls.courier = 21;
  ls.doubleMoveRound[2] = s.round;
  const p = s.players;
  (p[0] as IstanbulState['players'][number]).merchant = 22;
  (p[1] as IstanbulState['players'][number]).merchant = 2;
  s.turnSeat = 0;
  s.pending = [{ k: 'action', seat: 0, place: 22, family: false }];
  let state = istanbul.apply(s, { type: 'kiosk' }, 0).state;
  const first = state.ls?.kiosk?.open[1] as number;
  state = istanbul.apply(state, { type: 'kioskTile', tile: first, carry: false }, 0).state;
  return state;
}

function auctionState(): IstanbulState {
  const parsed = istanbul.parseOptions({ players: 3, layout: 'random', lettersAndSeals: { cards: 'newOnly' } });
  if (!parsed.ok) throw new Error(parsed.error);
  const s = JSON.parse(JSON.stringify(istanbul.setup(parsed.options, 'render-auction'))) as IstanbulState;
  s.turnSeat = 1;
  (s.players[1] as IstanbulState['players'][number]).merchant = 23;
  (s.players[1] as IstanbulState['players'][number]).lira = 6;
  s.pending = [{ k: 'action', seat: 1, place: 23, family: false }];
  const steps: [Seat, IstanbulAction][] = [
    [1, { type: 'auctionGood', good: 'blue' }],
    [1, { type: 'auctionBid', amount: 2 }],
    [2, { type: 'auctionBid', amount: 4 }],
  ];
  let state = s;
  for (const [seat, a] of steps) state = istanbul.apply(state, a, seat).state;
  return state;
}

const view = (s: IstanbulState): PublicViewOnly => istanbul.view(s, null) as PublicViewOnly;

async function render(v: IstanbulPublicView, locale: 'en' | 'de' | 'nl' = 'en'): Promise<{ png: Buffer; px: Pixels }> {
  const png = await renderIstanbulBoard(v, { locale, names: ['Aylin', 'Bram', 'Chloé', 'Dieter'] });
  return { png, px: await decodePng(png) };
}

function band(v: IstanbulPublicView): Box {
  const b = istanbulBoardLayout(v).lettersBand;
  if (!b) throw new Error('no letters band');
  return b;
}

function tile(v: IstanbulPublicView, id: number): Box {
  const r = placeRect(v, id);
  if (!r) throw new Error(`no place ${id}`);
  return r;
}

function differingIn(a: Pixels, b: Pixels, box: Box): number {
  let n = 0;
  for (let y = Math.floor(box.y); y < box.y + box.h; y++) {
    for (let x = Math.floor(box.x); x < box.x + box.w; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs((a.data[i] as number) - (b.data[i] as number)) + Math.abs((a.data[i + 1] as number) - (b.data[i + 1] as number)) > 40) n++;
    }
  }
  return n;
}

describe('Istanbul board image with Letters & Seals', () => {
  it('a 5x4 grid of 20 places with the letters band below it, in every language', async () => {
    const v = view(kioskState());
    const layout = istanbulBoardLayout(v);
    expect(v.grid).toEqual({ width: 5, height: 4 });
    const tiles = v.places.map((p) => layout.tile(p.row, p.col));
    // the tiles do not overlap and all lie above the band
    for (let i = 0; i < tiles.length; i++) {
      const a = tiles[i] as Box;
      expect(a.y + a.h).toBeLessThan(band(v).y);
      for (let j = i + 1; j < tiles.length; j++) {
        const b = tiles[j] as Box;
        expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
      }
    }
    for (const locale of ['en', 'de', 'nl'] as const) {
      const { px } = await render(v, locale);
      expect([px.width, px.height]).toEqual([layout.width, layout.height]);
    }
  });

  it('the band shows each player’s letters: a face-up letter by its number, a delivered one with 2 seals', async () => {
    const s = kioskState();
    const v = view(s);
    const { px } = await render(v);
    // seals are drawn in the band (delivered letters, the seal counts)
    expect(countColour(px, band(v), SEAL_RED, 10)).toBeGreaterThan(300);
    const ls = s.ls;
    if (!ls) throw new Error('no expansion');
    const noLetters: IstanbulState = { ...s, ls: { ...ls, letters: ls.letters.map(() => []) } };
    const bare = await render(view(noLetters));
    expect(countColour(bare.px, band(v), SEAL_RED, 10)).toBeLessThan(countColour(px, band(v), SEAL_RED, 10));
    expect(differingIn(px, bare.px, band(v))).toBeGreaterThan(1500);
  });

  it('the band shows companions in the players’ colours, and the board shows those on places', async () => {
    const s = kioskState();
    const v = view(s);
    const { px } = await render(v);
    const yellow = PLAYER_STYLES.yellow.fill;
    // seat 3 (yellow) has its companion on the Small Mosque 14
    expect(countColour(px, tile(v, 14), yellow, 8)).toBeGreaterThan(40);
    const ls = s.ls;
    if (!ls) throw new Error('no expansion');
    const without = await render(view({ ...s, ls: { ...ls, companions: ['box', 'box', 'box', 'box'] } }));
    expect(countColour(without.px, tile(v, 14), yellow, 8)).toBeLessThan(countColour(px, tile(v, 14), yellow, 8));
  });

  it('the Kiosk shows the tiles of the round; the Secret Society the bonuses; the auction its highest bid', async () => {
    const s = kioskState();
    const v = view(s);
    const detail = v.places.find((p) => p.id === 22)?.detail;
    expect(detail?.kind === 'kiosk' && detail.open.length).toBe(4);
    expect(detail?.kind === 'kiosk' && detail.chosen.length).toBe(1);
    const { px } = await render(v);
    const ls = s.ls;
    if (!ls) throw new Error('no expansion');
    const idle = await render(view({ ...s, ls: { ...ls, kiosk: null, secretSociety: [] } }));
    expect(differingIn(px, idle.px, tile(v, 22))).toBeGreaterThan(2000);
    expect(differingIn(px, idle.px, tile(v, 24))).toBeGreaterThan(100);
    const a = auctionState();
    const av = view(a);
    expect(av.places.find((p) => p.id === 23)?.detail).toMatchObject({ kind: 'auctionHouse', owner: 1, high: 4, highSeat: 2, waiting: [] });
    expect(av.decision).toMatchObject({ seat: 0, kind: 'auction', place: 23 });
    const withBid = await render(av);
    const al = a.ls;
    if (!al) throw new Error('no expansion');
    const noAuction = await render(view({ ...a, ls: { ...al, auction: null } }));
    expect(differingIn(withBid.px, noAuction.px, tile(av, 23))).toBeGreaterThan(300);
  });

  it('matches its reference image (4 players, a Kiosk round)', async () => {
    const { png } = await render(view(kioskState()));
    const { differing, allowed } = await compareWithReference(png, REFERENCE, 'ls-4p-kiosk-en');
    expect(differing).toBeLessThanOrEqual(allowed);
  });
});

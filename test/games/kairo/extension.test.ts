import { describe, expect, it } from 'vitest';
import { occupancy } from '../../../src/games/kairo/rules/board.js';
import { extensionFields } from '../../../src/games/kairo/rules/placement.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { F, allReachable, keys, play, scenario, type StallSpec } from './helpers.js';

function extFields(state: KairoState, index = 0): string[] {
  const labels = extensionFields(occupancy(state), state.stalls, index);
  return labels.map((f) => 'ABCDEFGHIJKLMN'[f % 14] + String(Math.floor(f / 14) + 1));
}

const red: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' };

describe('b) extension: placement rules', () => {
  it('goes on a free field orthogonally next to the main stall or one of its extensions', () => {
    expect(extFields(scenario({ stalls: [red] })).sort()).toEqual(['D5', 'E6', 'F5']);
    const grown = scenario({ stalls: [{ ...red, ext: ['F5'] }], customers: { yellow: 'B9' } });
    expect(extFields(grown).sort()).toEqual(['D5', 'E6', 'F4', 'F6', 'G5']);
  });

  it('never on an entrance, a customer or another stall tile', () => {
    const s = scenario({
      stalls: [red, { owner: 1, colour: 'blue', main: 'G6', entrance: 'F6', ext: ['G5'] }],
      customers: { yellow: 'D5' },
    });
    // D5: customer; E4: own entrance; F5 still free; E6 free.
    expect(extFields(s).sort()).toEqual(['E6', 'F5']);
  });

  it('violet only in the restaurant, the other colours only in the market', () => {
    const violet = scenario({ stalls: [{ owner: 0, colour: 'violet', main: 'A5', entrance: 'B5' }] });
    expect(extFields(violet).sort()).toEqual(['A4', 'A6']);
    const redAtEdge = scenario({ stalls: [{ owner: 0, colour: 'red', main: 'B7', entrance: 'C7' }], customers: { green: 'H8' } });
    expect(extFields(redAtEdge).sort()).toEqual(['B6', 'B8']); // not A7 (restaurant)
    const southRow = scenario({ stalls: [{ owner: 0, colour: 'violet', main: 'E10', entrance: 'E9' }] });
    expect(extFields(southRow).sort()).toEqual(['D10', 'F10']);
  });

  it('may connect stalls of different colours, never two stalls of its own colour', () => {
    const s = scenario({
      stalls: [
        { ...red, ext: ['F5'] },
        { owner: 1, colour: 'red', main: 'H5', entrance: 'H4' },
        { owner: 2, colour: 'blue', main: 'F7', entrance: 'G7' },
      ],
      customers: { yellow: 'B9' },
    });
    const fields = extFields(s);
    expect(fields).not.toContain('G5'); // would touch the other red stall's main stall H5
    expect(fields).toContain('F6'); // touches the blue main stall F7: allowed
    // Also an extension of another red stall counts.
    const t = scenario({
      stalls: [red, { owner: 1, colour: 'red', main: 'H6', entrance: 'H7', ext: ['G6'] }],
      customers: { yellow: 'B9' },
    });
    expect(extFields(t)).toContain('F5');
    const u = scenario({
      stalls: [{ ...red, ext: ['F5'] }, { owner: 1, colour: 'red', main: 'H6', entrance: 'H7', ext: ['G6'] }],
      customers: { yellow: 'B9' },
    });
    expect(extFields(u)).not.toContain('F6'); // F6 touches G6, an extension of the other red stall
    expect(extFields(u)).not.toContain('G5'); // G5 touches G6 too
  });

  it('is refused when it would cut an entrance off from the customers', () => {
    // Red main stall D1 (entrance D2); the blue entrance B1 is reached only through C1 (B2 is blue's stall).
    const s = scenario({
      stalls: [
        { owner: 0, colour: 'red', main: 'D1', entrance: 'D2' },
        { owner: 1, colour: 'blue', main: 'B2', entrance: 'B1' },
      ],
      customers: { violet: 'H8' },
    });
    expect(allReachable(s)).toBe(true);
    expect(extFields(s)).toEqual(['E1']);
  });

  it('may cut off an empty part of the market', () => {
    // Red main B2 with an extension on C2; C1 would close the corner B1, which holds no entrance or customer.
    const s = scenario({ stalls: [{ owner: 0, colour: 'red', main: 'B2', entrance: 'B3', ext: ['C2'] }], customers: { violet: 'H8' } });
    expect(extFields(s)).toContain('C1');
    expect(extFields(s)).toContain('B1');
  });

  it('is refused when it would separate a customer from the entrances', () => {
    // The violet customer stands in the corner B1; C1 is its only way out.
    const s = scenario({ stalls: [{ owner: 0, colour: 'red', main: 'B2', entrance: 'B3', ext: ['C2'] }], customers: { violet: 'B1' } });
    expect(extFields(s)).not.toContain('C1');
  });
});

describe('b) extension: the turn, cost, points', () => {
  it('costs the new size in coins, at least 1 in the stall colour, 2 other coins per coin', () => {
    // Size 2 -> 3: cost 3. 1 red + 4 blue is the only way to pay: everything is paid automatically.
    const s = scenario({ stalls: [{ ...red, ext: ['F5'] }], customers: { yellow: 'B9' }, hands: [['s4']], coins: [{ red: 1, blue: 4 }], medals: { red: { gold: 0, silver: 0 } } });
    expect(keys(s)).toContain('build:extend:red');
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'field', field: F('D5') });
    expect(r.state.players[0]?.coins).toMatchObject({ red: 0, blue: 0 });
    expect(r.state.stalls[0]?.ext).toEqual([F('F5'), F('D5')]);
    expect(r.state.players[0]?.score).toBe(3); // size 3; both medals were this player's already
  });

  it('lets the player choose how many coins of the stall colour and of each other colour', () => {
    const s = scenario({
      stalls: [{ ...red, ext: ['F5'] }],
      customers: { yellow: 'B9' },
      hands: [['s4']],
      coins: [{ red: 3, yellow: 2, blue: 2 }],
    });
    const pay = play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'field', field: F('D5') }).state;
    expect(keys(pay)).toEqual(['payStall:red:1', 'payStall:red:2', 'payStall:red:3']);
    const other = play(pay, { t: 'payStall', colour: 'red', count: 2 }).state;
    // 1 red coin still owed = 2 other coins: yellow first (0..2), then blue covers the rest.
    expect(keys(other)).toEqual(['payOther:yellow:0', 'payOther:yellow:1', 'payOther:yellow:2']);
    const done = play(other, { t: 'payOther', colour: 'yellow', count: 1 });
    expect(done.state.players[0]?.coins).toMatchObject({ red: 1, yellow: 1, blue: 1 });
    expect(done.state.seat).toBe(1);
    expect(done.events.filter((e) => e.key.startsWith('kairo.event.pay.')).map((e) => [e.key, e.params?.count])).toEqual([
      ['kairo.event.pay.red', 2],
      ['kairo.event.pay.yellow', 1],
      ['kairo.event.pay.blue', 1],
    ]);
  });

  it('cannot be built without a coin of the stall colour or without enough coins', () => {
    const base = { stalls: [{ ...red, ext: ['F5'] }], customers: { yellow: 'B9' as const }, hands: [['s4' as const]] };
    expect(keys(scenario({ ...base, coins: [{ red: 0, blue: 10 }] }))).not.toContain('build:extend:red');
    expect(keys(scenario({ ...base, coins: [{ red: 1, blue: 3 }] }))).not.toContain('build:extend:red');
    expect(keys(scenario({ ...base, coins: [{ red: 2, blue: 2 }] }))).toContain('build:extend:red');
    expect(keys(scenario({ ...base, coins: [{ red: 3 }] }))).toContain('build:extend:red');
  });

  it('a joker needs one coin more than the extension', () => {
    const base = { stalls: [red], customers: { yellow: 'B9' as const }, hands: [['jr2' as const]] };
    // Cost 2: red 2 pays it, but the joker's coin must come from somewhere else.
    expect(keys(scenario({ ...base, coins: [{ red: 2 }] }))).not.toContain('build:extend:red');
    const s = scenario({ ...base, coins: [{ red: 2, green: 1 }] });
    expect(keys(s)).toContain('build:extend:red');
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' });
    // The only coin that keeps the extension affordable is green: paid automatically.
    expect(r.state.players[0]?.coins.green).toBe(0);
    expect(r.state.pending).toMatchObject({ step: 'section' });
    expect(keys(r.state)).toEqual(['section:4', 'section:5']);
  });

  it('the card must name the extension field\'s section', () => {
    const s = scenario({ stalls: [red], customers: { yellow: 'B9' }, hands: [['s5']], coins: [{ red: 5, blue: 2 }] });
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' });
    // Section 5 holds only F5 of the three extension fields: card, section and field are forced.
    expect(r.state.pending).toMatchObject({ step: 'payStall', field: F('F5') });
    expect(keys(scenario({ stalls: [red], customers: { yellow: 'B9' }, hands: [['s1']], coins: [{ red: 5 }] }))).not.toContain('build:extend:red');
  });

  it('scores 1 point per tile of the new size', () => {
    const s = scenario({
      stalls: [{ ...red, ext: ['F5', 'G5'] }, { owner: 1, colour: 'red', main: 'K2', entrance: 'K3', ext: ['L2', 'M2'] }],
      customers: { red: 'B9', yellow: 'B8' },
      hands: [['s4']],
      coins: [{ red: 4 }],
      medals: { red: { gold: 1, silver: 0 } },
    });
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'field', field: F('D5') });
    // Size 4 = 4 points, and sole biggest: the gold medal from player 2 (+4); silver was already held.
    expect(r.state.players[0]?.score).toBe(8);
  });

  it('needs an extension of the colour in the supply', () => {
    const s = scenario({ stalls: [red], customers: { yellow: 'B9' }, hands: [['s4']], coins: [{ red: 5 }], extensions: { red: 0 } });
    expect(keys(s)).not.toContain('build:extend:red');
    const t = scenario({ stalls: [red], customers: { yellow: 'B9' }, hands: [['s4']], coins: [{ red: 5 }], extensions: { red: 1 } });
    expect(keys(t)).toContain('build:extend:red');
  });

  it('neutral stalls never grow, and nobody extends another player\'s stall', () => {
    const s = scenario({
      players: 2,
      stalls: [{ owner: 'neutral', colour: 'red', main: 'E5', entrance: 'E4' }, { owner: 1, colour: 'blue', main: 'H5', entrance: 'H4' }],
      customers: { yellow: 'B9' },
      hands: [['s4', 's5', 's6']],
      coins: [{ red: 5, blue: 5 }],
    });
    expect(keys(s).filter((k) => k.startsWith('build:extend'))).toEqual([]);
  });
});

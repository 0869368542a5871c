import { describe, expect, it } from 'vitest';
import { describe as describeAction, formatMessage } from '../../../src/engine/index.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoMessagesEn } from '../../../src/games/kairo/messages.en.js';
import type { KairoPublicView, KairoSeatView } from '../../../src/games/kairo/view/types.js';
import { F, play, scenario } from './helpers.js';

const state = scenario({
  players: 3,
  hands: [['s1', 'jr2'], ['s5', 's5', 's6'], []],
  coins: [{ red: 3 }, { blue: 7, green: 1 }, {}],
  criers: [0, 2, 1],
  stalls: [
    { owner: 0, colour: 'red', main: 'E5', entrance: 'E4', ext: ['F5'] },
    { owner: 1, colour: 'violet', main: 'A6', entrance: 'B6' },
  ],
  customers: { yellow: 'B9', orange: 'E4', blue: null },
  medals: { red: { gold: 0, silver: 0 } },
});

describe('views', () => {
  it('the public view shows the whole board: every field with its stall, entrance and customer', () => {
    const v = kairo.view(state, null) as KairoPublicView;
    expect(v.board.fields.length).toBe(140);
    const e5 = v.board.fields[F('E5')];
    expect(e5).toMatchObject({ label: 'E5', area: 'market', section: 4, stall: { stall: 0, colour: 'red', owner: 0, main: true } });
    expect(v.board.fields[F('F5')]?.stall).toEqual({ stall: 0, colour: 'red', owner: 0, main: false });
    expect(v.board.fields[F('E4')]).toMatchObject({ entrance: { stall: 0, colour: 'red', owner: 0, side: 'n' }, customer: 'orange' });
    expect(v.board.fields[F('A6')]).toMatchObject({ area: 'restaurant', section: 4, stall: { colour: 'violet', owner: 1 } });
    expect(v.board.fields[F('A1')]).toMatchObject({ area: 'off', section: null });
    expect(v.board.fields[F('C2')]).toMatchObject({ startField: true, customer: 'violet' });
    expect(v.offBoardCustomer).toBe('blue');
    expect(v.stalls[0]).toMatchObject({ size: 2, extensions: [F('F5')], entranceSide: 'n' });
    expect(v.medals.red).toEqual({ gold: 0, silver: 0 });
    expect(v.players[0]?.medals).toEqual([
      { colour: 'red', medal: 'gold' },
      { colour: 'red', medal: 'silver' },
    ]);
    expect(v.players.map((p) => [p.handCount, p.criers])).toEqual([
      [2, 0],
      [3, 2],
      [0, 1],
    ]);
    expect(v.players[0]?.stallsInSupply).toEqual(['violet', 'yellow', 'green', 'blue', 'orange']);
    expect(v.display.map((c) => c.type)).toEqual(['s1', 's2', 's3', 's4']);
    expect(v.deckCount).toBe(state.deck.length);
    expect(v.crierSupply).toBe(4);
    expect(v.extensionSupply.red).toBe(5);
  });

  it('the public view holds no hand, no coins, no deck order and no PRNG state', () => {
    const v = kairo.view(state, null);
    const json = JSON.stringify(v);
    expect(json).not.toMatch(/"hand"|"coins"|"deck"|"rng"|"neutralBag"/);
    expect('hand' in v).toBe(false);
    expect('coins' in v).toBe(false);
    for (const p of v.players) expect(Object.keys(p)).not.toContain('coins');
  });

  it("a seat's view adds its own hand and coins, and nobody else's", () => {
    const v = kairo.view(state, 1) as KairoSeatView;
    expect(v.seat).toBe(1);
    expect(v.hand.map((c) => c.type)).toEqual(['s5', 's5', 's6']);
    expect(v.coins).toMatchObject({ blue: 7, green: 1 });
    const json = JSON.stringify(v);
    expect(json).not.toMatch(/"rng"|"deck"/);
    expect(json).not.toContain('jr2');
    const mine = kairo.view(state, 0) as KairoSeatView;
    expect(mine.hand).toEqual([
      { type: 's1', sections: [1], joker: false },
      { type: 'jr2', sections: [4, 5, 6], joker: true },
    ]);
  });

  it('the pending decision is public: what is being built and the cards played', () => {
    const s = scenario({ hands: [['s4', 's4', 'jc1']], coins: [{ red: 1, blue: 4 }], stalls: [{ owner: 0, colour: 'red', main: 'E5', entrance: 'E4' }], customers: { yellow: 'B9' } });
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'card', card: 's4' });
    const v = kairo.view(r.state, null);
    expect(v.pending).toMatchObject({ seat: 0, kind: 'build', mode: 'extend', colour: 'red', cardsPlayed: ['s4'], cost: 2, section: 4, step: 'field' });
  });

  it('coins become public in the final scoring', () => {
    const s = scenario({ players: 2, phase: 'final', hands: [[], []], coins: [{ red: 7 }, { blue: 1 }], stalls: [{ owner: 0, colour: 'red', main: 'E5', entrance: 'E4' }], customers: { yellow: 'B9' } });
    const over = play(s, { t: 'pass' }).state;
    const v = kairo.view(over, null);
    expect(v.final).toEqual([
      { seat: 0, medalPoints: 0, coins: 7, coinPoints: 2, score: 2, rank: 1 },
      { seat: 1, medalPoints: 0, coins: 1, coinPoints: 0, score: 0, rank: 2 },
    ]);
    expect(v.activeSeat).toBeNull();
    expect(v.pending).toBeNull();
  });
});

describe('messages', () => {
  it('every action and event key of a game has an English text with its placeholders filled', () => {
    const s = scenario({ hands: [['s4', 'jc1', 's7']], coins: [{ red: 2, blue: 4 }], stalls: [{ owner: 0, colour: 'red', main: 'E5', entrance: 'E4' }], customers: { yellow: 'B9' } });
    for (const a of kairo.legalActions(s, 0)) {
      const text = describeAction(kairo, a, 'en');
      expect(text).not.toMatch(/^kairo\.|\{/);
    }
    const r = play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'card', card: 's4' }, { t: 'field', field: F('D5') });
    for (const e of r.events) {
      expect(kairoMessagesEn[e.key]).toBeDefined();
      expect(formatMessage(kairo.messages, e, 'en')).not.toMatch(/\{/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import {
  act,
  build,
  decide,
  giveCards,
  isLegal,
  keys,
  placeAssistant,
  placeMerchant,
  play,
  player,
  rngRolling,
  top,
} from '../builders.js';

describe('phase 1: movement', () => {
  it('moves 1 or 2 orthogonal steps to another place (in-order layout, from the Fountain 7)', () => {
    const s = build();
    const moves = keys(s).filter((k) => k.startsWith('move:')).map((k) => Number(k.slice(5)));
    expect(moves.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 8, 10, 11, 12, 15]);
    // Not diagonal beyond 2 steps, not staying, not 3 steps.
    expect(moves).not.toContain(7);
    expect(moves).not.toContain(1);
    expect(moves).not.toContain(16);
  });

  it('the stack moves with the merchant; the assistants left behind stay', () => {
    const s = build();
    placeAssistant(s, 0, 3);
    const { state } = play(s, { type: 'move', to: 11 });
    expect(player(state, 0).merchant).toBe(11);
    expect(player(state, 0).stack).toHaveLength(3);
    expect(state.assistantsAt[3]).toEqual([0]);
    expect(state.lastMove).toEqual({ seat: 0, from: 7, to: 11 });
  });

  it('after moving: leave the bottom assistant, or end the turn', () => {
    const s = build();
    const { state } = play(s, { type: 'move', to: 3 });
    expect(top(state)?.k).toBe('assistant');
    expect(keys(state)).toEqual(['leaveAssistant', 'endTurn']);
    const left = act(state, { type: 'leaveAssistant' }).state;
    expect(left.assistantsAt[3]).toEqual([0]);
    expect(player(left, 0).stack).toHaveLength(3);
    expect(top(left)).toEqual({ k: 'action', seat: 0, place: 3, family: false });
  });

  it('after moving to an own assistant: pick it up (it must be picked up, never a second one left)', () => {
    const s = build();
    placeAssistant(s, 0, 3);
    const { state } = play(s, { type: 'move', to: 3 });
    expect(keys(state)).toEqual(['pickUpAssistant:own', 'endTurn']);
    const picked = act(state, { type: 'pickUpAssistant', neutral: false }).state;
    expect(picked.assistantsAt[3]).toEqual([]);
    expect(player(picked, 0).stack).toHaveLength(4);
  });

  it('cannot: no assistant in the stack and none at the destination: only ending the turn', () => {
    const s = build();
    for (const place of [1, 2, 4, 5]) placeAssistant(s, 0, place);
    const { state } = play(s, { type: 'move', to: 3 });
    expect(keys(state)).toEqual(['endTurn']);
    const ended = act(state, { type: 'endTurn' });
    expect(ended.checkpoint).toBe(true);
    expect(istanbul.activeSeats(ended.state)).toEqual([1]);
  });

  it('the Fountain needs no assistant: straight to its action', () => {
    const s = build();
    placeMerchant(s, 0, 3);
    player(s, 0).stack = [];
    for (const place of [1, 2, 4, 5]) s.assistantsAt[place]?.push(0);
    const { state } = play(s, { type: 'move', to: 7 });
    expect(top(state)).toEqual({ k: 'action', seat: 0, place: 7, family: false });
  });

  it('variant: a neutral assistant at the destination may be picked up like an own one; leaving puts the bottom one', () => {
    const s = build({ neutralAssistants: true });
    expect(player(s, 0).stack).toEqual(['neutral', 0, 0, 0]);
    const first = play(s, { type: 'move', to: 3 }, { type: 'leaveAssistant' }).state;
    expect(first.assistantsAt[3]).toEqual(['neutral']);
    // Seat 1 arrives there: it may take the neutral assistant (or leave its own bottom one, also neutral).
    const s1 = decide(first, { k: 'move', seat: 1 });
    const at3 = act(s1, { type: 'move', to: 3 }).state;
    expect(keys(at3)).toEqual(['pickUpAssistant:neutral', 'leaveAssistant', 'endTurn']);
    const picked = act(at3, { type: 'pickUpAssistant', neutral: true }).state;
    expect(player(picked, 1).stack).toEqual(['neutral', 'neutral', 1, 1, 1]);
    expect(picked.assistantsAt[3]).toEqual([]);
  });

  it('variant: both an own and a neutral assistant there: choose which to pick up', () => {
    const s = build({ neutralAssistants: true });
    placeMerchant(s, 0, 4);
    s.assistantsAt[3]?.push('neutral', 0);
    player(s, 0).stack = [0, 0];
    player(s, 1).stack = [1, 1, 1]; // the neutral on 3 was seat 1's
    const { state } = play(s, { type: 'move', to: 3 });
    expect(keys(state)).toEqual(['pickUpAssistant:own', 'pickUpAssistant:neutral', 'endTurn']);
  });
});

describe('phase 2: paying other merchants', () => {
  it('pays 2 lira to every other merchant at the destination', () => {
    const s = build();
    placeMerchant(s, 1, 3);
    placeMerchant(s, 2, 3);
    player(s, 0).lira = 5;
    const at3 = play(s, { type: 'move', to: 3 }, { type: 'leaveAssistant' }).state;
    expect(keys(at3)).toEqual(['payMerchants', 'endTurn']);
    const paid = act(at3, { type: 'payMerchants' }).state;
    expect(player(paid, 0).lira).toBe(1);
    expect(player(paid, 1).lira).toBe(5);
    expect(player(paid, 2).lira).toBe(6);
    expect(top(paid)?.k).toBe('action');
  });

  it('cannot pay: only ending the turn', () => {
    const s = build();
    placeMerchant(s, 1, 3);
    placeMerchant(s, 2, 3);
    player(s, 0).lira = 3;
    const at3 = play(s, { type: 'move', to: 3 }, { type: 'leaveAssistant' }).state;
    expect(keys(at3)).toEqual(['endTurn']);
  });

  it('no payment at the Fountain', () => {
    const s = build();
    placeMerchant(s, 0, 3);
    const { state } = play(s, { type: 'move', to: 7 });
    expect(top(state)?.k).toBe('action');
    expect(player(state, 0).lira).toBe(2);
  });

  it('2 players: a neutral merchant is paid 2 lira to the supply, then re-rolled with 2d6 (a checkpoint)', () => {
    const s = build({ players: 2 });
    // Seat 0 from the Fountain 7 to the Great Mosque 15 (2 steps), where a neutral merchant stands.
    s.rng = rngRolling(3, 6);
    player(s, 0).lira = 4;
    const at15 = play(s, { type: 'move', to: 15 }, { type: 'leaveAssistant' }).state;
    expect(top(at15)?.k).toBe('pay');
    const paid = act(at15, { type: 'payMerchants' });
    expect(paid.checkpoint).toBe(true);
    expect(player(paid.state, 0).lira).toBe(2);
    expect(player(paid.state, 1).lira).toBe(3);
    expect(paid.state.neutralMerchants).toEqual([14, 9, 16]);
    expect(paid.state.lastRoll).toEqual({ seat: 0, purpose: 'neutralMerchant', dice: [3, 6] });
    expect(paid.events.map((e) => e.key)).toContain('istanbul.event.neutralMerchantPaid');
    expect(top(paid.state)).toEqual({ k: 'action', seat: 0, place: 15, family: false });
  });

  it('2 players: a neutral merchant and the other player at the same place cost 4 lira', () => {
    const s = build({ players: 2 });
    placeMerchant(s, 1, 15);
    player(s, 0).lira = 3;
    const at15 = play(s, { type: 'move', to: 15 }, { type: 'leaveAssistant' }).state;
    expect(keys(at15)).toEqual(['endTurn']);
  });
});

describe('turn order and end of turn', () => {
  it('the turn passes clockwise; a new round starts with the start player', () => {
    let s = build();
    for (const seat of [0, 1, 2]) {
      expect(istanbul.activeSeats(s)).toEqual([seat]);
      s = play(s, { type: 'move', to: 3 }, { type: 'endTurn' }).state;
    }
    expect(s.round).toBe(2);
    expect(istanbul.activeSeats(s)).toEqual([0]);
  });

  it('encounters phase: the turn ends only by choice once nothing mandatory is left', () => {
    const s = build();
    const { state } = play(s, { type: 'move', to: 4 }, { type: 'leaveAssistant' }, { type: 'skipAction' });
    expect(top(state)?.k).toBe('encounters');
    expect(keys(state)).toEqual(['endTurn']);
  });

  it('a decision belongs to one seat: another seat has no legal action', () => {
    const s = build();
    expect(istanbul.legalActions(s, 1)).toEqual([]);
    expect(isLegal(s, { type: 'move', to: 3 }, 0)).toBe(true);
  });

  it('movement cards only in the movement phase (card at the wrong time)', () => {
    const s = build();
    giveCards(s, 0, 'stay', 'move3or4', 'returnAssistant');
    placeAssistant(s, 0, 1);
    expect(keys(s)).toEqual(expect.arrayContaining(['stay', 'moveFar:1', 'returnAssistant:1']));
    const after = play(s, { type: 'move', to: 3 }).state;
    for (const k of keys(after)) expect(k).not.toMatch(/^(stay|moveFar|returnAssistant)/);
  });
});

import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import { act, atAction, buildLs, giveCards, keys, lira, lsState, placeAssistant, play, player, setCompanion, top } from './builders.js';

// Starter layout: 16 15 22 3 10 / 8 1 7 21 4 / 2 23 6 12 9 / 24 11 5 14 13
describe('the companion', () => {
  it('the first Fountain action takes him from the general supply into the own supply', () => {
    const s = atAction(buildLs(), 0, 7);
    expect(keys(s)).toEqual(['fountainCompanion', 'skipAction']);
    const r = act(s, { type: 'fountainCompanion' });
    expect(lsState(r.state).companions[0]).toBe('supply');
    expect(top(r.state)?.k).toBe('encounters');
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.companionTaken');
  });

  it('one Fountain action: assistants back and the companion, each once, in either order', () => {
    const s = atAction(buildLs(), 0, 7);
    placeAssistant(s, 0, 3);
    placeAssistant(s, 0, 4);
    const first = act(s, { type: 'fountainRecall', from: 3 }).state;
    expect(keys(first)).toEqual(['fountainRecall:4', 'fountainCompanion', 'fountainDone']);
    const second = act(first, { type: 'fountainCompanion' }).state;
    expect(keys(second)).toEqual(['fountainRecall:4', 'fountainDone']);
    const done = act(second, { type: 'fountainRecall', from: 4 }).state;
    expect(top(done)?.k).toBe('encounters');
    expect(player(done, 0).stack).toHaveLength(4);
  });

  it('all assistants back at once leaves the companion still to take in the same Fountain action', () => {
    const s = atAction(buildLs(), 0, 7);
    placeAssistant(s, 0, 3);
    placeAssistant(s, 0, 4);
    expect(keys(s)).toEqual(['fountainRecall:3', 'fountainRecall:4', 'fountainRecallAll', 'fountainCompanion', 'skipAction']);
    const all = act(s, { type: 'fountainRecallAll' }).state;
    expect(player(all, 0).stack).toHaveLength(4);
    expect(keys(all)).toEqual(['fountainCompanion', 'fountainDone']);
  });

  it('a later Fountain action may return him from the board; not when he is already in the supply', () => {
    const s = atAction(buildLs(), 0, 7);
    setCompanion(s, 0, 9);
    const r = act(s, { type: 'fountainCompanion' });
    expect(lsState(r.state).companions[0]).toBe('supply');
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.companionReturned');
    const again = atAction(buildLs(), 0, 7);
    setCompanion(again, 0, 'supply');
    expect(keys(again)).toEqual(['skipAction']);
  });

  it('at the start of a turn he is placed beside the merchant for free, even with other merchants there', () => {
    const s = buildLs();
    setCompanion(s, 0, 'supply');
    player(s, 0).merchant = 3;
    player(s, 1).merchant = 3;
    expect(keys(s)).toContain('placeCompanion');
    const r = act(s, { type: 'placeCompanion' });
    expect(lsState(r.state).companions[0]).toBe(3);
    expect(lira(r.state, 0)).toBe(2);
    expect(top(r.state)).toEqual({ k: 'move', seat: 0 });
    // now the merchant or the companion moves: the companion exactly 1 step
    const moves = keys(r.state).filter((k) => k.startsWith('moveCompanion:'));
    expect(moves.sort()).toEqual(['moveCompanion:10', 'moveCompanion:21', 'moveCompanion:22'].sort());
    expect(keys(r.state)).toContain('move:7');
    expect(keys(r.state)).not.toContain('placeCompanion');
  });

  it('he works alone: no assistant; pays 2 lira for each other merchant and companion there, then the action', () => {
    const s = buildLs();
    setCompanion(s, 0, 7);
    player(s, 0).lira = 10;
    player(s, 1).merchant = 6;
    setCompanion(s, 2, 6);
    const moved = act(s, { type: 'moveCompanion', to: 6 }).state;
    expect(moved.lastMove).toEqual({ seat: 0, from: 7, to: 6, token: 'companion' });
    expect(top(moved)).toEqual({ k: 'pay', seat: 0 });
    const paid = act(moved, { type: 'payMerchants' });
    expect(lira(paid.state, 0)).toBe(6);
    expect(lira(paid.state, 1)).toBe(5);
    expect(lira(paid.state, 2)).toBe(6);
    expect(paid.events.map((e) => e.key)).toEqual(expect.arrayContaining(['istanbul.event.merchantPaid', 'istanbul.event.companionPaid']));
    expect(top(paid.state)).toEqual({ k: 'action', seat: 0, place: 6, family: false });
    expect(player(paid.state, 0).stack).toHaveLength(4);
    expect(paid.state.assistantsAt[6]).toEqual([]);
  });

  it('a merchant pays for other players’ companions too; nobody pays at the Fountain', () => {
    const s = buildLs();
    player(s, 0).lira = 10;
    setCompanion(s, 1, 21);
    const r = play(s, { type: 'move', to: 21 }, { type: 'leaveAssistant' });
    expect(top(r.state)).toEqual({ k: 'pay', seat: 0 });
    expect(lira(act(r.state, { type: 'payMerchants' }).state, 1)).toBe(5);
    const f = buildLs();
    setCompanion(f, 0, 1);
    player(f, 1).merchant = 7;
    setCompanion(f, 2, 7);
    const at = act(f, { type: 'moveCompanion', to: 7 }).state;
    expect(top(at)).toEqual({ k: 'action', seat: 0, place: 7, family: false });
  });

  it('his encounters happen where he stands: family members to capture, the Governor, the Courier', () => {
    const s = buildLs();
    setCompanion(s, 0, 7);
    player(s, 1).family = 21;
    s.governor = 21;
    lsState(s).courier = 21;
    player(s, 0).lira = 5;
    const r = play(s, { type: 'moveCompanion', to: 21 }, { type: 'skipAction' });
    expect(top(r.state)).toEqual({ k: 'encounters', seat: 0, captures: [1], governor: true, smuggler: false, courier: true });
  });

  it('cards showing the merchant do not apply to him: "Stay" and "3 or 4 steps" move the merchant', () => {
    const s = buildLs();
    setCompanion(s, 0, 13);
    giveCards(s, 0, 'move3or4', 'stay');
    player(s, 0).merchant = 16;
    const far = keys(s).filter((k) => k.startsWith('moveFar:'));
    // from the merchant on 16 (top left), 3 or 4 steps: never from the companion on 13 (bottom right)
    // 16 is at row 0, column 0: distance 3 to 3, 7, 23, 24; distance 4 to 10, 21, 6, 11
    expect(far.sort()).toEqual(['moveFar:3', 'moveFar:7', 'moveFar:23', 'moveFar:24', 'moveFar:10', 'moveFar:21', 'moveFar:6', 'moveFar:11'].sort());
    const stayed = act(s, { type: 'stay' }).state;
    expect(top(stayed)).toEqual({ k: 'assistant', seat: 0 });
    expect(stayed.turn.token).toBe('merchant');
  });

  it('the card "companion 2 steps": to a place exactly 2 steps away; not while he is off the board', () => {
    const s = buildLs();
    setCompanion(s, 0, 7);
    giveCards(s, 0, 'companionFar');
    const far = keys(s).filter((k) => k.startsWith('moveCompanionFar:')).map((k) => Number(k.split(':')[1]));
    // 7 is at row 1, column 2: the places at distance 2
    expect(far.sort((a, b) => a - b)).toEqual([3, 4, 5, 8, 12, 15, 23]);
    const r = act(s, { type: 'moveCompanionFar', to: 5 });
    expect(lsState(r.state).companions[0]).toBe(5);
    expect(r.state.discard).toEqual(['companionFar']);
    const off = buildLs();
    giveCards(off, 0, 'companionFar');
    expect(keys(off).some((k) => k.startsWith('moveCompanionFar'))).toBe(false);
  });

  it('the view shows companions on the board as figures and each player’s companion state', () => {
    const s = buildLs();
    setCompanion(s, 1, 9);
    setCompanion(s, 2, 'supply');
    const v = istanbul.view(s, null);
    expect(v.figures.extra).toEqual(expect.arrayContaining([{ kind: 'companion', seat: 1, place: 9 }]));
    expect(v.lettersAndSeals?.players.map((p) => p.companion)).toEqual(['box', 9, 'supply']);
  });
});

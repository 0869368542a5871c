/** Undo inside a turn walks back to the last random reveal or hand-over, never past it (engine canUndo). */
import { describe, expect, it } from 'vitest';
import { canUndo, replay, type LoggedAction } from '../../../../src/engine/index.js';
import { istanbul, type IstanbulAction } from '../../../../src/games/istanbul/index.js';

describe('undo within a turn', () => {
  it('move and assistant can be undone; the Black Market roll cannot; the next seat cannot undo the hand-over', () => {
    const options = { players: 3, layout: 'inOrder', neutralAssistants: false } as const;
    let state = istanbul.setup(options, 'undo');
    const seat = istanbul.activeSeats(state)[0] as number;
    const log: (LoggedAction & { checkpoint: boolean })[] = [];
    const doAction = (action: IstanbulAction): void => {
      const r = istanbul.apply(state, action, istanbul.activeSeats(state)[0] as number);
      log.push({ seat: istanbul.activeSeats(state)[0] as number, action, checkpoint: r.checkpoint });
      state = r.state;
    };
    // From the Fountain 7 to the Black Market 8 (1 step), leave an assistant.
    doAction({ type: 'move', to: 8 });
    expect(canUndo(log, seat)).toBe(true);
    doAction({ type: 'leaveAssistant' });
    expect(canUndo(log, seat)).toBe(true);
    // Undo = replay the log without its last action: back to the assistant decision.
    const undone = replay(istanbul, options, 'undo', log.slice(0, -1));
    expect(undone.state.pending).toEqual([{ k: 'assistant', seat }]);
    doAction({ type: 'blackMarketGood', good: 'red' });
    expect(canUndo(log, seat)).toBe(true);
    doAction({ type: 'blackMarketRoll' });
    expect(log[log.length - 1]?.checkpoint).toBe(true);
    expect(canUndo(log, seat)).toBe(false);
    while (istanbul.activeSeats(state)[0] === seat) {
      const legal = istanbul.legalActions(state, seat);
      doAction(legal.find((a) => a.type === 'endTurn') ?? (legal[0] as IstanbulAction));
    }
    const next = istanbul.activeSeats(state)[0] as number;
    expect(next).not.toBe(seat);
    expect(canUndo(log, next)).toBe(false);
    expect(canUndo(log, seat)).toBe(false);
  });
});

describe('decisions of another seat', () => {
  it('the top decision may belong to a seat that is not the turn player: only that seat acts', () => {
    const s = istanbul.setup({ players: 3, layout: 'inOrder', neutralAssistants: false }, 'other-seat');
    const turnSeat = s.turnSeat;
    const other = (turnSeat + 1) % 3;
    const p = s.players[other];
    if (p === undefined) throw new Error('no seat');
    p.hand = ['take5Lira'];
    s.deck.splice(s.deck.indexOf('take5Lira'), 1);
    // A decision of `other` on top of the turn player's movement decision.
    s.pending = [{ k: 'move', seat: turnSeat }, { k: 'finalCards', seat: other }];
    expect(istanbul.activeSeats(s)).toEqual([other]);
    expect(istanbul.legalActions(s, turnSeat)).toEqual([]);
    expect(istanbul.legalActions(s, other).map((a) => a.type)).toEqual(['take5Lira', 'finish']);
    expect(istanbul.view(s, null).decision?.seat).toBe(other);
    expect(istanbul.view(s, null).turnSeat).toBe(turnSeat);
  });
});

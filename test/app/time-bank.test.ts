/**
 * The time bank's rule, as a player would state it: each player starts with the bank; the bank of the
 * player deciding runs; a move earns the increment; an absence stops the bank until the player is back; a
 * seat taken back with an empty bank plays on the increment.
 */
import { describe, expect, it } from 'vitest';
import { parseDeliveryPayload } from '../../src/app/outbox.js';
import { t } from '../../src/discord/i18n/index.js';
import { awayChanged, bankParts, banksAt, clockChoice, CLOCK_CHOICES, dueTurnSeats, emptied, firstTurn, nextTurn, parseTimeBanks, runsOutAt } from '../../src/app/time-bank.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const clock = clockChoice('1d+1h')!;
const present = (): null => null;

describe('the time bank', () => {
  it('offers four clocks, from an evening to a week', () => {
    expect(CLOCK_CHOICES.map((c) => [c.value, c.bankMs / HOUR, c.incrementMs / MINUTE])).toEqual([
      ['1h+5m', 1, 5],
      ['1d+1h', 24, 60],
      ['3d+4h', 72, 240],
      ['7d+12h', 168, 720],
    ]);
    expect(clockChoice('none')).toBeNull();
    expect(clockChoice('2h')).toBeNull();
  });

  it('the deciding player\'s bank runs; the move earns the increment; the next player\'s bank starts', () => {
    const start = firstTurn([0, 1], clock, 'a', [0], 1000, present);
    expect(banksAt(start, 1000 + 3 * HOUR)).toEqual([
      { seat: 0, leftMs: DAY - 3 * HOUR, running: true, pausedUntil: null },
      { seat: 1, leftMs: DAY, running: false, pausedUntil: null },
    ]);
    expect(runsOutAt(start)).toBe(1000 + DAY);
    const after = nextTurn(start, clock, 'b', [1], 1000 + 3 * HOUR, present);
    expect(after.banks).toEqual({ 0: DAY - 3 * HOUR + HOUR, 1: DAY });
    expect(after.running).toEqual({ 1: 1000 + 3 * HOUR });
    expect(runsOutAt(after)).toBe(1000 + 3 * HOUR + DAY);
  });

  it('a player who decides again within the same turn (a new decision of theirs) keeps running, without an increment', () => {
    const start = firstTurn([0, 1], clock, 'a', [0], 0, present);
    const again = nextTurn(start, clock, 'a2', [0], HOUR, present);
    // The hour spent is taken off, and the bank runs on from now.
    expect(again.banks).toEqual({ 0: DAY - HOUR, 1: DAY });
    expect(again.running).toEqual({ 0: HOUR });
    expect(runsOutAt(again)).toBe(runsOutAt(start));
  });

  it('an absence stops the bank now and starts it again when the player is back', () => {
    const start = firstTurn([0, 1], clock, 'a', [0], 0, present);
    const away = awayChanged(start, [0], 2 * HOUR, 2 * DAY);
    expect(banksAt(away, DAY)[0]).toEqual({ seat: 0, leftMs: DAY - 2 * HOUR, running: false, pausedUntil: 2 * DAY });
    expect(runsOutAt(away)).toBe(2 * DAY + DAY - 2 * HOUR);
    // A turn that begins while the player is away starts their bank when they are back.
    const later = nextTurn(firstTurn([0, 1], clock, 'a', [0], 0, present), clock, 'b', [1], HOUR, () => 3 * DAY);
    expect(later.running).toEqual({ 1: 3 * DAY });
    // Back early ("off"): the bank runs from now.
    expect(awayChanged(away, [0], DAY, null).running).toEqual({ 0: DAY });
  });

  it('an empty bank no longer runs; the seat taken back plays its next move on the increment alone', () => {
    const start = firstTurn([0, 1], clock, 'a', [0], 0, present);
    const out = emptied(start, 0, 'a');
    expect(out.banks[0]).toBe(0);
    expect(out.running).toEqual({});
    expect(runsOutAt(out)).toBeNull();
    const back = nextTurn(nextTurn(out, clock, 'b', [1], DAY, present), clock, 'c', [0], DAY + HOUR, present);
    expect(back.banks[0]).toBe(HOUR);
    expect(back.running).toEqual({ 0: DAY + HOUR });
  });

  it('the turn that was due when a bank ran out is its stand-in\'s to play, and only that turn', () => {
    const both = firstTurn([0, 1], clock, 'a', [0, 1], 0, present);
    const out = emptied(emptied(both, 0, 'a'), 1, 'a');
    expect(dueTurnSeats(out, 'a')).toEqual([0, 1]);
    expect(dueTurnSeats(out, 'b')).toEqual([]);
    // Kept through a restart (the banks are stored as JSON), gone with the next turn.
    expect(parseTimeBanks(JSON.parse(JSON.stringify(out)) as unknown)).toEqual(out);
    expect(dueTurnSeats(nextTurn(out, clock, 'b', [], HOUR, present), 'a')).toEqual([]);
    // A bank running out in a later turn starts that turn's list.
    expect(emptied(out, 1, 'b').dueTurn).toEqual({ marker: 'b', seats: [1] });
    expect(parseTimeBanks({ ...out, dueTurn: { marker: 'a', seats: ['x'] } })).toBe('the turn that was due is not a turn and seats');
  });

  it('a board stored when a bank running out could still end the game is read and told as it was', () => {
    const stored = JSON.stringify({ kind: 'board', summary: [], notes: [{ kind: 'outOfTimeEnds', seat: 1 }], concededTo: null, picture: true });
    expect(parseDeliveryPayload('board', stored)).toMatchObject({ kind: 'board', notes: [{ kind: 'outOfTimeEnds', seat: 1 }] });
    for (const locale of ['en', 'de', 'nl'] as const) expect(t(locale, 'board.outOfTimeEnds', { player: 'Bob' })).toContain('Bob');
  });

  it('reads stored banks and refuses damaged ones', () => {
    const stored = JSON.parse(JSON.stringify(firstTurn([0, 1], clock, 'a', [0], 5, present))) as unknown;
    expect(parseTimeBanks(stored)).toEqual(firstTurn([0, 1], clock, 'a', [0], 5, present));
    expect(parseTimeBanks({ marker: 'a', seats: [0], banks: { 0: 'soon' }, running: {} })).toBe('the banks are not times');
    expect(parseTimeBanks({ marker: 'a', seats: [0], banks: {}, running: { x: 1 } })).toBe('the running banks are not times');
    expect(parseTimeBanks(null)).toBe('the time banks are not an object');
  });

  it('shows a bank to the minute begun', () => {
    expect(bankParts(DAY + 4 * HOUR)).toEqual({ days: 1, hours: 4, minutes: 0 });
    expect(bankParts(HOUR - 1000)).toEqual({ days: 0, hours: 1, minutes: 0 });
    expect(bankParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(bankParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

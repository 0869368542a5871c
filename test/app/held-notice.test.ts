/**
 * A direct message held until the player's quiet hours end, and the mention in the channel owed instead of
 * one Discord refused, are delivery rows like any other: read back and checked, and a row that cannot be
 * such a notice is set aside (a reason, not a notice).
 */
import { describe, expect, it } from 'vitest';
import { parseDeliveryPayload } from '../../src/app/outbox.js';

const notice = { kind: 'dm', userId: '100000000000000002', seat: 1, notice: 'reminder', postedIn: '300000000000000050', messageId: '300000000000000077', count: 2, limit: 3 };

describe('a held direct message', () => {
  it('is read back as written', () => {
    expect(parseDeliveryPayload('dm', JSON.stringify(notice))).toEqual(notice);
    const turn = { ...notice, notice: 'turn', count: undefined, limit: undefined };
    expect(parseDeliveryPayload('dm', JSON.stringify(turn))).toEqual({ kind: 'dm', userId: notice.userId, seat: 1, notice: 'turn', postedIn: notice.postedIn, messageId: notice.messageId });
  });

  it('that names no user, no seat, no post or an unknown notice cannot be read', () => {
    for (const damaged of [{ ...notice, userId: 'bob' }, { ...notice, seat: -1 }, { ...notice, messageId: null }, { ...notice, notice: 'gossip' }, { ...notice, count: 'two' }]) {
      expect(parseDeliveryPayload('dm', JSON.stringify(damaged))).toBe('the held notice is not readable');
    }
  });
});

describe('the mention owed instead of a refused direct message', () => {
  const mention = { kind: 'dm-fallback', userId: '100000000000000002', seat: 1, postedIn: '300000000000000050', messageId: '300000000000000077' };

  it('is read back as written', () => {
    expect(parseDeliveryPayload('dm-fallback', JSON.stringify(mention))).toEqual(mention);
  });

  it('that names no user, no seat or no post cannot be read', () => {
    for (const damaged of [{ ...mention, userId: '<@computer:1>' }, { ...mention, seat: 16 }, { ...mention, postedIn: undefined }, { ...mention, messageId: 12 }]) {
      expect(parseDeliveryPayload('dm-fallback', JSON.stringify(damaged))).toBe('the mention instead of a direct message is not readable');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CUSTOM_ID_MAX, encodeCustomId, encodeFrameValue, encodeSelectValue, parseCustomId, parseFrameValue, parseSelectValue, TABLE_COMMANDS, type CustomId } from '../../src/discord/codec.js';
import { TABLE_COMMAND_HANDLERS } from '../../src/discord/handlers/commands.js';

const samples: CustomId[] = [
  { gameId: 1, version: 0, verb: 'join' },
  { gameId: 42, version: 7, verb: 'quit' },
  { gameId: 42, version: 7, verb: 'start' },
  { gameId: 42, version: 7, verb: 'cancel' },
  { gameId: 42, version: 7, verb: 'turn' },
  { gameId: 42, version: 7, verb: 'hand' },
  { gameId: 42, version: 7, verb: 'log' },
  { gameId: 42, version: 123456, verb: 'act', seat: 3, index: 17 },
  { gameId: 42, version: 9, verb: 'sel', seat: 0, group: 2, page: 1 },
  { gameId: 42, version: 9, verb: 'undo', seat: 4 },
  { gameId: 42, version: 9, verb: 'undoall', seat: 4 },
  { gameId: 42, version: 9, verb: 'back', seat: 1 },
  { gameId: 42, version: 9, verb: 'sure', seat: 1, index: 31 },
  { gameId: 42, version: 9, verb: 'snooze', seat: 1 },
  { gameId: 42, version: 9, verb: 'vote', seat: 2, choice: 'kick' },
  { gameId: 42, version: 9, verb: 'confirm', what: 'leave' },
  { gameId: 42, version: 9, verb: 'confirm', what: 'abandon' },
  { gameId: 42, version: 9, verb: 'keep' },
  { gameId: 42, version: 9, verb: 'rematch' },
  { gameId: 42, version: 9, verb: 'logp', viewer: 0, page: 1, perPage: 0 },
  { gameId: 42, version: 9, verb: 'logp', viewer: 3, page: 12, perPage: 15 },
  { gameId: 999999999, version: 999999999, verb: 'sel', seat: 999999999, group: 999999999, page: 999999999 },
  // Replays
  { gameId: 42, version: 9, verb: 'replay' },
  { gameId: 42, version: 9, verb: 'rround' },
  { gameId: 42, version: 9, verb: 'rframe', frame: 0 },
  { gameId: 999999999, version: 999999999, verb: 'rframe', frame: 999999999 },
  // Many tables in one channel (the "which game?" menu, with the command's own options)
  { gameId: 42, version: 0, verb: 'pick', command: 'status', args: [] },
  { gameId: 42, version: 0, verb: 'pick', command: 'log', args: [0] },
  { gameId: 42, version: 0, verb: 'pick', command: 'settings', args: [13, 0, 49] },
];

describe('custom_id codec', () => {
  it('round-trips every verb within 100 characters', () => {
    for (const id of samples) {
      const text = encodeCustomId(id);
      expect(text.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
      expect(text.startsWith(`g1:${id.gameId}:${id.version}:${id.verb}`)).toBe(true);
      expect(parseCustomId(text)).toEqual(id);
    }
  });

  it('rejects anything it did not produce', () => {
    const bad: unknown[] = [
      undefined,
      null,
      42,
      '',
      'g1',
      'g2:1:0:join',
      'g1:0:0:join',
      'g1:01:0:join',
      'g1:1:-1:join',
      'g1:1:0:JOIN',
      'g1:1:0:join:extra',
      'g1:1:0:act',
      'g1:1:0:act:1',
      'g1:1:0:act:1:2:3',
      'g1:1:0:sure:1',
      'g1:1:0:undoall',
      'g1:1:0:act:a:2',
      'g1:1:0:act:1:2.5',
      'g1:1:0:act:1:1e3',
      'g1:1:0:sel:1:2',
      'g1:1:0:pick',
      'g1:1:0:pick:status:1',
      'g1:1:0:pick:log',
      'g1:1:0:pick:settings:1:2',
      'g1:1:0:pick:new',
      'g1:1:0:pick:toString',
      'g1:1:0:pick:log:-1',
      'g1:1:0:vote:1:maybe',
      'g1:1:0:confirm',
      'g1:1:0:confirm:delete',
      'g1:1:0:confirm:leave:now',
      'g1:1:0:keep:leave',
      'g1:1:0:rematch:1',
      'g1:1:0:undo',
      'g1:1:0:snooze:x',
      'g1:1:0:delete',
      'g1:1:0:__proto__',
      'g1:1:0:act:1:12345678901',
      'g1:1:0:logp:1:0:0',
      'g1:1:0:logp:1:2',
      'g1:1:0:logp:1:2:0:0',
      'g1:1:0:logp:x:2:0',
      'g1:1:0:replay:0',
      'g1:1:0:rround:1',
      'g1:1:0:rframe',
      'g1:1:0:rframe:-1',
      'g1:1:0:rframe:01',
      'g1:1:0:rframe:1:2',
      'g1:1:0:rframe:1e2',
      `g1:1:0:join${' '.repeat(100)}`,
      'x'.repeat(101),
    ];
    for (const raw of bad) expect(parseCustomId(raw), String(raw)).toBeNull();
  });

  it("the which-game menu carries as many options as each command about a game declares besides the game", () => {
    const hosted = { games: [], players: { min: 2, max: 5 } };
    for (const handler of Object.values(TABLE_COMMAND_HANDLERS)) {
      const own = handler.data.options(hosted).filter((option) => option.name !== 'game');
      expect(own.length, handler.route).toBe(TABLE_COMMANDS[handler.table]);
    }
  });

  it('select values: an action index or a page, nothing else', () => {
    expect(parseSelectValue(encodeSelectValue({ kind: 'action', index: 12 }))).toEqual({ kind: 'action', index: 12 });
    expect(parseSelectValue(encodeSelectValue({ kind: 'page', page: 3 }))).toEqual({ kind: 'page', page: 3 });
    for (const raw of ['', 'a', 'p', 'a-1', 'a01', 'x3', 'a1.5', 'p 1', 3, null, 'a99999999999']) expect(parseSelectValue(raw), String(raw)).toBeNull();
  });

  it("a replay's round option: the frame it shows, nothing else", () => {
    expect(parseFrameValue(encodeFrameValue(0))).toBe(0);
    expect(parseFrameValue(encodeFrameValue(186))).toBe(186);
    for (const raw of ['', 'f', 'f-1', 'f01', 'p3', 'a3', 'f1.5', 'f 1', 3, null, 'f99999999999', '__proto__']) expect(parseFrameValue(raw), String(raw)).toBeNull();
  });
});

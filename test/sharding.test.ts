/**
 * Which shard owns a guild, Discord's formula: (guild_id >> 22) % shard_count.
 */
import { describe, expect, it } from 'vitest';
import { delivererName, resolveShards, runsAllShards, runsGuild, shardOfGuild } from '../src/sharding.js';

describe('guild -> shard', () => {
  it('takes the timestamp part of the id modulo the count: 197038439483310086 >> 22 = 46977624770', () => {
    expect(shardOfGuild('197038439483310086', 1)).toBe(0);
    expect(shardOfGuild('197038439483310086', 2)).toBe(0);
    expect(shardOfGuild('197038439483310086', 3)).toBe(2);
    expect(shardOfGuild('197038439483310086', 7)).toBe(46977624770 % 7);
    // The low 22 bits (worker, process, increment) never matter.
    expect(shardOfGuild(((46977624770n << 22n) | 0x3fffffn).toString(), 3)).toBe(2);
  });

  it('ids beyond 2^53 keep their precision (the shift happens on the 64-bit value)', () => {
    const id = ((2n ** 41n + 5n) << 22n) | 0x3fffffn;
    expect(shardOfGuild(id.toString(), 16)).toBe(5);
  });

  it('a process runs a guild when it runs the guild’s shard; all shards means no filtering', () => {
    expect(runsGuild({ shardCount: 3, shardIds: [2] }, '197038439483310086')).toBe(true);
    expect(runsGuild({ shardCount: 3, shardIds: [0, 1] }, '197038439483310086')).toBe(false);
    expect(runsAllShards({ shardCount: 2, shardIds: [0, 1] })).toBe(true);
    expect(runsAllShards({ shardCount: 3, shardIds: [0, 2] })).toBe(false);
    expect(runsAllShards({ shardCount: 1, shardIds: [0] })).toBe(true);
  });
});

describe('the shards of this process', () => {
  it('SHARD_COUNT as a number is used as it is; auto asks Discord once; SHARD_IDS picks some of them', async () => {
    let asked = 0;
    const recommended = async () => {
      asked++;
      return 3;
    };
    expect(await resolveShards({ shardCount: 1, shardIds: 'all' }, recommended)).toEqual({ shardCount: 1, shardIds: [0] });
    expect(await resolveShards({ shardCount: 4, shardIds: [1, 3] }, recommended)).toEqual({ shardCount: 4, shardIds: [1, 3] });
    expect(asked).toBe(0);
    expect(await resolveShards({ shardCount: 'auto', shardIds: 'all' }, recommended)).toEqual({ shardCount: 3, shardIds: [0, 1, 2] });
    expect(asked).toBe(1);
  });

  it('the deliverer is named after its shards, plain bazaar when one process runs them all', () => {
    expect(delivererName({ shardCount: 1, shardIds: [0] })).toBe('bazaar');
    expect(delivererName({ shardCount: 2, shardIds: [0, 1] })).toBe('bazaar');
    expect(delivererName({ shardCount: 4, shardIds: [1, 3] })).toBe('bazaar shards 1,3 of 4');
  });
});

/**
 * Discord snowflakes: milliseconds since the Discord epoch (2015-01-01) in the top 42 bits, then worker,
 * process and a 12-bit increment. Current timestamps give 18-19 digit ids, as on Discord.
 */
import type { Clock } from './clock.js';

export const DISCORD_EPOCH = 1420070400000n;

export class SnowflakeGenerator {
  #increment = 0n;
  #lastMs = 0n;

  constructor(
    private readonly clock: Clock,
    private readonly worker = 1n,
  ) {}

  /** Strictly increasing ids, even with a frozen clock (the timestamp part creeps forward when needed). */
  next(): string {
    let ms = BigInt(Math.floor(this.clock.now())) - DISCORD_EPOCH;
    if (ms > this.#lastMs) {
      this.#lastMs = ms;
      this.#increment = 0n;
    } else {
      ms = this.#lastMs;
      this.#increment++;
      if (this.#increment > 0xfffn) {
        this.#lastMs = ms = ms + 1n;
        this.#increment = 0n;
      }
    }
    return ((ms << 22n) | (this.worker << 17n) | this.#increment).toString();
  }

  /**
   * The next id that shard `shardId` of `shardCount` owns (`(id >> 22) % shardCount`, the timestamp part):
   * the timestamp creeps forward by at most shardCount - 1 ms to land on the shard.
   */
  nextOnShard(shardId: number, shardCount: number): string {
    const id = BigInt(this.next());
    const ms = id >> 22n;
    const skip = (BigInt(shardId) - (ms % BigInt(shardCount)) + BigInt(shardCount)) % BigInt(shardCount);
    if (skip === 0n) return id.toString();
    this.#lastMs = ms + skip;
    this.#increment = 0n;
    return ((this.#lastMs << 22n) | (this.worker << 17n)).toString();
  }
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^\d{17,19}$/.test(value);
}

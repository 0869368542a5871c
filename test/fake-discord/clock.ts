/**
 * The fake's notion of time. Discord's deadlines (3 s to acknowledge an interaction, 15 min token
 * lifetime) and every timestamp and snowflake the fake produces read this clock, so a test can jump
 * ahead (`clock.advance(3_001)`) instead of sleeping.
 */
import { EventEmitter } from 'node:events';

export interface Clock {
  now(): number;
}

export class FakeClock extends EventEmitter implements Clock {
  #offset = 0;

  constructor(private readonly base: () => number = Date.now) {
    super();
  }

  now(): number {
    return this.base() + this.#offset;
  }

  /** Moves time forward; deadlines that pass are enforced immediately (listeners of 'advance'). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`cannot move the clock by ${ms} ms`);
    this.#offset += ms;
    this.emit('advance', ms);
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}

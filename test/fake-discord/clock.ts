/**
 * The fake's notion of time. Discord's deadlines (3 s to acknowledge an interaction, 15 min token
 * lifetime) and every timestamp and snowflake the fake produces read this clock, so a test can jump
 * ahead (`clock.advance(3_001)`) instead of sleeping, or freeze it to make elapsed time exact.
 */
import { EventEmitter } from 'node:events';

export interface Clock {
  now(): number;
}

export class FakeClock extends EventEmitter implements Clock {
  #offset = 0;
  #frozenAt: number | undefined;

  constructor(private readonly base: () => number = Date.now) {
    super();
  }

  now(): number {
    return (this.#frozenAt ?? this.base()) + this.#offset;
  }

  /** Moves time forward; deadlines that pass are enforced immediately (listeners of 'advance'). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`cannot move the clock by ${ms} ms`);
    this.#offset += ms;
    this.emit('advance', ms);
  }

  /** Stops time: from now on only advance() moves it. */
  freeze(): void {
    this.#frozenAt ??= this.base();
  }

  /** Lets time run again from where it stands (never backwards). */
  unfreeze(): void {
    if (this.#frozenAt === undefined) return;
    this.#offset += this.#frozenAt - this.base();
    this.#frozenAt = undefined;
  }

  get frozen(): boolean {
    return this.#frozenAt !== undefined;
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}

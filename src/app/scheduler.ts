/**
 * Runs the scheduled jobs stored in the database (reminders, idle deadlines, open idle votes). The jobs
 * live in the database, so they survive restarts; the clock is injectable so tests move time instead of
 * waiting. Each due job is claimed (deleted) by exactly one runner, and the reminder or vote it asks for
 * is written to the outbox in the same transaction; the deliverer (the Discord layer) posts it.
 */
import type { Logger } from '../logger.js';
import type { GameService } from './game-service.js';

/** Plays a computer turn that is owed (its job came due): under the game's lock; never rejects. */
export interface OwedComputerTurns {
  play(game: { gameId: number; channelId: string }): Promise<void>;
}

/** Told which games got new deliveries, so they are posted now rather than at the deliverer's next look. */
export interface DeliveryTrigger {
  /** Resolves when the attempt is over (delivered, or left for a retry); never rejects. */
  deliverSoon(games: readonly { gameId: number; channelId: string }[]): Promise<void>;
}

export class Scheduler {
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | null = null;

  constructor(
    private readonly service: GameService,
    private readonly trigger: DeliveryTrigger,
    private readonly logger: Logger,
    private readonly intervalMs = 30_000,
    /** Plays the computer turns whose jobs came due (a turn that stalled: a failure, a restart). */
    private readonly computers?: OwedComputerTurns,
  ) {}

  /**
   * Runs every due job once, the owed computer turns included (played before it resolves); resolves with
   * how many deliveries the other jobs owed. Never rejects.
   */
  tick(): Promise<number> {
    // One tick at a time: two ticks must not claim the same turn's next reminder.
    this.#running ??= this.#tick().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #tick(): Promise<number> {
    await Promise.resolve();
    try {
      const owed = await this.service.runDueJobs();
      this.service.outage.answered();
      if (owed.length > 0) await this.trigger.deliverSoon(owed);
      const computers = this.computers;
      if (computers !== undefined) await Promise.all((await this.service.dueComputerTurns()).map((game) => computers.play(game)));
      return owed.length;
    } catch (error) {
      // An unreachable database is logged once for the outage, not at every tick.
      if (!this.service.outage.failed(error, 'scheduled jobs')) this.logger.error({ err: error }, 'cannot read the scheduled jobs');
      return 0;
    }
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.tick(), this.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}

/**
 * Runs the scheduled jobs stored in the database (reminders, idle deadlines, open idle votes). The
 * jobs live in SQLite, so they survive restarts; the clock is injectable so tests move time instead of
 * waiting. Each due job is claimed (deleted) by exactly one runner, then handled under its channel's lock,
 * and what it asks for is posted by the notifier (the Discord layer).
 */
import type { Logger } from '../logger.js';
import type { GameService, JobNotice } from './game-service.js';

export interface Notifier {
  notify(notice: JobNotice): Promise<void>;
}

export class Scheduler {
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | null = null;

  constructor(
    private readonly service: GameService,
    private readonly notifier: Notifier,
    private readonly logger: Logger,
    private readonly intervalMs = 30_000,
  ) {}

  /** Runs every due job once; resolves with how many notices were posted. Never rejects. */
  tick(): Promise<number> {
    // One tick at a time: a slow post must not let the next tick claim the same turn's next reminder.
    this.#running ??= this.#tick().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #tick(): Promise<number> {
    let posted = 0;
    let jobs;
    try {
      jobs = this.service.claimDueJobs();
    } catch (error) {
      this.logger.error({ err: error }, 'cannot read the scheduled jobs');
      return 0;
    }
    for (const job of jobs) {
      const game = this.service.repo.findById(job.gameId);
      if (game === undefined) continue;
      try {
        await this.service.locked(game.channelId, async () => {
          const notice = this.service.runJob(job);
          if (notice === null) return;
          await this.notifier.notify(notice);
          posted++;
        });
      } catch (error) {
        this.logger.error({ err: error, gameId: job.gameId, channelId: game.channelId, job: job.kind }, 'scheduled job failed');
      }
    }
    return posted;
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

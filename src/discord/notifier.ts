/** Posts what the scheduler's jobs ask for: reminders with a Snooze button, and idle votes. */
import type { JobNotice } from '../app/game-service.js';
import type { Notifier } from '../app/scheduler.js';
import type { Logger } from '../logger.js';
import type { BotContext } from './context.js';
import { reminderMessage, voteMessage } from './messages.js';
import { presenterFor, sendableChannel } from './respond.js';

export class DiscordNotifier implements Notifier {
  constructor(
    private readonly ctx: BotContext,
    private readonly logger: Logger,
  ) {}

  async notify(notice: JobNotice): Promise<void> {
    const game = notice.game;
    const channel = await sendableChannel(this.ctx.client, game.row.channelId);
    if (notice.kind === 'reminder') {
      await channel.send(reminderMessage(game, presenterFor(this.ctx, game.row.kind), notice.seats, notice.count, notice.limit));
      this.logger.info({ gameId: game.row.id, seats: notice.seats, count: notice.count }, 'reminder posted');
      return;
    }
    const tallies = notice.seats.map((seat) => this.ctx.service.voteTally(game, seat));
    await channel.send(voteMessage(game, notice.seats, notice.idleHours, notice.repeat, tallies));
    this.logger.info({ gameId: game.row.id, seats: notice.seats }, 'idle vote posted');
  }
}

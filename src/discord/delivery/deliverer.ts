/**
 * Delivers the outbox: everything a channel is owed after a commit (lobby, boards, reminders, idle votes,
 * announcements) is posted from here, never directly by a handler. A handler that committed a change
 * asks for delivery while it still holds the game's lock (`deliverHeld`), so the mover usually sees the
 * board before their panel answers; whatever could not be posted then (Discord down, the process killed)
 * is posted by the poll loop later, after a restart too.
 *
 * Exactly once: a delivery is posted in the channel with a nonce and `enforce_nonce`, so Discord itself
 * returns the first message if a retry repeats a post whose answer was lost (a crash between post and
 * record); a board posted as a click's follow-up takes no nonce, so one that may have been posted so is
 * first looked for in the channel (#postedEarlier); the message id is recorded with the delivery. Boards
 * owed one after another while Discord was unreachable are posted as one board (the newest state, with
 * every missed turn's summary); the others are marked superseded. When a newer board is up, the buttons
 * come off the older messages (disarming), recorded too, so a crash leaves no live old board behind for
 * long: the poll loop finishes the job.
 */
import { ChannelType, DiscordAPIError, SnowflakeUtil, type Message } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { Delivery } from '../../app/outbox.js';
import type { Logger } from '../../logger.js';
import type { BotContext, Deliverer } from '../types.js';
import { t } from '../i18n/index.js';
import { gameLocale, laidOut, withFirstLine, type PublicMessage } from '../messages/index.js';
import { sendableChannel } from '../respond.js';
import { describeError } from '../errors.js';
import { clickArrivedAt, outsideClick } from '../click-time.js';
import { followersToTell, tellFollowersDirectly, withFollowerMentions } from '../follower-notices.js';
import { isAbandonedNotice, isFollowedNews, planDeliveries, type DeliveryStep } from './plan.js';
import { postTarget, openThread, closeThread, endInThread, type ThreadChoice } from './threads.js';
import { toldOfTurn, directMessages, heldNotice } from './direct-messages.js';
import { stepMessage } from './compose.js';
import { disarmUntracked, disarmStale } from './stale-buttons.js';
import { clickBeingAnswered, outsideAnswer, ThroughInteraction } from './through-interaction.js';
import { unrecordedBoard } from './read-back.js';
import { postInForum } from './forum-post.js';

/** A message the bot posted: its id, and where it is (a forum post's starter message is in its own thread). */
type Posted = Pick<Message, 'id' | 'channelId'>;

/** Discord's answers that mean the bench channel is gone or closed to the bot (or, a forum, asks a tag of every post since). */
const BENCH_GONE = new Set([10003, 50001, 50013, 40067]);

export interface DelivererOptions {
  /** How often to look for due deliveries and stale buttons (default 2 s). */
  readonly pollMs?: number;
}

export class OutboxDeliverer implements Deliverer {
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #inFlight = new Set<Promise<unknown>>();
  #stopped = false;
  #polling: Promise<void> | null = null;
  /** Boards posted as a click's follow-up, and the buttons taken off them with its token. */
  readonly #throughInteraction: ThroughInteraction;
  /** When this deliverer began: an older delivery still owed was left by a process that died. */
  readonly #since: number;

  constructor(
    private readonly ctx: BotContext,
    private readonly logger: Logger,
    private readonly options: DelivererOptions = {},
  ) {
    this.#throughInteraction = new ThroughInteraction(ctx.client, () => ctx.service.now());
    this.#since = ctx.service.now();
  }

  /** Takes back what this deliverer held before a restart, then looks at the outbox every `pollMs`. */
  async start(): Promise<void> {
    if (this.#timer !== undefined) return;
    const taken = await this.ctx.service.outbox.takeBack();
    if (taken > 0) this.logger.info({ deliveries: taken }, 'deliveries held before a restart are taken back');
    this.#timer = setInterval(() => void this.poll(), this.options.pollMs ?? 2_000);
    this.#timer.unref();
    void this.poll();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight]);
  }

  #track<T>(task: Promise<T>): Promise<T> {
    this.#inFlight.add(task);
    void task.finally(() => this.#inFlight.delete(task)).catch(() => undefined);
    return task;
  }

  /** One look: every game with due deliveries, and every game with stale buttons. Never rejects. */
  poll(): Promise<void> {
    this.#polling ??= this.#poll().finally(() => {
      this.#polling = null;
    });
    return this.#polling;
  }

  async #poll(): Promise<void> {
    if (this.#stopped) return;
    try {
      const { service } = this.ctx;
      const due = await service.outbox.gamesWithDue();
      const stale = await service.outbox.gamesWithStaleButtons();
      const games = new Map<number, string>();
      for (const g of [...due, ...stale]) games.set(g.gameId, g.channelId);
      service.outage.answered();
      await Promise.all([...games].map(([gameId, channelId]) => this.deliverGame(gameId, channelId)));
    } catch (error) {
      // An unreachable database is logged once for the outage, not at every poll.
      if (!this.ctx.service.outage.failed(error, 'outbox poll')) this.logger.error({ err: error }, 'cannot read the outbox');
    }
  }

  async deliverSoon(games: readonly { gameId: number; channelId: string }[]): Promise<void> {
    const unique = new Map(games.map((g) => [g.gameId, g.channelId]));
    await Promise.all([...unique].map(([gameId, channelId]) => this.deliverGame(gameId, channelId)));
  }

  /** Takes the game's lock, then delivers what the game is owed. Never rejects. */
  deliverGame(gameId: number, channelId: string): Promise<ReadonlySet<number>> {
    return this.#track(
      this.ctx.service
        .lockedGame(gameId, () => this.deliverHeld(gameId))
        .catch((error: unknown) => {
          if (!this.ctx.service.outage.failed(error, 'delivery')) this.logger.error({ err: error, gameId, channelId }, 'delivery failed');
          return new Set<number>();
        }),
    );
  }

  /**
   * Delivers what the game is owed now; the caller holds the game's lock. Returns the ids of the
   * deliveries that are in the channel (posted, or superseded by one that was posted). `current`: the
   * game as it stands under the lock, when the caller has it (it is then not read again).
   */
  async deliverHeld(gameId: number, current?: Snapshot): Promise<ReadonlySet<number>> {
    const done = new Set<number>();
    if (this.#stopped) return done;
    const { service } = this.ctx;
    // A second round posts what the first owed in turn (a mention instead of a refused direct message), still under the lock.
    for (let round = 0; round < 2; round++) {
      const claimed = await service.outbox.claim(gameId);
      if (claimed.length === 0) break;
      // A second round reads the game again: the first may have changed where it is shown (a new thread).
      const loaded = round === 0 && current !== undefined ? { ok: true as const, game: current } : await service.byId(gameId);
      if (!loaded.ok) {
        // A damaged game is reported by the service; its deliveries wait (and are looked at again later).
        for (const d of claimed) await service.outbox.failed(d, `the game cannot be loaded (${loaded.code})`);
        return done;
      }
      if (!(await this.#deliver(loaded.game, claimed, done))) break;
    }
    await disarmStale(this.ctx, this.logger, gameId, current?.row.status, this.#throughInteraction);
    return done;
  }

  /** Posts the planned steps in order; true when they owed something new (a mention instead of a refused direct message). */
  async #deliver(game: Snapshot, claimed: readonly Delivery[], done: Set<number>): Promise<boolean> {
    const { outbox } = this.ctx.service;
    const earlier = await this.#postedEarlier(game, claimed, done);
    const plan = planDeliveries(game, earlier.owed);
    await outbox.superseded(plan.dropped, null);
    const thread: ThreadChoice = { use: game.row.useThread, id: game.row.threadId };
    let owedMore = false;
    for (const [index, step] of plan.steps.entries()) {
      if (step.kind === 'dm') {
        // Best effort, like every direct message: a failure costs that message only, never the posts behind it.
        // A refusal (closed direct messages) is recorded with the held notice done, in one transaction.
        const sent = await heldNotice(this.ctx, this.logger, game, step.delivery);
        if (sent === 'done') await outbox.delivered(step.delivery, null);
        if (sent === 'owed') owedMore = true;
        done.add(step.delivery.id);
        continue;
      }
      try {
        const composed = await stepMessage(this.ctx, this.logger, game, step);
        let target = await postTarget(this.ctx, this.logger, game, step, thread);
        // Whoever must decide hears it as they chose: a ping in the channel, a direct message, or both.
        const told = await toldOfTurn(this.ctx, game, step, composed);
        // Followers hear of a new board picture as they chose (../follower-notices.ts).
        const followers = await followersToTell(this.ctx, game, isFollowedNews(step));
        const pinged = withFollowerMentions({ ...composed, allowedMentions: { ...composed.allowedMentions, users: told.filter((d) => d.ping).map((d) => d.userId) } }, followers, game);
        const message = target.notice === undefined ? pinged : withFirstLine(pinged, target.notice);
        let sent: Posted;
        try {
          sent = step.kind === 'board' && earlier.board !== undefined ? earlier.board : await this.#post(game, target.channelId, message, step);
        } catch (error) {
          // The game's thread was deleted: the game goes on in its channel when no other game runs there,
          // else in a new thread of its own; where it goes on is told so once.
          if (target.channelId === game.row.channelId || step.kind === 'bench' || !(error instanceof DiscordAPIError && error.code === 10003)) throw error;
          const goesOn = await this.ctx.service.threadGone(game.row.id, game.row.channelId);
          this.logger.warn({ gameId: game.row.id, channelId: game.row.channelId, threadId: target.channelId, goesOn }, 'the game thread is gone');
          if (goesOn === 'channel') {
            thread.use = false;
            thread.id = null;
            target = { channelId: game.row.channelId };
            sent = await this.#post(game, target.channelId, withFirstLine(pinged, t(gameLocale(game), 'thread.gone')), step);
          } else {
            thread.id = await openThread(this.ctx, this.logger, game, false);
            await this.ctx.service.threadOpened(game.row.id, thread.id);
            this.logger.info({ gameId: game.row.id, channelId: game.row.channelId, threadId: thread.id }, 'a new thread opened for the game');
            target = { channelId: thread.id };
            sent = await this.#post(game, target.channelId, withFirstLine(pinged, t(gameLocale(game), 'thread.replaced')), step);
          }
        }
        const finalBoard = step.kind === 'board' && game.row.status !== 'active';
        // A short text is no board: /game status and the history keep linking the last picture.
        const board = (step.kind === 'board' && step.picture) || step.kind === 'lobby';
        // A bench offer in a forum is in its own post (a thread of the forum).
        const postedIn = step.kind === 'bench' ? sent.channelId : target.channelId;
        await outbox.delivered(step.delivery, sent.id, { disarmed: finalBoard || step.delivery.payload.kind === 'announcement', postedIn, board });
        // The thread points to the final standings once; a repost (/game status after the end) does not repeat it.
        if (finalBoard && thread.id !== null && !(step.kind === 'board' && step.again)) await closeThread(this.ctx, this.logger, game, thread.id, sent.id, step.delivery);
        // An abandoned game ends in its thread too: its last post must not still ask someone to decide.
        if (isAbandonedNotice(step) && thread.id !== null && thread.id !== target.channelId) await endInThread(this.ctx, this.logger, game, thread.id, message, step.delivery);
        if (step.kind === 'board') this.#boardArrived(step);
        await outbox.superseded(step.merged, step.delivery);
        done.add(step.delivery.id);
        for (const m of step.merged) done.add(m.id);
        if (board) await disarmUntracked(this.ctx, game, sent.id);
        if (await directMessages(this.ctx, this.logger, game, step, told, target.channelId, sent.id)) owedMore = true;
        await tellFollowersDirectly(this.ctx, this.logger, game, followers, target.channelId, sent.id, `bz${step.delivery.id}`);
        this.logger.info({ gameId: game.row.id, channelId: game.row.channelId, delivery: step.delivery.id, kind: step.kind, messageId: sent.id }, 'delivered');
      } catch (error) {
        const reason = describeError(error);
        // The bench is gone or closed to the bot: the offer is given up (the table goes on; /game server names a new bench).
        if (step.kind === 'bench' && error instanceof DiscordAPIError && typeof error.code === 'number' && BENCH_GONE.has(error.code)) {
          this.logger.warn({ gameId: game.row.id, channelId: step.delivery.channelId, delivery: step.delivery.id, reason }, 'the bench cannot be posted in; the seat is not offered');
          await outbox.delivered(step.delivery, null);
          done.add(step.delivery.id);
          continue;
        }
        const at = await outbox.failed(step.delivery, reason);
        // Keep the order: what comes after waits for this one.
        const behind = [...step.merged, ...plan.steps.slice(index + 1).flatMap((later) => [later.delivery, ...later.merged])];
        await outbox.waitBehind(behind, step.delivery, at);
        this.logger.warn({ gameId: game.row.id, channelId: game.row.channelId, delivery: step.delivery.id, kind: step.kind, attempt: step.delivery.attempts + 1, retryAt: at, reason }, 'delivery failed; it will be tried again');
        this.#wakeAt(at);
        return owedMore;
      }
    }
    return owedMore;
  }

  #wakeAt(at: number): void {
    if (this.#stopped) return;
    const delay = Math.max(0, at - this.ctx.service.now());
    // The retry is no part of the click whose handling may have set it (its boards count as the outbox's,
    // and go to the channel: the click's answer is over).
    const timer = outsideClick(() => outsideAnswer(() => setTimeout(() => void this.poll(), delay + 5)));
    timer.unref();
  }

  /**
   * A board is in the channel: how long after its click (posted while the click was handled), or after
   * the oldest change it carries was written (posted later by the poll loop, e.g. after an outage).
   */
  #boardArrived(step: Extract<DeliveryStep, { kind: 'board' }>): void {
    const metrics = this.ctx.metrics;
    if (metrics === undefined) return;
    const click = clickArrivedAt();
    if (click !== undefined) {
      metrics.clickToBoard.observe({ path: 'click' }, (performance.now() - click) / 1000);
      return;
    }
    const written = Math.min(step.delivery.createdAt, ...step.merged.map((d) => d.createdAt));
    metrics.clickToBoard.observe({ path: 'outbox' }, Math.max(0, this.ctx.service.now() - written) / 1000);
  }

  /**
   * Posts a step's message: a board owed by the click being answered, as that click's follow-up when it
   * happened where the board goes (no request of the bot's global rate limit); otherwise, or when Discord
   * refuses the follow-up, in the channel.
   */
  async #post(game: Snapshot, channelId: string, message: PublicMessage, step: DeliveryStep): Promise<Posted> {
    const click = step.kind === 'board' ? clickBeingAnswered(game.row.id) : undefined;
    if (click !== undefined && click.channelId === channelId) {
      const sent = await this.#throughInteraction.post(click, laidOut(message));
      if (sent !== undefined) return sent;
      this.logger.info({ gameId: game.row.id, channelId, delivery: step.delivery.id }, 'the follow-up was refused; the board is posted in the channel');
    }
    // A forum (a bench may be one) takes posts, not messages.
    const where = this.ctx.client.channels.cache.get(channelId) ?? (await this.ctx.client.channels.fetch(channelId));
    if (where?.type === ChannelType.GuildForum) return postInForum(this.ctx, this.logger, game, where, message, step.delivery);
    const channel = await sendableChannel(this.ctx.client, channelId);
    // The nonce makes a repeated post (the answer to the first was lost) return the first message.
    return channel.send({ ...laidOut(message), nonce: `bz${step.delivery.id}`, enforceNonce: true });
  }

  /**
   * What of the claimed deliveries may be in the channel already without a record. A board posted as a
   * click's follow-up carries no nonce: when it is owed still after the bot died (the delivery is older than
   * this deliverer) or after an attempt failed (its answer may have been lost), the channel is read back
   * first (read-back.ts). A board found there stands for the claimed boards whose version it shows: for all
   * of them it is the board step's post (`board`); for the older ones only, they are recorded as delivered
   * by it and the rest is owed (`owed`).
   */
  async #postedEarlier(game: Snapshot, claimed: readonly Delivery[], done: Set<number>): Promise<{ owed: readonly Delivery[]; board?: Message }> {
    const boards = claimed.filter((d) => d.payload.kind === 'board');
    if (!boards.some((d) => d.attempts > 0 || d.createdAt < this.#since)) return { owed: claimed };
    const shownIn = game.row.status === 'active' && game.row.useThread && game.row.threadId !== null ? game.row.threadId : game.row.channelId;
    // After the game's last board picture (Discord's time, not the bot's clock), else from the owed boards' time.
    const after = game.row.boardMessageId ?? SnowflakeUtil.generate({ timestamp: Math.min(...boards.map((d) => d.createdAt)) - 60_000 }).toString();
    const found = await unrecordedBoard(this.ctx, this.logger, game.row.id, shownIn, after);
    if (found === undefined) return { owed: claimed };
    const shown = boards.filter((d) => d.version <= found.version);
    this.logger.info({ gameId: game.row.id, channelId: shownIn, messageId: found.message.id, deliveries: shown.map((d) => d.id) }, 'a board posted before its record was found in the channel');
    if (shown.length === boards.length) return { owed: claimed, board: found.message };
    const last = shown.at(-1);
    if (last === undefined) return { owed: claimed };
    const { outbox } = this.ctx.service;
    await outbox.delivered(last, found.message.id, { postedIn: shownIn });
    await outbox.superseded(shown.slice(0, -1), last);
    for (const d of shown) done.add(d.id);
    return { owed: claimed.filter((d) => !shown.includes(d)) };
  }
}

/**
 * Delivers the outbox: everything a channel is owed after a commit (lobby, boards, reminders, idle votes,
 * announcements) is posted from here, never directly by a handler. A handler that committed a change
 * asks for delivery while it still holds the game's lock (`deliverHeld`), so the mover usually sees the
 * board before their panel answers; whatever could not be posted then (Discord down, the process killed)
 * is posted by the poll loop later, after a restart too.
 *
 * Exactly once: a delivery is posted with a nonce and `enforce_nonce`, so Discord itself returns the
 * first message if a retry repeats a post whose answer was lost (a crash between post and record); the
 * message id is recorded with the delivery. Boards owed one after another while Discord was unreachable
 * are posted as one board (the newest state, with every missed turn's summary); the others are marked
 * superseded. When a newer board is up, the buttons come off the older messages (disarming), recorded
 * too, so a crash leaves no live old board behind for long: the poll loop finishes the job.
 */
import { DM_SCOPE } from './anywhere.js';
import { ChannelType, DiscordAPIError, ThreadAutoArchiveDuration, type Message, type TextChannel } from 'discord.js';
import type { ActiveSnapshot, LobbySnapshot, Snapshot } from '../app/game-service.js';
import type { BoardNote, Delivery, DmFallback, HeldNotice, RemindedGame, StaleMessage } from '../app/outbox.js';
import { voteClosure } from '../app/vote-closure.js';
import { isAway, quietUntil } from '../app/notifications.js';
import type { Locale } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { BotContext, Deliverer } from './types.js';
import { t, toLocale } from './i18n/index.js';
import { DEFAULT_NOTIFY, type NotifySettings } from '../notify-settings.js';
import { abandonedMessage, bankLowMessage, boardMessage, gameLocale, hoursSince, phoneEmbed, settingsMessage, lobbyMessage, pastLabelNames, mention, reminderLine, reminderMessage, reminderTogetherMessage, voteMessage, type PhonePictureLater, type PublicMessage, type ReminderLine } from './messages.js';
import { tableLink } from './tables.js';
import { bankState, bankText } from './time-bank-text.js';
import type { BankNow } from '../app/time-bank.js';
import { truncate } from './panel.js';
import { THREAD_PERMISSIONS, threadPermissionNames, messageLink, presenterFor, sendableChannel } from './respond.js';
import { describeError } from './errors.js';
import { clickArrivedAt, outsideClick } from './click-time.js';
import { firstCallTip } from './coaching.js';
import { followersToTell, tellFollowersDirectly, withFollowerMentions } from './follower-notices.js';
import { activeSeatsOf, isAbandonedNotice, planDeliveries, type DeliveryStep } from './delivery/plan.js';

/** Discord codes meaning the message is gone or out of reach for good: nothing left to disarm. */
const GONE = new Set([10003, 10008, 50001]);

/**
 * How sending a notice by direct message ended: 'done' (sent, or not to be sent: a failure other than a
 * refusal costs that message only); the player closed their direct messages, recorded, with a mention in
 * the channel owed instead ('owed') or none needed, the post pinged them ('refused').
 */
type NoticeOutcome = 'done' | 'refused' | 'owed';

/** Whether the game is played in a thread, and which (null until it is opened), as it stands in this delivery. */
interface ThreadChoice {
  use: boolean;
  id: string | null;
}

export interface DelivererOptions {
  /** How often to look for due deliveries and stale buttons (default 2 s). */
  readonly pollMs?: number;
}

export class OutboxDeliverer implements Deliverer {
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #inFlight = new Set<Promise<unknown>>();
  /** Per game, the phone picture still to be added to its latest board (see #phonePictureLater). */
  readonly #phoneOwed = new Map<number, PhonePictureLater>();
  #stopped = false;
  #polling: Promise<void> | null = null;

  constructor(
    private readonly ctx: BotContext,
    private readonly logger: Logger,
    private readonly options: DelivererOptions = {},
  ) {}

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
    // A phone picture not drawn yet is not waited for.
    for (const later of this.#phoneOwed.values()) later.withdraw();
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
   * deliveries that are in the channel (posted, or superseded by one that was posted).
   */
  async deliverHeld(gameId: number): Promise<ReadonlySet<number>> {
    const done = new Set<number>();
    if (this.#stopped) return done;
    const { service } = this.ctx;
    // A second round posts what the first owed in turn (a mention instead of a refused direct message), still under the lock.
    for (let round = 0; round < 2; round++) {
      const claimed = await service.outbox.claim(gameId);
      if (claimed.length === 0) break;
      const loaded = await service.byId(gameId);
      if (!loaded.ok) {
        // A damaged game is reported by the service; its deliveries wait (and are looked at again later).
        for (const d of claimed) await service.outbox.failed(d, `the game cannot be loaded (${loaded.code})`);
        return done;
      }
      if (!(await this.#deliver(loaded.game, claimed, done))) break;
    }
    await this.#disarmStale(gameId);
    return done;
  }

  /** Posts the planned steps in order; true when they owed something new (a mention instead of a refused direct message). */
  async #deliver(game: Snapshot, claimed: readonly Delivery[], done: Set<number>): Promise<boolean> {
    const { outbox } = this.ctx.service;
    const plan = planDeliveries(game, claimed);
    await outbox.superseded(plan.dropped, null);
    const thread: ThreadChoice = { use: game.row.useThread, id: game.row.threadId };
    let owedMore = false;
    for (const [index, step] of plan.steps.entries()) {
      if (step.kind === 'dm') {
        // Best effort, like every direct message: a failure costs that message only, never the posts behind it.
        // A refusal (closed direct messages) is recorded with the held notice done, in one transaction.
        const sent = await this.#heldNotice(game, step.delivery);
        if (sent === 'done') await outbox.delivered(step.delivery, null);
        if (sent === 'owed') owedMore = true;
        done.add(step.delivery.id);
        continue;
      }
      try {
        const composed = await this.#message(game, step);
        let target = await this.#target(game, step, thread);
        // Whoever must decide hears it as they chose: a ping in the channel, a direct message, or both.
        const told = await this.#toldOfTurn(game, step, composed);
        // Followers hear of a new board picture as they chose (follower-notices.ts).
        const followers = await followersToTell(this.ctx, game, step);
        const pinged = withFollowerMentions({ ...composed, allowedMentions: { ...composed.allowedMentions, users: told.filter((d) => d.ping).map((d) => d.userId) } }, followers, game);
        const message = target.notice === undefined ? pinged : { ...pinged, content: truncate(`${target.notice}\n${pinged.content}`, 2000) };
        let sent: Message;
        try {
          sent = await this.#post(target.channelId, message, step.delivery);
        } catch (error) {
          // Composed again when it is tried again.
          composed.phoneLater?.withdraw();
          // The game's thread was deleted: the game goes on in its channel when no other game runs there,
          // else in a new thread of its own; where it goes on is told so once.
          if (target.channelId === game.row.channelId || !(error instanceof DiscordAPIError && error.code === 10003)) throw error;
          const goesOn = await this.ctx.service.threadGone(game.row.id, game.row.channelId);
          this.logger.warn({ gameId: game.row.id, channelId: game.row.channelId, threadId: target.channelId, goesOn }, 'the game thread is gone');
          if (goesOn === 'channel') {
            thread.use = false;
            thread.id = null;
            target = { channelId: game.row.channelId };
            sent = await this.#post(target.channelId, { ...pinged, content: truncate(`${t(gameLocale(game), 'thread.gone')}\n${pinged.content}`, 2000) }, step.delivery);
          } else {
            thread.id = await this.#openThread(game, false);
            await this.ctx.service.threadOpened(game.row.id, thread.id);
            this.logger.info({ gameId: game.row.id, channelId: game.row.channelId, threadId: thread.id }, 'a new thread opened for the game');
            target = { channelId: thread.id };
            sent = await this.#post(target.channelId, { ...pinged, content: truncate(`${t(gameLocale(game), 'thread.replaced')}\n${pinged.content}`, 2000) }, step.delivery);
          }
        }
        const finalBoard = step.kind === 'board' && game.row.status !== 'active';
        await outbox.delivered(step.delivery, sent.id, { disarmed: finalBoard || step.delivery.payload.kind === 'announcement', postedIn: target.channelId });
        // The thread points to the final standings once; a repost (/game status after the end) does not repeat it.
        if (finalBoard && thread.id !== null && !(step.kind === 'board' && step.again)) await this.#closeThread(game, thread.id, sent.id, step.delivery);
        // An abandoned game ends in its thread too: its last post must not still ask someone to decide.
        if (isAbandonedNotice(step) && thread.id !== null && thread.id !== target.channelId) await this.#endInThread(game, thread.id, message, step.delivery);
        if (step.kind === 'board') {
          this.#boardArrived(step);
          // A short text (no picture) leaves the last picture, and its phone picture still to come, current.
          if (step.picture) this.#phonePictureLater(game, sent, composed.phoneLater);
        }
        await outbox.superseded(step.merged, step.delivery);
        done.add(step.delivery.id);
        for (const m of step.merged) done.add(m.id);
        // A short text is no board: /game status and the history keep linking the last picture.
        if ((step.kind === 'board' && step.picture) || step.kind === 'lobby') {
          await this.#disarmUntracked(game, sent.id);
          await this.ctx.service.setBoardMessage(game.row.id, sent.id);
        }
        if (await this.#directMessages(game, step, told, target.channelId, sent.id)) owedMore = true;
        await tellFollowersDirectly(this.ctx, this.logger, game, followers, target.channelId, sent.id, `bz${step.delivery.id}`);
        this.logger.info({ gameId: game.row.id, channelId: game.row.channelId, delivery: step.delivery.id, kind: step.kind, messageId: sent.id }, 'delivered');
      } catch (error) {
        const reason = describeError(error);
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

  /** The users a board or reminder names to decide, each with whether the post pings them and whether they get a direct message. */
  async #toldOfTurn(game: Snapshot, step: DeliveryStep, message: PublicMessage): Promise<{ userId: string; ping: boolean; dm: NotifySettings | null }[]> {
    const named = message.allowedMentions.users ?? [];
    const aboutTurn = step.kind === 'reminder' || step.kind === 'bank-warning' || (step.kind === 'board' && game.row.status !== 'finished');
    // A game in a direct message is already in the player's DM: the post itself tells them.
    if (!aboutTurn || named.length === 0 || game.row.guildId === DM_SCOPE) return named.map((userId) => ({ userId, ping: true, dm: null }));
    // A board asked for again (/game status) tells nobody anything new: no direct message for it.
    const news = !(step.kind === 'board' && step.again);
    const wishes = await this.ctx.service.notifyOfUsers(named);
    return named.map((userId) => {
      const wish = wishes.get(userId) ?? DEFAULT_NOTIFY;
      return { userId, ping: wish.how !== 'dm', dm: wish.how === 'channel' || !news ? null : wish };
    });
  }

  /**
   * The direct messages owed with a posted board or reminder, each with a link to it. A player away gets
   * none; one in their quiet hours gets it when they end (held in the outbox, so it survives a restart).
   * Best effort: Discord failing now costs only that message, never a repost, and the channel post stands.
   * True when a mention in the channel is owed instead of a refused one.
   */
  async #directMessages(game: Snapshot, step: DeliveryStep, told: readonly { userId: string; ping: boolean; dm: NotifySettings | null }[], postedIn: string, messageId: string): Promise<boolean> {
    let owed = false;
    const now = this.ctx.service.now();
    const reminder = step.kind === 'reminder' ? (step.delivery.payload as Extract<Delivery['payload'], { kind: 'reminder' }>) : null;
    for (const [n, { userId, ping, dm }] of told.entries()) {
      if (dm === null || isAway(dm, now)) continue;
      const notice: HeldNotice = {
        kind: 'dm',
        userId,
        seat: game.seats.find((s) => s.userId === userId)?.seat ?? 0,
        notice: reminder !== null ? 'reminder' : step.kind === 'bank-warning' ? 'bank' : 'turn',
        postedIn,
        messageId,
        ...(reminder === null ? {} : { count: reminder.count, limit: reminder.limit }),
        ...(reminder?.since === undefined ? {} : { since: reminder.since }),
        ...(reminder?.together === undefined ? {} : { together: reminder.together }),
      };
      const morning = quietUntil(dm, now);
      if (morning !== null) {
        // The poll loop finds it due when the quiet hours end.
        await this.ctx.service.outbox.hold({ id: game.row.id, guildId: game.row.guildId, channelId: game.row.channelId, version: game.row.version }, notice, morning);
        continue;
      }
      if ((await this.#sendNotice(game, notice, dm, ping, `bz${step.delivery.id}u${n}`, null)) === 'owed') owed = true;
    }
    return owed;
  }

  /** A notice held until the player's quiet hours ended: sent now, while the player still decides and is not away. */
  async #heldNotice(game: Snapshot, delivery: Delivery): Promise<NoticeOutcome> {
    const notice = delivery.payload as HeldNotice;
    const wish = (await this.ctx.service.notifyOfUsers([notice.userId])).get(notice.userId) ?? DEFAULT_NOTIFY;
    if (wish.how === 'channel' || isAway(wish, this.ctx.service.now())) return 'done';
    return this.#sendNotice(game, notice, wish, wish.how !== 'dm', `bz${delivery.id}`, delivery);
  }

  /** What a direct message about a turn says, in the player's language (null: nothing to say any more). */
  async #noticeText(game: Snapshot, notice: HeldNotice, locale: Locale): Promise<string | null> {
    const presenter = presenterFor(this.ctx, game.row.kind);
    const base = { game: presenter.name(locale), id: game.row.id, channel: `<#${notice.postedIn}>`, link: messageLink(game.row.guildId, notice.postedIn, notice.messageId) };
    if (notice.notice === 'turn') return t(locale, 'dm.turn', base);
    const seats = [notice.seat];
    const bank = game.kind === 'active' ? await this.#bankOf(game, seats) : null;
    if (notice.notice === 'bank') return bank === null ? null : t(locale, 'dm.bankLow', { ...base, left: bankText(locale, bank.leftMs) });
    if (notice.together !== undefined && notice.together.length > 0 && game.kind === 'active') {
      // One message for the player's games waiting together: each with the link that opens its table.
      const own = { gameId: game.row.id, seats, count: notice.count ?? 1, limit: notice.limit ?? 1, since: notice.since ?? game.row.updatedAt };
      const lines = await this.#reminderLines(game, [own, ...notice.together], locale);
      return [t(locale, 'dm.reminderTogether', { count: lines.length }), ...lines.map((line) => reminderLine(locale, line))].join('\n');
    }
    const text = t(locale, 'dm.reminder', { ...base, count: notice.count ?? 1, limit: notice.limit ?? 1 });
    return bank === null ? text : `${text}\n${t(locale, 'reminder.bankLeft', { left: bankState(locale, bank) })}`;
  }

  /** The bank of the first of `seats` that has one (a game with a clock); null: none, or empty. */
  async #bankOf(game: ActiveSnapshot, seats: readonly number[]): Promise<BankNow | null> {
    const bank = (await this.ctx.service.banksNow(game)).find((b) => seats.includes(b.seat));
    return bank === undefined || bank.leftMs <= 0 ? null : bank;
  }

  /**
   * The lines of a reminder listing several games, in the order given (longest-waiting first): a game whose
   * seats no longer decide by now is left out. Public facts only, and the link that opens each table.
   */
  async #reminderLines(game: ActiveSnapshot, reminded: readonly RemindedGame[], locale: Locale): Promise<ReminderLine[]> {
    const lines: ReminderLine[] = [];
    for (const entry of reminded) {
      let table: ActiveSnapshot = game;
      if (entry.gameId !== game.row.id) {
        const loaded = await this.ctx.service.byId(entry.gameId);
        if (!loaded.ok || loaded.game.kind !== 'active' || loaded.game.row.status !== 'active') continue;
        table = loaded.game;
      }
      const deciding = activeSeatsOf(table);
      if (!entry.seats.some((s) => deciding.includes(s))) continue;
      const { row } = table;
      const bank = await this.#bankOf(table, entry.seats);
      lines.push({
        game: presenterFor(this.ctx, row.kind).name(locale),
        id: row.id,
        since: entry.since,
        count: entry.count,
        limit: entry.limit,
        link: tableLink(row) ?? `https://discord.com/channels/${row.guildId === DM_SCOPE ? '@me' : row.guildId}/${row.threadId ?? row.channelId}`,
        bank: bank === null ? null : bankState(locale, bank),
      });
    }
    return lines;
  }

  /**
   * Sends one notice by direct message. A player who closed their direct messages (Discord 50007) and was
   * not pinged in the channel is owed a mention there instead (an outbox delivery, written in the
   * transaction that records the refusal and, for a held notice, `held` as done), and is told why once,
   * at their next interaction.
   */
  async #sendNotice(game: Snapshot, notice: HeldNotice, dm: NotifySettings, pinged: boolean, nonce: string, held: Delivery | null): Promise<NoticeOutcome> {
    const locale = dm.locale === null ? gameLocale(game) : toLocale(dm.locale);
    const content = await this.#noticeText(game, notice, locale);
    // A bank warning whose bank is empty by now has nothing left to warn of.
    if (content === null) return 'done';
    try {
      const channel = await this.ctx.client.users.createDM(notice.userId);
      await channel.send({ content, allowedMentions: { parse: [] }, nonce, enforceNonce: true });
      return 'done';
    } catch (error) {
      this.logger.warn({ gameId: game.row.id, userId: notice.userId, reason: describeError(error) }, 'could not send a direct message about a turn');
      if (!(error instanceof DiscordAPIError && error.code === 50007)) return 'done';
      const { row } = game;
      const mention: DmFallback = { kind: 'dm-fallback', userId: notice.userId, seat: notice.seat, postedIn: notice.postedIn, messageId: notice.messageId };
      const owed = await this.ctx.service.dmRefused({ userId: notice.userId, instead: pinged ? null : { game: { id: row.id, guildId: row.guildId, channelId: row.channelId, version: row.version }, mention }, held });
      if (owed === null) return 'refused';
      this.logger.info({ gameId: row.id, channelId: row.channelId, delivery: owed }, 'a mention in the channel is owed instead of a direct message');
      return 'owed';
    }
  }

  /**
   * Where a step is posted: a game played in a thread has its boards, reminders and votes there (the
   * thread is opened with the first of them, from the lobby message), and so do changed timer settings;
   * the lobby, the final standings and the end of an abandoned game stay in the channel. When the bot may
   * not open the thread, the game goes on in the channel and the first message there says why.
   */
  async #target(game: Snapshot, step: DeliveryStep, thread: ThreadChoice): Promise<{ channelId: string; notice?: string }> {
    const channelId = game.row.channelId;
    const settingsNotice = step.kind === 'announcement' && step.delivery.payload.kind === 'announcement' && step.delivery.payload.message === 'settings';
    // The mention instead of a refused direct message goes where the post it links to is.
    if (step.kind === 'dm-fallback') return { channelId: (step.delivery.payload as DmFallback).postedIn };
    const inThread = step.kind === 'reminder' || step.kind === 'bank-warning' || step.kind === 'idle-vote' || settingsNotice || (step.kind === 'board' && game.row.status === 'active');
    if (!inThread || !thread.use) return { channelId };
    if (thread.id !== null) return { channelId: thread.id };
    try {
      thread.id = await this.#openThread(game);
      await this.ctx.service.threadOpened(game.row.id, thread.id);
      this.logger.info({ gameId: game.row.id, channelId, threadId: thread.id }, 'thread opened');
      return { channelId: thread.id };
    } catch (error) {
      if (!(error instanceof DiscordAPIError && (error.code === 50013 || error.code === 50001))) throw error;
      // Another game is played in the channel itself (it holds one): this one waits for its thread.
      if (!(await this.ctx.service.threadRefused(game.row.id))) throw new Error(`cannot open the game's thread (${describeError(error)}) and another game is played in the channel`);
      thread.use = false;
      this.logger.warn({ gameId: game.row.id, channelId, reason: describeError(error) }, 'the thread cannot be opened; the game is played in the channel');
      const locale = gameLocale(game);
      return { channelId, notice: t(locale, 'thread.refused', { permissions: threadPermissionNames(locale, this.#missingThreadPermissions(channelId)) }) };
    }
  }

  /** What the bot lacks to open threads in the channel, as the client sees it (all of it when it cannot tell). */
  #missingThreadPermissions(channelId: string): (typeof THREAD_PERMISSIONS)[number][0][] {
    const channel = this.ctx.client.channels.cache.get(channelId);
    const me = this.ctx.client.user;
    const perms = channel !== undefined && 'permissionsFor' in channel && me !== null ? channel.permissionsFor(me) : null;
    const missing = THREAD_PERMISSIONS.filter(([, bit]) => perms === null || !perms.has(bit, true)).map(([name]) => name);
    return missing.length > 0 ? missing : THREAD_PERMISSIONS.map(([name]) => name);
  }

  /**
   * `fromLobby`: grown from the lobby message (a game's first thread), else a thread of its own (one
   * replacing a deleted thread). Opening a thread is not recorded with Discord's answer in one step: the
   * answer may be lost (the process killed, the connection cut) after Discord opened it. So a thread that
   * is already there is taken, never a second one opened: the lobby message's own thread (Discord opens one
   * per message and refuses another, 160004), or the bot's thread of this game's name in the channel.
   */
  async #openThread(game: Snapshot, fromLobby = true): Promise<string> {
    const channel = await sendableChannel(this.ctx.client, game.row.channelId);
    if (!('threads' in channel) || channel.type !== ChannelType.GuildText) throw new Error(`channel ${game.row.channelId} cannot hold threads`);
    const locale = gameLocale(game);
    const name = truncate(t(locale, 'thread.name', { game: presenterFor(this.ctx, game.row.kind).name(locale), id: game.row.id }), 100);
    const options = { name, autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek };
    // From the lobby message when it is known, so the channel shows where the game went.
    const lobby = game.row.boardMessageId;
    if (lobby !== null && fromLobby) {
      try {
        return (await channel.threads.create({ ...options, startMessage: lobby })).id;
      } catch (error) {
        if (!(error instanceof DiscordAPIError && (error.code === 10008 || error.code === 160004))) throw error;
        if (error.code === 160004) {
          const grown = await this.#threadOfMessage(channel, lobby);
          if (grown !== null) {
            this.logger.info({ gameId: game.row.id, channelId: channel.id, threadId: grown }, 'the thread of the lobby message was already open; the game takes it');
            return grown;
          }
        }
      }
    }
    // Active threads only: one opened a moment ago is not archived, and an archived one is no new table.
    const active = await channel.threads.fetchActive(false);
    const mine = active.threads.find((thread) => thread.parentId === channel.id && thread.ownerId === this.ctx.client.user?.id && thread.name === name && thread.id !== game.row.threadId);
    if (mine !== undefined) {
      this.logger.info({ gameId: game.row.id, channelId: channel.id, threadId: mine.id }, "the game's thread was already open; the game takes it");
      return mine.id;
    }
    return (await channel.threads.create({ ...options, type: ChannelType.PublicThread })).id;
  }

  /** The thread Discord opened from a message of the channel (null: the message has none, or it is gone). */
  async #threadOfMessage(channel: TextChannel, messageId: string): Promise<string | null> {
    try {
      const message = await channel.messages.fetch({ message: messageId, force: true });
      return message.thread?.parentId === channel.id ? message.thread.id : null;
    } catch (error) {
      if (error instanceof DiscordAPIError && typeof error.code === 'number' && GONE.has(error.code)) return null;
      throw error;
    }
  }

  /** The final standings are in the channel; the thread says so, with a link (best effort: nothing waits on it). */
  async #closeThread(game: Snapshot, threadId: string, finalMessageId: string, delivery: Delivery): Promise<void> {
    try {
      const link = messageLink(game.row.guildId, game.row.channelId, finalMessageId);
      const content = t(gameLocale(game), 'thread.over', { link });
      const channel = await sendableChannel(this.ctx.client, threadId);
      await channel.send({ content, allowedMentions: { parse: [] }, nonce: `bz${delivery.id}x`, enforceNonce: true });
    } catch (error) {
      this.logger.warn({ gameId: game.row.id, threadId, reason: describeError(error) }, 'could not point the thread to the final standings');
    }
  }

  /** The end of an abandoned game, said in its thread as in the channel (best effort: nothing waits on it). */
  async #endInThread(game: Snapshot, threadId: string, message: PublicMessage, delivery: Delivery): Promise<void> {
    try {
      const channel = await sendableChannel(this.ctx.client, threadId);
      await channel.send({ ...message, allowedMentions: { parse: [] }, nonce: `bz${delivery.id}x`, enforceNonce: true });
    } catch (error) {
      this.logger.warn({ gameId: game.row.id, threadId, reason: describeError(error) }, 'could not tell the thread that the game was ended');
    }
  }

  #wakeAt(at: number): void {
    if (this.#stopped) return;
    const delay = Math.max(0, at - this.ctx.service.now());
    // The retry is no part of the click whose handling may have set it (its boards count as the outbox's).
    const timer = outsideClick(() => setTimeout(() => void this.poll(), delay + 5));
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

  async #message(game: Snapshot, step: DeliveryStep): Promise<PublicMessage> {
    const { service } = this.ctx;
    const presenter = presenterFor(this.ctx, game.row.kind);
    const locale = gameLocale(game);
    switch (step.kind) {
      case 'lobby':
        return lobbyMessage(game as LobbySnapshot, presenter);
      case 'board': {
        const active = game as ActiveSnapshot;
        const message = await boardMessage(
          service,
          active,
          presenter,
          {
            summary: [{ sequence: 0, seat: 0, action: null, events: step.summary, checkpoint: false }],
            notes: [
              ...(step.again && active.row.status !== 'active' ? [t(locale, active.row.status === 'abandoned' ? 'board.abandonedAgain' : 'board.finishedAgain', { id: game.row.id })] : []),
              ...step.notes.map((note) => noteLine(active, note, locale)),
              // A learning game's first call to the learner says what Take my turn opens.
              ...[await firstCallTip(this.ctx, active)].filter((tip): tip is string => tip !== null),
              // The others see who is away (no reminders, no idle vote about them until then).
              ...(active.row.status !== 'active' ? [] : (await service.awaySeats(active)).map(({ seat, until }) => t(locale, 'board.away', { player: mention(active, seat), date: `<t:${Math.floor(until / 1000)}:f>` }))),
            ],
            concededTo: step.concededTo,
            picture: step.picture,
            // Nothing happened yet (the first board) or the board is asked for again (/game status).
            order: step.picture && step.summary.length === 0 && step.notes.length === 0,
          },
          this.logger,
        );
        return active.row.status === 'finished' ? await this.#withSummaryChart(active, message, locale) : message;
      }
      case 'reminder': {
        const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'reminder' }>;
        const active = game as ActiveSnapshot;
        if (p.together !== undefined && p.together.length > 0) {
          const own = { gameId: active.row.id, seats: p.seats, count: p.count, limit: p.limit, since: p.since ?? step.delivery.createdAt };
          const lines = await this.#reminderLines(active, [own, ...p.together], locale);
          if (lines.length > 1) return reminderTogetherMessage(active, p.seats, lines);
        }
        return reminderMessage(active, presenter, p.seats, p.count, p.limit, await service.banksNow(active));
      }
      case 'bank-warning': {
        const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'bank-warning' }>;
        const active = game as ActiveSnapshot;
        const banks = await service.banksNow(active);
        const left = new Map(banks.filter((b) => p.seats.includes(b.seat)).map((b) => [b.seat, bankText(locale, b.leftMs)]));
        return bankLowMessage(active, presenter, p.seats, left);
      }
      case 'idle-vote': {
        const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'idle-vote' }>;
        const active = game as ActiveSnapshot;
        const hours = p.since === undefined ? p.idleHours : hoursSince(p.since, service.now());
        return voteMessage(active, p.seats, hours, p.repeat, await Promise.all(p.seats.map((seat) => service.voteTally(active, seat))));
      }
      case 'announcement': {
        const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'announcement' }>;
        if (p.message === 'settings') return settingsMessage(game, p.userId, p, p.nextReminderAt, p.idleAt);
        return abandonedMessage(service, game, presenter, p.userId, p.recorded === true);
      }
      case 'dm-fallback': {
        const p = step.delivery.payload as DmFallback;
        const text = t(locale, 'dm.fallback', { player: `<@${p.userId}>`, game: presenter.name(locale), id: game.row.id, link: messageLink(game.row.guildId, p.postedIn, p.messageId) });
        return { content: text, components: [], allowedMentions: { users: [p.userId] } };
      }
      case 'dm':
        throw new Error('a held direct message is not posted in the channel');
    }
  }

  /** The final board carries the game in numbers: each player's score over the turns, replayed from the log. */
  async #withSummaryChart(game: ActiveSnapshot, message: PublicMessage, locale: Locale): Promise<PublicMessage> {
    const presenter = presenterFor(this.ctx, game.row.kind);
    const track = presenter.scoreTrack;
    if (track === undefined) return message;
    try {
      const series = await this.ctx.service.scoreHistory(game, (view) => track.scores(view));
      const chart = await track.draw({
        title: t(locale, 'summary.title', { game: presenter.name(locale), id: game.row.id }),
        scoreLabel: t(locale, track.label),
        turnLabel: t(locale, 'summary.turn'),
        // The whole game's chart: each seat by its own player, not by who holds it at the end.
        names: pastLabelNames(game),
        series,
      });
      const file = { attachment: chart, name: `${game.row.kind}-${game.row.id}-summary.png`, description: t(locale, 'summary.image') };
      return { ...message, files: [...(message.files ?? []), file] };
    } catch (error) {
      this.logger.error({ err: error, gameId: game.row.id }, 'the summary chart could not be drawn; the final board goes without it');
      return message;
    }
  }

  async #post(channelId: string, message: PublicMessage, delivery: Delivery): Promise<Message> {
    const channel = await sendableChannel(this.ctx.client, channelId);
    const { phoneLater: _later, ...payload } = message;
    // The nonce makes a repeated post (the answer to the first was lost) return the first message.
    return channel.send({ ...payload, nonce: `bz${delivery.id}`, enforceNonce: true });
  }

  /**
   * A board posted before its phone picture (boards queued up for the render pool) gets it when it is
   * drawn: an edit that adds the file and the embed, nothing else (the buttons are the disarming's). A
   * newer board of the game withdraws the picture of the one before, drawn or not; like the phone picture
   * in the post itself, it is best effort: a failure is logged and the board stays as posted.
   */
  #phonePictureLater(game: Snapshot, sent: Message, later: PhonePictureLater | undefined): void {
    this.#phoneOwed.get(game.row.id)?.withdraw();
    if (later === undefined) {
      this.#phoneOwed.delete(game.row.id);
      return;
    }
    this.#phoneOwed.set(game.row.id, later);
    const log = { gameId: game.row.id, channelId: sent.channelId, messageId: sent.id };
    const added = later.png.then(
      async (png) => {
        if (this.#phoneOwed.get(game.row.id) !== later || this.#stopped) return;
        await sent.edit({
          files: [{ attachment: png, name: later.name, description: later.description }],
          attachments: [...sent.attachments.values()],
          embeds: [phoneEmbed(later.name)],
        });
        this.logger.info(log, 'the phone picture was added to the board');
      },
      (error: unknown) => {
        if (this.#phoneOwed.get(game.row.id) === later && !this.#stopped) this.logger.error({ ...log, err: error }, 'the phone picture could not be drawn; the board stays without it');
      },
    );
    void this.#track(
      added
        .catch((error: unknown) => this.logger.warn({ ...log, reason: describeError(error) }, 'the phone picture could not be added to the board; it stays without it'))
        .finally(() => {
          if (this.#phoneOwed.get(game.row.id) === later) this.#phoneOwed.delete(game.row.id);
        }),
    );
  }

  /** A board posted before the outbox existed (games.board_message_id only): its buttons come off too. */
  async #disarmUntracked(game: Snapshot, newMessageId: string): Promise<void> {
    const previous = game.row.boardMessageId;
    if (previous === null || previous === newMessageId) return;
    if (await this.ctx.service.outbox.isTracked(game.row.id, previous)) return;
    await this.#disarmMessage(game.row.channelId, previous).catch(() => undefined);
  }

  /** Takes the buttons off the game's messages that a newer one replaced (or all, once the game is over). */
  async #disarmStale(gameId: number): Promise<void> {
    const { outbox } = this.ctx.service;
    for (const d of await outbox.staleButtons(gameId)) {
      try {
        await this.#disarmMessage(d.channelId, d.messageId, d.vote === undefined ? undefined : await this.#voteClosedText(gameId, d.vote));
        await outbox.disarmed(d.id);
      } catch (error) {
        if (error instanceof DiscordAPIError && typeof error.code === 'number' && GONE.has(error.code)) {
          await outbox.disarmed(d.id);
          continue;
        }
        this.logger.warn({ gameId, channelId: d.channelId, messageId: d.messageId, reason: describeError(error) }, 'could not take the buttons off an old message; trying again later');
        return;
      }
    }
  }

  /** `content`: what the message says instead (an idle vote says why it closed). */
  async #disarmMessage(channelId: string, messageId: string, content?: string): Promise<void> {
    const channel = await sendableChannel(this.ctx.client, channelId);
    await channel.messages.edit(messageId, content === undefined ? { components: [] } : { content, components: [], allowedMentions: { parse: [] } });
  }

  /** Why an idle vote closed, in the game's language (undefined: the game cannot be read; the buttons just come off). */
  async #voteClosedText(gameId: number, vote: NonNullable<StaleMessage['vote']>): Promise<string | undefined> {
    const loaded = await this.ctx.service.byId(gameId);
    if (!loaded.ok || loaded.game.kind !== 'active') return undefined;
    const game = loaded.game;
    const closure = voteClosure({ status: game.row.status, seats: vote.seats, laterNotes: vote.laterNotes, deciding: activeSeatsOf(game), newerVote: vote.newerVote });
    // A vote that passed says so as its handler wrote it (this edit may come first).
    const key = closure.reason === 'passedSkip' || closure.reason === 'passedKick' ? (`vote.${closure.reason}` as const) : (`vote.closed.${closure.reason}` as const);
    return t(gameLocale(game), key, 'seat' in closure ? { player: mention(game, closure.seat) } : {});
  }
}

function noteLine(game: ActiveSnapshot, note: BoardNote, locale: Locale): string {
  return t(locale, `board.${note.kind}`, { player: mention(game, note.seat) });
}

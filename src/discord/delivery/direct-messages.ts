/**
 * Direct messages about a turn: who hears of it how (a ping, a direct message, or both), the notices
 * held through quiet hours, and the mention in the channel owed instead of a refused one.
 */
import { DM_SCOPE } from '../anywhere.js';
import { DiscordAPIError } from 'discord.js';
import type { Snapshot } from '../../app/game-service.js';
import type { Delivery, DmFallback, HeldNotice } from '../../app/outbox.js';
import { isAway, quietUntil } from '../../app/notifications.js';
import type { Locale } from '../../engine/index.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { t, toLocale } from '../i18n/index.js';
import { DEFAULT_NOTIFY, type NotifySettings } from '../../notify-settings.js';
import { gameLocale, reminderLine, type PublicMessage } from '../messages/index.js';
import { bankState, bankText } from '../time-bank-text.js';
import { messageLink, presenterFor } from '../respond.js';
import { describeError } from '../errors.js';
import type { DeliveryStep } from './plan.js';
import { reminderLines, bankOf } from './compose.js';

/**
 * How sending a notice by direct message ended: 'done' (sent, or not to be sent: a failure other than a
 * refusal costs that message only); the player closed their direct messages, recorded, with a mention in
 * the channel owed instead ('owed') or none needed, the post pinged them ('refused').
 */
export type NoticeOutcome = 'done' | 'refused' | 'owed';

/** The users a board or reminder names to decide, each with whether the post pings them and whether they get a direct message. */
export async function toldOfTurn(ctx: BotContext, game: Snapshot, step: DeliveryStep, message: PublicMessage): Promise<{ userId: string; ping: boolean; dm: NotifySettings | null }[]> {
  const named = message.allowedMentions.users ?? [];
  const aboutTurn = step.kind === 'reminder' || step.kind === 'bank-warning' || (step.kind === 'board' && game.row.status !== 'finished');
  // A game in a direct message is already in the player's DM: the post itself tells them.
  if (!aboutTurn || named.length === 0 || game.row.guildId === DM_SCOPE) return named.map((userId) => ({ userId, ping: true, dm: null }));
  // A board asked for again (/game status) tells nobody anything new: no direct message for it.
  const news = !(step.kind === 'board' && step.again);
  // As the board's away lines read them (the same delivery of the game): no second read.
  const wishes = await ctx.service.notifyOfPlayers(game, named);
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
export async function directMessages(ctx: BotContext, logger: Logger, game: Snapshot, step: DeliveryStep, told: readonly { userId: string; ping: boolean; dm: NotifySettings | null }[], postedIn: string, messageId: string): Promise<boolean> {
  let owed = false;
  const now = ctx.service.now();
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
      await ctx.service.outbox.hold({ id: game.row.id, guildId: game.row.guildId, channelId: game.row.channelId, version: game.row.version }, notice, morning);
      continue;
    }
    if ((await sendNotice(ctx, logger, game, notice, dm, ping, `bz${step.delivery.id}u${n}`, null)) === 'owed') owed = true;
  }
  return owed;
}

/** A notice held until the player's quiet hours ended: sent now, while the player still decides and is not away. */
export async function heldNotice(ctx: BotContext, logger: Logger, game: Snapshot, delivery: Delivery): Promise<NoticeOutcome> {
  const notice = delivery.payload as HeldNotice;
  const wish = (await ctx.service.notifyOfUsers([notice.userId])).get(notice.userId) ?? DEFAULT_NOTIFY;
  if (wish.how === 'channel' || isAway(wish, ctx.service.now())) return 'done';
  return sendNotice(ctx, logger, game, notice, wish, wish.how !== 'dm', `bz${delivery.id}`, delivery);
}

/** What a direct message about a turn says, in the player's language (null: nothing to say any more). */
async function noticeText(ctx: BotContext, game: Snapshot, notice: HeldNotice, locale: Locale): Promise<string | null> {
  const presenter = presenterFor(ctx, game.row.kind);
  const base = { game: presenter.name(locale), id: game.row.id, channel: `<#${notice.postedIn}>`, link: messageLink(game.row.guildId, notice.postedIn, notice.messageId) };
  if (notice.notice === 'turn') return t(locale, 'dm.turn', base);
  const seats = [notice.seat];
  const bank = game.kind === 'active' ? await bankOf(ctx, game, seats) : null;
  if (notice.notice === 'bank') return bank === null ? null : t(locale, 'dm.bankLow', { ...base, left: bankText(locale, bank.leftMs) });
  if (notice.together !== undefined && notice.together.length > 0 && game.kind === 'active') {
    // One message for the player's games waiting together: each with the link that opens its table.
    const own = { gameId: game.row.id, seats, count: notice.count ?? 1, limit: notice.limit ?? 1, since: notice.since ?? game.row.updatedAt };
    const lines = await reminderLines(ctx, game, [own, ...notice.together], locale);
    return [t(locale, 'dm.reminderTogether', { count: lines.length }), ...lines.map((line) => reminderLine(locale, line))].join('\n');
  }
  const text = t(locale, 'dm.reminder', { ...base, count: notice.count ?? 1, limit: notice.limit ?? 1 });
  return bank === null ? text : `${text}\n${t(locale, 'reminder.bankLeft', { left: bankState(locale, bank) })}`;
}

/**
 * Sends one notice by direct message. A player who closed their direct messages (Discord 50007) and was
 * not pinged in the channel is owed a mention there instead (an outbox delivery, written in the
 * transaction that records the refusal and, for a held notice, `held` as done), and is told why once,
 * at their next interaction.
 */
async function sendNotice(ctx: BotContext, logger: Logger, game: Snapshot, notice: HeldNotice, dm: NotifySettings, pinged: boolean, nonce: string, held: Delivery | null): Promise<NoticeOutcome> {
  const locale = dm.locale === null ? gameLocale(game) : toLocale(dm.locale);
  const content = await noticeText(ctx, game, notice, locale);
  // A bank warning whose bank is empty by now has nothing left to warn of.
  if (content === null) return 'done';
  try {
    const channel = await ctx.client.users.createDM(notice.userId);
    await channel.send({ content, allowedMentions: { parse: [] }, nonce, enforceNonce: true });
    return 'done';
  } catch (error) {
    logger.warn({ gameId: game.row.id, userId: notice.userId, reason: describeError(error) }, 'could not send a direct message about a turn');
    if (!(error instanceof DiscordAPIError && error.code === 50007)) return 'done';
    const { row } = game;
    const mention: DmFallback = { kind: 'dm-fallback', userId: notice.userId, seat: notice.seat, postedIn: notice.postedIn, messageId: notice.messageId };
    const owed = await ctx.service.dmRefused({ userId: notice.userId, instead: pinged ? null : { game: { id: row.id, guildId: row.guildId, channelId: row.channelId, version: row.version }, mention }, held });
    if (owed === null) return 'refused';
    logger.info({ gameId: row.id, channelId: row.channelId, delivery: owed }, 'a mention in the channel is owed instead of a direct message');
    return 'owed';
  }
}

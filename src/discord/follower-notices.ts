/**
 * What a game's followers hear (/game follow): each new board picture (a new turn, the final
 * standings), as their /game notify says, like a player named on a board: a mention in the board's own
 * post (a line "Following: @…", so the post pings them), a direct message with a link to it, or both.
 * Short texts inside a turn, reminders and votes are for the players only, and a board asked for again
 * (/game status) tells nothing new. A follower who is away gets no direct message, nor one during their
 * quiet hours (the next board tells them); like a player's, a direct message is best effort.
 * Nothing private is ever sent: the post is the public board, the direct message a link to it.
 */
import { DiscordAPIError } from 'discord.js';
import type { Snapshot } from '../app/game-service.js';
import { isAway, quietUntil } from '../app/notifications.js';
import type { Logger } from '../logger.js';
import { DEFAULT_NOTIFY, type NotifySettings } from '../notify-settings.js';
import type { BotContext } from './types.js';
import { describeError } from './errors.js';
import { t, toLocale } from './i18n/index.js';
import { characters, gameLocale, textMax, type PublicMessage } from './messages/index.js';
import { messageLink, presenterFor } from './respond.js';

export interface FollowersToTell {
  /** Followers mentioned in the post. */
  readonly mention: readonly string[];
  /** Followers sent a direct message about it, with their settings. */
  readonly direct: readonly { readonly userId: string; readonly settings: NotifySettings }[];
}

const NOBODY: FollowersToTell = { mention: [], direct: [] };

/**
 * The game's followers a post tells, and how (read when it is posted: who follows now); `news`: whether
 * the post is news a follower hears of (see isFollowedNews in delivery/plan.ts).
 */
export async function followersToTell(ctx: BotContext, game: Snapshot, news: boolean): Promise<FollowersToTell> {
  if (!news) return NOBODY;
  const followers = await ctx.service.followersOf(game);
  if (followers.length === 0) return NOBODY;
  const wishes = await ctx.service.notifyOfUsers(followers);
  const withSettings = followers.map((userId) => ({ userId, settings: wishes.get(userId) ?? DEFAULT_NOTIFY }));
  return {
    mention: withSettings.filter((f) => f.settings.how !== 'dm').map((f) => f.userId),
    direct: withSettings.filter((f) => f.settings.how !== 'channel'),
  };
}

/**
 * The post with a line mentioning its followers, allowed to ping them: above its last line, which stays
 * the one naming who must decide.
 */
export function withFollowerMentions(message: PublicMessage, followers: FollowersToTell, game: Snapshot): PublicMessage {
  if (followers.mention.length === 0) return message;
  const line = t(gameLocale(game), 'follow.line', { players: followers.mention.map((id) => `<@${id}>`).join(' ') });
  const lines = message.content.split('\n');
  const content = [...lines.slice(0, -1), line, ...lines.slice(-1)].join('\n');
  // A post at Discord's limit keeps what the players need; its followers go unmentioned this once.
  if (characters(content) > textMax(message)) return message;
  const users = [...(message.allowedMentions.users ?? []), ...followers.mention];
  return { ...message, content, allowedMentions: { ...message.allowedMentions, users } };
}

/** The direct messages to followers about the post `messageId` in `postedIn` (each failure costs that message only). */
export async function tellFollowersDirectly(ctx: BotContext, logger: Logger, game: Snapshot, followers: FollowersToTell, postedIn: string, messageId: string, nonce: string): Promise<void> {
  const now = ctx.service.now();
  const presenter = presenterFor(ctx, game.row.kind);
  for (const [n, { userId, settings }] of followers.direct.entries()) {
    if (isAway(settings, now) || quietUntil(settings, now) !== null) continue;
    const locale = settings.locale === null ? gameLocale(game) : toLocale(settings.locale);
    const base = { game: presenter.name(locale), id: game.row.id, channel: `<#${postedIn}>`, link: messageLink(game.row.guildId, postedIn, messageId) };
    const content = t(locale, game.row.status === 'active' ? 'follow.dm' : 'follow.dmOver', base);
    try {
      const channel = await ctx.client.users.createDM(userId);
      await channel.send({ content, allowedMentions: { parse: [] }, nonce: `${nonce}f${n}`, enforceNonce: true });
    } catch (error) {
      const closed = error instanceof DiscordAPIError && error.code === 50007;
      logger.warn({ gameId: game.row.id, userId, closed, reason: describeError(error) }, 'could not send a direct message to a follower');
    }
  }
}

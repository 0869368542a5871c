/**
 * /game follow and /game unfollow: anyone who does not play a game (the thread's, or the channel's
 * one named or chosen, as the other commands find theirs) hears of its new
 * boards as a player would, as their /game notify says (src/discord/follower-notices.ts). Private answers;
 * a finished game, a game one plays in, or no game is refused with a short reason.
 */
import type { FollowResult } from '../../../app/service/follow.js';
import type { Locale } from '../../../engine/index.js';
import type { BotContext } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { tableCommand } from '../command.js';

function gameNames(ctx: BotContext, result: FollowResult, locale: Locale): { game: string; id: number } {
  const kind = result.ok ? result.kind : (result.kind ?? '');
  return { game: ctx.presenters.get(kind)?.name(locale) ?? kind, id: result.gameId ?? 0 };
}

export const gameFollow = tableCommand({
  table: 'follow',
  options: {},
  async handle(env, interaction, { gameId }) {
    const { service } = env.ctx;
    const result = await service.follow(env.channelId, interaction.user.id, gameId);
    const names = gameNames(env.ctx, result, env.locale);
    if (result.ok) {
      const { how } = await service.notifySettings(interaction.user.id);
      return answerPrivately(interaction, t(env.locale, 'follow.done', { ...names, how }));
    }
    switch (result.code) {
      case 'no_game':
        return answerPrivately(interaction, t(env.locale, 'follow.none'));
      case 'game_over':
        return answerPrivately(interaction, t(env.locale, 'follow.over', names));
      case 'playing':
        return answerPrivately(interaction, t(env.locale, 'follow.playing'));
      case 'already_following':
        return answerPrivately(interaction, t(env.locale, 'follow.already', names));
      case 'not_following':
        return answerPrivately(interaction, t(env.locale, 'follow.notFollowing'));
    }
  },
});

export const gameUnfollow = tableCommand({
  table: 'unfollow',
  options: {},
  async handle(env, interaction, { gameId }) {
    const result = await env.ctx.service.unfollow(env.channelId, interaction.user.id, gameId);
    if (!result.ok) return answerPrivately(interaction, t(env.locale, 'follow.notFollowing'));
    await answerPrivately(interaction, t(env.locale, 'follow.stopped', gameNames(env.ctx, result, env.locale)));
  },
});

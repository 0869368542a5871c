/** Idle vote: skip the idle player's turn, or remove them. The vote message shows the tally. */
import { t } from '../../i18n/index.js';
import { gameLocale, hoursSince, mention, voteMessage } from '../../messages/index.js';
import { answerPrivately, markCommitted } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

export const idleVote = component({
  verb: 'vote',
  ack: 'ephemeral',
  posts: true,
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.vote(id.gameId, interaction.user.id, id.seat, id.choice);
    if (!result.ok) return refuse(env, interaction, result);
    if (result.passed === null) {
      const game = result.game;
      const since = await service.idleSince(game);
      const hours = since === null ? Math.round(game.row.idleAfterMinutes / 60) : hoursSince(since, service.now());
      await interaction.message.edit(voteMessage(game, [id.seat], hours, false, [result.tally]));
      await answerPrivately(interaction, t(env.locale, 'vote.recorded'));
      return;
    }
    const { outcome } = result;
    const game = outcome.after;
    const locale = gameLocale(game);
    const player = mention(game, id.seat);
    const verdict = t(locale, result.passed === 'skip' ? 'vote.passedSkip' : 'vote.passedKick', { player });
    markCommitted(interaction);
    const posted = await deliverNow(env, game.row.id, outcome.boardDelivery, game);
    try {
      await interaction.message.edit({ content: verdict, components: [], allowedMentions: { parse: [] } });
    } catch (error) {
      env.logger.warn({ err: error, gameId: game.row.id }, 'could not close the vote message');
    }
    await answerPrivately(interaction, posted ? t(env.locale, 'vote.recorded') : `${t(env.locale, 'vote.recorded')}\n${t(env.locale, 'board.postPending')}`);
  },
});

/**
 * /game learn game:<game> [opponents] [level] [thread]: a game against computer players that starts at
 * once, with coaching in the learner's own turn panel (src/discord/coaching.ts): what the suggestion
 * chooses and why before each choice, whether they took it after, and short tips about the panel. The
 * board is owed through the outbox like any game's first board; the learner gets a private line with its
 * link, that Take my turn opens their panel, and what the coaching does.
 */
import { t, toLocale } from '../../i18n/index.js';
import { COMPUTER_LEVELS } from '../../../app/game-service.js';
import { flag, gameKind, hostedInteger, localised, oneOf } from '../../command-data.js';
import { answerPrivately, markCommitted, missingPermissions, presenterFor, refusalText } from '../../respond.js';
import { tableLink } from '../../tables.js';
import { deliverNow } from '../after-click.js';
import { displayName } from '../caller.js';
import { command } from '../command.js';
import { threadChoice } from './game-new.js';

export const gameLearn = command({
  key: 'cmd.game.learn',
  ack: 'ephemeral',
  options: {
    game: gameKind('opt.game', true),
    opponents: hostedInteger('opt.opponents', (hosted) => ({ min: 1, max: hosted.players.max - 1 })),
    level: oneOf('opt.level', COMPUTER_LEVELS, (level) => localised(`computer.level.${level}`)),
    thread: flag('opt.thread'),
  },
  async handle(env, interaction, options) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    const thread = threadChoice(interaction, options.thread, env.locale);
    await service.lockedChannel(env.channelId, async () => {
      const result = await service.startLearnGame({
        guildId: interaction.guildId ?? '0',
        channelId: env.channelId,
        kind: options.game,
        learner: { userId: interaction.user.id, displayName: displayName(interaction) },
        // Public posts and pictures speak the server's language, as for /game new.
        locale: toLocale(interaction.guildLocale ?? interaction.guild?.preferredLocale),
        opponents: options.opponents,
        level: options.level,
        useThread: thread.useThread,
      });
      if (!result.ok) {
        if (result.code === 'invalid_capacity') {
          return answerPrivately(interaction, t(env.locale, 'learn.opponents', { game: presenterFor(env.ctx, options.game).name(env.locale), min: result.min - 1, max: result.max - 1 }));
        }
        return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
      }
      markCommitted(interaction);
      const game = result.game;
      // Computer players who start play first; the board then asks the learner.
      // Under the game's lock, as every move: the computers' turns and the deliverer's own round wait for
      // each other (without it the deliverer could take the first board while the computers played).
      await service.lockedGame(game.row.id, () => deliverNow(env, game.row.id, result.boardDelivery));
      // The board the learner plays from: the first one, or the one after the computers' turns (which takes
      // the first one's place when they play first).
      // This game's row, never the channel's: the channel may hold other tables.
      const row = await service.gameRow(game.row.id);
      const where = row === undefined ? null : tableLink(row);
      const lines = [
        where === null ? t(env.locale, 'learn.startedPending', { game: presenterFor(env.ctx, game.row.kind).name(env.locale) }) : t(env.locale, 'learn.started', { game: presenterFor(env.ctx, game.row.kind).name(env.locale), link: where }),
        t(env.locale, 'learn.howItWorks', { takeTurn: t(toLocale(game.row.locale), 'board.takeTurn') }),
      ];
      if (thread.notice !== null) lines.push(thread.notice);
      await answerPrivately(interaction, lines.join('\n'));
    });
  },
});

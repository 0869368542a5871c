/**
 * /game learn game:<game> [opponents] [level] [thread]: a game against computer players that starts at
 * once, with coaching in the learner's own turn panel (src/discord/coaching.ts): what the suggestion
 * chooses and why before each choice, whether they took it after, and short tips about the panel. The
 * board is owed through the outbox like any game's first board; the learner gets a private line with its
 * link, that Take my turn opens their panel, and what the coaching does.
 */
import type { CommandHandler } from '../../context.js';
import { t, toLocale } from '../../i18n/index.js';
import { COMPUTER_LEVELS, type Level } from '../../../app/game-service.js';
import { answerPrivately, markCommitted, missingPermissions, presenterFor, refusalText } from '../../respond.js';
import { tableLink } from '../../tables.js';
import { deliverNow } from '../after-click.js';
import { displayName } from '../caller.js';
import { threadChoice } from './game-new.js';

function parseLevel(raw: string | null): Level | null | undefined {
  if (raw === null) return null;
  return (COMPUTER_LEVELS as readonly string[]).includes(raw) ? (raw as Level) : undefined;
}

export const gameLearn: CommandHandler = {
  route: 'game learn',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    const level = parseLevel(interaction.options.getString('level'));
    if (level === undefined) return answerPrivately(interaction, t(env.locale, 'refusal.bad_option', { option: 'level' }));
    const thread = threadChoice(interaction, env.locale);
    await service.lockedChannel(env.channelId, async () => {
      const result = await service.startLearnGame({
        guildId: interaction.guildId ?? '0',
        channelId: env.channelId,
        kind: interaction.options.getString('game', true),
        learner: { userId: interaction.user.id, displayName: displayName(interaction) },
        // Public posts and pictures speak the server's language, as for /game new.
        locale: toLocale(interaction.guildLocale ?? interaction.guild?.preferredLocale),
        opponents: interaction.options.getInteger('opponents'),
        level,
        useThread: thread.useThread,
      });
      if (!result.ok) {
        if (result.code === 'invalid_capacity') {
          const kind = interaction.options.getString('game', true);
          return answerPrivately(interaction, t(env.locale, 'learn.opponents', { game: presenterFor(env.ctx, kind).name(env.locale), min: result.min - 1, max: result.max - 1 }));
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
};

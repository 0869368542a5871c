import { MessageFlags } from 'discord.js';
/** /help [topic] [game]: the commands and the async policies, or a game's rules summary and decisions. */
import { DEFAULT_SETTINGS } from '../../../app/settings.js';
import type { GameRow } from '../../../app/game-service.js';
import { gameKind, localised, oneOf } from '../../command-data.js';
import type { HandlerEnv } from '../../context.js';
import { isLocale } from '../../../engine/index.js';
import { commandsHelp } from '../../help-text.js';
import { t, toLocale } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { rulesHelpMessage } from '../../rules-cards.js';
import { command } from '../command.js';

/** The game of the thread the command is in (its table), else the channel's (oldest) running game. */
function tableOrRunning(env: HandlerEnv): Promise<GameRow | undefined> {
  const { service } = env.ctx;
  return env.tableGameId !== undefined && env.tableGameId !== null ? service.gameRow(env.tableGameId) : service.runningRow(env.channelId);
}

/** What /help explains. */
const HELP_TOPICS = ['commands', 'rules', 'decisions'] as const;

export const help = command({
  key: 'cmd.help',
  ack: 'ephemeral',
  options: {
    topic: oneOf('opt.topic', HELP_TOPICS, (topic) => localised(`help.topic.${topic}`)),
    game: gameKind('opt.game', false),
  },
  async handle(env, interaction, options) {
    const { presenters } = env.ctx;
    const topic = options.topic ?? 'commands';
    if (topic === 'rules' || topic === 'decisions') {
      const requested = options.game;
      const running = (await tableOrRunning(env))?.kind;
      const kind = requested ?? running ?? (presenters.size === 1 ? [...presenters.keys()][0] : undefined);
      const presenter = kind === undefined ? undefined : presenters.get(kind);
      if (presenter === undefined) {
        const games = [...presenters.values()].map((p) => p.name(env.locale)).join(', ');
        return answerPrivately(interaction, t(env.locale, 'help.noGame', { games }));
      }
      // The rules come with pictures of the places or cards.
      return answerPrivately(interaction, topic === 'rules' ? rulesHelpMessage(presenter, presenter.help(topic, env.locale), env.locale) : presenter.help(topic, env.locale));
    }
    const row = await tableOrRunning(env);
    const settings = row ?? DEFAULT_SETTINGS;
    // The board's buttons speak the game's language (the server's, before a game starts).
    const game = row !== undefined && isLocale(row.locale) ? row.locale : toLocale(interaction.guildLocale ?? interaction.guild?.preferredLocale);
    const text = commandsHelp(
      { player: env.locale, game },
      { hours: Math.round(settings.reminderIntervalMinutes / 60), limit: settings.reminderLimit, idle: Math.round(settings.idleAfterMinutes / 60) },
    );
    const [commands, policies] = text;
    await answerPrivately(interaction, commands);
    await interaction.followUp({ content: policies, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  },
});

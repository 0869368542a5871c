/** /help [topic] [game]: the commands and the async policies, or a game's rules summary and decisions. */
import { DEFAULT_SETTINGS } from '../../../app/settings.js';
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';

export const help: CommandHandler = {
  route: 'help',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service, presenters } = env.ctx;
    const topic = interaction.options.getString('topic') ?? 'commands';
    if (topic === 'rules' || topic === 'decisions') {
      const requested = interaction.options.getString('game');
      const running = (await service.runningRow(env.channelId))?.kind;
      const kind = requested ?? running ?? (presenters.size === 1 ? [...presenters.keys()][0] : undefined);
      const presenter = kind === undefined ? undefined : presenters.get(kind);
      if (presenter === undefined) {
        const games = [...presenters.values()].map((p) => p.name(env.locale)).join(', ');
        return answerPrivately(interaction, t(env.locale, 'help.noGame', { games }));
      }
      return answerPrivately(interaction, presenter.help(topic, env.locale));
    }
    const row = await service.runningRow(env.channelId);
    const settings = row ?? DEFAULT_SETTINGS;
    const text = [
      t(env.locale, 'help.title'),
      t(env.locale, 'help.commands'),
      t(env.locale, 'help.policies', {
        hours: Math.round(settings.reminderIntervalMinutes / 60),
        limit: settings.reminderLimit,
        idle: Math.round(settings.idleAfterMinutes / 60),
      }),
    ].join('\n\n');
    await answerPrivately(interaction, text);
  },
};

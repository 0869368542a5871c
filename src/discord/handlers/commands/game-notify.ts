/**
 * /game notify [how] [time_zone] [quiet_from] [quiet_to] [away_until] [play_forced]: how the user hears about their turns
 * in every game (see src/app/notifications.ts). Without options it shows the settings; a bad time zone or
 * date gets a short private answer and changes nothing. The user's Discord language becomes that of their
 * direct messages.
 */
import type { NotifyChannel, NotifySettings } from '../../../notify-settings.js';
import type { Locale } from '../../../engine/index.js';
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';

export function notifyText(locale: Locale, settings: NotifySettings, now: number): string {
  const pad = (h: number): string => String(h).padStart(2, '0');
  const quiet = settings.quietFrom === null || settings.quietTo === null ? t(locale, 'notify.noQuiet') : t(locale, 'notify.quiet', { from: pad(settings.quietFrom), to: pad(settings.quietTo) });
  const away = settings.awayUntil !== null && settings.awayUntil > now ? t(locale, 'notify.away', { date: `<t:${Math.floor(settings.awayUntil / 1000)}:f>` }) : t(locale, 'notify.present');
  return `${t(locale, 'notify.show', { how: settings.how, zone: settings.timeZone ?? 'UTC', quiet, away })} ${t(locale, settings.autoForced ? 'notify.forcedOn' : 'notify.forcedOff')}`;
}

export const gameNotify: CommandHandler = {
  route: 'game notify',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const change = {
      how: interaction.options.getString('how') as NotifyChannel | null,
      timeZone: interaction.options.getString('time_zone'),
      quietFrom: interaction.options.getInteger('quiet_from'),
      quietTo: interaction.options.getInteger('quiet_to'),
      awayUntil: interaction.options.getString('away_until'),
      autoForced: interaction.options.getBoolean('play_forced'),
    };
    if (Object.values(change).every((v) => v === null)) {
      return answerPrivately(interaction, notifyText(env.locale, await service.notifySettings(interaction.user.id), service.now()));
    }
    const result = await service.updateNotify(interaction.user.id, { ...change, locale: env.locale });
    // A bad value is echoed plain and short by the refusal text.
    if (!result.ok) return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
    await answerPrivately(interaction, t(env.locale, 'notify.updated', { settings: notifyText(env.locale, result.settings, service.now()) }));
  },
};

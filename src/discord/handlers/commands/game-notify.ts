/**
 * /game notify [how] [time_zone] [quiet_from] [quiet_to] [away_until] [play_forced] [phone_picture]: how the user hears
 * about their turns in every game, and whether their turn panel comes with the phone picture of the board (see src/app/notifications.ts). Without options it shows the settings; a bad time zone or
 * date gets a short private answer and changes nothing. The user's Discord language becomes that of their
 * direct messages. An absence set, changed or ended is a vacation on each server where they play: they are
 * told what it does to their clocks, and their tables are told.
 */
import { NOTIFY_CHANNELS, type NotifySettings } from '../../../notify-settings.js';
import type { Locale } from '../../../engine/index.js';
import { flag, integer, localised, oneOf, text } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { vacationAnswer } from '../../messages/vacation.js';
import { escapeMarkdown } from '../../text.js';
import { command } from '../command.js';

export function notifyText(locale: Locale, settings: NotifySettings, now: number): string {
  const pad = (h: number): string => String(h).padStart(2, '0');
  const quiet = settings.quietFrom === null || settings.quietTo === null ? t(locale, 'notify.noQuiet') : t(locale, 'notify.quiet', { from: pad(settings.quietFrom), to: pad(settings.quietTo) });
  const away = settings.awayUntil !== null && settings.awayUntil > now ? t(locale, 'notify.away', { date: `<t:${Math.floor(settings.awayUntil / 1000)}:f>` }) : t(locale, 'notify.present');
  return [t(locale, 'notify.show', { how: settings.how, zone: settings.timeZone ?? 'UTC', quiet, away }), t(locale, settings.autoForced ? 'notify.forcedOn' : 'notify.forcedOff'), t(locale, settings.phonePicture ? 'notify.phoneOn' : 'notify.phoneOff')].join(' ');
}

export const gameNotify = command({
  key: 'cmd.game.notify',
  ack: 'ephemeral',
  options: {
    how: oneOf('opt.how', NOTIFY_CHANNELS, (how) => localised(`opt.how.${how}`)),
    timeZone: text('opt.timeZone', { maxLength: 64 }),
    quietFrom: integer('opt.quietFrom', { min: 0, max: 23 }),
    quietTo: integer('opt.quietTo', { min: 0, max: 23 }),
    awayUntil: text('opt.awayUntil', { maxLength: 10 }),
    autoForced: flag('opt.autoForced'),
    phonePicture: flag('opt.phonePicture'),
  },
  async handle(env, interaction, change) {
    const { service } = env.ctx;
    if (Object.values(change).every((v) => v === null)) {
      return answerPrivately(interaction, notifyText(env.locale, await service.notifySettings(interaction.user.id), service.now()));
    }
    const result = await service.updateNotify(interaction.user.id, { ...change, locale: env.locale });
    // A bad value is echoed plain and short by the refusal text.
    if (!result.ok) return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
    // Each table told of the vacation gets it now (or from the outbox's poll, as soon as Discord takes it).
    await Promise.all(result.told.map((row) => env.ctx.deliverer.deliverGame(row.id, row.channelId)));
    const now = service.now();
    // Per server where they play: what their vacation there does (named by the server when there are several).
    const vacations = result.vacations.map((vacation) => {
      const text = vacationAnswer(env.locale, vacation, now);
      const server = interaction.client.guilds.cache.get(vacation.guildId)?.name;
      return result.vacations.length > 1 && server !== undefined ? t(env.locale, 'notify.vacation.server', { server: escapeMarkdown(server), text }) : text;
    });
    await answerPrivately(interaction, [t(env.locale, 'notify.updated', { settings: notifyText(env.locale, result.settings, now) }), ...vacations].join('\n'));
  },
});

/**
 * A direct message about a turn that could not reach its player (they closed their direct messages): the
 * deliverer recorded it and, in the same transaction, owed a mention in the channel instead (an outbox
 * delivery); the player is told why, once, privately, at their next interaction with the bot.
 */
import type { Interaction } from 'discord.js';
import type { Locale } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { BotContext } from './context.js';
import { t } from './i18n/index.js';
import { notePrivately } from './respond.js';

export async function tellOfClosedDms(ctx: BotContext, interaction: Interaction, locale: Locale, log: Logger): Promise<void> {
  // Only where a private follow-up can be sent: the interaction was answered (or deferred) already.
  if (!interaction.isRepliable() || !(interaction.deferred || interaction.replied)) return;
  try {
    if ((await ctx.service.takeDmFailed(interaction.user.id)) === null) return;
    await notePrivately(interaction, t(locale, 'dm.closed'));
  } catch (error) {
    log.warn({ err: error }, 'could not tell the player that their direct messages are closed');
  }
}

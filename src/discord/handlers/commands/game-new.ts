/**
 * /game new game:<game> [players] [layout] [variant] [expansion]: opens a lobby. The lobby message is owed
 * through the outbox (written with the lobby, posted by the deliverer), so a crash between the two still
 * posts it; the host gets a private line with the link.
 */
import type { CommandHandler } from '../../context.js';
import { t, toLocale } from '../../i18n/index.js';
import { answerPrivately, markCommitted, messageLink, missingPermissions, refusalText } from '../../respond.js';
import { deliverNow, displayName } from '../common.js';

export const gameNew: CommandHandler = {
  route: 'game new',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.locked(interaction.channelId, async () => {
    const result = service.createLobby({
      guildId: interaction.guildId ?? '0',
      channelId: interaction.channelId,
      kind: interaction.options.getString('game', true),
      host: { userId: interaction.user.id, displayName: displayName(interaction) },
      locale: toLocale(interaction.guildLocale),
      capacity: interaction.options.getInteger('players'),
      layout: interaction.options.getString('layout'),
      variant: interaction.options.getString('variant'),
      expansion: interaction.options.getString('expansion'),
    });
    if (!result.ok) return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
    markCommitted(interaction);
    const posted = await deliverNow(env, result.game.row.id, result.lobbyDelivery);
    const messageId = posted ? service.runningRow(interaction.channelId)?.boardMessageId : null;
    await answerPrivately(
      interaction,
      messageId ? t(env.locale, 'lobby.opened', { link: messageLink(interaction.guildId, interaction.channelId, messageId) }) : t(env.locale, 'lobby.openedPending'),
    );
    });
  },
  async autocomplete(env, interaction) {
    const focused = interaction.options.getFocused(true);
    const kind = interaction.options.getString('game') ?? '';
    const module = env.ctx.service.modules.get(kind);
    const presenter = env.ctx.presenters.get(kind);
    if (module === undefined || presenter === undefined || (focused.name !== 'layout' && focused.name !== 'variant' && focused.name !== 'expansion')) {
      await interaction.respond([]);
      return;
    }
    const locale = toLocale(interaction.locale);
    // Layouts follow the expansion already chosen (a game's expansion may need its own board).
    const expansion = interaction.options.getString('expansion') ?? null;
    const choices =
      focused.name === 'layout'
        ? (module.layoutsFor?.(expansion) ?? module.layouts)
        : focused.name === 'variant'
          ? module.variants
          : (module.expansions ?? []);
    const typed = String(focused.value).toLowerCase();
    const options = choices
      .map((c) => ({ name: presenter.format(c.label, locale, []).slice(0, 100), value: c.value }))
      .filter((c) => typed === '' || c.name.toLowerCase().includes(typed) || c.value.toLowerCase().includes(typed))
      .slice(0, 25);
    await interaction.respond(options);
  },
};

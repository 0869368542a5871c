/** /game new game:<game> [players] [layout] [variant] [expansion]: opens a lobby (the public reply). */
import { MessageFlags } from 'discord.js';
import type { CommandHandler } from '../../context.js';
import { toLocale } from '../../i18n/index.js';
import { lobbyMessage } from '../../messages.js';
import { missingPermissions, presenterFor, refusalText } from '../../respond.js';
import { displayName } from '../common.js';

export const gameNew: CommandHandler = {
  route: 'game new',
  // No rendering and one quick SQLite write: the reply itself is the acknowledgement.
  ack: 'none',
  async handle(env, interaction) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) {
      await interaction.reply({ content: missing, flags: MessageFlags.Ephemeral });
      return;
    }
    const { service } = env.ctx;
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
    if (!result.ok) {
      await interaction.reply({ content: refusalText(env.ctx, result, env.locale), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      return;
    }
    const lobby = result.game;
    const reply = await interaction.reply({ ...lobbyMessage(lobby, presenterFor(env.ctx, lobby.row.kind)), withResponse: true });
    // The lobby message is the game's message until the first board replaces it (for /game leave, abandon).
    const messageId = reply.resource?.message?.id;
    if (messageId !== undefined) service.setBoardMessage(lobby.row.id, messageId);
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

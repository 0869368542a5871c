/**
 * /game new game:<game> [players] [layout] [variant] [expansion] [thread] [clock]: opens a lobby. The lobby message is owed
 * through the outbox (written with the lobby, posted by the deliverer), so a crash between the two still
 * posts it; the host gets a private line with the link.
 *
 * Thread: by default the game is played in a thread of the channel where the bot may open one (the lobby
 * and the final standings stay in the channel); `thread:false` keeps it in the channel. A host who asks for
 * a thread where the bot may not open one is told why, and the game is played in the channel.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { CLOCK_CHOICES, NO_CLOCK } from '../../../app/time-bank.js';
import { core, t, toLocale } from '../../i18n/index.js';
import type { Locale } from '../../../engine/index.js';
import type { GameModule, ModuleRegistry } from '../../../games/contract.js';
import { flag, gameKind, hostedInteger, oneOf, text } from '../../command-data.js';
import { answerPrivately, markCommitted, messageLink, missingPermissions, missingThreadPermissions, refusalText, threadPermissionNames } from '../../respond.js';
import { clockName } from '../../time-bank-text.js';
import { deliverNow } from '../after-click.js';
import { displayName } from '../caller.js';
import { command } from '../command.js';
import { canHostGames, DM_SCOPE, placeOf } from '../../anywhere.js';

/**
 * Whether the game gets a thread (`asked`: the thread option, null when not given), and the line for a
 * host whose wish for one cannot be met.
 */
export function threadChoice(interaction: ChatInputCommandInteraction, asked: boolean | null, locale: Locale): { useThread: boolean; notice: string | null } {
  if (asked === false) return { useThread: false, notice: null };
  // A direct message has no threads.
  if (placeOf(interaction) === 'botDm') return { useThread: false, notice: asked === true ? t(locale, 'anywhere.noThread') : null };
  if (interaction.channel?.isThread() === true) return { useThread: false, notice: asked === true ? t(locale, 'thread.nested') : null };
  const missing = missingThreadPermissions(interaction);
  if (missing.length === 0) return { useThread: true, notice: null };
  return { useThread: false, notice: asked === true ? t(locale, 'thread.unavailable', { permissions: threadPermissionNames(locale, missing) }) : null };
}

/**
 * Why a new game would be played in the channel itself, which already holds one:
 * the bot may not open threads here (and how to allow it), the host chose thread:false, or this is a thread.
 */
function busyReason(interaction: ChatInputCommandInteraction, asked: boolean | null, locale: Locale): string {
  if (interaction.channel?.isThread() === true) return t(locale, 'tables.busyInThread');
  if (asked === false) return t(locale, 'tables.busyNoThreadChosen');
  return t(locale, 'tables.busyNoThreads', { permissions: threadPermissionNames(locale, missingThreadPermissions(interaction)) });
}

/** The seat counts the chosen game allows (every game's before one is chosen), as "2 players" suggestions. */
function playerCounts(modules: ModuleRegistry, module: GameModule | undefined, typed: string, locale: Locale): { name: string; value: number }[] {
  const ranges = module !== undefined ? [module.definition.players] : [...modules.values()].map((m) => m.definition.players);
  const min = Math.min(...ranges.map((r) => r.min));
  const max = Math.max(...ranges.map((r) => r.max));
  const counts = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return counts.filter((n) => typed.trim() === '' || String(n).startsWith(typed.trim())).map((n) => ({ name: t(locale, 'opt.players.choice', { count: n }), value: n }));
}

/** A clock's choice by its name in the three languages ("3 days + 4 h per move", or "No clock"). */
function clockChoice(value: string): { name: string; name_localizations: { de: string; nl: string } } {
  const name = (locale: Locale): string => clockName(locale, value) ?? core[locale]['clock.none'];
  return { name: name('en'), name_localizations: { de: name('de'), nl: name('nl') } };
}

export const gameNew = command({
  key: 'cmd.game.new',
  ack: 'ephemeral',
  options: {
    game: gameKind('opt.game', true),
    // The bounds of all games; the suggestions follow the chosen game (Kairo: 2–4, Istanbul: 2–5).
    players: hostedInteger('opt.players', (hosted) => hosted.players, true),
    layout: text('opt.layout', { autocomplete: true }),
    variant: text('opt.variant', { autocomplete: true }),
    expansion: text('opt.expansion', { autocomplete: true }),
    thread: flag('opt.thread'),
    // The time bank.
    clock: oneOf('opt.clock', [NO_CLOCK, ...CLOCK_CHOICES.map((c) => c.value)], clockChoice),
  },
  async handle(env, interaction, options) {
    // The bot posts boards only where it can (a server that installed it, its direct messages).
    const place = placeOf(interaction);
    if (!canHostGames(place)) return answerPrivately(interaction, t(env.locale, place === 'privateChannel' ? 'anywhere.privateChannel' : 'anywhere.serverWithoutBot'));
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    // A game's thread is its table: a new game is opened from the channel, in a thread of its own.
    if (env.tableGameId !== undefined && env.tableGameId !== null) {
      const table = await service.gameRow(env.tableGameId);
      if (table !== undefined) return answerPrivately(interaction, t(env.locale, 'tables.newInTable', { game: env.ctx.presenters.get(table.kind)?.name(env.locale) ?? table.kind, id: table.id, channel: `<#${table.channelId}>` }));
    }
    const thread = threadChoice(interaction, options.thread, env.locale);
    await service.lockedChannel(env.channelId, async () => {
    const result = await service.createLobby({
      guildId: interaction.guildId ?? DM_SCOPE,
      channelId: env.channelId,
      kind: options.game,
      host: { userId: interaction.user.id, displayName: displayName(interaction) },
      // Public posts and pictures speak the server's language: the interaction's guild_locale, else the guild's preferredLocale.
      // In a direct message, the player's own.
      locale: toLocale(place === 'botDm' ? interaction.locale : (interaction.guildLocale ?? interaction.guild?.preferredLocale)),
      capacity: options.players,
      layout: options.layout,
      variant: options.variant,
      expansion: options.expansion,
      useThread: thread.useThread,
      clock: options.clock,
    });
    if (!result.ok) {
      const refusal = refusalText(env.ctx, result, env.locale);
      // The channel holds one game played in it; say why this one would be played there too.
      return answerPrivately(interaction, result.code === 'channel_busy' ? `${refusal}\n${busyReason(interaction, options.thread, env.locale)}` : refusal);
    }
    markCommitted(interaction);
    const posted = await deliverNow(env, result.game.row.id, result.lobbyDelivery);
    const messageId = posted ? (await service.gameRow(result.game.row.id))?.boardMessageId : null;
    const opened = messageId ? t(env.locale, 'lobby.opened', { link: messageLink(interaction.guildId, env.channelId, messageId) }) : t(env.locale, 'lobby.openedPending');
    await answerPrivately(interaction, thread.notice === null ? opened : `${opened}\n${thread.notice}`);
    });
  },
  async autocomplete(env, interaction, { option, typed, given }) {
    const kind = given('game');
    const module = env.ctx.service.modules.get(kind);
    const presenter = env.ctx.presenters.get(kind);
    const locale = toLocale(interaction.locale);
    if (option === 'players') {
      await interaction.respond(playerCounts(env.ctx.service.modules, module, typed, locale));
      return;
    }
    if (module === undefined || presenter === undefined || (option !== 'layout' && option !== 'variant' && option !== 'expansion')) {
      await interaction.respond([]);
      return;
    }
    // Layouts follow the expansion already chosen (a game's expansion may need its own board).
    const choices = option === 'layout' ? (module.layoutsFor?.(given('expansion')) ?? module.layouts) : option === 'variant' ? module.variants : (module.expansions ?? []);
    const search = typed.toLowerCase();
    const suggestions = choices
      .map((c) => ({ name: presenter.format(c.label, locale, []).slice(0, 100), value: c.value }))
      .filter((c) => search === '' || c.name.toLowerCase().includes(search) || c.value.toLowerCase().includes(search))
      .slice(0, 25);
    await interaction.respond(suggestions);
  },
});

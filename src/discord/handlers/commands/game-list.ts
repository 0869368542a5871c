/**
 * /game list [server]: the running and open games of this channel (or of the whole server), privately:
 * each with its table (its thread, or the channel; a lobby's message to join it), its players, its round
 * and whose turn it is. Oldest first. Members who may manage the server also see who is away at each table,
 * until when, and the vacation days they have left.
 */
import { flag } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { PermissionFlagsBits, type BaseInteraction } from 'discord.js';
import type { TableEntry } from '../../../app/game-service.js';
import type { HandlerEnv } from '../../context.js';
import { answerPrivately } from '../../respond.js';
import { gameListText, placeOf, tableLink, tableParts, visibleGames } from '../../tables.js';
import { command } from '../command.js';

export const gameList = command({
  key: 'cmd.game.list',
  ack: 'ephemeral',
  options: { server: flag('opt.server') },
  async handle(env, interaction, options) {
    const server = options.server === true;
    const guildId = interaction.guildId;
    // The whole server: only the games of channels the member can view (or that they play in).
    const entries =
      server && guildId !== null
        ? await visibleEntries(env, interaction, await env.ctx.service.tables({ guildId }))
        : await env.ctx.service.tables({ channelId: env.channelId });
    const scope = server ? 'server' : 'channel';
    if (entries.length === 0) return answerPrivately(interaction, t(env.locale, `list.empty.${scope}`));
    const admin = guildId !== null && (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
    const away = admin ? await awayAt(env, guildId, entries) : new Map<number, string>();
    const lines = entries.map((entry) => {
      const { title, details } = tableParts(env, entry, env.locale, true);
      const { row } = entry;
      const link = row.status === 'lobby' ? tableLink(row) : null;
      const where = link !== null ? t(env.locale, 'list.lobby', { link, place: placeOf(row) }) : placeOf(row);
      const marker = away.get(row.id);
      return `- **${title}** · ${[where, ...details, ...(marker === undefined ? [] : [marker])].join(' · ')}`;
    });
    await answerPrivately(interaction, gameListText(t(env.locale, `list.title.${scope}`, { count: entries.length }), lines, env.locale));
  },
});

/** Per running game, who of its players is away: until when, and their vacation days left on the server. */
async function awayAt(env: HandlerEnv, guildId: string, entries: readonly TableEntry[]): Promise<Map<number, string>> {
  const { service } = env.ctx;
  const perGame: { gameId: number; away: { userId: string; until: number }[] }[] = [];
  for (const { game } of entries) {
    if (game?.kind !== 'active') continue;
    const away = (await service.awaySeats(game)).map(({ seat, until }) => ({ userId: game.seats.find((s) => s.seat === seat)?.userId ?? '', until }));
    if (away.length > 0) perGame.push({ gameId: game.row.id, away });
  }
  const vacations = await service.vacationsOn(guildId, [...new Set(perGame.flatMap((g) => g.away.map((a) => a.userId)))]);
  const stamp = (ms: number): string => `<t:${Math.floor(ms / 1000)}:f>`;
  return new Map(
    perGame.map(({ gameId, away }) => {
      const players = away.map(({ userId, until }) => {
        const vacation = vacations.get(userId);
        const player = `<@${userId}>`;
        return vacation === undefined ? t(env.locale, 'list.awayPlayerUncounted', { player, until: stamp(until) }) : t(env.locale, 'list.awayPlayer', { player, until: stamp(until), left: vacation.daysLeft, perYear: vacation.daysPerYear });
      });
      return [gameId, t(env.locale, 'list.away', { players: players.join(', ') })];
    }),
  );
}

/** The entries whose game the member may see (see visibleGames). */
async function visibleEntries(env: HandlerEnv, interaction: BaseInteraction, entries: readonly TableEntry[]): Promise<TableEntry[]> {
  const shown = new Set((await visibleGames(env, interaction, entries.map((e) => e.row))).map((row) => row.id));
  return entries.filter((e) => shown.has(e.row.id));
}

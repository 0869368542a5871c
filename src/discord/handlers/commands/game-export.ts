/**
 * /game export [game] [results]: data to take away, privately, as a file (the formats: docs/export-format.md).
 *
 * - A game (of this server, or of this conversation with the bot; which one as /game replay finds it): a
 *   game that has ended as its whole log with its seed, which replays in the engine; a running game as its
 *   public log only (no seed, no action, no event meant for one player).
 * - `results:true`, for the server's managers (Manage Server): every ended game's results, a row per seat, as
 *   CSV.
 */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import { DM_SCOPE } from '../../anywhere.js';
import { exportGame } from '../../../app/export/game-export.js';
import { resultsCsv } from '../../../app/export/results-csv.js';
import { flag, integer } from '../../command-data.js';
import type { HandlerEnv, TableCommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refusalOf, replaysOf } from '../../replay/show.js';
import { maySeeGame } from '../../tables.js';
import { refuse } from '../caller.js';
import { command } from '../command.js';
import { playedGameMeant, replayableHere, replayChoicesFor } from './game-replay.js';

/** The newest seats' results a server's table holds (a few MB: well within what Discord takes as a file). */
export const RESULT_ROWS_MAX = 20_000;

const exportCommand = command({
  key: 'cmd.game.export',
  ack: 'ephemeral',
  options: { game: integer('opt.exportGame', { min: 1, autocomplete: true }), results: flag('opt.exportResults') },
  async handle(env, interaction, options) {
    if (options.results === true) return exportResults(env, interaction);
    // The menu carries the command's one option besides the game: results, not given on this way.
    const gameId = await playedGameMeant(env, interaction, options.game, 'export', [null]);
    if (gameId !== null) await answerExport(env, interaction, gameId);
  },
  async autocomplete(env, interaction, { typed }) {
    await interaction.respond(await replayChoicesFor(env, interaction, typed));
  },
});

export const gameExport: TableCommandHandler<'export'> = {
  ...exportCommand,
  table: 'export',
  async pick(env, interaction, gameId) {
    if (!(await replayableHere(env)).some((entry) => entry.row.id === gameId)) return refuse(env, interaction, { ok: false, code: 'game_not_here', gameId });
    await answerExport(env, interaction, gameId);
  },
};

/** The game's file, or why not; only a game the user may see (the same test as a replay's). */
async function answerExport(env: HandlerEnv, interaction: Parameters<typeof refuse>[1], gameId: number): Promise<void> {
  const inDm = interaction.guildId === null;
  const open = await replaysOf(env.ctx).book.open(gameId, inDm ? DM_SCOPE : interaction.guildId, inDm ? interaction.channelId : null);
  if (!open.ok) {
    env.logger.info({ gameId, code: open.code }, 'export refused');
    return answerPrivately(interaction, refusalOf(env, open, inDm, 'export'));
  }
  const game = open.game;
  if (!(await maySeeGame(env, interaction, game.row))) return answerPrivately(interaction, t(env.locale, 'export.hidden', { id: gameId }));
  const exported = await exportGame(env.ctx.service, game);
  const name = presenterFor(env.ctx, game.row.kind).name(env.locale);
  const key = exported.complete ? 'export.done' : 'export.donePublic';
  await answerPrivately(interaction, {
    content: t(env.locale, key, { game: name, id: gameId, moves: exported.moves.length }),
    components: [],
    files: [{ attachment: Buffer.from(`${JSON.stringify(exported, null, 1)}\n`), name: `bazaar-${game.row.kind}-${gameId}.json` }],
  });
}

/** The server's results as CSV: for those who manage the server, in a server only. */
async function exportResults(env: HandlerEnv, interaction: ChatInputCommandInteraction): Promise<void> {
  const guildId = interaction.guildId;
  if (guildId === null) return answerPrivately(interaction, t(env.locale, 'export.resultsInServer'));
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) !== true) return answerPrivately(interaction, t(env.locale, 'export.resultsManagers'));
  const rows = await env.ctx.service.serverResults(guildId, RESULT_ROWS_MAX + 1);
  if (rows.length === 0) return answerPrivately(interaction, t(env.locale, 'export.resultsNone'));
  // Whole games only: a game whose seats run past the limit is left out.
  const kept = rows.length > RESULT_ROWS_MAX ? rows.slice(0, RESULT_ROWS_MAX).filter((r) => r.gameId !== rows[RESULT_ROWS_MAX]?.gameId) : rows;
  const games = new Set(kept.map((r) => r.gameId)).size;
  const content = t(env.locale, rows.length > RESULT_ROWS_MAX ? 'export.resultsNewest' : 'export.resultsDone', { games, rows: kept.length });
  await answerPrivately(interaction, { content, components: [], files: [{ attachment: Buffer.from(resultsCsv(kept)), name: `bazaar-results-${guildId}.csv` }] });
}

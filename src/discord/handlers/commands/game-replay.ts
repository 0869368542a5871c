/**
 * /game replay [game]: steps through a game of this server, privately: a finished game, one ended
 * early, or a running one up to its last finished turn. Without `game`: in a game's thread, that game; in a
 * channel, its games that can be replayed (those running and its last ended one): the only one, or the
 * user is asked which with a menu (table-pick.ts), as for the other commands of a channel with several
 * tables. `game` is completed with this server's games, newest first. A game of a channel the user cannot
 * view is neither offered nor shown (replay/show.ts), unless they play in it.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { GameService, TableEntry } from '../../../app/game-service.js';
import type { Locale } from '../../../engine/index.js';
import type { PresenterRegistry } from '../../../games/contract.js';
import { integer } from '../../command-data.js';
import type { HandlerEnv, TableCommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { truncate } from '../../panel.js';
import { showReplayFrame } from '../../replay/show.js';
import { viewerOf, whichGameMessage } from '../../tables.js';
import { refuse } from '../caller.js';
import { command } from '../command.js';

/** Discord shows at most 25 suggestions. */
const SUGGESTIONS = 25;

const replayCommand = command({
  key: 'cmd.game.replay',
  ack: 'ephemeral',
  // A game's number, completed with this server's games.
  options: { game: integer('opt.replayGame', { min: 1, autocomplete: true }) },
  async handle(env, interaction, options) {
    const gameId = await playedGameMeant(env, interaction, options.game, 'replay', []);
    if (gameId !== null) await showReplayFrame(env, interaction, gameId, 0, false);
  },
  async autocomplete(env, interaction, { typed }) {
    await interaction.respond(await replayChoicesFor(env, interaction, typed));
  },
});

export const gameReplay: TableCommandHandler<'replay'> = {
  ...replayCommand,
  table: 'replay',
  // The menu offers the channel's games that can be replayed, its last ended one too.
  async pick(env, interaction, gameId) {
    if (!(await replayableHere(env)).some((entry) => entry.row.id === gameId)) return refuse(env, interaction, { ok: false, code: 'game_not_here', gameId });
    await showReplayFrame(env, interaction, gameId, 0, false);
  },
};

/**
 * The played game a command about one (a replay, an export) means: the one named, else in a game's thread
 * that game (a channel may hold several), else the channel's only one that can be replayed; null when there
 * is none, or several, and the user was told so or asked which with a menu carrying `args`.
 */
export async function playedGameMeant(env: HandlerEnv, interaction: ChatInputCommandInteraction, named: number | null, asked: 'replay' | 'export', args: readonly (number | null)[]): Promise<number | null> {
  const gameId = named ?? env.tableGameId ?? null;
  if (gameId !== null) return gameId;
  const played = await replayableHere(env);
  const [only] = played;
  if (only === undefined) {
    await answerPrivately(interaction, t(env.locale, `${asked}.noGame`));
    return null;
  }
  if (played.length > 1) {
    const command = `/${t(env.locale, 'cmd.game.name')} ${t(env.locale, `cmd.game.${asked}.name`)}`;
    await answerPrivately(interaction, whichGameMessage(env, played, asked, args, t(env.locale, `${asked}.which`, { count: played.length, command })));
    return null;
  }
  return only.row.id;
}

/**
 * The games of the interaction's channel (or thread) that can be replayed: its started running games,
 * oldest first, then its newest ended game (finished, or ended early after its start). A lobby has
 * nothing to replay.
 */
export async function replayableHere(env: HandlerEnv): Promise<TableEntry[]> {
  const { service } = env.ctx;
  const running = (await service.tables({ channelId: env.channelId })).filter((entry) => entry.row.status === 'active');
  const ended = await service.repo.findLastEnded(env.channelId);
  if (ended === undefined) return running;
  const loaded = await service.byId(ended.id);
  return [...running, { row: ended, game: loaded.ok ? loaded.game : null }];
}

/** The games of the interaction's server the user may see, as `game` options suggest them (none in a direct message). */
export async function replayChoicesFor(env: HandlerEnv, interaction: AutocompleteInteraction, typed: string): Promise<{ name: string; value: number }[]> {
  const guildId = interaction.guildId;
  if (guildId === null) return [];
  return replayChoices(env.ctx.service, env.ctx.presenters, guildId, typed, env.locale, await visibleTo(env, interaction));
}

/** Whether a game may be suggested to the interaction's user (see visibleGames). */
async function visibleTo(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<(gameId: number) => Promise<boolean>> {
  const maySee = await viewerOf(env, interaction);
  return async (gameId) => {
    const row = await env.ctx.service.gameRow(gameId);
    return row !== undefined && (await maySee(row));
  };
}

/**
 * The server's played games whose number starts with what was typed, or whose game's name contains it,
 * newest first (also an older game's whole number): what /game replay's `game` option suggests.
 * `mayShow`: whether a game may be suggested to the user (every game when not given).
 */
export async function replayChoices(
  service: GameService,
  presenters: PresenterRegistry,
  guildId: string,
  typedText: string,
  locale: Locale,
  mayShow: (gameId: number) => Promise<boolean> = async () => true,
): Promise<{ name: string; value: number }[]> {
  const typed = typedText.trim().replace(/^#/, '').toLowerCase();
  const games = await service.repo.playedInGuild(guildId, 100);
  if (/^[1-9][0-9]{0,8}$/.test(typed) && !games.some((g) => String(g.id) === typed)) {
    const row = await service.repo.findById(Number(typed));
    if (row !== undefined && row.guildId === guildId && row.state !== null && row.status !== 'lobby') games.unshift({ id: row.id, kind: row.kind, status: row.status, updatedAt: row.updatedAt });
  }
  const choices: { name: string; value: number }[] = [];
  for (const game of games) {
    const name = presenters.get(game.kind)?.name(locale) ?? game.kind;
    if (typed !== '' && !String(game.id).startsWith(typed) && !name.toLowerCase().includes(typed)) continue;
    if (!(await mayShow(game.id))) continue;
    const date = new Date(game.updatedAt).toISOString().slice(0, 10);
    choices.push({ name: truncate(t(locale, 'replay.choice', { id: game.id, game: name, status: game.status, date }), 100), value: game.id });
    if (choices.length === SUGGESTIONS) break;
  }
  return choices;
}

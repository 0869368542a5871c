/**
 * /game replay [game] (issue 26): steps through a game of this server, privately: a finished game, one ended
 * early, or a running one up to its last finished turn. Without `game`, this channel's game (running, or else
 * its last one). `game` is completed with this server's games, newest first.
 */
import type { GameService } from '../../../app/game-service.js';
import type { Locale } from '../../../engine/index.js';
import type { PresenterRegistry } from '../../../games/contract.js';
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { truncate } from '../../panel.js';
import { showReplayFrame } from '../../replay/show.js';

/** Discord shows at most 25 suggestions. */
const SUGGESTIONS = 25;

export const gameReplay: CommandHandler = {
  route: 'game replay',
  ack: 'ephemeral',
  async handle(env, interaction) {
    // In a game's thread, that game (issue 27: a channel may hold several).
    let gameId = interaction.options.getInteger('game') ?? env.tableGameId ?? null;
    if (gameId === null) {
      const here = await env.ctx.service.byChannelOrFinished(env.channelId);
      // A lobby has nothing to replay: the channel's last ended game, if any, is the one meant.
      const row = here.ok && here.game.kind === 'lobby' ? await env.ctx.service.repo.findLastEnded(env.channelId) : here.ok ? here.game.row : undefined;
      if (!here.ok && here.code === 'damaged') return answerPrivately(interaction, refusalText(env.ctx, here, env.locale));
      if (row === undefined) return answerPrivately(interaction, t(env.locale, 'replay.noGame'));
      gameId = row.id;
    }
    await showReplayFrame(env, interaction, gameId, 0, false);
  },
  async autocomplete(env, interaction) {
    const guildId = interaction.guildId;
    const focused = interaction.options.getFocused(true);
    if (guildId === null || focused.name !== 'game') return interaction.respond([]);
    await interaction.respond(await replayChoices(env.ctx.service, env.ctx.presenters, guildId, String(focused.value), env.locale));
  },
};

/**
 * The server's played games whose number starts with what was typed, or whose game's name contains it,
 * newest first (also an older game's whole number): what /game replay's `game` option suggests.
 */
export async function replayChoices(service: GameService, presenters: PresenterRegistry, guildId: string, typedText: string, locale: Locale): Promise<{ name: string; value: number }[]> {
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
    const date = new Date(game.updatedAt).toISOString().slice(0, 10);
    choices.push({ name: truncate(t(locale, 'replay.choice', { id: game.id, game: name, status: game.status, date }), 100), value: game.id });
    if (choices.length === SUGGESTIONS) break;
  }
  return choices;
}

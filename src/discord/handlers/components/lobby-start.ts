/** Lobby: Start (the host). Seats are shuffled with the seed and the first board is owed to the channel. */
import { t } from '../../i18n/index.js';
import { gameLocale, lobbyMessage, playingOrderText } from '../../messages/index.js';
import { answerPrivately, markCommitted, presenterFor } from '../../respond.js';
import { tableLink } from '../../links.js';
import { deliverNow } from '../after-click.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

export const lobbyStart = component({
  verb: 'start',
  ack: 'update',
  posts: true,
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.start(id.gameId, interaction.user.id, id.version);
    if (!result.ok) {
      if (result.code !== 'stale' && result.code !== 'not_lobby') return refuse(env, interaction, result);
      // A Start click on a lobby that changed or already started: say what is true now.
      const current = await service.byId(id.gameId);
      if (current.ok && current.game.kind === 'lobby') {
        await interaction.editReply(lobbyMessage(current.game, presenterFor(env.ctx, current.game.row.kind)));
        return answerPrivately(interaction, t(env.locale, 'lobby.changed'));
      }
      if (current.ok && current.game.kind === 'active') {
        const link = tableLink(current.game.row);
        return answerPrivately(interaction, link === null ? t(env.locale, 'lobby.alreadyStartedPending') : t(env.locale, 'lobby.alreadyStarted', { link }));
      }
      return refuse(env, interaction, current.ok ? result : current);
    }
    markCommitted(interaction);
    const game = result.game;
    const locale = gameLocale(game);
    const presenter = presenterFor(env.ctx, game.row.kind);
    // The playing order from the start player, numbered as on the pieces (not the seats' storage order).
    await interaction.editReply({
      content: t(locale, 'lobby.started', { game: presenter.name(locale), id: game.row.id, ...playingOrderText(game) }),
      components: [],
      allowedMentions: { parse: [] },
    });
    const posted = await deliverNow(env, game.row.id, result.boardDelivery, game);
    if (!posted) await answerPrivately(interaction, t(env.locale, 'board.postPending'));
  },
});

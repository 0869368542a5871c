/** /game log [count]: the game's log, newest page first, ephemeral; after the end, the finished game's (marked so). */
import type { CommandHandler } from '../../context.js';
import { logMessage } from '../../messages.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';

export const gameLog: CommandHandler = {
  route: 'game log',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = await service.byChannelOrFinished(env.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    // `count`: how many entries a page holds (else as many as fit in a message).
    const perPage = interaction.options.getInteger('count') ?? 0;
    const viewer = service.seatOf(game, interaction.user.id)?.seat ?? null;
    const message = await logMessage(service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, { perPage });
    if (message !== null) await answerPrivately(interaction, message);
  },
};

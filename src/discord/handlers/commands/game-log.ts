/** /game log [count]: the last turns' events, ephemeral; after the end, the finished game's (marked so). */
import type { CommandHandler } from '../../context.js';
import { logMessage } from '../../messages.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';
import { LOG_ENTRIES } from '../components/board-log.js';

export const gameLog: CommandHandler = {
  route: 'game log',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = await service.byChannelOrFinished(env.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    const count = interaction.options.getInteger('count') ?? LOG_ENTRIES;
    const viewer = service.seatOf(game, interaction.user.id)?.seat ?? null;
    await answerPrivately(interaction, await logMessage(service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, count));
  },
};

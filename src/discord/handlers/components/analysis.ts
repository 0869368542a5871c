/**
 * Analysis (the final board's, a replay's): the finished game's analysis, privately, to anyone in its server
 * who may see its channel (src/discord/analysis.ts refuses another server's game and a game not finished).
 */
import { showAnalysis } from '../../analysis.js';
import { component } from '../component.js';

export const analysisShow = component({
  verb: 'analysis',
  ack: 'ephemeral',
  scope: 'guild',
  handle: (env, interaction, { id }) => showAnalysis(env, interaction, id.gameId),
});

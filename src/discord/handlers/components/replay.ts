/**
 * A replay's components: the final board's Replay (a new private replay at the start), and on the
 * replay itself ◀ ▶ and the "go to round" menu (that frame, in place). Their custom_ids are honoured
 * anywhere in the game's server; showReplayFrame refuses another server's game and a frame that does not
 * exist, and changes nothing then.
 */
import { parseFrameValue } from '../../codec.js';
import { t } from '../../i18n/index.js';
import { notePrivately } from '../../respond.js';
import { showReplayFrame } from '../../replay/show.js';
import { component } from '../component.js';

export const replayOpen = component({
  verb: 'replay',
  ack: 'ephemeral',
  scope: 'guild',
  handle: (env, interaction, { id }) => showReplayFrame(env, interaction, id.gameId, 0, false),
});

export const replayFrame = component({
  verb: 'rframe',
  ack: 'update',
  scope: 'guild',
  handle: (env, interaction, { id }) => showReplayFrame(env, interaction, id.gameId, id.frame, true),
});

export const replayRound = component({
  verb: 'rround',
  ack: 'update',
  scope: 'guild',
  async handle(env, interaction, { id }) {
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    const frame = values.length === 1 ? parseFrameValue(values[0]) : null;
    if (frame === null) {
      env.logger.warn({ count: values.length }, 'replay round option that is not one');
      return notePrivately(interaction, t(env.locale, 'replay.noFrame'));
    }
    await showReplayFrame(env, interaction, id.gameId, frame, true);
  },
});

/**
 * The menu "which game?" (a command given in a channel with several running games, see ../../tables.ts):
 * the game chosen runs the command, with the options it was given (carried in the custom_id). The answer
 * replaces the menu. A value that is not a running game of this channel changes nothing.
 */
import { SETTING_BOUNDS } from '../../../app/settings.js';
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { carriedArgs } from '../../tables.js';
import { abandonOf } from '../commands/game-abandon.js';
import { answerHand, loadForCommand } from '../caller.js';
import { leaveOf } from '../commands/game-leave.js';
import { logOf } from '../commands/game-log.js';
import { settingsOf } from '../commands/game-settings.js';
import { statusOf } from '../commands/game-status.js';
import { followOf, unfollowOf } from '../commands/game-follow.js';
import { replayableHere } from '../commands/game-replay.js';
import { showReplayFrame } from '../../replay/show.js';

/** Non-negative integers without leading zeros (a game id). */
const GAME_ID = /^[1-9][0-9]{0,8}$/;

/** An integer option within its bounds, else not given (the command's own checks never saw it). */
function within(value: number | null | undefined, bounds: { min: number; max: number }): number | null {
  return value !== null && value !== undefined && value >= bounds.min && value <= bounds.max ? value : null;
}

export const tablePick: ComponentHandler<'pick'> = {
  verb: 'pick',
  ack: 'update',
  async handle(env, interaction, id) {
    const values = interaction.isStringSelectMenu() ? interaction.values : [];
    const raw = values.length === 1 ? values[0] : undefined;
    if (raw === undefined || !GAME_ID.test(raw)) return answerPrivately(interaction, t(env.locale, 'refusal.bad_button'));
    const gameId = Number(raw);
    const notHere = () => answerPrivately(interaction, refusalText(env.ctx, { ok: false, code: 'game_not_here', gameId }, env.locale));
    // A replay may also be of the channel's last ended game (see game-replay.ts).
    if (id.command === 'replay') {
      if (!(await replayableHere(env)).some((entry) => entry.row.id === gameId)) return notHere();
      return showReplayFrame(env, interaction, gameId, 0, false);
    }
    const running = await env.ctx.service.runningInChannel(env.channelId);
    if (!running.some((row) => row.id === gameId)) return notHere();
    const args = carriedArgs(id.args);
    switch (id.command) {
      case 'status':
        return statusOf(env, interaction, gameId);
      case 'hand':
        return answerHand(env, interaction, await loadForCommand(env, gameId));
      case 'log':
        return logOf(env, interaction, gameId, within(args[0], { min: 1, max: 50 }));
      case 'settings':
        return settingsOf(env, interaction, gameId, {
          reminderHours: within(args[0], SETTING_BOUNDS.reminderHours),
          reminderLimit: within(args[1], SETTING_BOUNDS.reminderLimit),
          idleHours: within(args[2], SETTING_BOUNDS.idleHours),
        });
      case 'leave':
        return leaveOf(env, interaction, gameId);
      case 'abandon':
        return abandonOf(env, interaction, gameId);
      case 'follow':
        return followOf(env, interaction, gameId);
      case 'unfollow':
        return unfollowOf(env, interaction, gameId);
    }
  },
};

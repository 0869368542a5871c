/**
 * Board: Phone view. The phone picture of the game as it stands now, privately, to anyone in the channel
 * (players or not; on the final board too): drawn for the asker, from the public view, in their language.
 */
import { RenderBusyError } from '../../../render/board-job.js';
import { t } from '../../i18n/index.js';
import { phonePicture } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';
import { component } from '../component.js';

export const boardPhone = component({
  verb: 'phone',
  ack: 'ephemeral',
  needs: 'game',
  async handle(env, interaction, { game }) {
    if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const presenter = presenterFor(env.ctx, game.row.kind);
    const name = presenter.name(env.locale);
    let picture: Awaited<ReturnType<typeof phonePicture>>;
    try {
      picture = await phonePicture(env.ctx.service, game, presenter, env.locale, 'asked');
    } catch (error) {
      env.logger.warn({ err: error, gameId: game.row.id, version: game.row.version }, 'the phone picture could not be drawn for Phone view');
      return answerPrivately(interaction, t(env.locale, error instanceof RenderBusyError ? 'board.phoneViewBusy' : 'board.phoneViewFailed'));
    }
    // A game without one offers no Phone view: the custom_id was altered.
    if (picture === null) return answerPrivately(interaction, t(env.locale, 'board.phoneViewNone', { game: name }));
    // A file of its own, no embed: Discord shows it at the width of the screen.
    await answerPrivately(interaction, { content: t(env.locale, 'board.phoneViewAnswer', { game: name, id: game.row.id }), components: [], files: [picture] });
  },
});

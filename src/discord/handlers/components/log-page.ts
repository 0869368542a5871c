/**
 * ◀ ▶ on a page of the log: the older or newer page, in place. A page opened before the game moved on, or
 * by another user (their private events are not this user's), is refused in a private note; the page stays.
 */
import { t } from '../../i18n/index.js';
import { logMessage } from '../../messages/index.js';
import { answerPrivately, notePrivately, presenterFor } from '../../respond.js';
import { component } from '../component.js';

export const logPage = component({
  verb: 'logp',
  ack: 'update',
  needs: 'game',
  async handle(env, interaction, { id, game, seat }) {
    const viewer = seat?.seat ?? null;
    if (id.viewer !== (viewer === null ? 0 : viewer + 1)) return notePrivately(interaction, t(env.locale, 'log.foreign'));
    // The pages are counted on the log as it was: once the game moved on, they no longer match.
    if (id.version !== game.row.version) return notePrivately(interaction, t(env.locale, 'log.stale'));
    const message = await logMessage(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, { page: id.page, perPage: id.perPage });
    if (message === null) return notePrivately(interaction, t(env.locale, 'log.noPage'));
    await answerPrivately(interaction, message);
  },
});

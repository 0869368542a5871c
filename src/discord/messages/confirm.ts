/** The private question before a destructive command. */
import { ButtonStyle } from 'discord.js';
import type { Locale } from '../../engine/index.js';
import { encodeCustomId, type Confirmable } from '../codec.js';
import { t } from '../i18n/index.js';
import { type PrivateMessage, button, row, fit } from './shared.js';

/**
 * The private question before a destructive command: what will happen, and two buttons (do it / keep
 * playing). The buttons carry the game's version when asked, so an answer after the game moved on is refused.
 */
export function confirmMessage(game: { readonly id: number; readonly version: number }, what: Confirmable, question: string, locale: Locale): PrivateMessage {
  const id = { gameId: game.id, version: game.version };
  return {
    content: fit([question]),
    components: [
      row(
        button(t(locale, what === 'leave' ? 'confirm.leaveButton' : 'confirm.abandonButton'), encodeCustomId({ ...id, verb: 'confirm', what }), ButtonStyle.Danger),
        button(t(locale, 'confirm.keep'), encodeCustomId({ ...id, verb: 'keep' }), ButtonStyle.Secondary),
      ),
    ],
  };
}

/** The Kairo renderer: the board image from the public view, and its pictures for the render worker. */
import type { BoardPictures } from '../../../render/board-job.js';
import { renderEmoji, type EmojiPainter } from '../../../render/emoji.js';
import { KAIRO_EMOJI } from './emoji.js';
import { renderKairoBoard, type KairoRenderOptions, type PublicViewOnly } from './board.js';
import { renderKairoPhone } from './phone.js';
import { renderKairoRulesCard } from './rules-card.js';

export { drawKairoBoard, fieldRect, kairoBoardLayout, renderKairoBoard, turnOrder, type KairoRenderOptions, type PublicViewOnly } from './board.js';
export { colourName, type RenderLocale } from './i18n.js';
export { drawKairoPhone, kairoPhoneLayout, renderKairoPhone, type KairoPhoneLayout } from './phone.js';

/** The board and phone pictures, loaded by game.ts on first use (board jobs carry view and options untyped). */
export const kairoPictures: BoardPictures = {
  board: (view, options) => renderKairoBoard(view as PublicViewOnly, options as KairoRenderOptions),
  phone: (view, options) => renderKairoPhone(view as PublicViewOnly, options as KairoRenderOptions),
  // The card kinds of /help rules.
  rules: renderKairoRulesCard,
  emoji: (symbol) => {
    const paint = (KAIRO_EMOJI as Readonly<Partial<Record<string, EmojiPainter>>>)[symbol];
    return paint === undefined ? Promise.reject(new TypeError(`no emoji named ${symbol}`)) : renderEmoji(paint);
  },
};

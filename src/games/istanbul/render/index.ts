/** The Istanbul renderer: the board image from the public view, and its pictures for the render worker. */
import type { BoardPictures } from '../../../render/board-job.js';
import { renderEmoji, type EmojiPainter } from '../../../render/emoji.js';
import { ISTANBUL_EMOJI } from './emoji.js';
import { renderIstanbulBoard, type IstanbulRenderOptions, type PublicViewOnly } from './board.js';
import { renderIstanbulPhone } from './phone.js';
import { renderIstanbulRulesCard } from './rules-card.js';

export { renderIstanbulBoard, drawIstanbulBoard, istanbulBoardLayout, placeRect, type IstanbulRenderOptions, type PublicViewOnly } from './board.js';
export { placeName, type RenderLocale } from './i18n.js';
export { drawIstanbulPhone, istanbulPhoneLayout, renderIstanbulPhone, type PhoneLayout } from './phone.js';

/** The board and phone pictures, loaded by game.ts on first use (board jobs carry view and options untyped). */
export const istanbulPictures: BoardPictures = {
  board: (view, options) => renderIstanbulBoard(view as PublicViewOnly, options as IstanbulRenderOptions),
  phone: (view, options) => renderIstanbulPhone(view as PublicViewOnly, options as IstanbulRenderOptions),
  // The place cards of /help rules.
  rules: renderIstanbulRulesCard,
  emoji: (symbol) => {
    const paint = (ISTANBUL_EMOJI as Readonly<Partial<Record<string, EmojiPainter>>>)[symbol];
    return paint === undefined ? Promise.reject(new TypeError(`no emoji named ${symbol}`)) : renderEmoji(paint);
  },
};

/** The Kairo renderer: the board image from the public view. */
export {
  drawKairoBoard,
  fieldRect,
  kairoBoardLayout,
  lastActionFromEvents,
  renderKairoBoard,
  turnOrder,
  type KairoLastAction,
  type KairoRenderOptions,
  type PublicViewOnly,
} from './board.js';
export { colourName, type RenderLocale } from './i18n.js';
export { drawKairoPhone, kairoPhoneLayout, renderKairoPhone, type KairoPhoneLayout } from './phone.js';

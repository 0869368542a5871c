/** The Istanbul renderer: the board image from the public view. */
export { renderIstanbulBoard, drawIstanbulBoard, istanbulBoardLayout, placeRect, type IstanbulRenderOptions, type PublicViewOnly } from './board.js';
export { placeName, type RenderLocale } from './i18n.js';
export { drawIstanbulPhone, istanbulPhoneLayout, renderIstanbulPhone, type PhoneLayout } from './phone.js';

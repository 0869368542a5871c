/**
 * The phone pictures' measures, shared by the games: Discord shows an image about 400 px wide on a phone,
 * and a player must still read the numbers there (their digits at least 7 px high at that width).
 */

/** The phone picture's width: twice what a phone shows, so it stays sharp on a dense screen. */
export const PHONE_WIDTH = 800;
/** The width Discord shows an image at on a phone. */
export const PHONE_SHOWN_WIDTH = 400;
/**
 * The smallest text on a phone picture, in px. Skia measures the Open Sans digits 15 px high at 21 px,
 * 7.5 px where the picture is shown 400 px wide (test/render/phone.test.ts measures every draw).
 */
export const PHONE_MIN_TEXT = 21;

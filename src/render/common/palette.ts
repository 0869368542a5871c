/**
 * The players' colours for games whose players have no colour of their own, after Okabe & Ito ("Color
 * Universal Design"): distinct on white, and apart for the common kinds of colour blindness
 * (test/render/common/colour-vision.test.ts). Players are never told apart by hue alone: every line and
 * figure also carries its player's number.
 */

/** The end chart's lines, by seat; such a game's board post has the same colour on its bar. */
export const CHART_PALETTE: readonly string[] = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

export function chartColour(seatIndex: number): string {
  return CHART_PALETTE[((seatIndex % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length] as string;
}

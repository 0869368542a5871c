/**
 * Colour-blind-safe colours for players, after Okabe & Ito ("Color Universal Design"). Players are never
 * told apart by hue alone: every figure also carries its player's number.
 */
import { readableInk } from './colour.js';

export interface SeatStyle {
  /** Main colour of the player's figures. */
  readonly fill: string;
  /** Outline, always darker than the fill so light colours stand out on light tiles. */
  readonly stroke: string;
  /** Text drawn on the fill. */
  readonly ink: string;
}

function seat(fill: string, stroke: string): SeatStyle {
  return { fill, stroke, ink: readableInk(fill) };
}

/**
 * Five seat colours with different lightness as well as hue (orange, sky blue, violet, ivory,
 * charcoal), so even a greyscale print separates most of them; the number on the figure does the rest.
 */
export const SEAT_STYLES: readonly SeatStyle[] = [
  seat('#e69f00', '#6b4a00'),
  seat('#56b4e9', '#1c5573'),
  seat('#a05bc4', '#4a2361'),
  seat('#f4f0e6', '#5b5346'),
  seat('#3b3f46', '#0d0f12'),
  seat('#009e73', '#00432f'),
];

export function seatStyle(seatIndex: number): SeatStyle {
  return SEAT_STYLES[((seatIndex % SEAT_STYLES.length) + SEAT_STYLES.length) % SEAT_STYLES.length] as SeatStyle;
}

/**
 * The end chart's lines, by seat: distinct on white, and apart for the common kinds of colour blindness. A
 * game whose players have no colour of their own names its players by these on the board post's bar too.
 */
export const CHART_PALETTE: readonly string[] = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

export function chartColour(seatIndex: number): string {
  return CHART_PALETTE[((seatIndex % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length] as string;
}

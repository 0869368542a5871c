/**
 * The Kairo board's look. The six stall colours are told apart by a shape as well as by hue (the same
 * shape on a stall, its customer and its medals), and owners by their seat number on a white disc (the
 * neutral stalls of the 2-player game by an "N" on a grey disc and a hatched roof), so nothing on the
 * board depends on seeing colour alone.
 */
import type { Colour } from '../view/types.js';
import { darken, lighten, readableInk } from '../../../render/common/colour.js';
import type { MarkerShape } from '../../../render/common/shapes.js';

export const THEME = {
  background: '#1c1712',
  backgroundTop: '#2a2119',
  frame: '#3a2d20',
  frameEdge: '#6e5535',
  /** Market fields: two sand tones, alternating by section so the 4 x 3 sections read as blocks. */
  sandA: '#f2e4c4',
  sandB: '#e6d2a8',
  gridLine: '#c9b088',
  sectionLine: '#5a3e1c',
  /** The restaurant U. */
  restaurant: '#e2d2ee',
  restaurantLine: '#a68cc0',
  restaurantInk: '#5b3d78',
  fieldInk: '#6b5232',
  sectionChip: '#3d2b16',
  sectionChipInk: '#fff6e2',
  startRing: '#8c6b3e',
  highlight: '#ffd23f',
  highlightEdge: '#2b1d05',
  panel: '#2a2119',
  panelRaised: '#352a1f',
  panelEdge: '#5b4630',
  panelInk: '#f5eedf',
  panelMuted: '#c8b79a',
  card: '#f7efdc',
  cardEdge: '#8a6a3c',
  cardInk: '#3a2a14',
  cardSection: '#d9c29a',
  /** A card's own sections on its little map: standard cards, jokers. */
  cardMark: '#8a4b16',
  cardMarkJoker: '#a0561a',
  gold: '#e8b93a',
  goldDark: '#4a3300',
  silver: '#cfd4da',
  silverDark: '#59616b',
  danger: '#c0392b',
  out: '#8d7f6c',
} as const;

export interface ColourStyle {
  readonly fill: string;
  readonly stroke: string;
  /** Text drawn on the fill. */
  readonly ink: string;
  /** The colour's shape: on its stalls, its customer and its medals. */
  readonly shape: MarkerShape;
  /** A lighter tone for extensions and the entrance field. */
  readonly light: string;
}

function colour(fill: string, shape: MarkerShape): ColourStyle {
  return { fill, stroke: darken(fill, 0.55), ink: readableInk(fill), shape, light: lighten(fill, 0.2) };
}

/** Stall, customer and coin colours (the game's own six). */
export const COLOUR_STYLES: Readonly<Record<Colour, ColourStyle>> = {
  violet: colour('#7d4fb0', 'star'),
  red: colour('#cc3a2f', 'square'),
  yellow: colour('#f2c230', 'circle'),
  green: colour('#3a9a4c', 'triangle'),
  blue: colour('#2f6cc0', 'diamond'),
  orange: colour('#f08a24', 'hexagon'),
};

export const COLOUR_ORDER: readonly Colour[] = ['violet', 'red', 'yellow', 'green', 'blue', 'orange'];

/** The owner disc: white with the seat number; neutral stalls a grey disc with "N". */
export const OWNER_DISC = { fill: '#ffffff', stroke: '#1b1f24', ink: '#1b1f24' } as const;
export const NEUTRAL_DISC = { fill: '#5f6368', stroke: '#1b1f24', ink: '#ffffff' } as const;

/**
 * Every (text colour, background) pair the renderer draws text with; the tests hold each to WCAG AA
 * (4.5:1). Text on a stall or customer colour uses that colour's `ink` (checked separately).
 */
export const TEXT_PAIRS: readonly (readonly [string, string])[] = [
  [THEME.panelInk, THEME.panel],
  [THEME.panelInk, THEME.panelRaised],
  [THEME.panelMuted, THEME.panel],
  [THEME.panelMuted, THEME.panelRaised],
  [THEME.panelInk, THEME.background],
  [THEME.panelInk, THEME.frame],
  [THEME.panelMuted, THEME.frame],
  [THEME.fieldInk, THEME.sandA],
  [THEME.fieldInk, THEME.sandB],
  [THEME.restaurantInk, THEME.restaurant],
  [THEME.sectionChipInk, THEME.sectionChip],
  [THEME.cardInk, THEME.card],
  [THEME.cardInk, THEME.cardSection],
  ['#ffffff', THEME.cardMark],
  ['#ffffff', THEME.cardMarkJoker],
  [THEME.highlightEdge, THEME.highlight],
  [OWNER_DISC.ink, OWNER_DISC.fill],
  [NEUTRAL_DISC.ink, NEUTRAL_DISC.fill],
  ['#ffffff', THEME.danger],
  [THEME.goldDark, THEME.gold],
  [THEME.highlight, THEME.panel],
  [THEME.highlight, THEME.panelRaised],
];

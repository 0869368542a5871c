/**
 * The Istanbul board's look: theme colours, goods and player styles. Goods are told apart by shape as well
 * as colour (fabric a square bolt, spice a triangular heap, fruit a round fruit, jewelry a diamond); players
 * by their number on every figure.
 */
import type { Good, PlayerColour } from '../view/types.js';
// The colour module, not the whole drawing kit: the presenter reads the player colours without a canvas.
import { darken, readableInk } from '../../../render/common/colour.js';
import type { MarkerShape, MarkerStyle } from '../../../render/common/shapes.js';

export const THEME = {
  background: '#17202a',
  backgroundTop: '#1f2c3a',
  frame: '#2c3b4c',
  tile: '#f4e8cf',
  tileDim: '#eadbbb',
  tileEdge: '#b99e6c',
  tileShadow: '#0b1016',
  tileInk: '#2a2118',
  tileMuted: '#6e5c44',
  gold: '#e6b54a',
  goldDark: '#8a6414',
  highlight: '#ffd23f',
  panel: '#223040',
  panelRaised: '#2b3b4e',
  panelEdge: '#3a4e64',
  panelInk: '#f3efe6',
  panelMuted: '#a8b5c3',
  ruby: '#d11f4b',
  rubyDark: '#6e0a24',
  coin: '#e9b840',
  coinDark: '#8c6413',
  card: '#f7f1e3',
  cardEdge: '#8a7350',
} as const;

export interface GoodStyle extends MarkerStyle {
  readonly ink: string;
}

const good = (fill: string, shape: MarkerShape): GoodStyle => ({
  fill,
  stroke: darken(fill, 0.55),
  shape,
  ink: readableInk(fill),
});

export const GOOD_STYLES: Readonly<Record<Good, GoodStyle>> = {
  red: good('#d8452f', 'square'),
  green: good('#1f9e76', 'triangle'),
  yellow: good('#f2c53d', 'circle'),
  blue: good('#2f6fc0', 'diamond'),
};

export const GOOD_ORDER: readonly Good[] = ['red', 'green', 'yellow', 'blue'];

export interface FigureStyle {
  readonly fill: string;
  readonly stroke: string;
  readonly ink: string;
}

const figure = (fill: string, stroke: string): FigureStyle => ({ fill, stroke, ink: readableInk(fill) });

/** The game's player colours, tuned so that lightness differs as well as hue. */
export const PLAYER_STYLES: Readonly<Record<PlayerColour, FigureStyle>> = {
  red: figure('#d8452f', '#5c1409'),
  blue: figure('#2f6fc0', '#0f2a4f'),
  green: figure('#1f9e76', '#0a3d2d'),
  yellow: figure('#f2c53d', '#6b5207'),
  white: figure('#f6f3ec', '#4d4638'),
};

/** The variant's neutral assistants (white, but drawn grey-hatched so they never pass for a player). */
export const NEUTRAL_STYLE: FigureStyle = figure('#c9c4b8', '#5a554b');
export const GOVERNOR_STYLE: FigureStyle = figure('#7b3fa0', '#2e1240');
/** Black, with a grey outline so it stays visible on dark backgrounds too. */
export const SMUGGLER_STYLE: FigureStyle = figure('#2b2b2e', '#6b6b70');

/** Header band colour per place: one hue per kind of place, so the eye finds a place type at a glance. */
export function placeBand(id: number): string {
  switch (id) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 8:
      return '#7a4b2a'; // goods: wood brown
    case 10:
    case 11:
      return '#a4462a'; // markets: terracotta
    case 13:
    case 14:
    case 15:
    case 16:
    case 24:
      return '#5a3577'; // rubies: plum
    case 7:
    case 12:
    case 21:
      return '#2f4f7a'; // fountain, police, embassy: slate blue
    default:
      return '#22636a'; // money and cards: teal
  }
}

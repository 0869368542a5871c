/** A tile's rectangle and which of its parts to draw: shared by the base game's tiles and the expansion's places. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * What of a tile to draw: 'static' is what never changes for a place on a layout (frame, number, name
 * and artwork, drawn once into the board's static layer); 'live' is the rest (the place's state, and the
 * Kiosk's artwork, which its tiles hide while a round is under way); 'all' is both.
 */
export type TilePart = 'static' | 'live' | 'all';

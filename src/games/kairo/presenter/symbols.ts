/**
 * Kairo's symbols shown as the app's own emojis: each of the six colours (its shape in its colour) and
 * each colour's coins; and which of them an action's label is about. Canvas-free, as Istanbul's.
 */
import type { Message } from '../../../engine/index.js';
import { COLOURS, type Colour } from '../data/board.js';

export type KairoSymbol = `kairo_${Colour}` | `kairo_coin_${Colour}`;

export const KAIRO_SYMBOLS: readonly KairoSymbol[] = [...COLOURS.map((c): KairoSymbol => `kairo_${c}`), ...COLOURS.map((c): KairoSymbol => `kairo_coin_${c}`)];

const COLOUR_ACTION = /^kairo\.action\.(stall|extend|relocate|lead)\.(\w+)$/;
const COIN_ACTION = /^kairo\.action\.(jokerCoin|payStall|payOther)\.(\w+)$/;

/**
 * The colour a build or lead is about (its stall or customer), or the colour of the coins it pays; the
 * label keeps its colour word (the emoji's shape and hue stand beside it, never for it).
 */
export function kairoSymbolOf(message: Message): { readonly symbol: KairoSymbol; readonly message: Message } | undefined {
  const colour = COLOUR_ACTION.exec(message.key)?.[2];
  if (colour !== undefined && (COLOURS as readonly string[]).includes(colour)) return { symbol: `kairo_${colour as Colour}`, message };
  const coin = COIN_ACTION.exec(message.key)?.[2];
  if (coin !== undefined && (COLOURS as readonly string[]).includes(coin)) return { symbol: `kairo_coin_${coin as Colour}`, message };
  return undefined;
}

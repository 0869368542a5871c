/**
 * Istanbul's symbols shown as the app's own emojis: the four goods, lira, rubies, and Letters & Seals'
 * seals and letters; and which of them an action's label is about. Canvas-free: the bot's main thread
 * reads it; the pictures are drawn in the render workers (render/emoji.ts).
 */
import type { Message } from '../../../engine/index.js';
import type { Good } from '../view/types.js';

export const ISTANBUL_SYMBOLS = ['fabric', 'spice', 'fruit', 'jewelry', 'lira', 'ruby', 'seal', 'letter'] as const;
export type IstanbulSymbol = (typeof ISTANBUL_SYMBOLS)[number];

/** Each good's symbol: its ware (the colour is the emoji's, and its shape). */
export const GOOD_SYMBOL: Readonly<Record<Good, IstanbulSymbol>> = { red: 'fabric', green: 'spice', yellow: 'fruit', blue: 'jewelry' };

const RUBY_ACTIONS = new Set(['istanbul.action.gemstone', 'istanbul.action.secretSociety', 'istanbul.action.repeatSecretSociety']);
const SEAL_ACTIONS = new Set(['istanbul.action.doubleMove', 'istanbul.action.discardLetter', 'istanbul.action.discardDelivered']);
const LIRA_ACTIONS = new Set(['istanbul.action.governorPayLira', 'istanbul.action.smugglerPayLira', 'istanbul.action.take5Lira']);
const LETTER_ACTIONS = new Set(['istanbul.action.embassy', 'istanbul.action.kiosk', 'istanbul.action.takeLetter', 'istanbul.action.courierLetter', 'istanbul.action.courierDelivered']);

/**
 * The symbol an action's label is about, with the label's words for when its emoji stands beside it: a
 * single good named by its ware alone ("fabric", the emoji showing it red and square: `goodName`);
 * lira, rubies, seals and letters with their words unchanged (the emoji never says them alone).
 */
export function istanbulSymbolOf(message: Message): { readonly symbol: IstanbulSymbol; readonly message: Message } | undefined {
  const good = message.params?.good;
  if (typeof good === 'string' && good in GOOD_SYMBOL) {
    const { good: _named, ...rest } = message.params ?? {};
    return { symbol: GOOD_SYMBOL[good as Good], message: { key: message.key, params: { ...rest, goodName: good } } };
  }
  const key = message.key;
  if (RUBY_ACTIONS.has(key)) return { symbol: 'ruby', message };
  if (SEAL_ACTIONS.has(key)) return { symbol: 'seal', message };
  // What the choice gains: a letter, else lira it pays or takes (a bid, a kiosk exchange).
  if (LETTER_ACTIONS.has(key) || /^istanbul\.action\.kiosk\w+ForLetter$/.test(key)) return { symbol: 'letter', message };
  if (LIRA_ACTIONS.has(key) || (typeof message.params?.lira === 'number' && key.startsWith('istanbul.action.'))) return { symbol: 'lira', message };
  return undefined;
}

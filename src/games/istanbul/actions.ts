/**
 * Istanbul actions: each is one atomic decision (one button or one select option).
 * `parseAction` validates untrusted input's shape; legality is membership in `legalActions`.
 */
import { z } from 'zod';
import type { CaptureReward, CardKind, Good, Goods, PlaceId, Seat } from './types.js';

export type RepeatCard = 'sultanTwice' | 'postTwice' | 'gemstoneTwice';

export type IstanbulAction =
  // phase 1: movement
  | { readonly type: 'move'; readonly to: PlaceId }
  /** Card "3 or 4 steps": move there, playing the card. */
  | { readonly type: 'moveFar'; readonly to: PlaceId }
  /** Card "stay": the merchant stays; an assistant is still used. */
  | { readonly type: 'stay' }
  /** Card "return 1 assistant" (movement phase): from a place to the merchant. */
  | { readonly type: 'returnAssistant'; readonly from: PlaceId }
  // after moving: assistants
  | { readonly type: 'leaveAssistant' }
  | { readonly type: 'pickUpAssistant'; readonly neutral: boolean }
  // phase 2
  | { readonly type: 'payMerchants' }
  /** Ends the turn (cannot or will not leave an assistant / pay; or after the encounters). */
  | { readonly type: 'endTurn' }
  // phase 3: place actions
  | { readonly type: 'skipAction' }
  | { readonly type: 'wainwright' }
  | { readonly type: 'warehouse' }
  | { readonly type: 'buyExtraGood'; readonly good: Good }
  | { readonly type: 'declineExtraGood' }
  | { readonly type: 'postOffice' }
  | { readonly type: 'caravansaryDraw'; readonly from: 'deck' | 'discard' }
  | { readonly type: 'caravansaryDiscard'; readonly card: CardKind }
  | { readonly type: 'fountainRecall'; readonly from: PlaceId }
  | { readonly type: 'fountainDone' }
  | { readonly type: 'blackMarketGood'; readonly good: Exclude<Good, 'blue'> }
  | { readonly type: 'blackMarketRoll' }
  | { readonly type: 'teaHouse'; readonly announce: number }
  | { readonly type: 'redTileSetFour'; readonly die: 0 | 1 }
  | { readonly type: 'redTileReroll' }
  | { readonly type: 'redTileKeep' }
  /** Sell at a market; `anyGoods`: with the Small Market card (any goods instead of the demanded ones). */
  | { readonly type: 'sell'; readonly goods: Goods; readonly anyGoods: boolean }
  | { readonly type: 'police'; readonly to: PlaceId }
  /** Deliver the uncovered goods; `choices`: the goods given for the "any" fields, in track order. */
  | { readonly type: 'sultan'; readonly choices: readonly Good[] }
  | { readonly type: 'mosque'; readonly colour: Good }
  | { readonly type: 'gemstone' }
  /** Play a "do the action once more" card right after that place's action. */
  | { readonly type: 'repeatAction'; readonly card: RepeatCard; readonly choices: readonly Good[] }
  // phase 4: encounters
  | { readonly type: 'capture'; readonly seat: Seat; readonly reward: CaptureReward }
  | { readonly type: 'governor' }
  /** Pay the Governor: a card from the hand, or 2 lira (card null). */
  | { readonly type: 'governorPay'; readonly card: CardKind | null }
  | { readonly type: 'smuggler'; readonly good: Good }
  /** Pay the Smuggler: a good, or 2 lira (good null). */
  | { readonly type: 'smugglerPay'; readonly good: Good | null }
  // any time in the own turn (within their timing)
  | { readonly type: 'take5Lira' }
  | { readonly type: 'takeGood'; readonly good: Good }
  | { readonly type: 'familyToPolice'; readonly reward: CaptureReward }
  | { readonly type: 'yellowTile'; readonly from: PlaceId }
  // after the last round
  | { readonly type: 'finish' };

export type IstanbulActionType = IstanbulAction['type'];

const good = z.enum(['red', 'green', 'yellow', 'blue']);
const place = z.number().int().min(1).max(25);
const card = z.enum([
  'takeGood',
  'take5Lira',
  'sultanTwice',
  'postTwice',
  'gemstoneTwice',
  'familyToPolice',
  'stay',
  'move3or4',
  'returnAssistant',
  'smallMarketAny',
]);
const count = z.number().int().min(0).max(5);
const reward = z.enum(['card', 'lira']);

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), to: place }).strict(),
  z.object({ type: z.literal('moveFar'), to: place }).strict(),
  z.object({ type: z.literal('stay') }).strict(),
  z.object({ type: z.literal('returnAssistant'), from: place }).strict(),
  z.object({ type: z.literal('leaveAssistant') }).strict(),
  z.object({ type: z.literal('pickUpAssistant'), neutral: z.boolean() }).strict(),
  z.object({ type: z.literal('payMerchants') }).strict(),
  z.object({ type: z.literal('endTurn') }).strict(),
  z.object({ type: z.literal('skipAction') }).strict(),
  z.object({ type: z.literal('wainwright') }).strict(),
  z.object({ type: z.literal('warehouse') }).strict(),
  z.object({ type: z.literal('buyExtraGood'), good }).strict(),
  z.object({ type: z.literal('declineExtraGood') }).strict(),
  z.object({ type: z.literal('postOffice') }).strict(),
  z.object({ type: z.literal('caravansaryDraw'), from: z.enum(['deck', 'discard']) }).strict(),
  z.object({ type: z.literal('caravansaryDiscard'), card }).strict(),
  z.object({ type: z.literal('fountainRecall'), from: place }).strict(),
  z.object({ type: z.literal('fountainDone') }).strict(),
  z.object({ type: z.literal('blackMarketGood'), good: z.enum(['red', 'green', 'yellow']) }).strict(),
  z.object({ type: z.literal('blackMarketRoll') }).strict(),
  z.object({ type: z.literal('teaHouse'), announce: z.number().int().min(3).max(12) }).strict(),
  z.object({ type: z.literal('redTileSetFour'), die: z.union([z.literal(0), z.literal(1)]) }).strict(),
  z.object({ type: z.literal('redTileReroll') }).strict(),
  z.object({ type: z.literal('redTileKeep') }).strict(),
  z
    .object({
      type: z.literal('sell'),
      goods: z.object({ red: count, green: count, yellow: count, blue: count }).strict(),
      anyGoods: z.boolean(),
    })
    .strict(),
  z.object({ type: z.literal('police'), to: place }).strict(),
  z.object({ type: z.literal('sultan'), choices: z.array(good).max(2) }).strict(),
  z.object({ type: z.literal('mosque'), colour: good }).strict(),
  z.object({ type: z.literal('gemstone') }).strict(),
  z
    .object({
      type: z.literal('repeatAction'),
      card: z.enum(['sultanTwice', 'postTwice', 'gemstoneTwice']),
      choices: z.array(good).max(2),
    })
    .strict(),
  z.object({ type: z.literal('capture'), seat: z.number().int().min(0).max(4), reward }).strict(),
  z.object({ type: z.literal('governor') }).strict(),
  z.object({ type: z.literal('governorPay'), card: card.nullable() }).strict(),
  z.object({ type: z.literal('smuggler'), good }).strict(),
  z.object({ type: z.literal('smugglerPay'), good: good.nullable() }).strict(),
  z.object({ type: z.literal('take5Lira') }).strict(),
  z.object({ type: z.literal('takeGood'), good }).strict(),
  z.object({ type: z.literal('familyToPolice'), reward }).strict(),
  z.object({ type: z.literal('yellowTile'), from: place }).strict(),
  z.object({ type: z.literal('finish') }).strict(),
]);

export function parseIstanbulAction(raw: unknown): IstanbulAction | null {
  const result = actionSchema.safeParse(raw);
  return result.success ? (result.data as IstanbulAction) : null;
}

const goodsKey = (g: Goods): string => `${g.red}.${g.green}.${g.yellow}.${g.blue}`;

/** Canonical identity: equal for two actions exactly when they mean the same decision. */
export function istanbulActionKey(a: IstanbulAction): string {
  switch (a.type) {
    case 'move':
    case 'moveFar':
      return `${a.type}:${a.to}`;
    case 'returnAssistant':
    case 'fountainRecall':
    case 'yellowTile':
      return `${a.type}:${a.from}`;
    case 'police':
      return `police:${a.to}`;
    case 'pickUpAssistant':
      return `pickUpAssistant:${a.neutral ? 'neutral' : 'own'}`;
    case 'buyExtraGood':
    case 'blackMarketGood':
    case 'smuggler':
    case 'takeGood':
      return `${a.type}:${a.good}`;
    case 'caravansaryDraw':
      return `caravansaryDraw:${a.from}`;
    case 'caravansaryDiscard':
      return `caravansaryDiscard:${a.card}`;
    case 'teaHouse':
      return `teaHouse:${a.announce}`;
    case 'redTileSetFour':
      return `redTileSetFour:${a.die}`;
    case 'sell':
      return `sell:${goodsKey(a.goods)}:${a.anyGoods ? 'any' : 'demand'}`;
    case 'sultan':
      return `sultan:${a.choices.join('.')}`;
    case 'mosque':
      return `mosque:${a.colour}`;
    case 'repeatAction':
      return `repeatAction:${a.card}:${a.choices.join('.')}`;
    case 'capture':
      return `capture:${a.seat}:${a.reward}`;
    case 'governorPay':
      return `governorPay:${a.card ?? 'lira'}`;
    case 'smugglerPay':
      return `smugglerPay:${a.good ?? 'lira'}`;
    case 'familyToPolice':
      return `familyToPolice:${a.reward}`;
    default:
      return a.type;
  }
}

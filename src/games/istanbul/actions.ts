/**
 * Istanbul actions: each is one atomic decision (one button or one select option).
 * `parseAction` validates untrusted input's shape; legality is membership in `legalActions`.
 */
import { z } from 'zod';
import type { GoodLiraCard } from './data/letters-and-seals.js';
import type { CaptureReward, CardKind, Good, Goods, LetterRef, PlaceId, Seat } from './types.js';

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
  /** Fountain: every own assistant on the board back at once (the rule's "any number", in one choice). */
  | { readonly type: 'fountainRecallAll' }
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
  | { readonly type: 'finish' }
  // ----- Letters & Seals -----
  /** At the start of the turn: the companion from the own supply beside the merchant (free). */
  | { readonly type: 'placeCompanion' }
  /** Movement: the companion 1 step instead of the merchant. */
  | { readonly type: 'moveCompanion'; readonly to: PlaceId }
  /** Card "companion 2 steps": the companion to a place 2 steps away. */
  | { readonly type: 'moveCompanionFar'; readonly to: PlaceId }
  /** Card "family member moves": 1 step, then that place's action, no encounters; replaces the move. */
  | { readonly type: 'familyStep'; readonly to: PlaceId }
  /** Card "move to an opponent's merchant": the merchant stack to `other`'s merchant, not paying it. */
  | { readonly type: 'moveToMerchant'; readonly other: Seat }
  /** Card "pay 3 lira, move anywhere". */
  | { readonly type: 'moveAnywhere'; readonly to: PlaceId }
  /** End of the turn: discard letters showing at least 3 seals for an extra turn. */
  | { readonly type: 'doubleMove' }
  /** Discard one letter (double move, Secret Society). */
  | { readonly type: 'discardLetter'; readonly letter: LetterRef }
  /** Fountain action: the companion from the general supply, or back from the board, into the own supply. */
  | { readonly type: 'fountainCompanion' }
  | { readonly type: 'embassy' }
  | { readonly type: 'kiosk' }
  /** Kiosk: choose an open tile; `carry`: carry out its action (a "choose" tile then asks which exchange). */
  | { readonly type: 'kioskTile'; readonly tile: number; readonly carry: boolean }
  /** Kiosk, a "choose" tile: exchange `option` (0 or 1) with the good, letter or card it names. */
  | {
      readonly type: 'kioskEffect';
      readonly tile: number;
      readonly option: 0 | 1;
      readonly good: Good | null;
      readonly letter: LetterRef | null;
      readonly card: CardKind | null;
    }
  /** Auction House: the good of your choice (null: no room for any good). */
  | { readonly type: 'auctionGood'; readonly good: Good | null }
  | { readonly type: 'auctionBid'; readonly amount: number }
  | { readonly type: 'auctionPass' }
  /** Secret Society: the ruby from the Sultan's Palace 13 or the Gemstone Dealer 16 (then the letters). */
  | { readonly type: 'secretSociety'; readonly ruby: PlaceId }
  /** Encounter with the Courier: 1 letter for 2 lira (letter null) or a discarded letter. */
  | { readonly type: 'courier'; readonly letter: LetterRef | null }
  // Letters & Seals bonus cards
  | { readonly type: 'takeLetter' }
  | { readonly type: 'diceCard' }
  /** The dice card's good of your choice. */
  | { readonly type: 'cardGood'; readonly good: Good }
  | { readonly type: 'sellGood'; readonly good: Good }
  | { readonly type: 'goodLira'; readonly card: GoodLiraCard }
  /** Card "carry out the top card of the discard pile": `action` is that card's play. */
  | { readonly type: 'viaDiscard'; readonly action: IstanbulAction }
  /** Card "use the Governor, Smuggler or Courier" wherever he stands. */
  | { readonly type: 'useGovernor' }
  | { readonly type: 'useSmuggler'; readonly good: Good }
  | { readonly type: 'useCourier'; readonly letter: LetterRef | null }
  /** Card "at a Mosque: once more". */
  | { readonly type: 'repeatMosque'; readonly colour: Good }
  /** Card "at the Secret Society: once more". */
  | { readonly type: 'repeatSecretSociety'; readonly ruby: PlaceId };

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
  'takeLetter',
  'diceCard',
  'sellGood',
  'goodLiraRed',
  'goodLiraGreen',
  'goodLiraYellow',
  'goodLiraBlue',
  'discardTop',
  'familyStep',
  'moveToMerchant',
  'companionFar',
  'useFigure',
  'mosqueTwice',
  'secretSocietyTwice',
  'moveAnywhere',
]);
const letterRef = z.union([place, z.literal('delivered')]);
const rubyPlace = z.union([z.literal(13), z.literal(16)]);
const count = z.number().int().min(0).max(5);
const reward = z.enum(['card', 'lira']);

/** The plays of a bonus card: what the card "carry out the top card of the discard pile" may carry out. */
const cardPlaySchemas = [
  z.object({ type: z.literal('moveFar'), to: place }).strict(),
  z.object({ type: z.literal('stay') }).strict(),
  z.object({ type: z.literal('returnAssistant'), from: place }).strict(),
  z
    .object({
      type: z.literal('sell'),
      goods: z.object({ red: count, green: count, yellow: count, blue: count }).strict(),
      anyGoods: z.literal(true),
    })
    .strict(),
  z
    .object({
      type: z.literal('repeatAction'),
      card: z.enum(['sultanTwice', 'postTwice', 'gemstoneTwice']),
      choices: z.array(good).max(2),
    })
    .strict(),
  z.object({ type: z.literal('take5Lira') }).strict(),
  z.object({ type: z.literal('takeGood'), good }).strict(),
  z.object({ type: z.literal('familyToPolice'), reward }).strict(),
  z.object({ type: z.literal('moveCompanionFar'), to: place }).strict(),
  z.object({ type: z.literal('familyStep'), to: place }).strict(),
  z.object({ type: z.literal('moveToMerchant'), other: z.number().int().min(0).max(4) }).strict(),
  z.object({ type: z.literal('moveAnywhere'), to: place }).strict(),
  z.object({ type: z.literal('takeLetter') }).strict(),
  z.object({ type: z.literal('diceCard') }).strict(),
  z.object({ type: z.literal('sellGood'), good }).strict(),
  z.object({ type: z.literal('goodLira'), card: z.enum(['goodLiraRed', 'goodLiraGreen', 'goodLiraYellow', 'goodLiraBlue']) }).strict(),
  z.object({ type: z.literal('useGovernor') }).strict(),
  z.object({ type: z.literal('useSmuggler'), good }).strict(),
  z.object({ type: z.literal('useCourier'), letter: letterRef.nullable() }).strict(),
  z.object({ type: z.literal('repeatMosque'), colour: good }).strict(),
  z.object({ type: z.literal('repeatSecretSociety'), ruby: rubyPlace }).strict(),
] as const;

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
  z.object({ type: z.literal('fountainRecallAll') }).strict(),
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
  // Letters & Seals
  z.object({ type: z.literal('placeCompanion') }).strict(),
  z.object({ type: z.literal('moveCompanion'), to: place }).strict(),
  z.object({ type: z.literal('moveCompanionFar'), to: place }).strict(),
  z.object({ type: z.literal('familyStep'), to: place }).strict(),
  z.object({ type: z.literal('moveToMerchant'), other: z.number().int().min(0).max(4) }).strict(),
  z.object({ type: z.literal('moveAnywhere'), to: place }).strict(),
  z.object({ type: z.literal('doubleMove') }).strict(),
  z.object({ type: z.literal('discardLetter'), letter: letterRef }).strict(),
  z.object({ type: z.literal('fountainCompanion') }).strict(),
  z.object({ type: z.literal('embassy') }).strict(),
  z.object({ type: z.literal('kiosk') }).strict(),
  z.object({ type: z.literal('kioskTile'), tile: z.number().int().min(0).max(23), carry: z.boolean() }).strict(),
  z
    .object({
      type: z.literal('kioskEffect'),
      tile: z.number().int().min(0).max(23),
      option: z.union([z.literal(0), z.literal(1)]),
      good: good.nullable(),
      letter: letterRef.nullable(),
      card: card.nullable(),
    })
    .strict(),
  z.object({ type: z.literal('auctionGood'), good: good.nullable() }).strict(),
  z.object({ type: z.literal('auctionBid'), amount: z.number().int().min(1).max(10_000) }).strict(),
  z.object({ type: z.literal('auctionPass') }).strict(),
  z.object({ type: z.literal('secretSociety'), ruby: rubyPlace }).strict(),
  z.object({ type: z.literal('courier'), letter: letterRef.nullable() }).strict(),
  z.object({ type: z.literal('takeLetter') }).strict(),
  z.object({ type: z.literal('diceCard') }).strict(),
  z.object({ type: z.literal('cardGood'), good }).strict(),
  z.object({ type: z.literal('sellGood'), good }).strict(),
  z.object({ type: z.literal('goodLira'), card: z.enum(['goodLiraRed', 'goodLiraGreen', 'goodLiraYellow', 'goodLiraBlue']) }).strict(),
  z.object({ type: z.literal('viaDiscard'), action: z.discriminatedUnion('type', [...cardPlaySchemas]) }).strict(),
  z.object({ type: z.literal('useGovernor') }).strict(),
  z.object({ type: z.literal('useSmuggler'), good }).strict(),
  z.object({ type: z.literal('useCourier'), letter: letterRef.nullable() }).strict(),
  z.object({ type: z.literal('repeatMosque'), colour: good }).strict(),
  z.object({ type: z.literal('repeatSecretSociety'), ruby: rubyPlace }).strict(),
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
    // Letters & Seals
    case 'moveCompanion':
    case 'moveCompanionFar':
    case 'familyStep':
    case 'moveAnywhere':
      return `${a.type}:${a.to}`;
    case 'moveToMerchant':
      return `moveToMerchant:${a.other}`;
    case 'discardLetter':
      return `discardLetter:${a.letter}`;
    case 'kioskTile':
      return `kioskTile:${a.tile}:${a.carry ? 'carry' : 'keep'}`;
    case 'kioskEffect':
      return `kioskEffect:${a.tile}:${a.option}:${a.good ?? '-'}:${a.letter ?? '-'}:${a.card ?? '-'}`;
    case 'auctionGood':
      return `auctionGood:${a.good ?? 'none'}`;
    case 'auctionBid':
      return `auctionBid:${a.amount}`;
    case 'secretSociety':
    case 'repeatSecretSociety':
      return `${a.type}:${a.ruby}`;
    case 'courier':
    case 'useCourier':
      return `${a.type}:${a.letter ?? 'lira'}`;
    case 'cardGood':
    case 'sellGood':
    case 'useSmuggler':
      return `${a.type}:${a.good}`;
    case 'goodLira':
      return `goodLira:${a.card}`;
    case 'repeatMosque':
      return `repeatMosque:${a.colour}`;
    case 'viaDiscard':
      return `viaDiscard:${istanbulActionKey(a.action)}`;
    default:
      return a.type;
  }
}

/** The bonus card an action plays, or null when it plays none. */
export function cardOfAction(a: IstanbulAction): CardKind | null {
  switch (a.type) {
    case 'take5Lira':
    case 'takeGood':
    case 'familyToPolice':
    case 'stay':
    case 'returnAssistant':
    case 'takeLetter':
    case 'diceCard':
    case 'sellGood':
    case 'familyStep':
    case 'moveToMerchant':
    case 'moveAnywhere':
      return a.type;
    case 'moveFar':
      return 'move3or4';
    case 'repeatAction':
      return a.card;
    case 'sell':
      return a.anyGoods ? 'smallMarketAny' : null;
    case 'goodLira':
      return a.card;
    case 'moveCompanionFar':
      return 'companionFar';
    case 'useGovernor':
    case 'useSmuggler':
    case 'useCourier':
      return 'useFigure';
    case 'repeatMosque':
      return 'mosqueTwice';
    case 'repeatSecretSociety':
      return 'secretSocietyTwice';
    case 'viaDiscard':
      return 'discardTop';
    default:
      return null;
  }
}

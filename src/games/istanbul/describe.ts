/** Descriptions of actions as message keys with parameters, and a helper that localises the parameters. */
import { formatMessage, type Catalogues, type Locale, type Message, type MessageParam } from '../../engine/index.js';
import type { IstanbulAction } from './actions.js';

export function describeIstanbulAction(a: IstanbulAction): Message {
  const k = (key: string, params?: Record<string, MessageParam>): Message =>
    params === undefined ? { key: `istanbul.action.${key}` } : { key: `istanbul.action.${key}`, params };
  switch (a.type) {
    case 'move':
    case 'moveFar':
      return k(a.type, { to: a.to });
    case 'returnAssistant':
    case 'fountainRecall':
    case 'yellowTile':
      return k(a.type, { from: a.from });
    case 'pickUpAssistant':
      return k(a.neutral ? 'pickUpNeutralAssistant' : 'pickUpAssistant');
    case 'buyExtraGood':
    case 'blackMarketGood':
    case 'smuggler':
    case 'takeGood':
      return k(a.type, { good: a.good });
    case 'caravansaryDraw':
      return a.from === 'deck' ? k('caravansaryDrawDeck') : k('caravansaryDrawDiscard');
    case 'caravansaryDiscard':
      return k('caravansaryDiscard', { card: a.card });
    case 'teaHouse':
      return k('teaHouse', { announce: a.announce });
    case 'redTileSetFour':
      return k('redTileSetFour', { die: a.die + 1 });
    case 'sell':
      return k(a.anyGoods ? 'sellAny' : 'sell', { ...a.goods });
    case 'police':
      return k('police', { to: a.to });
    case 'sultan':
      return a.choices.length === 0 ? k('sultanNoChoice') : k('sultan', { choices: a.choices.join(',') });
    case 'mosque':
      return k('mosque', { colour: a.colour });
    case 'repeatAction':
      return a.card === 'sultanTwice'
        ? k('repeatSultan', { card: a.card, choices: a.choices.join(',') })
        : k('repeatAction', { card: a.card });
    case 'capture':
      return k('capture', { other: a.seat, reward: a.reward });
    case 'governorPay':
      return a.card === null ? k('governorPayLira') : k('governorPayCard', { card: a.card });
    case 'smugglerPay':
      return a.good === null ? k('smugglerPayLira') : k('smugglerPayGood', { good: a.good });
    case 'familyToPolice':
      return k('familyToPolice', { reward: a.reward });
    default:
      return k(a.type);
  }
}

const PLACE_PARAMS = new Set(['place', 'from', 'to']);
const GOOD_PARAMS = new Set(['good', 'colour']);
const SEAT_PARAMS = new Set(['player', 'other']);

/**
 * Replaces parameter values by their localised names, following the parameter conventions of the catalogue:
 * places, goods (also comma lists: `goods`, `choices`), cards, rewards and seats (through `seatName`, or
 * "Player n").
 */
export function localiseIstanbulParams(
  catalogues: Catalogues,
  message: Message,
  locale: Locale,
  seatName?: (seat: number) => string,
): Message {
  if (message.params === undefined) return message;
  const name = (key: string): string => formatMessage(catalogues, { key }, locale);
  const params: Record<string, MessageParam> = {};
  for (const [key, value] of Object.entries(message.params)) {
    if (PLACE_PARAMS.has(key) && typeof value === 'number') params[key] = name(`istanbul.place.${value}`);
    else if (GOOD_PARAMS.has(key)) params[key] = name(`istanbul.good.${value}`);
    else if ((key === 'goods' || key === 'choices') && typeof value === 'string') {
      params[key] = value === '' ? '-' : value.split(',').map((g) => name(`istanbul.good.${g}`)).join(', ');
    } else if (key === 'card') params[key] = name(`istanbul.card.${value}`);
    else if (key === 'reward') params[key] = name(`istanbul.reward.${value}`);
    else if (SEAT_PARAMS.has(key) && typeof value === 'number') {
      params[key] = seatName !== undefined ? seatName(value) : formatMessage(catalogues, { key: 'istanbul.player', params: { seat: value + 1 } }, locale);
    } else params[key] = value;
  }
  return { key: message.key, params };
}

/** Formats an Istanbul message with localised parameters. */
export function formatIstanbulMessage(
  catalogues: Catalogues,
  message: Message,
  locale: Locale,
  seatName?: (seat: number) => string,
): string {
  return formatMessage(catalogues, localiseIstanbulParams(catalogues, message, locale, seatName), locale);
}

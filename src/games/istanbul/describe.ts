/** Descriptions of actions as message keys with parameters, and a helper that localises the parameters. */
import { formatMessage, type Catalogues, type Locale, type Message, type MessageParam } from '../../engine/index.js';
import type { IstanbulAction } from './actions.js';
import { GOOD_LIRA_CARDS, KIOSK_TILES, type KioskTile } from './data/letters-and-seals.js';
import type { LetterRef } from './types.js';

/** A letter paid or discarded: 'Delivered' (2 seals) or its place (1 seal). */
function letterParams(letter: LetterRef): { suffix: 'Delivered' | 'Letter'; params: Record<string, MessageParam> } {
  return letter === 'delivered' ? { suffix: 'Delivered', params: {} } : { suffix: 'Letter', params: { place: letter } };
}

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
    // ----- Letters & Seals -----
    case 'moveCompanion':
    case 'moveCompanionFar':
    case 'familyStep':
    case 'moveAnywhere':
      return k(a.type, { to: a.to });
    case 'moveToMerchant':
      return k('moveToMerchant', { other: a.other });
    case 'discardLetter': {
      const l = letterParams(a.letter);
      return k(`discard${l.suffix}`, l.params);
    }
    case 'kioskTile':
      return k(a.carry ? 'kioskTileCarry' : 'kioskTileKeep', { tile: a.tile });
    case 'kioskEffect': {
      const t = KIOSK_TILES[a.tile] as Extract<KioskTile, { kind: 'choose' }>;
      const ex = t.options[a.option];
      const params: Record<string, MessageParam> = { lira: ex.pay === 'lira' ? ex.payLira : ex.gainLira };
      if (a.good !== null) params.good = a.good;
      if (a.card !== null) params.card = a.card;
      let key = `kiosk${cap(ex.pay)}For${cap(ex.gain)}`;
      if (a.letter !== null) {
        const l = letterParams(a.letter);
        Object.assign(params, l.params);
        if (l.suffix === 'Delivered') key += 'Delivered';
      }
      return k(key, params);
    }
    case 'auctionGood':
      return a.good === null ? k('auctionGoodNone') : k('auctionGood', { good: a.good });
    case 'auctionBid':
      return k('auctionBid', { lira: a.amount });
    case 'secretSociety':
    case 'repeatSecretSociety':
      return k(a.type, { place: a.ruby });
    case 'courier':
    case 'useCourier': {
      if (a.letter === null) return k(`${a.type}Lira`);
      const l = letterParams(a.letter);
      return k(`${a.type}${l.suffix}`, l.params);
    }
    case 'cardGood':
    case 'sellGood':
    case 'useSmuggler':
      return k(a.type, { good: a.good });
    case 'goodLira':
      return k('goodLira', { good: GOOD_LIRA_CARDS[a.card], card: a.card });
    case 'repeatMosque':
      return k('repeatMosque', { colour: a.colour });
    case 'viaDiscard': {
      const inner = describeIstanbulAction(a.action);
      return k('viaDiscard', { ...(inner.params ?? {}), via: inner.key });
    }
    default:
      return k(a.type);
  }
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

const PLACE_PARAMS = new Set(['place', 'from', 'to']);
/**
 * The forms of a place a sentence needs, with the article and the case the language asks for there (German
 * "am Brunnen", "zur Großen Moschee", "vom Postamt"; Dutch "op het Politiebureau"): `<param>At` (where),
 * `<param>To` (where to), `<param>From` (where from), `<param>The` (the place itself, German accusative).
 */
const PLACE_FORMS = { At: 'at', To: 'to', From: 'from', The: 'the' } as const;
const PLACE_FORM_PARAM = /^(place|from|to)(At|To|From|The)$/;
const SEAT_PARAMS = new Set(['player', 'other']);
const GOOD_ORDER = ['red', 'green', 'yellow', 'blue'] as const;

/** "a, b and c" in the reader's language (Intl is pure computation). */
const listFormats = new Map<Locale, Intl.ListFormat>();
function joinList(items: readonly string[], locale: Locale): string {
  let format = listFormats.get(locale);
  if (format === undefined) {
    format = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

/** Goods counted by colour, in the catalogue's order, zero counts left out. */
function countGoods(list: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const g of list) counts.set(g, (counts.get(g) ?? 0) + 1);
  const known = GOOD_ORDER.filter((g) => counts.has(g)).map((g): [string, number] => [g, counts.get(g) as number]);
  const other = [...counts].filter(([g]) => !(GOOD_ORDER as readonly string[]).includes(g));
  return [...known, ...other];
}

/**
 * Replaces parameter values by their localised names, following the parameter conventions of the catalogue:
 * places, goods, cards, rewards, kiosk tiles and seats (through `seatName`, or "Player n"). Lists become
 * one readable phrase with a count beside them for the catalogue's plurals:
 * - `goods` (a comma list of goods, repeats allowed) -> "2 yellow (fruit) and 1 red (fabric)" or "nothing",
 *   with `goodsCount`;
 * - `red`, `green`, `yellow`, `blue` (counts) -> also `goods` naming only the colours that are not zero
 *   ("1 green"), with `goodsCount`;
 * - `choices` (goods to choose from), `tiles` (kiosk tiles), `mosqueTiles` (colours) -> names, or "none";
 * - `payees` (seats, a seat twice for a merchant and a companion of the same player) and `places` (place ids),
 *   comma lists -> names joined ("Ada (merchant and companion) and Bo"), `places` also as
 *   `placesFrom` ("vom Brunnen und von der Teestube");
 * - a place (`place`, `from`, `to`) -> its name, and its forms with article and case (PLACE_FORMS);
 * - `goodName` (a good) -> `good` by its ware alone ("fabric"), for a label beside the good's emoji.
 */
export function localiseIstanbulParams(
  catalogues: Catalogues,
  message: Message,
  locale: Locale,
  seatName?: (seat: number) => string,
): Message {
  if (message.params === undefined) return message;
  const name = (key: string): string => formatMessage(catalogues, { key }, locale);
  const listOf = (value: string, prefix: string): string[] => (value === '' ? [] : value.split(',').map((v) => name(`${prefix}${v}`)));
  const counted = (goods: [string, number][], prefix: string): string =>
    goods.length === 0 ? name('istanbul.nothing') : joinList(goods.map(([g, n]) => formatMessage(catalogues, { key: 'istanbul.goodCount', params: { count: n, good: name(`${prefix}${g}`) } }, locale)), locale);
  const placeForm = (place: number, form: (typeof PLACE_FORMS)[keyof typeof PLACE_FORMS]): string =>
    formatMessage(catalogues, { key: `istanbul.placeCase.${place}`, params: { case: form } }, locale);
  const seatText = (seat: number): string =>
    seatName !== undefined ? seatName(seat) : formatMessage(catalogues, { key: 'istanbul.player', params: { seat: seat + 1 } }, locale);
  const params: Record<string, MessageParam> = {};
  const raw = message.params;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'via') continue;
    if (key === 'tile') params[key] = name(`istanbul.kioskTile.${value}`);
    else if (key === 'tiles' && typeof value === 'string') {
      const tiles = listOf(value, 'istanbul.kioskTile.');
      params[key] = tiles.length === 0 ? name('istanbul.none') : tiles.join('; ');
    } else if (key === 'mosqueTiles' && typeof value === 'string') {
      const tiles = listOf(value, 'istanbul.colour.');
      params[key] = tiles.length === 0 ? name('istanbul.none') : joinList(tiles, locale);
    } else if (PLACE_PARAMS.has(key) && typeof value === 'number') {
      params[key] = name(`istanbul.place.${value}`);
      for (const [suffix, form] of Object.entries(PLACE_FORMS)) params[`${key}${suffix}`] = placeForm(value, form);
    } else if (PLACE_FORM_PARAM.test(key) && typeof value === 'number') params[key] = placeForm(value, PLACE_FORMS[key.replace(/^(place|from|to)/, '') as keyof typeof PLACE_FORMS]);
    else if (key === 'good') params[key] = name(`istanbul.good.${value}`);
    // The good by its ware alone ("fabric"), where its emoji beside the words shows its colour.
    else if (key === 'goodName') params.good = name(`istanbul.goodName.${value}`);
    // Mosque tiles and merchants have colours (white too), not goods.
    else if (key === 'colour') params[key] = name(`istanbul.colour.${value}`);
    else if (key === 'goods' && typeof value === 'string') {
      const goods = value === '' ? [] : value.split(',');
      params.goods = counted(countGoods(goods), 'istanbul.good.');
      params.goodsCount = goods.length;
    } else if (key === 'choices' && typeof value === 'string') {
      const choices = listOf(value, 'istanbul.good.');
      params[key] = choices.length === 0 ? name('istanbul.none') : joinList(choices, locale);
    } else if (key === 'card') params[key] = name(`istanbul.card.${value}`);
    else if (key === 'reward') params[key] = name(`istanbul.reward.${value}`);
    // A list of seats ("0,2", or one seat as a number) and of places ("3,9"): names joined in the reader's language.
    // Whom a move pays: 2 lira for each other token there, so a player whose merchant and companion both stand
    // there is paid twice, and named once as such (`payeesShort`: in fewer words, for a label short of room).
    else if (key === 'payees') {
      const seats = String(value).split(',').map(Number);
      const once = seats.filter((seat, i) => seats.indexOf(seat) === i);
      const payees = (both: string): string =>
        joinList(
          once.map((seat) => (seats.filter((s) => s === seat).length > 1 ? formatMessage(catalogues, { key: both, params: { player: seatText(seat) } }, locale) : seatText(seat))),
          locale,
        );
      params[key] = payees('istanbul.payeeBoth');
      params.payeesShort = payees('istanbul.payeeBoth.short');
    }
    else if (key === 'places') {
      params[key] = joinList(String(value).split(',').map((v) => name(`istanbul.place.${v}`)), locale);
      params.placesFrom = joinList(String(value).split(',').map((v) => placeForm(Number(v), 'from')), locale);
    }
    else if (SEAT_PARAMS.has(key) && typeof value === 'number') {
      params[key] = seatName !== undefined ? seatName(value) : formatMessage(catalogues, { key: 'istanbul.player', params: { seat: value + 1 } }, locale);
    } else params[key] = value;
  }
  // Counts by colour (a sale, a delivery): the goods that are not zero, by their colour words.
  if (raw.goods === undefined && GOOD_ORDER.every((g) => typeof raw[g] === 'number')) {
    const goods = GOOD_ORDER.filter((g) => (raw[g] as number) > 0).map((g): [string, number] => [g, raw[g] as number]);
    params.goods = counted(goods, 'istanbul.colour.');
    params.goodsCount = goods.reduce((sum, [, n]) => sum + n, 0);
  }
  // Letters & Seals, "carry out the top card of the discard pile": the carried-out card's own description.
  const via = raw.via;
  if (typeof via === 'string') params.via = formatMessage(catalogues, { key: via, params }, locale);
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

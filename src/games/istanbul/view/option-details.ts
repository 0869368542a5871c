/**
 * What a decision costs and gives, for the deciding seat's own panel: beside each option its gains and costs
 * (a sale's lira, the Post Office's payout, where a move leads: place number, steps, whom to pay, whether an
 * assistant waits there), and for a decision with no real choice, why (a dead end). Read-only over the state,
 * and only what that seat may see (its own goods and lira, the open board).
 *
 * Parameters follow the catalogue's conventions (see describe.ts); `payees` is a comma list of seats.
 */
import type { Message, MessageParam } from '../../../engine/index.js';
import type { IstanbulAction } from '../actions.js';
import { SECRET_SOCIETY_SEALS } from '../data/letters-and-seals.js';
import { EXTENSION_PRICE, MAX_EXTENSIONS, MERCHANT_FEE } from '../data/players.js';
import { EMBASSY, FOUNTAIN, POLICE_STATION, SECRET_SOCIETY, WAREHOUSE_GOOD, isWarehouse } from '../data/places.js';
import { postPayout } from '../data/post-office.js';
import { sultanCost } from '../data/sultan.js';
import { actorPlace, capacity, distance, neutralAssistantAt, neutralMerchantsAt, otherCompanionsAt, otherMerchantsAt, ownAssistantAt, payees, placesWithOwnAssistant, room } from '../rules/helpers.js';
import { placeActionOptions } from '../rules/legal.js';
import { gemstonePrice } from '../rules/places/gemstone.js';
import { demandTile, marketPayout } from '../rules/places/market.js';
import { sultanPayment } from '../rules/places/sultan.js';
import { TEA_CONSOLATION } from '../rules/places/tea-house.js';
import type { Frame, IstanbulState, PlayerState } from '../state.js';
import type { Good, Goods, PlaceId, Seat } from '../types.js';

const m = (key: string, params?: Record<string, MessageParam>): Message =>
  params === undefined ? { key: `istanbul.detail.${key}` } : { key: `istanbul.detail.${key}`, params };
const note = (key: string, params?: Record<string, MessageParam>): Message =>
  params === undefined ? { key: `istanbul.note.${key}` } : { key: `istanbul.note.${key}`, params };

/** Ways to roll at least `n` with two dice, of 36. */
function waysAtLeast(n: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= n) ways++;
  return ways;
}

/** Where a token moving to `to` arrives: the steps, the assistant there, whom to pay, who else is met. */
function arrival(
  s: IstanbulState,
  seat: Seat,
  to: PlaceId,
  opts: { readonly from: PlaceId | null; readonly token: 'merchant' | 'companion'; readonly exempt?: Seat; readonly cost?: number },
): Message[] {
  const p = s.players[seat] as PlayerState;
  const parts: Message[] = [m('place', { number: to })];
  if (opts.from !== null) parts.push(m('steps', { steps: distance(s, opts.from, to) }));
  if (to === FOUNTAIN && opts.token === 'merchant') {
    parts.push(m('fountain'));
    return parts;
  }
  if (opts.token === 'merchant') {
    const own = ownAssistantAt(s, to, seat);
    const neutral = s.options.neutralAssistants && neutralAssistantAt(s, to);
    if (own) parts.push(m('assistantHere'));
    else if (p.stack.length === 0 && !neutral) {
      parts.push(m('noAssistant'));
      return parts;
    }
  }
  const merchants = otherMerchantsAt(s, to, seat).filter((other) => other !== opts.exempt);
  const payees = [...merchants, ...otherCompanionsAt(s, to, seat)];
  const neutrals = neutralMerchantsAt(s, to);
  const fee = MERCHANT_FEE * (payees.length + neutrals);
  if (fee > 0) {
    if (p.lira - (opts.cost ?? 0) < fee) parts.push(m('cannotPay', { lira: fee }));
    else if (payees.length > 0) parts.push(m('pay', { lira: MERCHANT_FEE * payees.length, payees: payees.join(',') }));
    if (neutrals > 0 && p.lira - (opts.cost ?? 0) >= fee) parts.push(m('payNeutral', { lira: MERCHANT_FEE * neutrals }));
  }
  if (s.governor === to) parts.push(m('governor'));
  if (s.smuggler === to) parts.push(m('smuggler'));
  if (to !== POLICE_STATION) for (const q of s.players) if (q.seat !== seat && q.family === to) parts.push(m('family', { player: q.seat }));
  return parts;
}

/** The players the seat owes 2 lira each where its token stands now (a merchant and a companion each count). */
function dueNow(s: IstanbulState, seat: Seat): Seat[] {
  const due = payees(s, actorPlace(s, seat), seat);
  return [...due.merchants, ...due.companions];
}

function companionPlace(s: IstanbulState, seat: Seat): PlaceId | null {
  const c = s.ls?.companions[seat];
  return typeof c === 'number' ? c : null;
}

/** The place the current action frame belongs to (a market's sale, a warehouse's fill). */
function framePlace(s: IstanbulState): PlaceId | null {
  const top = s.pending[s.pending.length - 1] as Frame | undefined;
  return top !== undefined && (top.k === 'action' || top.k === 'warehouseExtra') ? top.place : null;
}

function countOf(goods: Goods): number {
  return goods.red + goods.green + goods.yellow + goods.blue;
}

function postDetail(s: IstanbulState): Message {
  const { lira, goods } = postPayout(s.post);
  const counts: Goods = { red: 0, green: 0, yellow: 0, blue: 0 };
  for (const good of goods) counts[good] += 1;
  return m('post', { lira, ...counts });
}

function detailsOf(s: IstanbulState, seat: Seat, a: IstanbulAction): Message[] {
  const p = s.players[seat] as PlayerState;
  switch (a.type) {
    case 'move':
    case 'moveFar':
      return arrival(s, seat, a.to, { from: p.merchant, token: 'merchant' });
    case 'moveAnywhere':
      return arrival(s, seat, a.to, { from: null, token: 'merchant', cost: 3 });
    case 'stay':
      return arrival(s, seat, p.merchant, { from: null, token: 'merchant' });
    case 'moveToMerchant': {
      const to = (s.players[a.other] as PlayerState).merchant;
      return arrival(s, seat, to, { from: null, token: 'merchant', exempt: a.other });
    }
    case 'moveCompanion':
    case 'moveCompanionFar':
      return arrival(s, seat, a.to, { from: companionPlace(s, seat), token: 'companion' });
    case 'familyStep':
    case 'police':
      return [m('place', { number: a.to })];
    case 'leaveAssistant':
      return [m('stack', { count: p.stack.length - 1 })];
    case 'payMerchants': {
      const at = actorPlace(s, seat);
      const due = dueNow(s, seat);
      const parts: Message[] = [];
      if (due.length > 0) parts.push(m('pay', { lira: MERCHANT_FEE * due.length, payees: due.join(',') }));
      const neutrals = neutralMerchantsAt(s, at);
      if (neutrals > 0) parts.push(m('payNeutral', { lira: MERCHANT_FEE * neutrals }));
      return parts;
    }
    case 'sell': {
      const place = framePlace(s);
      return place === null ? [] : [m('gain', { lira: marketPayout(place, countOf(a.goods)) })];
    }
    case 'postOffice':
      return [postDetail(s)];
    case 'wainwright':
      return [m('cost', { lira: EXTENSION_PRICE }), m('capacity', { capacity: capacity(p) + 1 }), ...(p.extensions + 1 === MAX_EXTENSIONS && s.wainwrightRubies > 0 ? [m('ruby')] : [])];
    case 'warehouse': {
      const place = framePlace(s);
      const good = place === null ? undefined : WAREHOUSE_GOOD[place];
      return good === undefined ? [] : [m('fill', { count: room(p, good), good })];
    }
    case 'buyExtraGood':
      return [m('cost', { lira: 2 })];
    case 'gemstone': {
      const price = gemstonePrice(s);
      return price === null ? [] : [m('cost', { lira: price }), m('ruby')];
    }
    case 'sultan':
      return [m('ruby')];
    case 'mosque':
      return [m('payGood', { good: a.colour })];
    case 'repeatAction':
      if (a.card === 'postTwice') return [postDetail(s)];
      if (a.card === 'gemstoneTwice') {
        const price = gemstonePrice(s);
        return price === null ? [] : [m('cost', { lira: price }), m('ruby')];
      }
      return [m('deliver', { ...sultanPayment(s, a.choices) }), m('ruby')];
    case 'teaHouse':
      return [m('teaHouse', { percent: Math.round((100 * waysAtLeast(a.announce)) / 36), lira: a.announce, consolation: TEA_CONSOLATION })];
    case 'caravansaryDraw': {
      const top = s.discard[s.discard.length - 1];
      return a.from === 'discard' && top !== undefined ? [m('card', { card: top })] : [];
    }
    case 'fountainRecallAll':
      return [m('recallAll', { places: placesWithOwnAssistant(s, seat).join(',') })];
    default:
      return [];
  }
}

export function istanbulOptionDetails(s: IstanbulState, seat: Seat, actions: readonly IstanbulAction[]): Message[][] {
  return actions.map((a) => detailsOf(s, seat, a));
}

/** Why nothing can be done at `place` now (its own action offers no option). */
function noActionReason(s: IstanbulState, seat: Seat, place: PlaceId, family: boolean): Message[] {
  const p = s.players[seat] as PlayerState;
  if (isWarehouse(place)) return [note('warehouseFull', { good: WAREHOUSE_GOOD[place] as Good })];
  switch (place) {
    case 1:
      if (p.extensions >= MAX_EXTENSIONS || s.wainwrightExtensions <= 0) return [note('wainwrightDone')];
      return [note('lira', { lira: EXTENSION_PRICE, have: p.lira })];
    case 6:
      return [note('noCards')];
    case FOUNTAIN:
      return [note('fountainEmpty')];
    case 10:
    case 11:
      return [note('market', { ...demandTile(s, place) })];
    case POLICE_STATION:
      return [note(family ? 'nothingHere' : 'policeEmpty')];
    case 13: {
      const cost = sultanCost(s.players.length, s.sultanTaken);
      const fixed: Goods = { red: 0, green: 0, yellow: 0, blue: 0 };
      let any = 0;
      for (const slot of cost) {
        if (slot === 'any') any++;
        else fixed[slot] += 1;
      }
      return [note('sultan', { ...fixed, any })];
    }
    case 14:
    case 15: {
      const colours: Good[] = place === 14 ? ['red', 'green'] : ['blue', 'yellow'];
      return colours.map((colour) => {
        const top = s.mosqueTiles[colour][0];
        if (p.mosqueTiles.includes(colour)) return note('mosqueOwned', { colour });
        if (top === undefined) return note('mosqueGone', { colour });
        return note('mosqueNeeds', { colour, need: top, have: p.goods[colour] });
      });
    }
    case 16: {
      const price = gemstonePrice(s);
      return price === null ? [note('noRubies')] : [note('lira', { lira: price, have: p.lira })];
    }
    case EMBASSY:
      return [note('noLetters')];
    case SECRET_SOCIETY: {
      const seals = (s.ls?.letters[seat] ?? []).reduce((sum, l) => sum + (l.delivered ? 2 : 1), 0);
      return [note('secretSociety', { need: SECRET_SOCIETY_SEALS, seals })];
    }
    default:
      return [note('nothingHere')];
  }
}

/** For the seat deciding now: why its choice is narrow (the turn ends, the action cannot be done). */
export function istanbulDecisionNotes(s: IstanbulState, seat: Seat): Message[] {
  const top = s.pending[s.pending.length - 1] as Frame | undefined;
  if (top === undefined || top.seat !== seat) return [];
  const p = s.players[seat] as PlayerState;
  switch (top.k) {
    case 'assistant': {
      const own = ownAssistantAt(s, p.merchant, seat) || (s.options.neutralAssistants && neutralAssistantAt(s, p.merchant));
      return !own && p.stack.length === 0 ? [note('noAssistant')] : [];
    }
    case 'pay': {
      const fee = MERCHANT_FEE * (dueNow(s, seat).length + neutralMerchantsAt(s, actorPlace(s, seat)));
      return p.lira < fee ? [note('cannotPay', { lira: fee, have: p.lira })] : [];
    }
    case 'action': {
      const options: IstanbulAction[] = [];
      placeActionOptions(s, seat, top.place, options);
      return options.length === 0 ? noActionReason(s, seat, top.place, top.family) : [];
    }
    case 'auction': {
      // Said when the player chose to be asked even so (see rules/forced.ts).
      const high = s.ls?.auction?.high ?? 0;
      return top.stage !== 'open' && p.lira <= high ? [note('cannotOutbid', { lira: high, have: p.lira })] : [];
    }
    default:
      return [];
  }
}

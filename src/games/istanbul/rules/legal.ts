/**
 * legalActions: the single source of truth. Generated from the top of the pending stack; deterministic order.
 *
 * "Free points" are the phase decisions (move, assistant, pay, action before it starts, encounters): there the
 * anytime cards (take 5 lira, take 1 good, family to the Police Station) and the yellow tile may be used.
 * Inside a place action or an encounter's payment only "take 5 lira" may be played ("take 1 good" never during a
 * place action).
 */
import { cardOfAction, type IstanbulAction } from '../actions.js';
import { AUCTION_HOUSE, EMBASSY, KIOSK, POLICE_STATION, SECRET_SOCIETY, isWarehouse } from '../data/places.js';
import type { Frame, IstanbulState } from '../state.js';
import type { PlaceId, Seat } from '../types.js';
import { familyToPoliceOptions } from './cards/family-to-police.js';
import { gemstoneTwiceOptions } from './cards/gemstone-twice.js';
import { move3or4Options } from './cards/move3or4.js';
import { postTwiceOptions } from './cards/post-twice.js';
import { returnAssistantOptions } from './cards/return-assistant.js';
import { stayOptions } from './cards/stay.js';
import { sultanTwiceOptions } from './cards/sultan-twice.js';
import { take5LiraOptions } from './cards/take-5-lira.js';
import { takeGoodOptions } from './cards/take-good.js';
import { captureOptions } from './encounters/captures.js';
import { governorOptions, governorPayOptions } from './encounters/governor.js';
import { smugglerOptions, smugglerPayOptions } from './encounters/smuggler.js';
import { blackMarketFrameOptions, blackMarketOptions } from './places/black-market.js';
import { caravansaryDiscardOptions, caravansaryDrawOptions } from './places/caravansary.js';
import { fountainFrameOptions, fountainOptions } from './places/fountain.js';
import { gemstoneOptions } from './places/gemstone.js';
import { marketOptions } from './places/market.js';
import { mosqueOptions } from './places/mosque.js';
import { policeOptions } from './places/police-station.js';
import { postOfficeOptions } from './places/post-office.js';
import { sultanOptions } from './places/sultan.js';
import { teaHouseOptions } from './places/tea-house.js';
import { wainwrightOptions } from './places/wainwright.js';
import { warehouseOptions } from './places/warehouse.js';
import { extraGoodOptions } from './tiles/green-tile.js';
import { redTileOptions } from './tiles/red-tile.js';
import { yellowTileOptions } from './tiles/yellow-tile.js';
import { assistantOptions } from './turn/assistants.js';
import { moveOptions } from './turn/movement.js';
import { payOptions } from './turn/pay-merchants.js';
import { auctionHouseOptions, auctionOptions } from './letters-and-seals/auction.js';
import {
  cardGoodOptions,
  companionFarOptions,
  diceCardOptions,
  familyStepOptions,
  goodLiraOptions,
  moveAnywhereOptions,
  moveToMerchantOptions,
  mosqueTwiceOptions,
  sellGoodOptions,
  takeLetterOptions,
  useFigureOptions,
} from './letters-and-seals/cards.js';
import { companionMoveOptions } from './letters-and-seals/companion.js';
import { courierOptions } from './letters-and-seals/courier.js';
import { doubleMoveOptions, letterDiscardOptions, secretSocietyOptions, secretSocietyTwiceOptions } from './letters-and-seals/discard-letters.js';
import { embassyOptions } from './letters-and-seals/embassy.js';
import { kioskEffectOptions, kioskOptions, kioskTileOptions } from './letters-and-seals/kiosk.js';

/** The place action's own options at `place` (without "skip"). */
export function placeActionOptions(s: IstanbulState, seat: Seat, place: PlaceId, out: IstanbulAction[]): void {
  if (isWarehouse(place)) {
    warehouseOptions(s, seat, place, out);
    return;
  }
  switch (place) {
    case 1:
      return wainwrightOptions(s, seat, out);
    case 5:
      return postOfficeOptions(s, seat, out);
    case 6:
      return caravansaryDrawOptions(s, out);
    case 7:
      return fountainOptions(s, seat, out);
    case 8:
      return blackMarketOptions(s, seat, out);
    case 9:
      return teaHouseOptions(s, seat, out);
    case 10:
    case 11:
      return marketOptions(s, seat, place, out);
    case POLICE_STATION:
      return policeOptions(s, seat, out);
    case 13:
      return sultanOptions(s, seat, out);
    case 14:
    case 15:
      return mosqueOptions(s, seat, place, out);
    case 16:
      return gemstoneOptions(s, seat, out);
    case EMBASSY:
      return embassyOptions(s, seat, out);
    case KIOSK:
      return kioskOptions(s, seat, out);
    case AUCTION_HOUSE:
      return auctionHouseOptions(s, seat, out);
    case SECRET_SOCIETY:
      return secretSocietyOptions(s, seat, out);
    default:
      return;
  }
}

/** Anytime cards and the yellow tile, at a free point of the own turn. */
function freePointOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  take5LiraOptions(s, seat, out);
  takeGoodOptions(s, seat, out);
  familyToPoliceOptions(s, seat, out);
  yellowTileOptions(s, seat, out);
  if (s.ls !== undefined) {
    takeLetterOptions(s, seat, out);
    diceCardOptions(s, seat, out);
    sellGoodOptions(s, seat, out);
    goodLiraOptions(s, seat, out);
    useFigureOptions(s, seat, out);
  }
}

/**
 * Letters & Seals, the card "carry out the top card of the discard pile": offered wherever the top card itself
 * would be playable (its own timing), as that card's plays wrapped in `viaDiscard`. Not in the final step.
 */
function viaDiscardOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat];
  const top = s.discard[s.discard.length - 1];
  if (p === undefined || top === undefined || top === 'discardTop' || !p.hand.includes('discardTop')) return;
  const players = s.players.slice();
  players[seat] = { ...p, hand: [top] };
  for (const a of legalActions({ ...s, players }, seat)) if (cardOfAction(a) === top) out.push({ type: 'viaDiscard', action: a });
}

export function legalActions(s: IstanbulState, seat: Seat): IstanbulAction[] {
  const frame = s.pending[s.pending.length - 1] as Frame | undefined;
  if (frame === undefined || frame.seat !== seat) return [];
  const out: IstanbulAction[] = [];
  switch (frame.k) {
    case 'move':
      moveOptions(s, seat, out);
      move3or4Options(s, seat, out);
      stayOptions(s, seat, out);
      returnAssistantOptions(s, seat, out);
      if (s.ls !== undefined) {
        companionMoveOptions(s, seat, out);
        companionFarOptions(s, seat, out);
        familyStepOptions(s, seat, out);
        moveToMerchantOptions(s, seat, out);
        moveAnywhereOptions(s, seat, out);
      }
      freePointOptions(s, seat, out);
      break;
    case 'assistant':
      assistantOptions(s, seat, out);
      freePointOptions(s, seat, out);
      doubleMoveOptions(s, seat, out);
      break;
    case 'pay':
      payOptions(s, seat, out);
      freePointOptions(s, seat, out);
      doubleMoveOptions(s, seat, out);
      break;
    case 'action':
      placeActionOptions(s, seat, frame.place, out);
      out.push({ type: 'skipAction' });
      // Before the action starts it is a free point; the family member's action is part of the Police
      // Station's action, so there only "take 5 lira" may be played.
      if (frame.family) take5LiraOptions(s, seat, out);
      else freePointOptions(s, seat, out);
      break;
    case 'warehouseExtra':
      extraGoodOptions(s, seat, out);
      take5LiraOptions(s, seat, out);
      break;
    // The Caravansary's draws and discard are one action with the hand itself: no card is played in between
    // (else a card played there would dodge the discard).
    case 'caravansaryDraw':
      caravansaryDrawOptions(s, out);
      break;
    case 'caravansaryDiscard':
      caravansaryDiscardOptions(s, seat, out);
      break;
    case 'fountain':
      fountainFrameOptions(s, seat, out);
      take5LiraOptions(s, seat, out);
      break;
    case 'blackMarket':
      blackMarketFrameOptions(s, frame, out);
      take5LiraOptions(s, seat, out);
      break;
    case 'redTile':
      redTileOptions(frame, out);
      take5LiraOptions(s, seat, out);
      break;
    case 'encounters':
      captureOptions(s, frame, out);
      governorOptions(s, frame, out);
      smugglerOptions(s, frame, out);
      sultanTwiceOptions(s, seat, out);
      postTwiceOptions(s, seat, out);
      gemstoneTwiceOptions(s, seat, out);
      if (s.ls !== undefined) {
        courierOptions(s, frame, out);
        mosqueTwiceOptions(s, seat, out);
        secretSocietyTwiceOptions(s, seat, out);
      }
      freePointOptions(s, seat, out);
      if (frame.captures.length === 0) {
        out.push({ type: 'endTurn' });
        doubleMoveOptions(s, seat, out);
      }
      break;
    case 'governorPay':
      governorPayOptions(s, seat, out);
      take5LiraOptions(s, seat, out);
      break;
    case 'smugglerPay':
      smugglerPayOptions(s, seat, out);
      take5LiraOptions(s, seat, out);
      break;
    case 'finalCards':
      take5LiraOptions(s, seat, out);
      takeGoodOptions(s, seat, out);
      if (s.ls !== undefined) {
        goodLiraOptions(s, seat, out);
        sellGoodOptions(s, seat, out);
        diceCardOptions(s, seat, out);
      }
      out.push({ type: 'finish' });
      return out;
    // ----- Letters & Seals -----
    case 'letters':
      letterDiscardOptions(s, frame, out);
      break;
    case 'kiosk':
      kioskTileOptions(s, frame, out);
      if (seat === s.turnSeat) take5LiraOptions(s, seat, out);
      break;
    case 'kioskEffect':
      kioskEffectOptions(s, seat, frame.tile, out);
      if (seat === s.turnSeat) take5LiraOptions(s, seat, out);
      break;
    case 'auction':
      auctionOptions(s, frame, out);
      if (seat === s.turnSeat) take5LiraOptions(s, seat, out);
      break;
    case 'cardGood':
      cardGoodOptions(s, seat, out);
      break;
  }
  if (s.ls !== undefined && seat === s.turnSeat) viaDiscardOptions(s, seat, out);
  return out;
}

/** apply: one legal action -> the next state (copy-on-write), its events and whether it is a checkpoint. */
import type { ApplyResult, GameEvent } from '../../../engine/index.js';
import type { IstanbulAction } from '../actions.js';
import type { IstanbulState } from '../state.js';
import { endTurn, enterEncounters, hasFinalCard, nextFinalSeat } from './turn.js';
import { Tx } from './draft.js';
import { playCard } from './deck.js';
import type { Seat } from '../types.js';
import { applyFamilyToPolice } from './cards/family-to-police.js';
import { applyGemstoneTwice } from './cards/gemstone-twice.js';
import { applyMoveFar } from './cards/move3or4.js';
import { applyPostTwice } from './cards/post-twice.js';
import { applyReturnAssistant } from './cards/return-assistant.js';
import { applyStay } from './cards/stay.js';
import { applySultanTwice } from './cards/sultan-twice.js';
import { applyTake5Lira } from './cards/take-5-lira.js';
import { applyTakeGood } from './cards/take-good.js';
import { applyCapture } from './encounters/captures.js';
import { applyGovernor, applyGovernorPay } from './encounters/governor.js';
import { applySmuggler, applySmugglerPay } from './encounters/smuggler.js';
import { applyBlackMarketGood, applyBlackMarketRoll, resolveBlackMarketRoll } from './places/black-market.js';
import { applyCaravansaryDiscard, applyCaravansaryDraw } from './places/caravansary.js';
import { applyFountainDone, applyFountainRecall, applyFountainRecallAll } from './places/fountain.js';
import { applyGemstone } from './places/gemstone.js';
import { applySell } from './places/market.js';
import { applyMosque } from './places/mosque.js';
import { applyPolice } from './places/police-station.js';
import { applyPostOffice } from './places/post-office.js';
import { applySultan } from './places/sultan.js';
import { applyTeaHouse, resolveTeaHouse } from './places/tea-house.js';
import { applyWainwright } from './places/wainwright.js';
import { applyWarehouse } from './places/warehouse.js';
import { applyBuyExtraGood, applyDeclineExtraGood } from './tiles/green-tile.js';
import { applyRedTile, type PlaceRoll } from './tiles/red-tile.js';
import { applyYellowTile } from './tiles/yellow-tile.js';
import { applyLeave, applyPickUp } from './turn/assistants.js';
import { applyMove } from './turn/movement.js';
import { applyPayMerchants } from './turn/pay-merchants.js';
import { applyAuctionBid, applyAuctionGood, applyAuctionPass } from './letters-and-seals/auction.js';
import {
  applyCardGood,
  applyDiceCard,
  applyFamilyStep,
  applyGoodLira,
  applyMoveAnywhere,
  applyMoveCompanionFar,
  applyMoveToMerchant,
  applyRepeatMosque,
  applySellGood,
  applyTakeLetter,
  applyUseCourier,
  applyUseGovernor,
  applyUseSmuggler,
} from './letters-and-seals/cards.js';
import { applyPlaceCompanion, moveCompanion } from './letters-and-seals/companion.js';
import { applyCourier } from './letters-and-seals/courier.js';
import { applyDiscardLetter, applyDoubleMove, applySecretSociety, startRepeatSecretSociety } from './letters-and-seals/discard-letters.js';
import { applyEmbassy } from './letters-and-seals/embassy.js';
import { applyKiosk, applyKioskEffect, applyKioskTile } from './letters-and-seals/kiosk.js';
import { deliverLetters } from './letters-and-seals/letters.js';
import { applyFountainCompanion } from './places/fountain.js';

function actionPlace(tx: Tx): number {
  const top = tx.top();
  if (top.k === 'action' || top.k === 'warehouseExtra') return top.place;
  throw new Error(`no place action pending (top: ${top.k})`);
}

/** A roll of the Black Market or the Tea House, resolved at its place once the red tile's decision is made. */
function resolveRoll(tx: Tx, seat: Seat, roll: PlaceRoll): void {
  if (roll.place === 8) resolveBlackMarketRoll(tx, seat, roll.dice);
  else resolveTeaHouse(tx, seat, roll.dice, roll.announced);
}

export function applyIstanbul(state: IstanbulState, action: IstanbulAction, seat: Seat): ApplyResult<IstanbulState> {
  const tx = new Tx(state);
  applyIntoAndDeliver(tx, action, seat);
  return { state: tx.s, events: tx.events, checkpoint: tx.checkpoint };
}

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * `applyIstanbul` for the computer player's search, which reads only the resulting state: the same state
 * and checkpoint, no events made.
 */
export function applyIstanbulUntold(state: IstanbulState, action: IstanbulAction, seat: Seat): ApplyResult<IstanbulState> {
  const tx = new Tx(state, true);
  applyIntoAndDeliver(tx, action, seat);
  return { state: tx.s, events: NO_EVENTS, checkpoint: tx.checkpoint };
}

function applyIntoAndDeliver(tx: Tx, action: IstanbulAction, seat: Seat): void {
  applyInto(tx, action, seat);
  // Letters & Seals: letters are delivered whenever a token of their owner stands at their place.
  if (tx.s.ls !== undefined) deliverLetters(tx);
}

function applyInto(tx: Tx, action: IstanbulAction, seat: Seat): void {
  switch (action.type) {
    case 'move':
      applyMove(tx, seat, action.to);
      break;
    case 'moveFar':
      applyMoveFar(tx, seat, action.to);
      break;
    case 'stay':
      applyStay(tx, seat);
      break;
    case 'returnAssistant':
      applyReturnAssistant(tx, seat, action.from);
      break;
    case 'leaveAssistant':
      applyLeave(tx, seat);
      break;
    case 'pickUpAssistant':
      applyPickUp(tx, seat, action.neutral);
      break;
    case 'payMerchants':
      applyPayMerchants(tx, seat);
      break;
    case 'endTurn':
      endTurn(tx, seat);
      break;
    case 'skipAction':
      tx.log('actionSkipped', seat, { player: seat, place: actionPlace(tx) });
      enterEncounters(tx, seat);
      tx.s.turn.repeatPlace = null;
      break;
    case 'wainwright':
      applyWainwright(tx, seat);
      break;
    case 'warehouse':
      applyWarehouse(tx, seat, actionPlace(tx));
      break;
    case 'buyExtraGood':
      applyBuyExtraGood(tx, seat, action.good, actionPlace(tx));
      break;
    case 'declineExtraGood':
      applyDeclineExtraGood(tx, seat, actionPlace(tx));
      break;
    case 'postOffice':
      applyPostOffice(tx, seat);
      break;
    case 'caravansaryDraw':
      applyCaravansaryDraw(tx, seat, action.from);
      break;
    case 'caravansaryDiscard':
      applyCaravansaryDiscard(tx, seat, action.card);
      break;
    case 'fountainRecall':
      applyFountainRecall(tx, seat, action.from);
      break;
    case 'fountainRecallAll':
      applyFountainRecallAll(tx, seat);
      break;
    case 'fountainDone':
      applyFountainDone(tx, seat);
      break;
    case 'blackMarketGood':
      applyBlackMarketGood(tx, seat, action.good);
      break;
    case 'blackMarketRoll':
      applyBlackMarketRoll(tx, seat);
      break;
    case 'teaHouse':
      applyTeaHouse(tx, seat, action.announce);
      break;
    case 'redTileSetFour':
    case 'redTileReroll':
    case 'redTileKeep':
      resolveRoll(tx, seat, applyRedTile(tx, seat, action));
      break;
    case 'sell':
      applySell(tx, seat, actionPlace(tx), action.goods, action.anyGoods);
      break;
    case 'police':
      applyPolice(tx, seat, action.to);
      break;
    case 'sultan':
      applySultan(tx, seat, action.choices);
      break;
    case 'mosque':
      applyMosque(tx, seat, action.colour);
      break;
    case 'gemstone':
      applyGemstone(tx, seat);
      break;
    case 'repeatAction':
      if (action.card === 'sultanTwice') applySultanTwice(tx, seat, action.choices);
      else if (action.card === 'postTwice') applyPostTwice(tx, seat);
      else applyGemstoneTwice(tx, seat);
      break;
    case 'capture':
      applyCapture(tx, seat, action.seat, action.reward);
      break;
    case 'governor':
      applyGovernor(tx, seat);
      break;
    case 'governorPay':
      applyGovernorPay(tx, seat, action.card);
      break;
    case 'smuggler':
      applySmuggler(tx, seat, action.good);
      break;
    case 'smugglerPay':
      applySmugglerPay(tx, seat, action.good);
      break;
    case 'take5Lira':
      applyTake5Lira(tx, seat);
      afterFinalCard(tx, seat);
      break;
    case 'takeGood':
      applyTakeGood(tx, seat, action.good);
      afterFinalCard(tx, seat);
      break;
    case 'familyToPolice':
      applyFamilyToPolice(tx, seat, action.reward);
      break;
    case 'yellowTile':
      applyYellowTile(tx, seat, action.from);
      break;
    case 'finish':
      tx.log('finalStepDone', seat, { player: seat });
      nextFinalSeat(tx);
      break;
    // ----- Letters & Seals -----
    case 'placeCompanion':
      applyPlaceCompanion(tx, seat);
      break;
    case 'moveCompanion':
      moveCompanion(tx, seat, action.to);
      break;
    case 'moveCompanionFar':
      applyMoveCompanionFar(tx, seat, action.to);
      break;
    case 'familyStep':
      applyFamilyStep(tx, seat, action.to);
      break;
    case 'moveToMerchant':
      applyMoveToMerchant(tx, seat, action.other);
      break;
    case 'moveAnywhere':
      applyMoveAnywhere(tx, seat, action.to);
      break;
    case 'doubleMove':
      applyDoubleMove(tx, seat);
      break;
    case 'discardLetter':
      applyDiscardLetter(tx, seat, action.letter);
      break;
    case 'fountainCompanion':
      applyFountainCompanion(tx, seat);
      break;
    case 'embassy':
      applyEmbassy(tx, seat);
      break;
    case 'kiosk':
      applyKiosk(tx, seat);
      break;
    case 'kioskTile':
      applyKioskTile(tx, seat, action.tile, action.carry);
      break;
    case 'kioskEffect':
      applyKioskEffect(tx, seat, action);
      break;
    case 'auctionGood':
      applyAuctionGood(tx, seat, action.good);
      break;
    case 'auctionBid':
      applyAuctionBid(tx, seat, action.amount);
      break;
    case 'auctionPass':
      applyAuctionPass(tx, seat);
      break;
    case 'secretSociety':
      applySecretSociety(tx, seat, action.ruby);
      break;
    case 'courier':
      applyCourier(tx, seat, action.letter);
      break;
    case 'takeLetter':
      applyTakeLetter(tx, seat);
      break;
    case 'diceCard':
      applyDiceCard(tx, seat);
      afterFinalCard(tx, seat);
      break;
    case 'cardGood':
      applyCardGood(tx, seat, action.good);
      afterFinalCard(tx, seat);
      break;
    case 'sellGood':
      applySellGood(tx, seat, action.good);
      afterFinalCard(tx, seat);
      break;
    case 'goodLira':
      applyGoodLira(tx, seat, action.card);
      afterFinalCard(tx, seat);
      break;
    case 'viaDiscard':
      tx.viaDiscardTop = true;
      applyInto(tx, action.action, seat);
      if (tx.viaDiscardTop) throw new Error(`${action.action.type} played no card`);
      tx.discard().push('discardTop');
      break;
    case 'useGovernor':
      applyUseGovernor(tx, seat);
      break;
    case 'useSmuggler':
      applyUseSmuggler(tx, seat, action.good);
      break;
    case 'useCourier':
      applyUseCourier(tx, seat, action.letter);
      break;
    case 'repeatMosque':
      applyRepeatMosque(tx, seat, action.colour);
      break;
    case 'repeatSecretSociety':
      playCard(tx, seat, 'secretSocietyTwice');
      startRepeatSecretSociety(tx, seat, action.ruby);
      break;
  }
}

/**
 * In the final step, a seat with no playable money/goods card left is done at once (not while the dice card's
 * good is still to be chosen).
 */
function afterFinalCard(tx: Tx, seat: Seat): void {
  if (tx.s.phase === 'finalCards' && tx.s.pending[tx.s.pending.length - 1]?.k === 'finalCards' && !hasFinalCard(tx.s, seat)) nextFinalSeat(tx);
}

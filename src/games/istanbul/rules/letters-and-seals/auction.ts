/**
 * Letters & Seals, Auction House 23: take 1 good of your choice, then auction 2 bonus cards. You open with a
 * bid of at least 1 lira; each other player clockwise may bid higher or pass, once; then you may bid higher
 * or pass. The winner draws 2 bonus cards and pays the bid to you, or to the supply when you win. A bid
 * can be at most the bidder's lira. An opener without lira cannot open: the others bid as usual. With no
 * card left to draw there is no auction.
 */
import type { IstanbulAction } from '../../actions.js';
import { AUCTION_CARDS } from '../../data/letters-and-seals.js';
import { AUCTION_HOUSE } from '../../data/places.js';
import { canDrawCard, gainGood, room } from '../helpers.js';
import type { AuctionRound, Frame, IstanbulState, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type Seat } from '../../types.js';
import { drawCard } from '../deck.js';

/** The place action: the good of your choice (null only when no good has room). */
export function auctionHouseOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (s.ls === undefined) return;
  const p = s.players[seat] as PlayerState;
  let any = false;
  for (const good of GOODS) {
    if (room(p, good) > 0) {
      out.push({ type: 'auctionGood', good });
      any = true;
    }
  }
  if (!any) out.push({ type: 'auctionGood', good: null });
}

export function applyAuctionGood(tx: Tx, seat: Seat, good: Good | null): void {
  if (good !== null) {
    gainGood(tx.player(seat), good, 1);
    tx.log('goodTaken', seat, { player: seat, good, place: AUCTION_HOUSE });
  }
  if (!canDrawCard(tx.s)) {
    tx.log('noAuction', seat, { player: seat });
    finishAction(tx, seat, AUCTION_HOUSE);
    return;
  }
  const n = tx.s.players.length;
  const queue: Seat[] = [];
  for (let i = 1; i < n; i++) queue.push((seat + i) % n);
  tx.ls().auction = { owner: seat, high: 0, highSeat: null, queue };
  tx.log('auctionStarted', seat, { player: seat });
  if ((tx.s.players[seat] as PlayerState).lira >= 1) tx.replaceTop({ k: 'auction', seat, stage: 'open' });
  else nextBidder(tx);
}

/** Bids: every amount above the highest bid up to the bidder's lira; passing (not when opening). */
export function auctionOptions(s: IstanbulState, frame: Extract<Frame, { k: 'auction' }>, out: IstanbulAction[]): void {
  const round = s.ls?.auction;
  if (round === null || round === undefined) return;
  const lira = (s.players[frame.seat] as PlayerState).lira;
  for (let amount = round.high + 1; amount <= lira; amount++) out.push({ type: 'auctionBid', amount });
  if (frame.stage !== 'open') out.push({ type: 'auctionPass' });
}

/** Hands the auction to the next seat (each other seat once, then the owner's last bid), or resolves it. */
function nextBidder(tx: Tx): void {
  const ls = tx.ls();
  const round = ls.auction as AuctionRound;
  const next = round.queue[0];
  tx.checkpoint = true; // a hand-over
  if (next !== undefined) {
    ls.auction = { ...round, queue: round.queue.slice(1) };
    tx.replaceTop({ k: 'auction', seat: next, stage: 'bid' });
    return;
  }
  const top = tx.top();
  if (round.highSeat !== round.owner && !(top.k === 'auction' && top.stage === 'final')) {
    tx.replaceTop({ k: 'auction', seat: round.owner, stage: 'final' });
    return;
  }
  resolve(tx);
}

function resolve(tx: Tx): void {
  const ls = tx.ls();
  const round = ls.auction as AuctionRound;
  ls.auction = null;
  if (round.highSeat === null) {
    tx.log('auctionNoBid', round.owner, { player: round.owner });
  } else {
    const winner = round.highSeat;
    tx.player(winner).lira -= round.high;
    if (winner !== round.owner) tx.player(round.owner).lira += round.high;
    tx.log(winner === round.owner ? 'auctionWonByOwner' : 'auctionWon', winner, { player: winner, other: round.owner, lira: round.high });
    for (let i = 0; i < AUCTION_CARDS; i++) drawCard(tx, winner);
  }
  finishAction(tx, round.owner, AUCTION_HOUSE);
}

export function applyAuctionBid(tx: Tx, seat: Seat, amount: number): void {
  const ls = tx.ls();
  const round = ls.auction as AuctionRound;
  ls.auction = { ...round, high: amount, highSeat: seat };
  tx.log('auctionBid', seat, { player: seat, lira: amount });
  const top = tx.top();
  if (top.k === 'auction' && top.stage === 'final') resolve(tx);
  else nextBidder(tx);
}

export function applyAuctionPass(tx: Tx, seat: Seat): void {
  tx.log('auctionPassed', seat, { player: seat });
  const top = tx.top();
  if (top.k === 'auction' && top.stage === 'final') resolve(tx);
  else nextBidder(tx);
}

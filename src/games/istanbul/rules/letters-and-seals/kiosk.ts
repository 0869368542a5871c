/**
 * Letters & Seals, Kiosk 22: take 1 letter; turn up one kiosk tile more than there are players. Starting
 * with you, clockwise, each player chooses one open tile, may carry out its action, and turns it face down
 * (nobody else may choose it); you also get the remaining tile. Then all of them are discarded. The other
 * players' choices are their own decisions (asked of them, in the active player's turn).
 */
import { rollDie, shuffle } from '../../../../engine/index.js';
import type { IstanbulAction } from '../../actions.js';
import { KIOSK_TILES, type KioskExchange, type KioskTile } from '../../data/letters-and-seals.js';
import { FOUNTAIN, KIOSK } from '../../data/places.js';
import { canDrawCard, gainGood, room } from '../helpers.js';
import type { Frame, IstanbulState, KioskRound, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import { GOODS, type CardKind, type Good, type LetterRef, type Seat } from '../../types.js';
import { discardFromHand, drawCard } from '../deck.js';
import { canExtend, takeExtension } from '../places/wainwright.js';
import { canTakeCompanion, takeCompanion } from './companion.js';
import { canDrawLetter, discardLetter, drawLetter, letterRefs } from './letters.js';

export function kioskOptions(s: IstanbulState, _seat: Seat, out: IstanbulAction[]): void {
  if (s.ls !== undefined) out.push({ type: 'kiosk' });
}

function drawTile(tx: Tx): number {
  const ls = tx.ls();
  if (ls.kioskDeck.length === 0) {
    ls.kioskDeck = shuffle(tx.rng(), ls.kioskDiscard);
    ls.kioskDiscard = [];
    tx.log('kioskReshuffled', undefined, { tiles: ls.kioskDeck.length });
  }
  return tx.kioskDeck().pop() as number;
}

export function applyKiosk(tx: Tx, seat: Seat): void {
  const n = tx.s.players.length;
  if (canDrawLetter(tx.s)) drawLetter(tx, seat);
  const open: number[] = [];
  for (let i = 0; i < n + 1; i++) open.push(drawTile(tx));
  const queue: Seat[] = [];
  for (let i = 0; i < n; i++) queue.push((seat + i) % n);
  tx.ls().kiosk = { owner: seat, open, chosen: [], queue };
  tx.checkpoint = true; // the tiles are revealed
  tx.log('kioskTilesTurned', seat, { player: seat, tiles: open.join(',') });
  tx.replaceTop({ k: 'kiosk', seat, last: false });
}

// ----- what a tile can do -----

function exchangeChoices(s: IstanbulState, seat: Seat, tile: number, option: 0 | 1, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  const t = KIOSK_TILES[tile] as Extract<KioskTile, { kind: 'choose' }>;
  const ex = t.options[option];
  const push = (good: Good | null, letter: LetterRef | null, card: CardKind | null): void => {
    out.push({ type: 'kioskEffect', tile, option, good, letter, card });
  };
  const gainPossible = (good: Good | null): boolean => {
    switch (ex.gain) {
      case 'letter':
        return canDrawLetter(s);
      case 'card':
        return canDrawCard(s);
      case 'lira':
        return true;
      case 'good':
        return good !== null && room(p, good) > 0;
    }
  };
  switch (ex.pay) {
    case 'lira':
      if (p.lira < ex.payLira) return;
      if (ex.gain === 'good') {
        for (const g of GOODS) if (gainPossible(g)) push(g, null, null);
      } else if (gainPossible(null)) push(null, null, null);
      return;
    case 'good':
      if (!gainPossible(null)) return;
      for (const g of GOODS) if (p.goods[g] > 0) push(g, null, null);
      return;
    case 'card': {
      if (!gainPossible(null)) return;
      const seen = new Set<CardKind>();
      for (const c of p.hand) {
        if (seen.has(c)) continue;
        seen.add(c);
        push(null, null, c);
      }
      return;
    }
    case 'letter':
      for (const letter of letterRefs(s, seat)) {
        if (ex.gain === 'good') {
          for (const g of GOODS) if (gainPossible(g)) push(g, letter, null);
        } else if (gainPossible(null)) push(null, letter, null);
      }
      return;
  }
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** The message key of an exchange, e.g. 'kioskGoodForLetter' (events) / 'kioskEffectGoodForLetter' (actions). */
export function exchangeKey(ex: KioskExchange, prefix = 'kiosk'): string {
  return `${prefix}${cap(ex.pay)}For${cap(ex.gain)}`;
}

/** The exchanges a "choose" tile offers the seat (empty for other tiles). */
export function kioskEffectOptions(s: IstanbulState, seat: Seat, tile: number, out: IstanbulAction[]): void {
  const t = KIOSK_TILES[tile] as KioskTile;
  if (t.kind !== 'choose') return;
  exchangeChoices(s, seat, tile, 0, out);
  exchangeChoices(s, seat, tile, 1, out);
}

/** Whether carrying out the tile would do something for the seat. */
export function canCarry(s: IstanbulState, seat: Seat, tile: number): boolean {
  const t = KIOSK_TILES[tile] as KioskTile;
  const p = s.players[seat] as PlayerState;
  switch (t.kind) {
    case 'gain':
      return t.lira > 0 || t.goods.some((g) => room(p, g) > 0);
    case 'card':
      return canDrawCard(s);
    case 'companion':
      return canTakeCompanion(s, seat);
    case 'die':
      return true;
    case 'extensionForLira':
      return p.lira >= t.lira && canExtend(s, seat);
    case 'extensionForGoods':
      return GOODS.every((g) => p.goods[g] > 0) && canExtend(s, seat);
    case 'fountain':
      return p.merchant !== FOUNTAIN;
    case 'choose': {
      const out: IstanbulAction[] = [];
      kioskEffectOptions(s, seat, tile, out);
      return out.length > 0;
    }
  }
}

/** The open tiles: each to keep face down without its action, or to carry out (when it would do something). */
export function kioskTileOptions(s: IstanbulState, frame: Extract<Frame, { k: 'kiosk' }>, out: IstanbulAction[]): void {
  const round = s.ls?.kiosk;
  if (round === null || round === undefined) return;
  for (const tile of round.open) {
    if (canCarry(s, frame.seat, tile)) out.push({ type: 'kioskTile', tile, carry: true });
    out.push({ type: 'kioskTile', tile, carry: false });
  }
}

/** Carries out a tile that asks nothing more. */
function carryOut(tx: Tx, seat: Seat, tile: number): void {
  const t = KIOSK_TILES[tile] as KioskTile;
  const p = tx.player(seat);
  switch (t.kind) {
    case 'gain': {
      const gained: string[] = [];
      for (const g of t.goods) if (gainGood(p, g, 1) > 0) gained.push(g);
      p.lira += t.lira;
      tx.log('kioskGain', seat, { player: seat, goods: gained.join(','), lira: t.lira });
      return;
    }
    case 'card':
      drawCard(tx, seat);
      return;
    case 'companion':
      takeCompanion(tx, seat);
      return;
    case 'die': {
      const die = rollDie(tx.rng());
      p.lira += die;
      tx.log('kioskDie', seat, { player: seat, die, lira: die });
      return;
    }
    case 'extensionForLira':
      p.lira -= t.lira;
      tx.log('kioskExtension', seat, { player: seat, extensions: p.extensions + 1 });
      takeExtension(tx, seat);
      return;
    case 'extensionForGoods':
      for (const g of GOODS) p.goods[g] -= 1;
      tx.log('kioskExtension', seat, { player: seat, extensions: p.extensions + 1 });
      takeExtension(tx, seat);
      return;
    case 'fountain': {
      const from = p.merchant;
      p.merchant = FOUNTAIN;
      tx.log('kioskFountain', seat, { player: seat, from });
      return;
    }
    case 'choose':
      throw new Error('a "choose" tile asks which exchange');
  }
}

/** The next chooser, the owner's last tile, or the end of the Kiosk action. */
function advance(tx: Tx): void {
  const ls = tx.ls();
  const round = ls.kiosk as KioskRound;
  const next = round.queue[0];
  if (next !== undefined) {
    if (next !== tx.top().seat) tx.checkpoint = true; // hand-over
    tx.replaceTop({ k: 'kiosk', seat: next, last: false });
    return;
  }
  if (round.open.length > 0) {
    if (round.owner !== tx.top().seat) tx.checkpoint = true;
    tx.replaceTop({ k: 'kiosk', seat: round.owner, last: true });
    return;
  }
  tx.kioskDiscard().push(...round.chosen);
  ls.kiosk = null;
  tx.checkpoint = true;
  finishAction(tx, round.owner, KIOSK);
}

export function applyKioskTile(tx: Tx, seat: Seat, tile: number, carry: boolean): void {
  const frame = tx.top();
  if (frame.k !== 'kiosk') throw new Error('no kiosk decision pending');
  const ls = tx.ls();
  const round = ls.kiosk as KioskRound;
  ls.kiosk = {
    owner: round.owner,
    open: round.open.filter((t) => t !== tile),
    chosen: [...round.chosen, tile],
    queue: frame.last ? round.queue : round.queue.slice(1),
  };
  tx.log(carry ? 'kioskTileCarried' : 'kioskTileKept', seat, { player: seat, tile });
  if (carry && (KIOSK_TILES[tile] as KioskTile).kind === 'choose') {
    tx.push({ k: 'kioskEffect', seat, tile });
    return;
  }
  if (carry) carryOut(tx, seat, tile);
  advance(tx);
}

export function applyKioskEffect(tx: Tx, seat: Seat, action: Extract<IstanbulAction, { type: 'kioskEffect' }>): void {
  const frame = tx.top();
  if (frame.k !== 'kioskEffect') throw new Error('no kiosk exchange pending');
  const t = KIOSK_TILES[frame.tile] as KioskTile;
  if (t.kind !== 'choose' || action.tile !== frame.tile) throw new Error('not the "choose" tile being carried out');
  const ex = t.options[action.option];
  const p = tx.player(seat);
  switch (ex.pay) {
    case 'lira':
      p.lira -= ex.payLira;
      break;
    case 'good':
      p.goods[action.good as Good] -= 1;
      break;
    case 'card':
      discardFromHand(tx, seat, action.card as CardKind);
      break;
    case 'letter':
      discardLetter(tx, seat, action.letter as LetterRef);
      break;
  }
  switch (ex.gain) {
    case 'lira':
      tx.player(seat).lira += ex.gainLira;
      break;
    case 'good':
      gainGood(tx.player(seat), action.good as Good, 1);
      break;
    case 'card':
      drawCard(tx, seat);
      break;
    case 'letter':
      drawLetter(tx, seat);
      break;
  }
  const params: Record<string, string | number> = { player: seat, lira: ex.pay === 'lira' ? ex.payLira : ex.gainLira };
  if (action.good !== null) params.good = action.good;
  if (action.card !== null) params.card = action.card;
  tx.log(exchangeKey(ex), seat, params);
  tx.pop();
  advance(tx);
}

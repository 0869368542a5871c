/**
 * A copy-on-write draft of the state for one `apply`: the top level, the pending stack and the turn flags
 * are copied once; a player, a place's assistants, the piles, the PRNG and the other sub-structures only
 * when they are first changed. The state given to `apply` is never mutated.
 */
import { copyRng, rollDie, type GameEvent, type MessageParam, type RngState } from '../../engine/index.js';
import type { Frame, IstanbulState, LettersAndSealsState, PlayerState, RollPurposeState } from './state.js';
import type { AssistantOwner, CardKind, Good, PlaceId, Seat } from './types.js';

export class Tx {
  readonly s: IstanbulState;
  readonly events: GameEvent[] = [];
  /** A die roll, a card draw or a hand-over happened: undo may not go back past this action. */
  checkpoint = false;
  private readonly copiedPlayers: boolean[] = [];
  private playersArrayCopied = false;
  private assistantsArrayCopied = false;
  private readonly copiedPlaces: boolean[] = [];
  private deckCopied = false;
  private discardCopied = false;
  private rngCopied = false;
  private mosqueCopied = false;
  private neutralCopied = false;
  private lsCopied = false;
  /**
   * Letters & Seals, card "carry out the top card of the discard pile": while set, `playCard` takes that card
   * from the hand instead of the card whose effect is carried out (which stays on the discard pile).
   */
  viaDiscardTop = false;

  /** `silent`: no events are made (the computer player's search reads none; they were a tenth of its garbage). */
  constructor(
    base: IstanbulState,
    private readonly silent = false,
  ) {
    this.s = shallowCopy(base);
    this.s.pending = base.pending.slice();
    this.s.turn = { ...base.turn };
  }

  /** A player to change (copied on first use). */
  player(seat: Seat): PlayerState {
    if (!this.playersArrayCopied) {
      this.s.players = this.s.players.slice();
      this.playersArrayCopied = true;
    }
    const current = this.s.players[seat] as PlayerState;
    if (this.copiedPlayers[seat]) return current;
    // Every field named, in one order: the copies share one shape (a spread of players of mixed shapes,
    // with and without openCards, took the engine's slow generic path).
    const copy: PlayerState = {
      seat: current.seat,
      colour: current.colour,
      lira: current.lira,
      rubies: current.rubies,
      goods: { ...current.goods },
      extensions: current.extensions,
      mosqueTiles: current.mosqueTiles.slice(),
      hand: current.hand.slice(),
      merchant: current.merchant,
      stack: current.stack.slice(),
      supply: current.supply,
      family: current.family,
    };
    // Last, where the rules add it: the state's JSON keeps its key order.
    if (current.openCards !== undefined) copy.openCards = current.openCards;
    this.s.players[seat] = copy;
    this.copiedPlayers[seat] = true;
    return copy;
  }

  /** The loose assistants on a place, to change. */
  assistantsAt(place: PlaceId): AssistantOwner[] {
    if (!this.assistantsArrayCopied) {
      this.s.assistantsAt = this.s.assistantsAt.slice();
      this.assistantsArrayCopied = true;
    }
    if (!this.copiedPlaces[place]) {
      this.s.assistantsAt[place] = (this.s.assistantsAt[place] ?? []).slice();
      this.copiedPlaces[place] = true;
    }
    return this.s.assistantsAt[place] as AssistantOwner[];
  }

  deck(): CardKind[] {
    if (!this.deckCopied) {
      this.s.deck = this.s.deck.slice();
      this.deckCopied = true;
    }
    return this.s.deck;
  }

  discard(): CardKind[] {
    if (!this.discardCopied) {
      this.s.discard = this.s.discard.slice();
      this.discardCopied = true;
    }
    return this.s.discard;
  }

  mosqueStacks(): Record<Good, number[]> {
    if (!this.mosqueCopied) {
      const m = this.s.mosqueTiles;
      this.s.mosqueTiles = { red: m.red.slice(), green: m.green.slice(), yellow: m.yellow.slice(), blue: m.blue.slice() };
      this.mosqueCopied = true;
    }
    return this.s.mosqueTiles;
  }

  neutralMerchants(): PlaceId[] {
    if (!this.neutralCopied) {
      this.s.neutralMerchants = this.s.neutralMerchants.slice();
      this.neutralCopied = true;
    }
    return this.s.neutralMerchants;
  }

  /** Letters & Seals state, to change (copied on first use, all of it: it is small). Throws in the base game. */
  ls(): LettersAndSealsState {
    const base = this.s.ls;
    if (base === undefined) throw new Error('Letters & Seals is not played');
    if (!this.lsCopied) {
      this.s.ls = {
        ...base,
        letterDeck: base.letterDeck.slice(),
        letterDiscard: base.letterDiscard.slice(),
        letters: base.letters.map((l) => l.slice()),
        companions: base.companions.slice(),
        doubleMoveRound: base.doubleMoveRound.slice(),
        kioskDeck: base.kioskDeck.slice(),
        kioskDiscard: base.kioskDiscard.slice(),
        secretSociety: base.secretSociety.slice(),
      };
      this.lsCopied = true;
    }
    return this.s.ls as LettersAndSealsState;
  }

  /** The PRNG, to draw from: marks the action as a checkpoint. */
  rng(): RngState {
    if (!this.rngCopied) {
      this.s.rng = copyRng(this.s.rng);
      this.rngCopied = true;
    }
    this.checkpoint = true;
    return this.s.rng;
  }

  /** Rolls 2d6 and records it as the last roll. */
  roll2d6(seat: Seat, purpose: RollPurposeState): [number, number] {
    const rng = this.rng();
    const dice: [number, number] = [rollDie(rng), rollDie(rng)];
    this.s.lastRoll = { seat, purpose, dice };
    return dice;
  }

  top(): Frame {
    return this.s.pending[this.s.pending.length - 1] as Frame;
  }

  push(frame: Frame): void {
    this.s.pending.push(frame);
  }

  pop(): void {
    this.s.pending.pop();
  }

  replaceTop(frame: Frame): void {
    this.s.pending[this.s.pending.length - 1] = frame;
  }

  /** Replaces the whole pending stack. */
  setPending(...frames: Frame[]): void {
    this.s.pending = frames;
  }

  log(key: string, seat: Seat | undefined, params?: Record<string, MessageParam>, visibleTo?: readonly Seat[]): void {
    if (this.silent) return;
    const event: { key: string; seat?: Seat; params?: Record<string, MessageParam>; visibleTo?: readonly Seat[] } = {
      key: `istanbul.event.${key}`,
    };
    if (seat !== undefined) event.seat = seat;
    if (params !== undefined) event.params = params;
    if (visibleTo !== undefined) event.visibleTo = visibleTo;
    this.events.push(event);
  }
}

/**
 * A shallow copy of the state with every field named, in one order, so every draft has the same shape:
 * states come from setup, JSON, the determinizer and earlier drafts, and a spread of such mixed shapes took
 * the engine's slow generic path (measured: the spread was a sixth of a computer player's CPU).
 */
export function shallowCopy(b: IstanbulState): IstanbulState {
  const s: IstanbulState = {
    options: b.options,
    rng: b.rng,
    width: b.width,
    height: b.height,
    cells: b.cells,
    cellOf: b.cellOf,
    players: b.players,
    startSeat: b.startSeat,
    round: b.round,
    turnSeat: b.turnSeat,
    pending: b.pending,
    turn: b.turn,
    assistantsAt: b.assistantsAt,
    governor: b.governor,
    smuggler: b.smuggler,
    neutralMerchants: b.neutralMerchants,
    neutralColours: b.neutralColours,
    deck: b.deck,
    discard: b.discard,
    post: b.post,
    sultanTaken: b.sultanTaken,
    gemstoneTaken: b.gemstoneTaken,
    wainwrightExtensions: b.wainwrightExtensions,
    wainwrightRubies: b.wainwrightRubies,
    mosqueTiles: b.mosqueTiles,
    smallMosqueRubies: b.smallMosqueRubies,
    greatMosqueRubies: b.greatMosqueRubies,
    smallMarket: b.smallMarket,
    greatMarket: b.greatMarket,
    rubySupply: b.rubySupply,
    endTriggered: b.endTriggered,
    phase: b.phase,
    finalQueue: b.finalQueue,
    lastMove: b.lastMove,
    lastRoll: b.lastRoll,
  };
  if (b.ls !== undefined) s.ls = b.ls;
  return s;
}

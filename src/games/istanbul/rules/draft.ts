/**
 * A copy-on-write draft of the state for one `apply`: the top level, the pending stack and the turn flags
 * are copied once; a player, a place's assistants, the piles, the PRNG and the other sub-structures only
 * when they are first changed. The state given to `apply` is never mutated.
 */
import { copyRng, rollDie, type GameEvent, type MessageParam, type RngState } from '../../../engine/index.js';
import type { Frame, IstanbulState, LettersAndSealsState, Letter, PlayerDraft, PlayerState, RollPurposeState } from '../state.js';
import type { AssistantOwner, CardKind, CompanionPos, Good, PlaceId, Seat } from '../types.js';

/** The lists of a player a draft copies only when they change. */
type PlayerList = 'hand' | 'stack' | 'mosqueTiles';
const PLAYER_LIST_BIT: Readonly<Record<PlayerList, number>> = { hand: 1, stack: 2, mosqueTiles: 4 };

/** The lists of the Letters & Seals state a draft copies only when they change. */
type LettersAndSealsList = 'letterDeck' | 'letterDiscard' | 'letters' | 'companions' | 'doubleMoveRound' | 'kioskDeck' | 'kioskDiscard' | 'secretSociety';

/** The Letters & Seals state within a draft: its lists are changed only through the draft's methods. */
export type LettersAndSealsDraft = Omit<LettersAndSealsState, LettersAndSealsList> & {
  letterDeck: readonly PlaceId[];
  letterDiscard: readonly PlaceId[];
  letters: readonly (readonly Letter[])[];
  companions: readonly CompanionPos[];
  doubleMoveRound: readonly number[];
  kioskDeck: readonly number[];
  kioskDiscard: readonly number[];
  secretSociety: readonly Seat[];
};

export class Tx {
  readonly s: IstanbulState;
  readonly events: GameEvent[] = [];
  /** A die roll, a card draw or a hand-over happened: undo may not go back past this action. */
  checkpoint = false;
  // What this draft copied, one bit per seat, list or place: a Tx is made for every move the search plays,
  // and arrays and a Set per Tx were a share of its garbage.
  private copiedPlayers = 0;
  /** Three bits a seat (PLAYER_LIST_BIT shifted by 3 x seat). */
  private copiedPlayerLists = 0;
  private playersArrayCopied = false;
  private assistantsArrayCopied = false;
  /** A bit per place id (ids up to MAX_PLACE_ID, 25: within a 32-bit number). */
  private copiedPlaces = 0;
  private deckCopied = false;
  private discardCopied = false;
  private rngCopied = false;
  private mosqueCopied = false;
  private neutralCopied = false;
  private lsCopied = false;
  /** Made when Letters & Seals' first list is changed. */
  private copiedLsLists: Set<LettersAndSealsList> | null = null;
  private copiedLetters = 0;
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

  /**
   * A player to change (copied on first use). Its hand, assistant stack and mosque tiles stay shared until
   * changed through `hand`, `stack` and `mosqueTilesOf`: most actions change only lira, goods or a position,
   * and copying every list of the player for each was a tenth of the computer player's search.
   */
  player(seat: Seat): PlayerDraft {
    return this.playerCopy(seat);
  }

  /** The seat's hand, to change. */
  hand(seat: Seat): CardKind[] {
    return this.playerList(seat, 'hand');
  }

  /** The seat's assistants under its merchant (bottom first), to change. */
  stack(seat: Seat): AssistantOwner[] {
    return this.playerList(seat, 'stack');
  }

  /** The seat's mosque tiles, to change. */
  mosqueTilesOf(seat: Seat): Good[] {
    return this.playerList(seat, 'mosqueTiles');
  }

  /** A list of the seat's player, copied the first time this draft changes it. */
  private playerList<K extends PlayerList>(seat: Seat, key: K): PlayerState[K] {
    const p = this.playerCopy(seat);
    // One bit per list and seat: this is on the search's hot path, where a Set per player would be garbage.
    const bit = PLAYER_LIST_BIT[key] << (3 * seat);
    if ((this.copiedPlayerLists & bit) === 0) {
      p[key] = p[key].slice() as PlayerState[K];
      this.copiedPlayerLists |= bit;
    }
    return p[key];
  }

  private playerCopy(seat: Seat): PlayerState {
    if (!this.playersArrayCopied) {
      this.s.players = this.s.players.slice();
      this.playersArrayCopied = true;
    }
    const current = this.s.players[seat] as PlayerState;
    if ((this.copiedPlayers & (1 << seat)) !== 0) return current;
    // Every field named, in one order: the copies share one shape (a spread of players of mixed shapes,
    // with and without openCards, took the engine's slow generic path).
    const copy: PlayerState = {
      seat: current.seat,
      colour: current.colour,
      lira: current.lira,
      rubies: current.rubies,
      goods: { red: current.goods.red, green: current.goods.green, yellow: current.goods.yellow, blue: current.goods.blue },
      extensions: current.extensions,
      mosqueTiles: current.mosqueTiles,
      hand: current.hand,
      merchant: current.merchant,
      stack: current.stack,
      supply: current.supply,
      family: current.family,
    };
    // Last, where the rules add it: the state's JSON keeps its key order.
    if (current.openCards !== undefined) copy.openCards = current.openCards;
    this.s.players[seat] = copy;
    this.copiedPlayers |= 1 << seat;
    return copy;
  }

  /** The loose assistants on a place, to change. */
  assistantsAt(place: PlaceId): AssistantOwner[] {
    if (!this.assistantsArrayCopied) {
      this.s.assistantsAt = this.s.assistantsAt.slice();
      this.assistantsArrayCopied = true;
    }
    if ((this.copiedPlaces & (1 << place)) === 0) {
      this.s.assistantsAt[place] = (this.s.assistantsAt[place] ?? []).slice();
      this.copiedPlaces |= 1 << place;
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

  /**
   * Letters & Seals state, to change (copied on first use; throws in the base game). Its piles and lists
   * stay shared until changed through the methods below: a companion's step changes one entry, and copying
   * every pile for it was a twentieth of the computer player's search.
   */
  ls(): LettersAndSealsDraft {
    const base = this.s.ls;
    if (base === undefined) throw new Error('Letters & Seals is not played');
    if (!this.lsCopied) {
      // Every field named, in the state's order (its JSON keeps the key order).
      this.s.ls = {
        cards: base.cards,
        letterDeck: base.letterDeck,
        letterDiscard: base.letterDiscard,
        letters: base.letters,
        companions: base.companions,
        doubleMoveRound: base.doubleMoveRound,
        courier: base.courier,
        kioskDeck: base.kioskDeck,
        kioskDiscard: base.kioskDiscard,
        kiosk: base.kiosk,
        auction: base.auction,
        secretSociety: base.secretSociety,
        extraRubies: base.extraRubies,
      };
      this.lsCopied = true;
    }
    return this.s.ls as LettersAndSealsDraft;
  }

  /** The letter draw pile (top last), to change. */
  letterDeck(): PlaceId[] {
    return this.lsList('letterDeck');
  }

  letterDiscard(): PlaceId[] {
    return this.lsList('letterDiscard');
  }

  companions(): CompanionPos[] {
    return this.lsList('companions');
  }

  doubleMoveRound(): number[] {
    return this.lsList('doubleMoveRound');
  }

  /** The Kiosk tiles' draw pile (top last), to change. */
  kioskDeck(): number[] {
    return this.lsList('kioskDeck');
  }

  kioskDiscard(): number[] {
    return this.lsList('kioskDiscard');
  }

  /** Seats paid by the Secret Society, in order, to change. */
  secretSocietyPaid(): Seat[] {
    return this.lsList('secretSociety');
  }

  /** The letters in front of a seat, to change. */
  lettersOf(seat: Seat): Letter[] {
    const ls = this.lsList('letters');
    if ((this.copiedLetters & (1 << seat)) === 0) {
      ls[seat] = (ls[seat] as Letter[]).slice();
      this.copiedLetters |= 1 << seat;
    }
    return ls[seat] as Letter[];
  }

  private lsList<K extends LettersAndSealsList>(key: K): LettersAndSealsState[K] {
    const ls = this.ls() as LettersAndSealsState;
    // A list the rules replaced with a fresh one (a reshuffle) is the draft's own already, but copying it
    // once more is rare and harmless; a shared one must be copied before it changes.
    this.copiedLsLists ??= new Set();
    if (!this.copiedLsLists.has(key)) {
      ls[key] = ls[key].slice() as LettersAndSealsState[K];
      this.copiedLsLists.add(key);
    }
    return ls[key];
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

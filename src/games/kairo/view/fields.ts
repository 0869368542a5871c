/**
 * Every field a Kairo seat view has (view.ts), declared for the computer player's run-time check: the AI
 * refuses a view with any other field, at any depth (see src/engine/ai/seat-view.ts). The type makes the
 * declaration follow `KairoSeatView`: a field added to the view does not compile until it is declared
 * here. The seat's own hand and coins are declared at the top level only.
 */
import type { ViewFields } from '../../../engine/ai/index.js';
import type { KairoSeatView } from './types.js';

const colours = { red: true, yellow: true, green: true, blue: true, violet: true, orange: true } as const;
const card = { type: true, sections: true, joker: true } as const;
const medal = { gold: true, silver: true } as const;

export const KAIRO_SEAT_VIEW_FIELDS: ViewFields<KairoSeatView> = {
  game: true,
  seat: true,
  hand: [card],
  coins: colours,
  playerCount: true,
  startMode: true,
  phase: true,
  finalPhase: true,
  startSeat: true,
  activeSeat: true,
  turn: true,
  board: {
    width: true,
    height: true,
    fields: [
      {
        id: true,
        x: true,
        y: true,
        label: true,
        area: true,
        section: true,
        startField: true,
        stall: { stall: true, colour: true, owner: true, main: true },
        entrance: { stall: true, colour: true, owner: true, side: true },
        customer: true,
      },
    ],
  },
  stalls: [{ index: true, owner: true, colour: true, main: true, entrance: true, entranceSide: true, extensions: true, size: true }],
  customers: colours,
  offBoardCustomer: true,
  display: [card],
  deckCount: true,
  discardCount: true,
  crierSupply: true,
  extensionSupply: colours,
  medals: { red: medal, yellow: medal, green: medal, blue: medal, violet: medal, orange: medal },
  medalPoints: medal,
  players: [
    {
      seat: true,
      score: true,
      criers: true,
      handCount: true,
      stallsInSupply: true,
      out: true,
      startPlayer: true,
      medals: [{ colour: true, medal: true }],
    },
  ],
  pending: {
    seat: true,
    kind: true,
    mode: true,
    colour: true,
    step: true,
    cardsPlayed: true,
    jokerCoin: true,
    sections: true,
    section: true,
    field: true,
    cost: true,
    drawn: true,
  },
  setup: { remaining: true, neutralColour: true, neutralStallsInBag: true },
  final: [{ seat: true, medalPoints: true, coins: true, coinPoints: true, score: true, rank: true }],
  bookkeeping: {
    pending: {
      k: true,
      mode: true,
      colour: true,
      step: true,
      payment: { t: true, card: true, coin: true, cards: true },
      sections: true,
      section: true,
      field: true,
      cost: true,
      paidStall: true,
      owedOther: true,
      paidOther: colours,
      payColour: true,
      taken: true,
    },
    countedCoins: [colours],
    discardPile: true,
    setupQueue: [{ seat: true, neutral: true }],
    neutralColoursLeft: true,
  },
};

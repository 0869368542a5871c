/**
 * The rules of "Tally", a small game for testing the game service and the Discord flow without Istanbul's weight:
 * turns of several decisions (add 1 or 2 up to three times, draw a secret card, play a card, pick one of
 * 30 numbers at the start of a turn, end the turn), checkpoints (a draw, the end of a turn), a private
 * event, a hand, and the optional removeSeat hook (switchable, to test both leave policies). A game plugin
 * laid out as the real games are (game.ts, module.ts, presenter.ts, render/), registered by the tests
 * with gameRegistry as src/games/index.ts registers the built-in games.
 */
import { z } from 'zod';
import { copyRng, randomInt, seedRng, type GameDefinition, type GameEvent, type RngState, type Seat } from '../../../src/engine/index.js';
import type { Catalogues, Message } from '../../../src/engine/index.js';

export interface TallyState {
  scores: number[];
  hands: number[][];
  removed: boolean[];
  turn: Seat;
  steps: number;
  picked: number | null;
  target: number;
  rng: RngState;
}
export type TallyAction =
  | { type: 'add'; n: 1 | 2 }
  | { type: 'draw' }
  | { type: 'play'; card: number }
  | { type: 'pick'; n: number }
  | { type: 'end' };
export interface TallyOptions {
  players: number;
  target: number;
}
export interface TallyView {
  scores: number[];
  handSizes: number[];
  turn: Seat | null;
  hand?: number[];
}

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), n: z.union([z.literal(1), z.literal(2)]) }).strict(),
  z.object({ type: z.literal('draw') }).strict(),
  z.object({ type: z.literal('play'), card: z.number().int().min(0).max(20) }).strict(),
  z.object({ type: z.literal('pick'), n: z.number().int().min(1).max(30) }).strict(),
  z.object({ type: z.literal('end') }).strict(),
]);

function nextSeat(state: TallyState, from: Seat): Seat {
  const n = state.scores.length;
  for (let i = 1; i <= n; i++) {
    const seat = (from + i) % n;
    if (!state.removed[seat]) return seat;
  }
  return from;
}

/** The rules' words (events, actions, standings), in English only. */
export const TALLY_MESSAGES: Catalogues = {
  en: {
    'tally.added': '{player} adds {n}',
    'tally.drew': '{player} draws a card',
    'tally.drewPrivate': 'You draw a {card}',
    'tally.played': '{player} plays a {card}',
    'tally.picked': '{player} picks {n}',
    'tally.ended': '{player} ends the turn',
    'tally.left': '{player} leaves the table',
    'tally.standing': '{score} points',
    'tally.action.add': 'Add {n}',
    'tally.action.draw': 'Draw a card',
    'tally.action.play': 'Play card {card}',
    'tally.action.pick': 'Pick {n}',
    'tally.action.end': 'End the turn',
  },
};

export function makeTally(options: { removeSeat: boolean }): GameDefinition<TallyState, TallyAction, TallyView, TallyOptions> {
  const def: GameDefinition<TallyState, TallyAction, TallyView, TallyOptions> = {
    id: 'tally',
    players: { min: 2, max: 4 },
    parseOptions(raw) {
      const parsed = z.object({ players: z.number().int().min(2).max(4), target: z.number().int().min(1).max(100) }).strict().safeParse(raw);
      return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'bad options' };
    },
    setup(o, seed) {
      return {
        scores: Array.from({ length: o.players }, () => 0),
        hands: Array.from({ length: o.players }, () => []),
        removed: Array.from({ length: o.players }, () => false),
        turn: 0,
        steps: 0,
        picked: null,
        target: o.target,
        rng: seedRng(seed),
      };
    },
    parseAction(raw) {
      const parsed = actionSchema.safeParse(raw);
      return parsed.success ? (parsed.data as TallyAction) : null;
    },
    actionKey(a) {
      switch (a.type) {
        case 'add':
        case 'pick':
          return `${a.type}:${a.n}`;
        case 'play':
          return `play:${a.card}`;
        default:
          return a.type;
      }
    },
    activeSeats: (s) => (def.isOver(s) ? [] : [s.turn]),
    legalActions(s, seat) {
      if (def.isOver(s) || seat !== s.turn) return [];
      const out: TallyAction[] = [];
      if (s.steps < 3) out.push({ type: 'add', n: 1 }, { type: 'add', n: 2 });
      out.push({ type: 'draw' });
      (s.hands[seat] ?? []).forEach((_c, card) => out.push({ type: 'play', card }));
      if (s.steps === 0 && s.picked === null) for (let n = 1; n <= 30; n++) out.push({ type: 'pick', n });
      out.push({ type: 'end' });
      return out;
    },
    apply(s, a, seat) {
      const next: TallyState = { ...s, scores: s.scores.slice(), hands: s.hands.map((h) => h.slice()), removed: s.removed.slice() };
      const events: GameEvent[] = [];
      let checkpoint = false;
      switch (a.type) {
        case 'add':
          next.scores[seat] = (next.scores[seat] ?? 0) + a.n;
          next.steps++;
          events.push({ key: 'tally.added', params: { player: seat, n: a.n }, seat });
          break;
        case 'draw': {
          const rng = copyRng(s.rng);
          const card = randomInt(rng, 3) + 1;
          next.rng = rng;
          next.hands[seat]?.push(card);
          next.steps++;
          checkpoint = true;
          events.push({ key: 'tally.drew', params: { player: seat }, seat }, { key: 'tally.drewPrivate', params: { card }, seat, visibleTo: [seat] });
          break;
        }
        case 'play': {
          const hand = next.hands[seat] ?? [];
          const [card] = hand.splice(a.card, 1);
          next.scores[seat] = (next.scores[seat] ?? 0) + (card ?? 0);
          next.steps++;
          events.push({ key: 'tally.played', params: { player: seat, card: card ?? 0 }, seat });
          break;
        }
        case 'pick':
          next.picked = a.n;
          next.steps++;
          events.push({ key: 'tally.picked', params: { player: seat, n: a.n }, seat });
          break;
        case 'end':
          next.turn = nextSeat(next, seat);
          next.steps = 0;
          next.picked = null;
          checkpoint = true;
          events.push({ key: 'tally.ended', params: { player: seat }, seat });
          break;
      }
      return { state: next, events, checkpoint };
    },
    isOver: (s) => s.scores.some((score) => score >= s.target),
    standings(s) {
      const order = [...s.scores.keys()].sort((a, b) => (s.scores[b] ?? 0) - (s.scores[a] ?? 0));
      return order.map((seat) => ({
        seat,
        rank: 1 + s.scores.filter((x) => x > (s.scores[seat] ?? 0)).length,
        summary: { key: 'tally.standing', params: { score: s.scores[seat] ?? 0 } },
      }));
    },
    view(s, seat) {
      const base: TallyView = { scores: s.scores, handSizes: s.hands.map((h) => h.length), turn: def.isOver(s) ? null : s.turn };
      return seat === null ? base : { ...base, hand: s.hands[seat] ?? [] };
    },
    describeAction(a): Message {
      switch (a.type) {
        case 'add':
          return { key: 'tally.action.add', params: { n: a.n } };
        case 'play':
          return { key: 'tally.action.play', params: { card: a.card + 1 } };
        case 'pick':
          return { key: 'tally.action.pick', params: { n: a.n } };
        default:
          return { key: `tally.action.${a.type}` };
      }
    },
    messages: TALLY_MESSAGES,
  };
  if (options.removeSeat) {
    def.removeSeat = (s, seat) => {
      const next: TallyState = { ...s, removed: s.removed.slice() };
      next.removed[seat] = true;
      if (next.turn === seat) {
        next.turn = nextSeat(next, seat);
        next.steps = 0;
        next.picked = null;
      }
      return { state: next, events: [{ key: 'tally.left', params: { player: seat }, seat }], checkpoint: true };
    };
  }
  return def;
}


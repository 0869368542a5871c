/**
 * Hand-built Kairo public views for the renderer tests and the benchmark: fields named by their labels
 * ("C4"), board geometry from the game's data table, nothing from the engine's play, so the reference
 * images stay put while the rules engine changes.
 */
import { CARD_SECTIONS, COLOURS, isJoker, type CardType, type Colour } from '../../../src/games/kairo/data/board.js';
import { AREA, SECTION, START_FIELD_IDS, fieldLabel, fieldX, fieldY, parseFieldLabel, type Direction, type FieldId } from '../../../src/games/kairo/data/geometry.js';
import type {
  KairoFieldView,
  KairoFinalView,
  KairoMedalView,
  KairoPendingView,
  KairoPlayerView,
  KairoPublicView,
  KairoStallView,
  Phase,
  StallOwner,
} from '../../../src/games/kairo/view/types.js';

export function F(label: string): FieldId {
  const f = parseFieldLabel(label);
  if (f === null) throw new Error(`bad field ${label}`);
  return f;
}

export interface StallSpec {
  readonly owner: StallOwner;
  readonly colour: Colour;
  readonly main: string;
  readonly entrance: string;
  readonly ext?: readonly string[];
}

export interface FixtureSpec {
  readonly players: number;
  readonly phase: Phase;
  readonly startSeat?: number;
  readonly activeSeat?: number | null;
  readonly turn?: number;
  readonly stalls: readonly StallSpec[];
  /** Field labels; exactly one colour null (off the board). */
  readonly customers: Readonly<Record<Colour, string | null>>;
  readonly scores?: readonly number[];
  readonly hands?: readonly number[];
  readonly criers?: readonly number[];
  readonly out?: readonly number[];
  readonly display?: readonly CardType[];
  readonly deckCount?: number;
  readonly discardCount?: number;
  readonly medals?: Partial<Record<Colour, KairoMedalView>>;
  readonly pending?: Partial<KairoPendingView> | null;
  readonly setupRemaining?: number;
  readonly final?: readonly Omit<KairoFinalView, 'score' | 'rank'>[];
}

function side(main: FieldId, entrance: FieldId): Direction {
  const dx = fieldX(entrance) - fieldX(main);
  const dy = fieldY(entrance) - fieldY(main);
  if (Math.abs(dx) + Math.abs(dy) !== 1) throw new Error(`entrance ${fieldLabel(entrance)} is not next to ${fieldLabel(main)}`);
  return dx === 1 ? 'e' : dx === -1 ? 'w' : dy === 1 ? 's' : 'n';
}

export function fixtureView(spec: FixtureSpec): KairoPublicView {
  const stalls: KairoStallView[] = spec.stalls.map((s, index) => {
    const main = F(s.main);
    const entrance = F(s.entrance);
    const extensions = (s.ext ?? []).map(F);
    return { index, owner: s.owner, colour: s.colour, main, entrance, entranceSide: side(main, entrance), extensions, size: 1 + extensions.length };
  });
  const customers = {} as Record<Colour, FieldId | null>;
  for (const c of COLOURS) customers[c] = spec.customers[c] === null ? null : F(spec.customers[c] as string);
  const offBoard = COLOURS.filter((c) => customers[c] === null);
  if (offBoard.length !== 1) throw new Error('exactly one customer waits off the board');
  const fields: KairoFieldView[] = [];
  for (let id = 0; id < AREA.length; id++) {
    const stall = stalls.find((s) => s.main === id || s.extensions.includes(id));
    const entrance = stalls.find((s) => s.entrance === id);
    const customer = COLOURS.find((c) => customers[c] === id) ?? null;
    if (stall !== undefined && (entrance !== undefined || customer !== null)) throw new Error(`field ${fieldLabel(id)} is taken twice`);
    fields.push({
      id,
      x: fieldX(id),
      y: fieldY(id),
      label: fieldLabel(id),
      area: AREA[id]!,
      section: SECTION[id] ?? null,
      startField: START_FIELD_IDS.includes(id),
      stall: stall ? { stall: stall.index, colour: stall.colour, owner: stall.owner, main: stall.main === id } : null,
      entrance: entrance ? { stall: entrance.index, colour: entrance.colour, owner: entrance.owner, side: entrance.entranceSide } : null,
      customer,
    });
  }
  const medals = {} as Record<Colour, KairoMedalView>;
  const extensionSupply = {} as Record<Colour, number>;
  for (const c of COLOURS) {
    medals[c] = spec.medals?.[c] ?? { gold: null, silver: null };
    extensionSupply[c] = 6 - stalls.filter((s) => s.colour === c).reduce((n, s) => n + s.extensions.length, 0);
  }
  const startSeat = spec.startSeat ?? 0;
  const scores = spec.scores ?? Array.from({ length: spec.players }, () => 0);
  const players: KairoPlayerView[] = Array.from({ length: spec.players }, (_, seat) => ({
    seat,
    score: scores[seat] ?? 0,
    criers: spec.criers?.[seat] ?? 0,
    handCount: spec.hands?.[seat] ?? 3,
    stallsInSupply: COLOURS.filter((c) => !stalls.some((s) => s.owner === seat && s.colour === c)),
    out: spec.out?.includes(seat) ?? false,
    startPlayer: seat === startSeat,
    medals: COLOURS.flatMap((c) => [
      ...(medals[c].gold === seat ? [{ colour: c, medal: 'gold' as const }] : []),
      ...(medals[c].silver === seat ? [{ colour: c, medal: 'silver' as const }] : []),
    ]),
  }));
  const over = spec.phase === 'over';
  const activeSeat = over ? null : (spec.activeSeat ?? startSeat);
  const pending: KairoPendingView | null = over
    ? null
    : {
        seat: activeSeat ?? 0,
        kind: 'turn',
        mode: null,
        colour: null,
        step: 'choose',
        cardsPlayed: [],
        jokerCoin: null,
        sections: null,
        section: null,
        field: null,
        cost: null,
        drawn: 0,
        ...(spec.pending ?? {}),
      };
  const display = spec.display ?? ['s4', 'jr1', 's5', 's9'];
  const ranks = scores.map((s) => 1 + scores.filter((o) => o > s).length);
  const criersHeld = players.reduce((n, p) => n + p.criers, 0);
  return {
    game: 'kairo',
    playerCount: spec.players,
    startMode: 'variable',
    phase: spec.phase,
    finalPhase: spec.phase === 'final' || over,
    startSeat,
    activeSeat,
    turn: spec.turn ?? 0,
    board: { width: 14, height: 10, fields },
    stalls,
    customers,
    offBoardCustomer: offBoard[0]!,
    display: display.map((type) => ({ type, sections: CARD_SECTIONS[type].slice(), joker: isJoker(type) })),
    deckCount: spec.deckCount ?? 20,
    discardCount: spec.discardCount ?? 0,
    crierSupply: 7 - criersHeld,
    extensionSupply,
    medals,
    medalPoints: { gold: 4, silver: 2 },
    players,
    pending,
    setup: spec.phase === 'setup' ? { remaining: spec.setupRemaining ?? 0, neutralColour: null, neutralStallsInBag: spec.players === 2 ? 6 : 0 } : null,
    final: spec.final ? spec.final.map((f) => ({ ...f, score: scores[f.seat] ?? 0, rank: ranks[f.seat] ?? 0 })) : null,
  };
}

/** A late 4-player board: every colour extended, medals held, and tied violet stalls. */
const LATE_STALLS: readonly StallSpec[] = [
  { owner: 0, colour: 'red', main: 'D2', entrance: 'D3', ext: ['C2', 'B2'] },
  { owner: 1, colour: 'red', main: 'J5', entrance: 'J6', ext: ['K5'] },
  { owner: 2, colour: 'yellow', main: 'F2', entrance: 'F3', ext: ['G2', 'H2', 'H1'] },
  { owner: 3, colour: 'green', main: 'L2', entrance: 'L3', ext: ['M2', 'M1'] },
  { owner: 0, colour: 'blue', main: 'C5', entrance: 'D5', ext: ['C6', 'C7'] },
  { owner: 1, colour: 'violet', main: 'A6', entrance: 'B6', ext: ['A5', 'A4'] },
  { owner: 2, colour: 'violet', main: 'F10', entrance: 'F9', ext: ['G10'] },
  { owner: 3, colour: 'violet', main: 'N7', entrance: 'M7', ext: ['N8', 'N9'] },
  { owner: 0, colour: 'orange', main: 'H7', entrance: 'H6', ext: ['I7', 'I8'] },
  { owner: 1, colour: 'blue', main: 'K8', entrance: 'K9' },
  { owner: 2, colour: 'green', main: 'E8', entrance: 'E9', ext: ['D8'] },
  { owner: 3, colour: 'yellow', main: 'K3', entrance: 'K4', ext: ['J3'] },
  { owner: 0, colour: 'green', main: 'H4', entrance: 'G4' },
  { owner: 1, colour: 'orange', main: 'M5', entrance: 'L5', ext: ['M4'] },
  { owner: 2, colour: 'blue', main: 'B8', entrance: 'B7' },
  { owner: 3, colour: 'red', main: 'F6', entrance: 'F5', ext: ['G6'] },
];

const LATE_MEDALS: Partial<Record<Colour, KairoMedalView>> = {
  red: { gold: 0, silver: 0 },
  yellow: { gold: 2, silver: 2 },
  green: { gold: 3, silver: 3 },
  blue: { gold: 0, silver: 0 },
  violet: { gold: 1, silver: 3 },
  orange: { gold: 0, silver: 0 },
};

export type Stage = 'fresh-2p' | 'mid-3p' | 'final-2p' | 'late-4p' | 'over-4p';

export function stageView(stage: Stage): KairoPublicView {
  switch (stage) {
    case 'fresh-2p':
      return fixtureView({
        players: 2,
        phase: 'setup',
        startSeat: 1,
        activeSeat: 1,
        setupRemaining: 9,
        stalls: [
          { owner: 1, colour: 'red', main: 'D2', entrance: 'D3' },
          { owner: 0, colour: 'violet', main: 'A6', entrance: 'B6' },
          { owner: 1, colour: 'blue', main: 'J5', entrance: 'I5' },
        ],
        customers: { violet: 'C2', red: 'K2', yellow: 'G5', green: 'C8', blue: 'K8', orange: null },
        display: ['s6', 's6', 's3', 'jc3'],
        deckCount: 23,
      });
    case 'mid-3p':
      return fixtureView({
        players: 3,
        phase: 'play',
        startSeat: 2,
        activeSeat: 0,
        turn: 23,
        stalls: LATE_STALLS.filter((s) => s.owner !== 3).map((s) => ({ ...s, ext: (s.ext ?? []).slice(0, 1) })),
        customers: { violet: 'G5', red: 'K2', yellow: null, green: 'B6', blue: 'J8', orange: 'C8' },
        scores: [14, 11, 9],
        hands: [2, 4, 3],
        criers: [1, 0, 2],
        medals: { red: { gold: 0, silver: 1 }, yellow: { gold: 2, silver: 2 }, blue: { gold: 0, silver: 0 }, violet: { gold: 1, silver: 2 }, orange: { gold: 0, silver: 0 } },
        display: ['s1', 's8', 'jc2', 's4'],
        deckCount: 11,
        discardCount: 9,
        pending: { kind: 'build', mode: 'extend', colour: 'green', step: 'section', cardsPlayed: ['jr2'], jokerCoin: 'red', sections: [4, 5, 6], section: 5, cost: 2 },
      });
    case 'final-2p':
      return fixtureView({
        players: 2,
        phase: 'final',
        startSeat: 0,
        activeSeat: 1,
        turn: 61,
        stalls: [
          ...LATE_STALLS.filter((s) => s.owner === 0 || s.owner === 1),
          { owner: 'neutral', colour: 'yellow', main: 'K3', entrance: 'K4' },
          { owner: 'neutral', colour: 'green', main: 'E8', entrance: 'E9' },
          { owner: 'neutral', colour: 'violet', main: 'F10', entrance: 'F9' },
          { owner: 'neutral', colour: 'blue', main: 'B8', entrance: 'B7' },
          { owner: 'neutral', colour: 'red', main: 'F6', entrance: 'F5' },
          { owner: 'neutral', colour: 'orange', main: 'L2', entrance: 'L3' },
        ],
        customers: { violet: 'G5', red: 'K2', yellow: 'B6', green: null, blue: 'J8', orange: 'C8' },
        scores: [38, 41],
        hands: [1, 2],
        criers: [2, 1],
        out: [0],
        medals: { red: { gold: 0, silver: 0 }, blue: { gold: 0, silver: 0 }, violet: { gold: 1, silver: 1 }, orange: { gold: 0, silver: 1 } },
        display: ['s2', 's7', 's7', 'jr3'],
        deckCount: 2,
        discardCount: 19,
      });
    case 'late-4p':
    case 'over-4p':
      return fixtureView({
        players: 4,
        phase: stage === 'over-4p' ? 'over' : 'final',
        startSeat: 1,
        activeSeat: 3,
        turn: 78,
        stalls: LATE_STALLS,
        customers: { violet: 'G5', red: 'K2', yellow: 'C8', green: 'M7', blue: 'J8', orange: null },
        scores: stage === 'over-4p' ? [52, 47, 52, 39] : [41, 40, 37, 31],
        hands: [1, 0, 3, 2],
        criers: [0, 2, 1, 1],
        out: stage === 'over-4p' ? [0, 1, 2, 3] : [1],
        medals: LATE_MEDALS,
        display: ['s1', 's1', 'jc1', 's6'],
        deckCount: 4,
        discardCount: 17,
        ...(stage === 'over-4p'
          ? {
              final: [
                { seat: 0, medalPoints: 18, coins: 7, coinPoints: 2 },
                { seat: 1, medalPoints: 4, coins: 10, coinPoints: 3 },
                { seat: 2, medalPoints: 6, coins: 2, coinPoints: 0 },
                { seat: 3, medalPoints: 8, coins: 5, coinPoints: 1 },
              ],
            }
          : { pending: { kind: 'build', mode: 'stall', colour: 'orange', step: 'entrance', cardsPlayed: ['s4'], section: 4, field: F('B4') } }),
      });
  }
}

/**
 * Hand-built public views for the renderer tests: every layout, 2..5 players, fresh and late game. They
 * follow the printed components of the box so the pictures show real situations, and
 * they do not depend on the engine's progress.
 */
import type {
  Good,
  Goods,
  IstanbulPublicView,
  LayoutName,
  MerchantView,
  PlaceDetailView,
  PlaceView,
  PlayerColour,
  PlayerView,
  PostFieldView,
  SultanSlot,
} from '../../../src/games/istanbul/view/types.js';

export const LAYOUTS: Record<'short' | 'long' | 'inOrder' | 'expansion', number[][]> = {
  short: [
    [15, 5, 2, 14],
    [4, 12, 7, 3],
    [8, 6, 11, 9],
    [13, 10, 1, 16],
  ],
  long: [
    [16, 2, 8, 11],
    [15, 7, 6, 4],
    [3, 5, 12, 1],
    [10, 9, 14, 13],
  ],
  inOrder: [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 10, 11, 12],
    [13, 14, 15, 16],
  ],
  expansion: [
    [16, 15, 22, 3, 10],
    [8, 1, 7, 21, 4],
    [2, 23, 6, 12, 9],
    [24, 11, 5, 14, 13],
  ],
};

const COLOURS: PlayerColour[] = ['red', 'blue', 'green', 'yellow', 'white'];
const SULTAN_TRACK: SultanSlot[] = ['blue', 'red', 'green', 'yellow', 'any', 'blue', 'red', 'green', 'yellow', 'any'];
const POST_FIELDS: [PostFieldView, PostFieldView][] = [
  [
    { good: 'red', lira: 0 },
    { good: 'green', lira: 0 },
  ],
  [
    { good: null, lira: 2 },
    { good: null, lira: 1 },
  ],
  [
    { good: 'blue', lira: 0 },
    { good: 'yellow', lira: 0 },
  ],
  [
    { good: null, lira: 2 },
    { good: null, lira: 1 },
  ],
];
const SMALL_TILES: Goods[] = [
  { red: 1, green: 3, yellow: 1, blue: 0 },
  { red: 1, green: 1, yellow: 2, blue: 1 },
  { red: 1, green: 2, yellow: 1, blue: 1 },
  { red: 1, green: 2, yellow: 2, blue: 0 },
  { red: 0, green: 2, yellow: 2, blue: 1 },
];
const GREAT_TILES: Goods[] = [
  { red: 2, green: 0, yellow: 1, blue: 2 },
  { red: 1, green: 0, yellow: 1, blue: 3 },
  { red: 2, green: 1, yellow: 0, blue: 2 },
  { red: 1, green: 1, yellow: 1, blue: 2 },
  { red: 1, green: 1, yellow: 0, blue: 3 },
];

export interface FixtureOptions {
  readonly players: number;
  readonly layout: keyof typeof LAYOUTS;
  readonly stage: 'fresh' | 'late';
}

function postOffice(down: number): PlaceDetailView {
  const markers = [0, 1, 2, 3].map((i) => (i < down ? 'bottom' : 'top') as 'top' | 'bottom');
  const goods: Good[] = [];
  let lira = 0;
  POST_FIELDS.forEach(([top, bottom], i) => {
    const open = markers[i] === 'top' ? bottom : top;
    if (open.good) goods.push(open.good);
    lira += open.lira;
  });
  return { kind: 'postOffice', markersDown: down, markers, fields: POST_FIELDS, payout: { lira, goods } };
}

function detail(id: number, o: FixtureOptions): PlaceDetailView {
  const late = o.stage === 'late';
  const p = o.players;
  const mosqueRubies = p === 5 ? 4 : p;
  const thresholds = p === 2 ? [2, 4] : p === 3 ? [2, 3, 4] : [2, 3, 4, 5];
  switch (id) {
    case 1:
      return { kind: 'wainwright', extensionsLeft: late ? Math.max(0, 3 * p - 4) : 3 * p, rubiesLeft: late ? 1 : p, price: 7 };
    case 2:
      return { kind: 'warehouse', good: 'red' };
    case 3:
      return { kind: 'warehouse', good: 'green' };
    case 4:
      return { kind: 'warehouse', good: 'yellow' };
    case 5:
      return postOffice(late ? 2 : 0);
    case 6:
      return late ? { kind: 'caravansary', discardTop: 'move3or4', discardCount: 7 } : { kind: 'caravansary', discardTop: null, discardCount: 0 };
    case 7:
      return { kind: 'fountain' };
    case 8:
      return { kind: 'blackMarket' };
    case 9:
      return { kind: 'teaHouse' };
    case 10:
    case 11: {
      const tiles = id === 10 ? GREAT_TILES : SMALL_TILES;
      const start = late ? 3 : 0;
      const stack = [0, 1, 2, 3, 4].map((k) => {
        const index = (start + k) % 5;
        return { index, goods: tiles[index] as Goods };
      });
      return {
        kind: 'market',
        size: id === 10 ? 'great' : 'small',
        demand: stack[0] as { index: number; goods: Goods },
        stack,
        payouts: id === 10 ? [3, 7, 12, 18, 25] : [2, 5, 9, 14, 20],
      };
    }
    case 12:
      return { kind: 'policeStation' };
    case 13: {
      const first = p >= 4 ? 4 : 5;
      const taken = late ? 3 : 0;
      const uncovered = first + taken;
      return {
        kind: 'sultan',
        track: SULTAN_TRACK,
        uncovered,
        nextCost: SULTAN_TRACK.slice(0, uncovered),
        rubiesLeft: (p >= 4 ? 7 : 6) - taken,
      };
    }
    case 14:
    case 15: {
      const colours: Good[] = id === 14 ? ['red', 'green'] : ['blue', 'yellow'];
      return {
        kind: 'mosque',
        size: id === 14 ? 'small' : 'great',
        stacks: colours.map((colour, i) => {
          const tiles = late ? thresholds.slice(i === 0 ? thresholds.length : 1) : thresholds;
          return { colour, tiles, top: tiles[0] ?? null };
        }),
        rubiesLeft: late ? mosqueRubies - 1 : mosqueRubies,
      };
    }
    case 16: {
      const prices = p >= 4 ? [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23] : p === 3 ? [14, 15, 16, 17, 18, 19, 20, 21, 22, 23] : [15, 16, 17, 18, 19, 20, 21, 22, 23];
      const taken = late ? 2 : 0;
      return { kind: 'gemstone', prices, price: prices[taken] ?? null, rubiesLeft: prices.length - taken };
    }
    default:
      return { kind: 'other' };
  }
}

export function fixtureView(o: FixtureOptions): IstanbulPublicView {
  const grid = LAYOUTS[o.layout];
  const height = grid.length;
  const width = (grid[0] as number[]).length;
  const late = o.stage === 'late';
  const p = o.players;
  const seats = Array.from({ length: p }, (_, i) => i);
  const startSeat = p > 2 ? 1 : 0;

  // where the figures stand
  const merchantPlace = late ? [13, 9, 5, 16, 2] : [7, 7, 7, 7, 7];
  const stacks: number[] = late ? [1, 3, 0, 2, 4] : [4, 4, 4, 4, 4];
  const loose: Record<number, number[]> = late
    ? { 0: [2, 11, 4], 1: [10], 2: [6, 3, 14, 1], 3: [8, 10], 4: [] }
    : { 0: [], 1: [], 2: [], 3: [], 4: [] };
  const family = late ? [12, 6, 12, 1, 11] : [12, 12, 12, 12, 12];

  const places: PlaceView[] = [];
  grid.forEach((row, r) =>
    row.forEach((id, c) => {
      const assistants = seats.filter((s) => (loose[s] ?? []).includes(id)).map((s) => ({ owner: s, count: 1 }));
      places.push({ id, row: r, col: c, assistants, detail: detail(id, o) });
    }),
  );
  const merchants: MerchantView[] = seats.map((s) => ({
    seat: s,
    colour: COLOURS[s] as PlayerColour,
    place: merchantPlace[s] as number,
    stack: Array.from({ length: stacks[s] as number }, () => s),
  }));
  const players: PlayerView[] = seats.map((s) => {
    const ext = late ? [2, 1, 3, 0, 1][s] ?? 0 : 0;
    const cap = 2 + ext;
    const goods: Goods = late
      ? {
          red: Math.min(cap, [3, 1, 2, 0, 2][s] ?? 0),
          green: Math.min(cap, [2, 2, 5, 1, 0][s] ?? 0),
          yellow: Math.min(cap, [1, 3, 0, 2, 2][s] ?? 0),
          blue: Math.min(cap, [0, 1, 2, 2, 1][s] ?? 0),
        }
      : { red: 0, green: 0, yellow: 0, blue: 0 };
    const turnOrder = (s - startSeat + p) % p;
    return {
      seat: s,
      colour: COLOURS[s] as PlayerColour,
      lira: late ? [14, 3, 27, 8, 11][s] ?? 0 : 2 + turnOrder,
      rubies: late ? [4, 2, 5, 1, 3][s] ?? 0 : 0,
      goods,
      capacity: cap,
      extensions: ext,
      mosqueTiles: late ? ([['red', 'blue'], [], ['green', 'yellow', 'blue'], ['yellow'], []][s] as Good[]) : [],
      bonusCards: late ? [2, 0, 4, 1, 3][s] ?? 0 : 1,
      assistants: {
        inStack: stacks[s] as number,
        neutralInStack: 0,
        onPlaces: [...(loose[s] ?? [])].sort((a, b) => a - b),
        inSupply: late && s === 2 ? 0 : 1,
      },
      turnOrder,
      isStartPlayer: s === startSeat,
    };
  });
  const decider = late ? (startSeat + 2) % p : startSeat;
  const neutralMerchants =
    p === 2
      ? [
          { index: 0, colour: 'green' as PlayerColour, place: late ? 3 : 14 },
          { index: 1, colour: 'yellow' as PlayerColour, place: 15 },
          { index: 2, colour: 'white' as PlayerColour, place: late ? 10 : 16 },
        ]
      : [];
  return {
    game: 'istanbul',
    playerCount: p,
    layout: (o.layout === 'expansion' ? 'random' : o.layout) as LayoutName,
    neutralAssistants: false,
    grid: { width, height },
    places,
    figures: {
      merchants,
      familyMembers: seats.map((s) => ({ seat: s, colour: COLOURS[s] as PlayerColour, place: family[s] as number })),
      governor: late ? 9 : 6,
      smuggler: late ? 2 : 11,
      neutralMerchants,
      extra: [],
    },
    players,
    startSeat,
    rubyTarget: p === 2 ? 6 : 5,
    round: late ? 14 : 1,
    turnSeat: decider,
    decision: late
      ? { seat: decider, kind: 'action', place: merchantPlace[decider] ?? null, dice: null, announced: null }
      : { seat: decider, kind: 'move', place: null, dice: null, announced: null },
    lastMove: late ? { seat: (decider + p - 1) % p, from: 4, to: merchantPlace[(decider + p - 1) % p] as number } : null,
    lastRoll: late ? { seat: 0, purpose: 'governor', dice: [4, 5] } : null,
    deckCount: late ? 9 : 21,
    discardCount: late ? 7 : 0,
    discardTop: late ? 'move3or4' : null,
    rubiesInSupply: 0,
    endTriggered: late && p > 2,
    phase: 'playing',
  };
}

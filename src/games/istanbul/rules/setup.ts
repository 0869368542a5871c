/** Setup for 2..5 players: layout, places, figures, money, cards, and every player-count difference. */
import { randomInt, seedRng, shuffle } from '../../../engine/index.js';
import { baseDeck, deckFor } from '../data/cards.js';
import { KIOSK_TILE_COUNT, LETTERS } from '../data/letters-and-seals.js';
import { GREAT_MARKET_TILES, SMALL_MARKET_TILES } from '../data/demand-tiles.js';
import { BASE_RANDOM_RULES, EXPANSION_RANDOM_RULES, IN_ORDER, LONG_PATHS, SHORT_PATHS, STARTER, randomLayout, type Layout } from '../data/layouts.js';
import { mosqueRubies, mosqueThresholds } from '../data/mosques.js';
import { FOUNTAIN, MAX_PLACE_ID, POLICE_STATION } from '../data/places.js';
import { ASSISTANTS_PER_PLAYER, NEUTRAL_MERCHANT_STARTS, RUBIES_IN_BOX, startLira } from '../data/players.js';
import { gemstoneSetup } from '../data/gemstone.js';
import { sultanSetup } from '../data/sultan.js';
import type { IstanbulOptions } from '../options.js';
import type { IstanbulState, LettersAndSealsState, PlayerState } from '../state.js';
import { PLAYER_COLOURS, type AssistantOwner, type PlayerColour, type Seat } from '../types.js';

export function layoutFor(options: IstanbulOptions, rng: Parameters<typeof randomLayout>[0]): Layout {
  switch (options.layout) {
    case 'short':
      return SHORT_PATHS;
    case 'long':
      return LONG_PATHS;
    case 'inOrder':
      return IN_ORDER;
    case 'random':
      return randomLayout(rng, options.lettersAndSeals ? EXPANSION_RANDOM_RULES : BASE_RANDOM_RULES);
    case 'starter':
      return STARTER;
  }
}

export function cellIndex(layout: Layout): number[] {
  const cellOf = new Array<number>(MAX_PLACE_ID + 1).fill(-1);
  layout.cells.forEach((place, cell) => {
    cellOf[place] = cell;
  });
  return cellOf;
}

export function setupIstanbul(options: IstanbulOptions, seed: string): IstanbulState {
  const n = options.players;
  const rng = seedRng(`istanbul:${seed}`);
  const layout = layoutFor(options, rng);
  const startSeat: Seat = randomInt(rng, n);
  const smallMarket = shuffle(
    rng,
    SMALL_MARKET_TILES.map((_, i) => i),
  );
  const greatMarket = shuffle(
    rng,
    GREAT_MARKET_TILES.map((_, i) => i),
  );
  const governor = randomInt(rng, 6) + randomInt(rng, 6) + 2;
  const smuggler = randomInt(rng, 6) + randomInt(rng, 6) + 2;
  const expansion = options.lettersAndSeals ?? null;
  const deck = shuffle(rng, expansion === null ? baseDeck() : deckFor(expansion.cards));

  const players: PlayerState[] = [];
  for (let seat = 0; seat < n; seat++) {
    const turnOrder = (seat - startSeat + n) % n;
    // Four assistants stacked under the merchant; the variant replaces the bottom one by a neutral one.
    const stack: AssistantOwner[] = [seat, seat, seat, seat];
    if (options.neutralAssistants) stack[0] = 'neutral';
    players.push({
      seat,
      colour: PLAYER_COLOURS[seat] as PlayerColour,
      lira: startLira(turnOrder),
      rubies: 0,
      goods: { red: 0, green: 0, yellow: 0, blue: 0 },
      extensions: 0,
      mosqueTiles: [],
      hand: [],
      merchant: FOUNTAIN,
      stack,
      supply: ASSISTANTS_PER_PLAYER - 4,
      family: POLICE_STATION,
    });
  }
  // Each player draws 1 bonus card, in turn order from the start player.
  for (let i = 0; i < n; i++) {
    const seat = (startSeat + i) % n;
    (players[seat] as PlayerState).hand.push(deck.pop() as PlayerState['hand'][number]);
  }

  const neutralMerchants = n === 2 ? NEUTRAL_MERCHANT_STARTS.slice() : [];
  const neutralColours = n === 2 ? PLAYER_COLOURS.slice(n, n + 3) : [];
  const thresholds = mosqueThresholds(n);
  const rubiesOnMosque = mosqueRubies(n);
  const sultan = sultanSetup(n);
  const gemstone = gemstoneSetup(n);
  const rubiesPlaced = n + 2 * rubiesOnMosque + sultan.rubies + gemstone.rubies;
  const assistantsAt: AssistantOwner[][] = [];
  for (let place = 0; place <= MAX_PLACE_ID; place++) assistantsAt.push([]);

  // Letters & Seals: drawn after everything of the base game, so the base game's setup is unchanged.
  let ls: LettersAndSealsState | undefined;
  if (expansion !== null) {
    const courier = randomInt(rng, 6) + randomInt(rng, 6) + 2;
    const kioskDeck = shuffle(
      rng,
      Array.from({ length: KIOSK_TILE_COUNT }, (_, i) => i),
    );
    const letterDeck = shuffle(rng, LETTERS);
    ls = {
      cards: expansion.cards,
      letterDeck,
      letterDiscard: [],
      letters: players.map(() => []),
      companions: players.map(() => 'box' as const),
      doubleMoveRound: players.map(() => 0),
      courier,
      kioskDeck,
      kioskDiscard: [],
      kiosk: null,
      auction: null,
      secretSociety: [],
      extraRubies: 0,
    };
  }

  const state: IstanbulState = {
    options,
    rng,
    width: layout.width,
    height: layout.height,
    cells: layout.cells.slice(),
    cellOf: cellIndex(layout),
    players,
    startSeat,
    round: 1,
    turnSeat: startSeat,
    pending: [{ k: 'move', seat: startSeat }],
    turn: { yellowUsed: false, repeatPlace: null },
    assistantsAt,
    governor,
    smuggler,
    neutralMerchants,
    neutralColours,
    deck,
    discard: [],
    post: 0,
    sultanTaken: 0,
    gemstoneTaken: 0,
    wainwrightExtensions: 3 * n,
    wainwrightRubies: n,
    mosqueTiles: {
      red: thresholds.slice(),
      green: thresholds.slice(),
      yellow: thresholds.slice(),
      blue: thresholds.slice(),
    },
    smallMosqueRubies: rubiesOnMosque,
    greatMosqueRubies: rubiesOnMosque,
    smallMarket,
    greatMarket,
    rubySupply: RUBIES_IN_BOX - rubiesPlaced,
    endTriggered: false,
    phase: 'playing',
    finalQueue: [],
    lastMove: null,
    lastRoll: null,
  };
  if (ls !== undefined) {
    state.ls = ls;
    state.turn = { yellowUsed: false, repeatPlace: null, token: 'merchant', exempt: null, extra: false };
  }
  return state;
}

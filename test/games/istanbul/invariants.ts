/** Istanbul invariants checked at every step of the random playouts. */
import type { Seat } from '../../../src/engine/index.js';
import { istanbul, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { cardCounts } from '../../../src/games/istanbul/data/cards.js';
import { KIOSK_TILE_COUNT, LETTERS, SECRET_SOCIETY_BONUS } from '../../../src/games/istanbul/data/letters-and-seals.js';
import { gemstoneRubiesOn, sultanRubiesOn } from '../../../src/games/istanbul/rules/letters-and-seals/rubies.js';
import { ASSISTANTS_PER_PLAYER, BASE_CAPACITY, RUBIES_IN_BOX } from '../../../src/games/istanbul/data/players.js';
import { GOODS, type CardKind } from '../../../src/games/istanbul/types.js';

/** Rubies in the supply, on the places and with the players, less those added beyond the box (Letters & Seals). */
export function rubiesAccounted(s: IstanbulState): number {
  const onPlaces = s.wainwrightRubies + s.smallMosqueRubies + s.greatMosqueRubies + sultanRubiesOn(s) + gemstoneRubiesOn(s);
  return s.rubySupply + onPlaces + s.players.reduce((sum, p) => sum + p.rubies, 0) - (s.ls?.extraRubies ?? 0);
}

/** Throws (through expect) when an invariant is broken. Cheap: plain counting, no deep copies. */
export function checkIstanbulInvariants(s: IstanbulState): void {
  const n = s.players.length;
  const variant = s.options.neutralAssistants;
  const fail = (what: string): never => {
    throw new Error(`invariant broken: ${what}`);
  };
  // Money and goods.
  for (const p of s.players) {
    if (p.lira < 0) fail(`seat ${p.seat} has ${p.lira} lira`);
    for (const g of GOODS) {
      if (p.goods[g] < 0 || p.goods[g] > BASE_CAPACITY + p.extensions) fail(`seat ${p.seat} has ${p.goods[g]} ${g}`);
    }
    if (p.extensions < 0 || p.extensions > 3) fail(`seat ${p.seat} has ${p.extensions} extensions`);
    if (new Set(p.mosqueTiles).size !== p.mosqueTiles.length) fail(`seat ${p.seat} owns a mosque tile twice`);
  }
  // Assistants: each player's own are conserved; neutral ones too (variant).
  const own = new Array<number>(n).fill(0);
  let neutral = 0;
  for (const p of s.players) {
    own[p.seat] = (own[p.seat] as number) + p.supply;
    for (const a of p.stack) {
      if (a === 'neutral') neutral++;
      else if (a === p.seat) own[p.seat] = (own[p.seat] as number) + 1;
      else fail(`seat ${p.seat} carries an assistant of seat ${a}`);
    }
  }
  s.assistantsAt.forEach((list, place) => {
    if (list.length > 0 && (place === 7 || s.cellOf[place] === -1)) fail(`assistants stand on ${place}`);
    for (const a of list) {
      if (a === 'neutral') neutral++;
      else own[a] = (own[a] as number) + 1;
    }
  });
  const perPlayer = ASSISTANTS_PER_PLAYER - (variant ? 1 : 0);
  own.forEach((count, seat) => {
    if (count !== perPlayer) fail(`seat ${seat} has ${count} assistants, not ${perPlayer}`);
  });
  if (neutral !== (variant ? n : 0)) fail(`${neutral} neutral assistants`);
  // Rubies.
  if (rubiesAccounted(s) !== RUBIES_IN_BOX) fail(`${rubiesAccounted(s)} rubies accounted for`);
  if (s.rubySupply < 0) fail('negative ruby supply');
  // Bonus cards, per kind (the base deck, or with Letters & Seals the new cards mixed in or alone).
  const counts: Record<string, number> = {};
  const add = (c: CardKind): void => {
    counts[c] = (counts[c] ?? 0) + 1;
  };
  s.deck.forEach(add);
  s.discard.forEach(add);
  for (const p of s.players) p.hand.forEach(add);
  const expected = cardCounts(s.ls?.cards ?? null) as Record<string, number>;
  for (const kind of new Set([...Object.keys(expected), ...Object.keys(counts)])) {
    if ((counts[kind] ?? 0) !== (expected[kind] ?? 0)) fail(`${counts[kind] ?? 0} ${kind} cards`);
  }
  if (s.ls !== undefined) checkLettersAndSeals(s, fail);
  // Figures on the board.
  for (const place of [s.governor, s.smuggler, ...s.neutralMerchants]) if ((s.cellOf[place] ?? -1) < 0) fail(`a figure is off the board (${place})`);
  // Decisions: exactly one owner until the end, none after.
  const active = istanbul.activeSeats(s);
  if (istanbul.isOver(s)) {
    if (active.length !== 0) fail('someone must decide after the end');
  } else if (active.length !== 1) fail(`${active.length} active seats`);
}

/** Letters & Seals: letters and kiosk tiles conserved, seals never negative, figures on the board, bonuses paid at most 3 times. */
function checkLettersAndSeals(s: IstanbulState, fail: (what: string) => never): void {
  const ls = s.ls;
  if (ls === undefined) return;
  const letters = [...ls.letterDeck, ...ls.letterDiscard];
  for (const seat of s.players.map((p) => p.seat)) {
    const mine = ls.letters[seat] ?? fail(`seat ${seat} has no letter list`);
    let seals = 0;
    for (const l of mine) {
      letters.push(l.place);
      seals += l.delivered ? 2 : 1;
    }
    if (seals < 0) fail(`seat ${seat} has ${seals} seals`);
    const c = ls.companions[seat];
    if (c === undefined || (typeof c === 'number' && (s.cellOf[c] ?? -1) < 0)) fail(`seat ${seat}'s companion is at ${String(c)}`);
    if ((ls.doubleMoveRound[seat] ?? -1) < 0 || (ls.doubleMoveRound[seat] as number) > s.round) fail(`seat ${seat}'s double move round`);
  }
  // Each of the 20 letters exactly once.
  const seen = new Array<boolean>(32).fill(false);
  for (const place of letters) {
    if (seen[place] === true || !LETTERS.includes(place)) fail(`letter ${place} twice or unknown`);
    seen[place] = true;
  }
  if (letters.length !== LETTERS.length) fail(`letters not conserved: ${letters.length}`);
  const tiles = [...ls.kioskDeck, ...ls.kioskDiscard, ...(ls.kiosk?.open ?? []), ...(ls.kiosk?.chosen ?? [])];
  if (tiles.length !== KIOSK_TILE_COUNT || new Set(tiles).size !== KIOSK_TILE_COUNT) fail(`kiosk tiles not conserved: ${tiles.length}`);
  if (ls.kiosk !== null && !s.pending.some((f) => f.k === 'kiosk' || f.k === 'kioskEffect')) fail('a kiosk round without its decision');
  if (ls.auction !== null && !s.pending.some((f) => f.k === 'auction')) fail('an auction without its decision');
  if ((s.cellOf[ls.courier] ?? -1) < 0) fail(`the courier is off the board (${ls.courier})`);
  if (ls.secretSociety.length > SECRET_SOCIETY_BONUS.length || new Set(ls.secretSociety).size !== ls.secretSociety.length) {
    fail(`Secret Society bonus paid to ${ls.secretSociety.join(',')}`);
  }
  if (ls.extraRubies < 0) fail('negative extra rubies');
}

/** The public view holds no hand, no deck order and no PRNG state; a seat view adds only its own hand. */
export function checkViews(s: IstanbulState): void {
  const json = JSON.stringify(istanbul.view(s, null));
  for (const secret of ['"hand"', '"deck"', '"rng"', '"s":[']) {
    if (json.includes(secret)) throw new Error(`the public view holds ${secret}`);
  }
  for (let seat: Seat = 0; seat < s.players.length; seat++) {
    const { hand, seat: viewSeat, ...rest } = istanbul.view(s, seat) as unknown as Record<string, unknown>;
    if (viewSeat !== seat) throw new Error(`seat ${seat}'s view names seat ${String(viewSeat)}`);
    if (JSON.stringify(hand) !== JSON.stringify((s.players[seat] as IstanbulState['players'][number]).hand)) {
      throw new Error(`seat ${seat}'s view does not hold exactly its own hand`);
    }
    if (JSON.stringify(rest) !== json) throw new Error(`seat ${seat}'s view differs from the public view beyond its hand`);
  }
}

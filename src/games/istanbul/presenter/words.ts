/**
 * Istanbul's board in words (see ../../board-words.ts), from the public view: the round and who decides
 * what, each player's rubies, lira, goods and bonus cards (a count) with where their pieces stand, the last
 * turn's events, and the board place by place in the order of the grid, row by row.
 */
import type { Locale, Message, MessageParam } from '../../../engine/index.js';
import type { BoardWords, PlayerWords, WordsSection } from '../../board-words.js';
import type { RenderOptions } from '../../contract.js';
import type { Good, IstanbulPublicView, PlaceDetailView, PlaceView, SultanSlot } from '../index.js';

type Say = (key: string, params?: Readonly<Record<string, MessageParam>>) => string;

/** Goods as the catalogue's parameters: a count per colour ("2 red (fabric) and 1 blue (jewelry)", or "nothing"). */
function goodsParams(goods: readonly Good[]): Record<Good, number> {
  const counts = { red: 0, green: 0, yellow: 0, blue: 0 };
  for (const good of goods) counts[good]++;
  return counts;
}

/** The Istanbul board in words, in `options.locale`. `format` formats a message of the presenter's catalogues. */
export function istanbulWords(view: IstanbulPublicView, options: RenderOptions, format: (message: Message, locale: Locale, names: readonly string[]) => string, prompt: string): BoardWords {
  const { locale, names } = options;
  const say: Say = (key, params) => format(params === undefined ? { key } : { key, params }, locale, names);
  return {
    now: nowLines(view, options, say, prompt),
    players: [...view.players].sort((a, b) => a.turnOrder - b.turnOrder).map((p) => playerWords(view, p.seat, say)),
    lastTurn:
      options.lastTurn === undefined || options.lastTurn.length === 0
        ? null
        : { heading: say('istanbul.words.lastTurn'), lines: options.lastTurn.map((event) => format(event, locale, names)) },
    board: [placesSection(view, say), supplySection(view, say)],
  };
}

function nowLines(view: IstanbulPublicView, options: RenderOptions, say: Say, prompt: string): string[] {
  const winners = (options.ranks ?? []).filter((r) => r.rank === 1).map((r) => r.seat);
  if (options.ranks !== undefined || view.phase === 'over' || view.decision === null) {
    const lines = [say('istanbul.words.over', { round: view.round })];
    for (const seat of winners) lines.push(say('istanbul.words.winner', { player: seat }));
    return lines;
  }
  const decision = view.decision;
  // The prompt as a sentence: "Move your merchant." ("Use the red tile?" keeps its question mark).
  prompt = /[.?!…]$/u.test(prompt) ? prompt : `${prompt}.`;
  const lines = [
    decision.seat === view.turnSeat || view.turnSeat === null
      ? say('istanbul.words.now', { round: view.round, target: view.rubyTarget, player: decision.seat, prompt })
      : say('istanbul.words.nowOther', { round: view.round, target: view.rubyTarget, player: decision.seat, other: view.turnSeat, prompt }),
  ];
  if (view.phase === 'finalCards') lines.push(say('istanbul.status.final'));
  else if (view.endTriggered) {
    const leader = [...view.players].sort((a, b) => b.rubies - a.rubies)[0];
    if (leader !== undefined) lines.push(say('istanbul.status.last', { player: leader.seat, rubies: leader.rubies }));
  }
  return lines;
}

function playerWords(view: IstanbulPublicView, seat: number, say: Say): PlayerWords {
  const p = view.players[seat]!;
  const ls = view.lettersAndSeals?.players[seat];
  const goods = { red: p.goods.red, green: p.goods.green, yellow: p.goods.yellow, blue: p.goods.blue };
  const standing = say('istanbul.words.standing', { rubies: p.rubies, lira: p.lira, ...goods, cards: p.bonusCards });
  const merchant = view.figures.merchants.find((m) => m.seat === seat);
  const family = view.figures.familyMembers.find((f) => f.seat === seat);
  const details: string[] = [];
  if (p.isStartPlayer) details.push(say('istanbul.words.startPlayer'));
  if (merchant !== undefined) details.push(say('istanbul.words.merchant', { place: merchant.place, stack: merchant.stack.length }));
  if (p.assistants.onPlaces.length > 0) details.push(say('istanbul.words.assistantsLeft', { places: p.assistants.onPlaces.join(',') }));
  if (p.assistants.inSupply > 0) details.push(say('istanbul.words.assistantsBeside', { count: p.assistants.inSupply }));
  if (family !== undefined) details.push(say('istanbul.words.family', { place: family.place }));
  details.push(say('istanbul.words.wheelbarrow', { capacity: p.capacity, extensions: p.extensions }));
  details.push(say('istanbul.words.mosqueTiles', { mosqueTiles: p.mosqueTiles.join(',') }));
  if (ls !== undefined) {
    const delivered = ls.letters.filter((l) => l.delivered).length;
    details.push(say('istanbul.words.letters', { seals: ls.seals, open: ls.letters.length - delivered, delivered }));
    if (ls.companion === 'supply') details.push(say('istanbul.words.companionSupply'));
    else if (typeof ls.companion === 'number') details.push(say('istanbul.words.companion', { place: ls.companion }));
  }
  return { heading: say('istanbul.words.player', { player: seat, colour: p.colour }), standing: ls === undefined ? standing : `${standing}, ${say('istanbul.words.seals', { seals: ls.seals })}`, details };
}

/** Every place, one a line: its name, what it offers now, and who stands there. */
function placesSection(view: IstanbulPublicView, say: Say): WordsSection {
  const lines = view.places.map((place) => {
    const parts = [detailWords(place.detail, say), ...whoIsAt(view, place, say)].filter((part) => part !== '');
    const where = say('istanbul.words.place', { place: place.id, row: place.row + 1, column: place.col + 1 });
    return parts.length === 0 ? where : `${where}: ${parts.join('; ')}`;
  });
  return { heading: say('istanbul.words.places'), lines };
}

function detailWords(detail: PlaceDetailView, say: Say): string {
  switch (detail.kind) {
    case 'wainwright':
      return say('istanbul.words.wainwright', { price: detail.price, extensions: detail.extensionsLeft, rubies: detail.rubiesLeft });
    case 'warehouse':
      return say('istanbul.words.warehouse', { good: detail.good });
    case 'postOffice':
      return say('istanbul.words.postOffice', { lira: detail.payout.lira, ...goodsParams(detail.payout.goods) });
    case 'caravansary':
      return detail.discardTop === null ? say('istanbul.words.caravansaryEmpty') : say('istanbul.words.caravansary', { count: detail.discardCount, card: detail.discardTop });
    case 'market':
      return say('istanbul.words.market', { ...detail.demand.goods, payouts: detail.payouts.join('/') });
    case 'sultan':
      return detail.nextCost === null ? say('istanbul.words.noRubies') : say('istanbul.words.sultan', { ...sultanCost(detail.nextCost), rubies: detail.rubiesLeft });
    case 'gemstone':
      return detail.price === null ? say('istanbul.words.noRubies') : say('istanbul.words.gemstone', { price: detail.price, rubies: detail.rubiesLeft });
    case 'mosque':
      return detail.stacks.map((s) => (s.top === null ? say('istanbul.words.mosqueEmpty', { colour: s.colour }) : say('istanbul.words.mosqueStack', { colour: s.colour, top: s.top }))).join(', ');
    case 'embassy':
      return say('istanbul.words.embassy', { letters: detail.letters });
    case 'secretSociety':
      return say('istanbul.words.secretSociety', { seals: detail.seals });
    default:
      return '';
  }
}

/** The goods the next ruby at the Sultan's Palace costs: by colour, and how many of the player's choice. */
function sultanCost(cost: readonly SultanSlot[]): Record<string, number> {
  return { ...goodsParams(cost.filter((slot): slot is Good => slot !== 'any')), any: cost.filter((slot) => slot === 'any').length };
}

function whoIsAt(view: IstanbulPublicView, place: PlaceView, say: Say): string[] {
  const { figures } = view;
  const here = (at: number): boolean => at === place.id;
  const who: string[] = [];
  for (const m of figures.merchants.filter((m) => here(m.place))) who.push(say('istanbul.words.merchantOf', { player: m.seat, stack: m.stack.length }));
  for (const f of figures.familyMembers.filter((f) => here(f.place))) who.push(say('istanbul.words.familyOf', { player: f.seat }));
  for (const a of place.assistants) who.push(a.owner === 'neutral' ? say('istanbul.words.neutralAssistants', { count: a.count }) : say('istanbul.words.assistantsOf', { player: a.owner, count: a.count }));
  if (here(figures.governor)) who.push(say('istanbul.words.governor'));
  if (here(figures.smuggler)) who.push(say('istanbul.words.smuggler'));
  for (const n of figures.neutralMerchants.filter((n) => here(n.place))) who.push(say('istanbul.words.neutralMerchant', { colour: n.colour }));
  for (const x of figures.extra.filter((x) => here(x.place))) {
    if (x.kind === 'courier') who.push(say('istanbul.words.courier'));
    else if (x.kind === 'companion' && x.seat !== null) who.push(say('istanbul.words.companionOf', { player: x.seat }));
  }
  return who.length === 0 ? [] : [say('istanbul.words.here', { who: who.join(', ') })];
}

function supplySection(view: IstanbulPublicView, say: Say): WordsSection {
  const lines = [say('istanbul.words.deck', { deck: view.deckCount, discard: view.discardCount })];
  if (view.lastRoll !== null) lines.push(say('istanbul.words.roll', { player: view.lastRoll.seat, die1: view.lastRoll.dice[0], die2: view.lastRoll.dice[1] }));
  return { heading: say('istanbul.words.supply'), lines };
}

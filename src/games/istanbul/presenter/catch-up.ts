/**
 * What changed for a player since they last decided, as Istanbul's rules make it matter to them (see
 * GamePresenter.changedFor): from the public events of the other players' turns and the player's own view
 * now. A merchant now standing within their merchant's reach (stopping there costs 2 lira to each other
 * merchant), the Governor, Smuggler or Courier come within it, a price risen (the Gemstone Dealer's ruby,
 * the Sultan's goods, a mosque tile's goods, a market's demand), lira paid to them, their family member
 * captured, a letter of theirs delivered.
 */
import type { Catalogue, GameEvent, Message, Seat } from '../../../engine/index.js';
import type { IstanbulPublicView, PlaceView } from '../view/types.js';

/** How far a merchant moves in a turn: 1 or 2 steps (bonus cards aside). */
const REACH = 2;

/** The events that name the player as the one paid or hit, told as the rules' own lines. */
const ABOUT_OTHER = new Set(['istanbul.event.merchantPaid', 'istanbul.event.companionPaid', 'istanbul.event.auctionWon', 'istanbul.event.familyCaptured']);

/** The figures that move by dice and offer a deal to a merchant who stops at their place. */
const FIGURE_MOVED: Readonly<Record<string, 'governor' | 'smuggler' | 'courier'>> = {
  'istanbul.event.governorMoved': 'governor',
  'istanbul.event.smugglerMoved': 'smuggler',
  'istanbul.event.courierMoved': 'courier',
};

export function istanbulChangedFor(events: readonly GameEvent[], seatView: unknown, seat: Seat): Message[] {
  const view = seatView as IstanbulPublicView;
  const places = new Map(view.places.map((p) => [p.id, p]));
  const mine = view.figures.merchants.find((m) => m.seat === seat)?.place;
  const inReach = (place: unknown): boolean => {
    const a = mine === undefined ? undefined : places.get(mine);
    const b = typeof place === 'number' ? places.get(place) : undefined;
    if (a === undefined || b === undefined) return false;
    const steps = Math.abs(a.row - b.row) + Math.abs(a.col - b.col);
    return steps >= 1 && steps <= REACH;
  };
  const out: Message[] = [];
  // One line per thing, about how it stands now: a merchant that moved twice, a price risen twice.
  const said = new Set<string>();
  const once = (id: string, message: Message): void => {
    if (said.has(id)) return;
    said.add(id);
    out.push(message);
  };
  // Newest first, each thing once as it stands now (what stands now was done last); told oldest first.
  for (const e of [...events].reverse()) {
    const p = e.params ?? {};
    if (ABOUT_OTHER.has(e.key) && p.other === seat && e.seat !== seat) out.push(e);
    // Another player's move put a token of theirs on a letter's place (delivered in that move, told under their seat).
    else if (e.key === 'istanbul.event.letterDelivered' && p.player === seat) out.push(e);
    else if (e.key === 'istanbul.event.moved' && typeof p.player === 'number' && p.player !== seat) {
      const stands = view.figures.merchants.find((m) => m.seat === p.player)?.place;
      if (stands !== undefined && stands === p.to && inReach(stands)) once(`merchant:${p.player}`, { key: 'istanbul.changed.merchantInReach', params: { player: p.player, place: stands } });
    } else if (FIGURE_MOVED[e.key] !== undefined) {
      const figure = FIGURE_MOVED[e.key] as string;
      const stands = figureAt(view, figure);
      if (stands !== undefined && stands === p.to && inReach(stands)) once(figure, { key: `istanbul.changed.${figure}InReach`, params: { place: stands } });
    } else if (e.seat !== seat) priceRisen(e, view, seat, once);
  }
  return out.reverse();
}

/** Where the Governor, the Smuggler or (Letters & Seals) the Courier stands now. */
function figureAt(view: IstanbulPublicView, figure: string): number | undefined {
  if (figure === 'governor') return view.figures.governor;
  if (figure === 'smuggler') return view.figures.smuggler;
  return view.lettersAndSeals?.courier;
}

/** A price another player's purchase raised, as it stands now (once per place). */
function priceRisen(e: GameEvent, view: IstanbulPublicView, seat: Seat, once: (id: string, message: Message) => void): void {
  const p = e.params ?? {};
  const detailOf = <K extends PlaceView['detail']['kind']>(kind: K): Extract<PlaceView['detail'], { kind: K }>[] =>
    view.places.map((place) => place.detail).filter((d): d is Extract<PlaceView['detail'], { kind: K }> => d.kind === kind);
  if (e.key === 'istanbul.event.gemstoneBought') {
    const gem = detailOf('gemstone')[0];
    if (gem !== undefined) once('gemstone', gem.price === null ? { key: 'istanbul.changed.gemstoneGone' } : { key: 'istanbul.changed.gemstonePrice', params: { lira: gem.price } });
  } else if (e.key === 'istanbul.event.sultanDelivered') {
    const sultan = detailOf('sultan')[0];
    if (sultan !== undefined) once('sultan', sultan.nextCost === null ? { key: 'istanbul.changed.sultanGone' } : { key: 'istanbul.changed.sultanPrice', params: { count: sultan.nextCost.length } });
  } else if (e.key === 'istanbul.event.mosqueTileTaken' && typeof p.colour === 'string') {
    // Only a colour the player has no tile of yet: each player takes one tile of a colour.
    const own = view.players.find((pl) => pl.seat === seat)?.mosqueTiles ?? [];
    if (own.includes(p.colour as never)) return;
    const stack = detailOf('mosque').flatMap((m) => m.stacks).find((s) => s.colour === p.colour);
    if (stack !== undefined) once(`mosque:${p.colour}`, stack.top === null ? { key: 'istanbul.changed.mosqueGone', params: { colour: p.colour } } : { key: 'istanbul.changed.mosquePrice', params: { colour: p.colour, count: stack.top } });
  } else if (e.key === 'istanbul.event.goodsSold' && typeof p.place === 'number') {
    // A sale turns up the market's next demand tile: what it pays for now.
    const market = view.places.find((place) => place.id === p.place)?.detail;
    if (market?.kind === 'market') once(`market:${p.place}`, { key: 'istanbul.changed.marketDemand', params: { place: p.place, ...market.demand.goods } });
  }
}

export const catchUpEn: Catalogue = {
  'istanbul.changed.merchantInReach': "{player}'s merchant now stands {placeAt}, within your reach: stopping there costs you 2 lira",
  'istanbul.changed.governorInReach': 'The Governor now stands {placeAt}, within your reach',
  'istanbul.changed.smugglerInReach': 'The Smuggler now stands {placeAt}, within your reach',
  'istanbul.changed.courierInReach': 'The Courier now stands {placeAt}, within your reach',
  'istanbul.changed.gemstonePrice': "The Gemstone Dealer's next ruby now costs {lira} lira",
  'istanbul.changed.gemstoneGone': 'The Gemstone Dealer has no ruby left',
  'istanbul.changed.sultanPrice': "The Sultan's next ruby now costs {count} goods",
  'istanbul.changed.sultanGone': 'The Sultan has no ruby left',
  'istanbul.changed.mosquePrice': 'The {colour} mosque tile now needs {count} goods',
  'istanbul.changed.mosqueGone': 'No {colour} mosque tile is left',
  'istanbul.changed.marketDemand': 'New demand {placeAt}: {goods}',
};

export const catchUpDe: Catalogue = {
  'istanbul.changed.merchantInReach': 'Der Händler von {player} steht jetzt {placeAt}, in deiner Reichweite: dort anzuhalten kostet dich 2 Lira',
  'istanbul.changed.governorInReach': 'Der Gouverneur steht jetzt {placeAt}, in deiner Reichweite',
  'istanbul.changed.smugglerInReach': 'Der Schmuggler steht jetzt {placeAt}, in deiner Reichweite',
  'istanbul.changed.courierInReach': 'Der Kurier steht jetzt {placeAt}, in deiner Reichweite',
  'istanbul.changed.gemstonePrice': 'Der nächste Rubin beim Edelsteinhändler kostet jetzt {lira} Lira',
  'istanbul.changed.gemstoneGone': 'Der Edelsteinhändler hat keinen Rubin mehr',
  'istanbul.changed.sultanPrice': 'Der nächste Rubin beim Sultan kostet jetzt {count} Waren',
  'istanbul.changed.sultanGone': 'Der Sultan hat keinen Rubin mehr',
  'istanbul.changed.mosquePrice': 'Das Moscheeplättchen in {colour} verlangt jetzt {count} Waren',
  'istanbul.changed.mosqueGone': 'Es ist kein Moscheeplättchen in {colour} mehr übrig',
  'istanbul.changed.marketDemand': 'Neue Nachfrage {placeAt}: {goods}',
};

export const catchUpNl: Catalogue = {
  'istanbul.changed.merchantInReach': 'De handelaar van {player} staat nu {placeAt}, binnen je bereik: daar stoppen kost je 2 lira',
  'istanbul.changed.governorInReach': 'De gouverneur staat nu {placeAt}, binnen je bereik',
  'istanbul.changed.smugglerInReach': 'De smokkelaar staat nu {placeAt}, binnen je bereik',
  'istanbul.changed.courierInReach': 'De koerier staat nu {placeAt}, binnen je bereik',
  'istanbul.changed.gemstonePrice': 'De volgende robijn bij de edelsteenhandelaar kost nu {lira} lira',
  'istanbul.changed.gemstoneGone': 'De edelsteenhandelaar heeft geen robijn meer',
  'istanbul.changed.sultanPrice': 'De volgende robijn bij de sultan kost nu {count} goederen',
  'istanbul.changed.sultanGone': 'De sultan heeft geen robijn meer',
  'istanbul.changed.mosquePrice': 'De moskeetegel ({colour}) vraagt nu {count} goederen',
  'istanbul.changed.mosqueGone': 'Er is geen moskeetegel ({colour}) meer',
  'istanbul.changed.marketDemand': 'Nieuwe vraag {placeAt}: {goods}',
};

/**
 * The words on the Istanbul board image, in English, German and Dutch. Place names follow the printed
 * editions (English, German, Dutch); the rest is the renderer's own short labels.
 */
import type { CardKind, DecisionKind, Good } from '../view/types.js';
import { formatTemplate } from '../../../engine/message.js';

export type RenderLocale = 'en' | 'de' | 'nl';

type Table<K extends string> = Readonly<Record<RenderLocale, Readonly<Record<K, string>>>>;

const PLACE_NAMES: Readonly<Record<RenderLocale, Readonly<Record<number, string>>>> = {
  en: {
    1: 'Wainwright',
    2: 'Fabric Warehouse',
    3: 'Spice Warehouse',
    4: 'Fruit Warehouse',
    5: 'Post Office',
    6: 'Caravansary',
    7: 'Fountain',
    8: 'Black Market',
    9: 'Tea House',
    10: 'Great Market',
    11: 'Small Market',
    12: 'Police Station',
    13: "Sultan's Palace",
    14: 'Small Mosque',
    15: 'Great Mosque',
    16: 'Gemstone Dealer',
    21: 'Embassy',
    22: 'Kiosk',
    23: 'Auction House',
    24: 'Secret Society',
    25: 'Catacombs',
  },
  de: {
    1: 'Wagnerei',
    2: 'Tuchlager',
    3: 'Gewürzlager',
    4: 'Obstlager',
    5: 'Postamt',
    6: 'Karawanserei',
    7: 'Brunnen',
    8: 'Schwarzmarkt',
    9: 'Teestube',
    10: 'Großer Markt',
    11: 'Kleiner Markt',
    12: 'Polizeiwache',
    13: 'Sultanspalast',
    14: 'Kleine Moschee',
    15: 'Große Moschee',
    16: 'Edelsteinhändler',
    21: 'Botschaft',
    22: 'Kiosk',
    23: 'Auktionshaus',
    24: 'Geheimbund',
    25: 'Katakomben',
  },
  nl: {
    1: 'Wagenmaker',
    2: 'Zijdewarenhuis',
    3: 'Specerijenwarenhuis',
    4: 'Fruitwarenhuis',
    5: 'Postkantoor',
    6: 'Karavaanserai',
    7: 'Fontein',
    8: 'Zwarte markt',
    9: 'Theehuis',
    10: 'Grote markt',
    11: 'Kleine markt',
    12: 'Politiebureau',
    13: 'Paleis van de sultan',
    14: 'Kleine moskee',
    15: 'Grote moskee',
    16: 'Juwelier',
    21: 'Ambassade',
    22: 'Kiosk',
    23: 'Veilinghuis',
    24: 'Geheim genootschap',
    25: 'Catacomben',
  },
};

export function placeName(id: number, locale: RenderLocale): string {
  return PLACE_NAMES[locale][id] ?? PLACE_NAMES.en[id] ?? `#${id}`;
}

export type LabelKey =
  | 'round'
  | 'deciding'
  | 'startPlayer'
  | 'mosqueTiles'
  | 'extensions'
  | 'player'
  | 'pays'
  | 'nextCost'
  | 'price'
  | 'soldOut'
  | 'discardTop'
  | 'emptyPile'
  | 'lastMove'
  | 'deck'
  | 'gameOver'
  | 'endTriggered'
  | 'target'
  | 'fillUp'
  | 'callBack'
  | 'capture'
  | 'announce'
  | 'governor'
  | 'smuggler'
  | 'twoPlayers'
  | 'onPlaces'
  | 'wins'
  | 'winner'
  | 'rank'
  | 'merchant'
  | 'family'
  | 'assistant'
  | 'inSupply';

/** ICU MessageFormat templates (src/engine/message.ts). */
export const ISTANBUL_LABELS: Table<LabelKey> = {
  en: {
    round: 'Round {n}',
    deciding: 'to decide',
    startPlayer: 'Start player',
    mosqueTiles: 'Mosque tiles',
    extensions: 'Extensions',
    player: 'Player {n}',
    pays: 'Pays now',
    nextCost: 'Next ruby',
    price: 'Price',
    soldOut: 'none left',
    discardTop: 'Discard pile',
    emptyPile: 'empty',
    lastMove: 'Last move',
    deck: 'Deck {n}',
    gameOver: 'Game over',
    endTriggered: 'Last round!',
    target: 'goal {n}',
    fillUp: 'Fill up',
    callBack: 'Call assistants back',
    capture: 'Family members wait here',
    announce: 'Bet 3\u201312, roll 2 dice',
    governor: 'Governor',
    smuggler: 'Smuggler',
    twoPlayers: 'neutral merchant',
    onPlaces: '{n} on places',
    wins: '{name} wins',
    winner: 'Winner',
    rank: 'Place {n}',
    merchant: 'Merchant + stack',
    family: 'Family member',
    assistant: 'Assistant left here',
    inSupply: '{n} in supply',
  },
  de: {
    round: 'Runde {n}',
    deciding: 'am Zug',
    startPlayer: 'Startspieler',
    mosqueTiles: 'Moscheeplättchen',
    extensions: 'Erweiterungen',
    player: 'Spieler {n}',
    pays: 'Bringt jetzt',
    nextCost: 'Nächster Rubin',
    price: 'Preis',
    soldOut: 'keine mehr',
    discardTop: 'Ablagestapel',
    emptyPile: 'leer',
    lastMove: 'Letzter Zug',
    deck: 'Stapel {n}',
    gameOver: 'Spielende',
    endTriggered: 'Letzte Runde!',
    target: 'Ziel {n}',
    fillUp: 'Auffüllen',
    callBack: 'Gehilfen zurückholen',
    capture: 'Familienmitglieder warten hier',
    announce: '3\u201312 ansagen, 2 Würfel',
    governor: 'Gouverneur',
    smuggler: 'Schmuggler',
    twoPlayers: 'neutraler Kaufmann',
    onPlaces: '{n} auf Orten',
    wins: '{name} gewinnt',
    winner: 'Sieg',
    rank: 'Platz {n}',
    merchant: 'Kaufmann + Stapel',
    family: 'Familienmitglied',
    assistant: 'Abgestellter Gehilfe',
    inSupply: '{n} im Vorrat',
  },
  nl: {
    round: 'Ronde {n}',
    deciding: 'aan zet',
    startPlayer: 'Startspeler',
    mosqueTiles: 'Moskeetegels',
    extensions: 'Uitbreidingen',
    player: 'Speler {n}',
    pays: 'Levert nu',
    nextCost: 'Volgende robijn',
    price: 'Prijs',
    soldOut: 'geen meer',
    discardTop: 'Aflegstapel',
    emptyPile: 'leeg',
    lastMove: 'Laatste zet',
    deck: 'Stapel {n}',
    gameOver: 'Einde spel',
    endTriggered: 'Laatste ronde!',
    target: 'doel {n}',
    fillUp: 'Aanvullen',
    callBack: 'Assistenten terughalen',
    capture: 'Familieleden wachten hier',
    announce: '3\u201312 zeggen, 2 dobbelstenen',
    governor: 'Gouverneur',
    smuggler: 'Smokkelaar',
    twoPlayers: 'neutrale handelaar',
    onPlaces: '{n} op locaties',
    wins: '{name} wint',
    winner: 'Winnaar',
    rank: 'Plaats {n}',
    merchant: 'Handelaar + stapel',
    family: 'Familielid',
    assistant: 'Achtergelaten assistent',
    inSupply: '{n} in voorraad',
  },
};

/** "plays 1st" / "spielt als 1." / "speelt als 1e": a player's place in the turn order. */
export function turnPositionText(position: number, locale: RenderLocale): string {
  if (locale === 'de') return `spielt als ${position}.`;
  if (locale === 'nl') return `speelt als ${position}e`;
  const suffix = position === 1 ? 'st' : position === 2 ? 'nd' : position === 3 ? 'rd' : 'th';
  return `plays ${position}${suffix}`;
}

export function label(key: LabelKey, locale: RenderLocale, params: Readonly<Record<string, string | number>> = {}): string {
  const template = ISTANBUL_LABELS[locale][key] ?? ISTANBUL_LABELS.en[key];
  return formatTemplate(template, params, locale);
}

const GOOD_NAMES: Table<Good> = {
  en: { red: 'Fabric', green: 'Spice', yellow: 'Fruit', blue: 'Jewelry' },
  de: { red: 'Tuch', green: 'Gewürz', yellow: 'Obst', blue: 'Schmuck' },
  nl: { red: 'Zijde', green: 'Specerijen', yellow: 'Fruit', blue: 'Juwelen' },
};

export function goodName(good: Good, locale: RenderLocale): string {
  return GOOD_NAMES[locale][good];
}

/** Keyed by string like the card titles, so a decision kind added to the engine never breaks this build. */
const DECISIONS: Readonly<Record<RenderLocale, Readonly<Record<string, string>>>> = {
  en: {
    move: 'moves the merchant',
    assistant: 'leaves or picks up an assistant',
    pay: 'pays the merchants here',
    action: 'takes the place action',
    warehouseExtra: 'may buy 1 extra good',
    caravansaryDraw: 'draws bonus cards',
    caravansaryDiscard: 'discards a bonus card',
    fountain: 'calls assistants back',
    blackMarket: 'at the Black Market',
    teaHouseRoll: 'at the Tea House',
    redTile: 'may change the dice',
    encounters: 'meets the figures here',
    governorPay: 'pays the Governor',
    smugglerPay: 'pays the Smuggler',
    finalCards: 'plays final cards',
    letters: 'discards letters',
    kiosk: 'chooses a kiosk tile',
    kioskEffect: 'carries out a kiosk tile',
    auction: 'bids in the auction',
    cardGood: 'chooses a good',
  },
  de: {
    move: 'zieht den Kaufmann',
    assistant: 'lässt einen Gehilfen da oder holt ihn',
    pay: 'bezahlt die Kaufleute hier',
    action: 'führt die Aktion aus',
    warehouseExtra: 'darf 1 Ware dazukaufen',
    caravansaryDraw: 'zieht Bonuskarten',
    caravansaryDiscard: 'wirft eine Bonuskarte ab',
    fountain: 'holt Gehilfen zurück',
    blackMarket: 'auf dem Schwarzmarkt',
    teaHouseRoll: 'in der Teestube',
    redTile: 'darf die Würfel ändern',
    encounters: 'trifft die Figuren hier',
    governorPay: 'bezahlt den Gouverneur',
    smugglerPay: 'bezahlt den Schmuggler',
    finalCards: 'spielt letzte Karten',
    letters: 'gibt Briefe ab',
    kiosk: 'wählt ein Kiosk-Plättchen',
    kioskEffect: 'führt ein Kiosk-Plättchen aus',
    auction: 'bietet in der Versteigerung',
    cardGood: 'wählt eine Ware',
  },
  nl: {
    move: 'verplaatst de handelaar',
    assistant: 'laat een assistent achter of haalt hem op',
    pay: 'betaalt de handelaars hier',
    action: 'voert de actie uit',
    warehouseExtra: 'mag 1 extra handelswaar kopen',
    caravansaryDraw: 'trekt bonuskaarten',
    caravansaryDiscard: 'legt een bonuskaart af',
    fountain: 'haalt assistenten terug',
    blackMarket: 'op de zwarte markt',
    teaHouseRoll: 'in het theehuis',
    redTile: 'mag de dobbelstenen aanpassen',
    encounters: 'ontmoet de figuren hier',
    governorPay: 'betaalt de gouverneur',
    smugglerPay: 'betaalt de smokkelaar',
    finalCards: 'speelt laatste kaarten',
    letters: 'levert brieven in',
    kiosk: 'kiest een kiosktegel',
    kioskEffect: 'voert een kiosktegel uit',
    auction: 'biedt in de veiling',
    cardGood: 'kiest een handelswaar',
  },
};

/** What the deciding player does now; empty for a kind this renderer does not know yet. */
export function decisionText(kind: DecisionKind, locale: RenderLocale): string {
  const id: string = kind;
  return DECISIONS[locale][id] ?? DECISIONS.en[id] ?? '';
}

/**
 * Short card titles, for the Caravansary's face-up discard pile: the base game's and the Letters & Seals
 * cards. Keyed by string, not by the engine's CardKind union, so a card kind added there never breaks this
 * build: an unknown kind shows its English title or, failing that, its id.
 */
const CARD_TITLES: Readonly<Record<RenderLocale, Readonly<Record<string, string>>>> = {
  en: {
    takeGood: '1 good of your choice',
    take5Lira: 'Take 5 lira',
    sultanTwice: 'Sultan: once more',
    postTwice: 'Post Office: once more',
    gemstoneTwice: 'Gemstones: once more',
    familyToPolice: 'Family to the police',
    stay: 'Stay where you are',
    move3or4: 'Move 3 or 4 steps',
    returnAssistant: 'Return 1 assistant',
    smallMarketAny: 'Small Market: sell any',
    takeLetter: 'Take 1 letter',
    diceCard: 'Roll for the yield',
    sellGood: '1 good for 7 lira',
    goodLiraRed: 'Fabric and 3 lira',
    goodLiraGreen: 'Spice and 3 lira',
    goodLiraYellow: 'Fruit and 3 lira',
    goodLiraBlue: 'Jewelry and 3 lira',
    discardTop: 'Use the top discarded card',
    familyStep: 'Family member: 1 step',
    moveToMerchant: 'Move to a merchant',
    companionFar: 'Companion: 2 steps',
    useFigure: 'Use Governor, Smuggler or Courier',
    mosqueTwice: 'Mosque: once more',
    secretSocietyTwice: 'Secret Society: once more',
    moveAnywhere: 'Pay 3, move anywhere',
  },
  de: {
    takeGood: '1 beliebige Ware',
    take5Lira: '5 Lira nehmen',
    sultanTwice: 'Sultan: noch einmal',
    postTwice: 'Postamt: noch einmal',
    gemstoneTwice: 'Edelsteine: noch einmal',
    familyToPolice: 'Familie zur Polizei',
    stay: 'Stehen bleiben',
    move3or4: '3 oder 4 Schritte',
    returnAssistant: '1 Gehilfen zurück',
    smallMarketAny: 'Kl. Markt: beliebig',
    takeLetter: '1 Brief nehmen',
    diceCard: 'Ertrag auswürfeln',
    sellGood: '1 Ware für 7 Lira',
    goodLiraRed: 'Tuch und 3 Lira',
    goodLiraGreen: 'Gewürz und 3 Lira',
    goodLiraYellow: 'Obst und 3 Lira',
    goodLiraBlue: 'Schmuck und 3 Lira',
    discardTop: 'Oberste Karte des Ablagestapels',
    familyStep: 'Familienmitglied: 1 Schritt',
    moveToMerchant: 'Zu einem gegnerischen Kaufmann ziehen',
    companionFar: 'Kompagnon: 2 Schritte',
    useFigure: 'Gouverneur, Schmuggler oder Kurier nutzen',
    mosqueTwice: 'Moschee: noch einmal',
    secretSocietyTwice: 'Geheimbund: noch einmal',
    moveAnywhere: '3 Lira: beliebig ziehen',
  },
  nl: {
    takeGood: '1 handelswaar naar keuze',
    take5Lira: 'Neem 5 lira',
    sultanTwice: 'Sultan: nog eens',
    postTwice: 'Postkantoor: nog eens',
    gemstoneTwice: 'Juwelier: nog eens',
    familyToPolice: 'Familie naar politie',
    stay: 'Blijf staan',
    move3or4: '3 of 4 stappen',
    returnAssistant: '1 assistent terug',
    smallMarketAny: 'Kl. markt: vrij verkopen',
    takeLetter: 'Neem 1 brief',
    diceCard: 'Dobbelen om de opbrengst',
    sellGood: '1 handelswaar voor 7 lira',
    goodLiraRed: 'Zijde en 3 lira',
    goodLiraGreen: 'Specerijen en 3 lira',
    goodLiraYellow: 'Fruit en 3 lira',
    goodLiraBlue: 'Juwelen en 3 lira',
    discardTop: 'Bovenste kaart van de aflegstapel',
    familyStep: 'Familielid: 1 stap',
    moveToMerchant: 'Naar de handelaar van een tegenstander',
    companionFar: 'Compagnon: 2 stappen',
    useFigure: 'Gouverneur, smokkelaar of koerier gebruiken',
    mosqueTwice: 'Moskee: nog eens',
    secretSocietyTwice: 'Geheim genootschap: nog eens',
    moveAnywhere: '3 lira: overal naartoe',
  },
};

export function cardTitle(kind: CardKind, locale: RenderLocale): string {
  const id: string = kind;
  return CARD_TITLES[locale][id] ?? CARD_TITLES.en[id] ?? id;
}

/** Every text of the base game this renderer can draw in `locale` (every-text.ts adds the expansion's). */
export function everyBaseGameText(locale: RenderLocale): string[] {
  const out: string[] = [];
  out.push(...Object.values(PLACE_NAMES[locale]));
  out.push(...Object.values(ISTANBUL_LABELS[locale]));
  out.push(...Object.values(GOOD_NAMES[locale]));
  out.push(...Object.values(DECISIONS[locale]));
  out.push(...Object.values(CARD_TITLES[locale]));
  for (let n = 1; n <= 5; n++) out.push(turnPositionText(n, locale));
  return out;
}

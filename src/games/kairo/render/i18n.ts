/**
 * The words on the Kairo board image, in English, German and Dutch: the renderer's own short labels.
 * Colours are named as a plain word after a colon in German and Dutch, so no adjective has to be declined.
 */
import { formatTemplate } from '../../../engine/message.js';
import type { Colour } from '../view/types.js';

export type RenderLocale = 'en' | 'de' | 'nl';

export type LabelKey =
  | 'turn'
  | 'setup'
  | 'finalPhase'
  | 'gameOver'
  | 'winner'
  | 'player'
  | 'points'
  | 'cards'
  | 'card'
  | 'criers'
  | 'crier'
  | 'coinsHidden'
  | 'coinsFinal'
  | 'rank'
  | 'medalPoints'
  | 'medals'
  | 'extensionsLeft'
  | 'display'
  | 'deck'
  | 'discard'
  | 'crierSupply'
  | 'waiting'
  | 'out'
  | 'startPlayer'
  | 'stallsLeft'
  | 'restaurant'
  | 'last'
  | 'gold'
  | 'silver'
  | 'decide.turn'
  | 'decide.setup'
  | 'decide.build.stall'
  | 'decide.build.extend'
  | 'decide.build.relocate'
  | 'decide.build.setup'
  | 'decide.build.neutral'
  | 'decide.lead'
  | 'decide.draw'
  | 'decide.discard'
  | 'step.section'
  | 'step.field'
  | 'step.cost'
  | 'step.paid'
  | 'step.coin'
  | 'legend.stall'
  | 'legend.extension'
  | 'legend.entrance'
  | 'legend.neutral'
  | 'legend.customer'
  | 'legend.start'
  | 'legend.last'
  | 'legend.lastTurns';

type Table = Readonly<Record<RenderLocale, Readonly<Record<LabelKey, string>>>>;

/** ICU MessageFormat templates (src/engine/message.ts). */
export const KAIRO_LABELS: Table = {
  en: {
    turn: 'Turn {n}',
    setup: 'Start stalls: {n} to place',
    finalPhase: 'Final phase: building only',
    gameOver: 'Game over',
    winner: 'Winner: {name}',
    player: 'Player {n}',
    points: 'points',
    cards: 'cards',
    card: 'card',
    criers: 'criers',
    crier: 'crier',
    coinsHidden: 'coins hidden',
    coinsFinal: 'coins {coins} (+{points})',
    rank: 'Rank {n}',
    medalPoints: 'medals +{n}',
    medals: 'Medals',
    extensionsLeft: 'Extensions',
    display: 'Building cards',
    deck: 'Deck',
    discard: 'Discard',
    crierSupply: 'Criers',
    waiting: 'Waiting',
    out: 'out',
    startPlayer: 'start',
    stallsLeft: 'to build',
    restaurant: 'Restaurant',
    last: 'Last turn',
    gold: 'Gold',
    silver: 'Silver',
    'decide.turn': 'chooses an action',
    'decide.setup': 'places a start stall',
    'decide.build.stall': 'builds a new {colour} main stall',
    'decide.build.extend': 'extends the {colour} stall',
    'decide.build.relocate': 'relocates the {colour} main stall',
    'decide.build.setup': 'places a {colour} start stall',
    'decide.build.neutral': 'places the neutral {colour} stall',
    'decide.lead': 'leads the {colour} customer',
    'decide.draw': 'draws cards ({n} of 2)',
    'decide.discard': 'discards down to 4 cards',
    'step.section': 'section {n}',
    'step.field': 'field {field}',
    'step.cost': 'cost {n}',
    'step.paid': 'paid {cards}',
    'step.coin': '+1 {colour}',
    'legend.stall': 'Main stall of player 1',
    'legend.extension': 'Extension',
    'legend.entrance': 'Entrance',
    'legend.neutral': 'Neutral stall',
    'legend.customer': 'Customer',
    'legend.start': 'Customer start field',
    'legend.last': 'Last turn',
    'legend.lastTurns': 'Latest turns',
  },
  de: {
    turn: 'Zug {n}',
    setup: 'Startaufstellung: noch {n, plural, one {# Stand} other {# Stände}}',
    finalPhase: 'Schlussphase: nur noch bauen',
    gameOver: 'Spielende',
    winner: 'Gewonnen: {name}',
    player: 'Spieler {n}',
    points: 'Punkte',
    cards: 'Karten',
    card: 'Karte',
    criers: 'Marktschreier',
    crier: 'Marktschreier',
    coinsHidden: 'Geld verdeckt',
    coinsFinal: 'Geld {coins} (+{points})',
    rank: '{n}. Platz',
    medalPoints: 'Medaillen +{n}',
    medals: 'Medaillen',
    extensionsLeft: 'Ausbauten',
    display: 'Baukarten',
    deck: 'Nachziehstapel',
    discard: 'Ablagestapel',
    crierSupply: 'Marktschreier',
    waiting: 'Wartet',
    out: 'ausgeschieden',
    startPlayer: 'Start',
    stallsLeft: 'noch zu bauen',
    restaurant: 'Restaurant',
    last: 'Letzter Zug',
    gold: 'Gold',
    silver: 'Silber',
    'decide.turn': 'wählt eine Aktion',
    'decide.setup': 'platziert einen Startstand',
    'decide.build.stall': 'baut einen neuen Hauptstand: {colour}',
    'decide.build.extend': 'baut einen Stand aus: {colour}',
    'decide.build.relocate': 'zieht einen Hauptstand um: {colour}',
    'decide.build.setup': 'platziert einen Startstand: {colour}',
    'decide.build.neutral': 'platziert den neutralen Stand: {colour}',
    'decide.lead': 'zieht einen Kunden: {colour}',
    'decide.draw': 'zieht Karten ({n} von 2)',
    'decide.discard': 'wirft auf 4 Karten ab',
    'step.section': 'Marktabschnitt {n}',
    'step.field': 'Feld {field}',
    'step.cost': 'Kosten {n}',
    'step.paid': 'bezahlt: {cards}',
    'step.coin': '+1 Geld {colour}',
    'legend.stall': 'Hauptstand von Spieler 1',
    'legend.extension': 'Ausbau',
    'legend.entrance': 'Eingang',
    'legend.neutral': 'Neutraler Stand',
    'legend.customer': 'Kunde',
    'legend.start': 'Kundenstartfeld',
    'legend.last': 'Letzter Zug',
    'legend.lastTurns': 'Letzte Züge',
  },
  nl: {
    turn: 'Beurt {n}',
    setup: 'Startopstelling: nog {n, plural, one {# kraam} other {# kramen}}',
    finalPhase: 'Slotfase: alleen nog bouwen',
    gameOver: 'Einde van het spel',
    winner: 'Gewonnen: {name}',
    player: 'Speler {n}',
    points: 'punten',
    cards: 'kaarten',
    card: 'kaart',
    criers: 'omroepers',
    crier: 'omroeper',
    coinsHidden: 'munten verborgen',
    coinsFinal: 'munten {coins} (+{points})',
    rank: '{n}e plaats',
    medalPoints: 'medailles +{n}',
    medals: 'Medailles',
    extensionsLeft: 'Uitbreidingen',
    display: 'Bouwkaarten',
    deck: 'Trekstapel',
    discard: 'Aflegstapel',
    crierSupply: 'Omroepers',
    waiting: 'Wacht',
    out: 'afgevallen',
    startPlayer: 'start',
    stallsLeft: 'nog te bouwen',
    restaurant: 'Restaurant',
    last: 'Vorige beurt',
    gold: 'Goud',
    silver: 'Zilver',
    'decide.turn': 'kiest een actie',
    'decide.setup': 'plaatst een startkraam',
    'decide.build.stall': 'bouwt een nieuwe hoofdkraam: {colour}',
    'decide.build.extend': 'breidt een kraam uit: {colour}',
    'decide.build.relocate': 'verhuist een hoofdkraam: {colour}',
    'decide.build.setup': 'plaatst een startkraam: {colour}',
    'decide.build.neutral': 'plaatst de neutrale kraam: {colour}',
    'decide.lead': 'leidt een klant: {colour}',
    'decide.draw': 'trekt kaarten ({n} van 2)',
    'decide.discard': 'legt af tot 4 kaarten',
    'step.section': 'sectie {n}',
    'step.field': 'veld {field}',
    'step.cost': 'kosten {n}',
    'step.paid': 'betaald: {cards}',
    'step.coin': '+1 munt {colour}',
    'legend.stall': 'Hoofdkraam van speler 1',
    'legend.extension': 'Uitbreiding',
    'legend.entrance': 'Ingang',
    'legend.neutral': 'Neutrale kraam',
    'legend.customer': 'Klant',
    'legend.start': 'Startveld van klanten',
    'legend.last': 'Vorige beurt',
    'legend.lastTurns': 'Laatste beurten',
  },
};

const COLOUR_NAMES: Readonly<Record<RenderLocale, Readonly<Record<Colour, string>>>> = {
  en: { violet: 'violet', red: 'red', yellow: 'yellow', green: 'green', blue: 'blue', orange: 'orange' },
  de: { violet: 'violett', red: 'rot', yellow: 'gelb', green: 'grün', blue: 'blau', orange: 'orange' },
  nl: { violet: 'paars', red: 'rood', yellow: 'geel', green: 'groen', blue: 'blauw', orange: 'oranje' },
};

export function label(key: LabelKey, locale: RenderLocale, params: Readonly<Record<string, string | number>> = {}): string {
  const template = KAIRO_LABELS[locale][key] ?? KAIRO_LABELS.en[key];
  return formatTemplate(template, params, locale);
}

export function colourName(colour: Colour, locale: RenderLocale): string {
  return COLOUR_NAMES[locale][colour];
}

/** Every text the renderer can draw (for the font coverage test). */
export function everyText(): string[] {
  const out: string[] = ['KAIRO', 'ABCDEFGHIJKLMN', '0123456789', 'N', '+-=/·…'];
  for (const locale of Object.keys(KAIRO_LABELS) as RenderLocale[]) {
    out.push(...Object.values(KAIRO_LABELS[locale]), ...Object.values(COLOUR_NAMES[locale]));
  }
  return out;
}

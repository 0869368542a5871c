/**
 * German texts for Kairo's actions, events and standings (the keys of messages.en.ts). The rulebook's
 * words: Hauptstand, Ausbau, Eingang, Kunde, Baukarte, Marktschreierkarte, Auslage, Nachziehstapel,
 * Marktabschnitt, Marktbereich, Restaurantbereich; money is "Geld" in a colour ("2 Geld in Grün"); stalls are "platziert".
 * Colour adjectives are declined per key.
 */
import type { Catalogue } from '../../engine/index.js';
import { COLOURS, type Colour } from './data/board.js';
import { DIRECTIONS, type Direction } from './data/geometry.js';

/** Colour as a noun ("in Rot", "für Rot"). */
const NOUN: Readonly<Record<Colour, string>> = { violet: 'Violett', red: 'Rot', yellow: 'Gelb', green: 'Grün', blue: 'Blau', orange: 'Orange' };
/** Adjective, accusative masculine ("einen roten Hauptstand", "den roten Kunden"). */
const ACC: Readonly<Record<Colour, string>> = {
  violet: 'violetten',
  red: 'roten',
  yellow: 'gelben',
  green: 'grünen',
  blue: 'blauen',
  orange: 'orangefarbenen',
};
/** Adjective, nominative masculine after the definite article ("der rote Kunde"). */
const NOM: Readonly<Record<Colour, string>> = {
  violet: 'violette',
  red: 'rote',
  yellow: 'gelbe',
  green: 'grüne',
  blue: 'blaue',
  orange: 'orangefarbene',
};

const perColour = (prefix: string, text: (colour: Colour) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.map((c) => [`${prefix}.${c}`, text(c)]));

const SIDE: Readonly<Record<Direction, string>> = { n: 'Norden', e: 'Osten', s: 'Süden', w: 'Westen' };

/** Ein Startstand-Ereignis je Farbe und Seite des Eingangs (beide im Schlüssel, wie überall). */
const perStartSide = (prefix: string, text: (colour: Colour, side: string) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.flatMap((c) => DIRECTIONS.map((d) => [`${prefix}.${c}.${d}`, text(c, SIDE[d])])));

export const kairoMessagesDe: Catalogue = {
  // Aktionen: Beschriftungen und Protokollzeilen.
  ...perColour('kairo.action.stall', (c) => `Einen neuen ${ACC[c]} Hauptstand bauen`),
  ...perColour('kairo.action.extend', (c) => `Deinen ${ACC[c]} Stand ausbauen`),
  ...perColour('kairo.action.relocate', (c) => `Deinen ${ACC[c]} Hauptstand umziehen`),
  ...perColour('kairo.action.lead', (c) => `Den ${ACC[c]} Kunden ziehen`),
  'kairo.action.draw': '2 Karten ziehen',
  'kairo.action.pass': 'Nicht mehr bauen (du scheidest aus)',
  'kairo.action.card': 'Baukarte {card} spielen',
  'kairo.action.joker': 'Joker {card} spielen (+1 Geld)',
  'kairo.action.three': '3 Baukarten abwerfen ({cards}): beliebiger Marktabschnitt',
  ...perColour('kairo.action.jokerCoin', (c) => `1 Geld in ${NOUN[c]} für den Joker zahlen`),
  'kairo.action.section': 'Marktabschnitt {section}',
  'kairo.action.field': 'Feld {field}',
  'kairo.action.entrance.n': 'Eingang nach Norden',
  'kairo.action.entrance.e': 'Eingang nach Osten',
  'kairo.action.entrance.s': 'Eingang nach Süden',
  'kairo.action.entrance.w': 'Eingang nach Westen',
  ...perColour('kairo.action.payStall', (c) => `Geld in ${NOUN[c]} zahlen: {count}`),
  ...perColour('kairo.action.payOther', (c) => `Geld in ${NOUN[c]} zahlen: {count} (2 zählen als 1)`),
  'kairo.action.target': 'Zum Eingang auf {field}',
  'kairo.action.takeDisplay': 'Baukarte {card} aus der Auslage nehmen',
  'kairo.action.takeDeck': 'Vom Nachziehstapel ziehen',
  'kairo.action.takeCrier': 'Eine Marktschreierkarte nehmen',
  'kairo.action.discard': 'Baukarte {card} abwerfen',

  // Ereignisse.
  ...perColour('kairo.event.start.stall', (c) => `Spieler {player} baut einen neuen ${ACC[c]} Hauptstand`),
  ...perColour('kairo.event.start.extend', (c) => `Spieler {player} baut den ${ACC[c]} Stand aus`),
  ...perColour('kairo.event.start.relocate', (c) => `Spieler {player} zieht den ${ACC[c]} Hauptstand um`),
  'kairo.event.pass': 'Spieler {player} baut nicht mehr und scheidet aus',
  'kairo.event.card': 'Spieler {player} spielt Baukarte {card}',
  'kairo.event.joker': 'Spieler {player} spielt Joker {card}',
  'kairo.event.three': 'Spieler {player} wirft 3 Baukarten ab ({cards}), um in einem beliebigen Marktabschnitt zu bauen',
  ...perColour('kairo.event.jokerCoin', (c) => `Spieler {player} zahlt 1 Geld in ${NOUN[c]} für den Joker`),
  ...perColour('kairo.event.stall', (c) => `Spieler {player} platziert einen ${ACC[c]} Hauptstand auf {field} (Eingang {entrance})`),
  ...perColour('kairo.event.neutral', (c) => `Spieler {player} platziert den neutralen ${ACC[c]} Stand auf {field} (Eingang {entrance})`),
  ...perStartSide('kairo.event.startStall', (c, side) => `Spieler {player} platziert einen ${ACC[c]} Startstand in Marktabschnitt {section} auf {field}, Eingang nach ${side} ({entrance})`),
  ...perStartSide('kairo.event.neutralStall', (c, side) => `Spieler {player} platziert den neutralen ${ACC[c]} Stand in Marktabschnitt {section} auf {field}, Eingang nach ${side} ({entrance})`),
  ...perColour('kairo.event.relocate', (c) => `Spieler {player} zieht den ${ACC[c]} Hauptstand von {from} nach {field} um (Eingang {entrance})`),
  ...perColour('kairo.event.extend', (c) => `Spieler {player} baut den ${ACC[c]} Stand auf {field} zur Größe {size} aus (Punkte: {points})`),
  ...perColour('kairo.event.pay', (c) => `Spieler {player} zahlt Geld in ${NOUN[c]}: {count}`),
  ...perColour('kairo.event.medal.gold', (c) => `Spieler {player} nimmt die Goldmedaille für ${NOUN[c]} (Punkte: {points})`),
  ...perColour('kairo.event.medal.silver', (c) => `Spieler {player} nimmt die Silbermedaille für ${NOUN[c]} (Punkte: {points})`),
  'kairo.event.finalPhase': 'Die Schlussphase beginnt: ab jetzt darf nur noch gebaut werden',
  ...perColour(
    'kairo.event.lead',
    (c) => `Spieler {player} zieht den ${ACC[c]} Kunden zum Eingang auf {field} (Entfernung {distance}, gespielte Marktschreierkarten: {criers})`,
  ),
  ...perColour('kairo.event.swap', (c) => `Der ${NOM[c]} Kunde betritt den Spielplan auf {field}`),
  ...perColour('kairo.event.income', (c) => `Spieler {player} erhält Geld in ${NOUN[c]}: {coins}`),
  'kairo.event.takeDisplay': 'Spieler {player} nimmt Baukarte {card} aus der Auslage',
  'kairo.event.takeDeck': 'Spieler {player} zieht eine Baukarte vom Nachziehstapel',
  'kairo.event.takeDeck.private': 'Du hast Baukarte {card} gezogen',
  'kairo.event.takeCrier': 'Spieler {player} nimmt eine Marktschreierkarte',
  'kairo.event.discard': 'Spieler {player} wirft eine Baukarte ab (Handlimit)',
  'kairo.event.discard.private': 'Du hast Baukarte {card} abgeworfen',
  'kairo.event.reshuffle': 'Der Ablagestapel wird zu einem neuen Nachziehstapel gemischt (Karten: {cards})',
  'kairo.event.cannotBuild': 'Spieler {player} kann nicht mehr bauen und scheidet aus',
  'kairo.event.finalScore': 'Spieler {player}: Medaillen {medals, plural, one {# Punkt} other {# Punkte}}, Geld {coins} = {coinPoints, plural, one {# Punkt} other {# Punkte}}; Endstand {score}',
  'kairo.event.gameOver': 'Das Spiel ist zu Ende',
  'kairo.event.play': 'Alle Startstände sind platziert; Spieler {player} beginnt',
  ...perColour('kairo.event.neutralDrawn', (c) => `Spieler {player} zieht den neutralen ${ACC[c]} Stand aus dem Beutel und platziert ihn`),
  ...perColour('kairo.event.neutralNoSpace', (c) => `Der neutrale ${NOM[c]} Stand hat keinen erlaubten Platz und kommt zurück in die Schachtel`),
  'kairo.event.setupNoSpace': 'Spieler {player} hat keinen erlaubten Platz für einen Startstand',

  // Wertung.
  'kairo.standing': '{score, plural, one {# Punkt} other {# Punkte}}',

  // Was eine Wahl kostet und bringt (das Panel des Entscheidenden).
  'kairo.detail.to': 'zum Eingang auf {field}',
  'kairo.detail.entranceAt': 'der Eingang auf {field}',
  'kairo.detail.distance': '{distance, plural, one {# Schritt} other {# Schritte}}',
  'kairo.detail.criers': '{criers, plural, one {# Marktschreierkarte} other {# Marktschreierkarten}}',
  ...perColour('kairo.detail.income', (c) => `+{amount} Geld in ${NOUN[c]} für dich`),
  ...perColour('kairo.detail.ownerIncome', (c) => `+{amount} Geld in ${NOUN[c]} für {player}`),
  'kairo.detail.choices': '{count, plural, one {# Eingang} other {# Eingänge}} zur Wahl',
  'kairo.detail.turnEnds': 'beendet deinen Zug',
  'kairo.detail.owed': 'danach noch {owed} Geld in anderen Farben offen',
  'kairo.detail.paid': 'vollständig bezahlt',
  ...perColour('kairo.note.payOther', (c) => `Bisher bezahlt: {paid} in ${NOUN[c]}{other, plural, =0 {} other { und # in anderen Farben}}; noch offen: {owed} Geld in anderen Farben (2 zählen als 1 in ${NOUN[c]}).`),
};

/**
 * Dutch texts for Kairo's actions, events and standings (the keys of messages.en.ts): hoofdkraam,
 * uitbreiding, ingang, klant, bouwkaart, omroeperskaart (the German rulebook's Marktschreierkarte), open
 * rij (Auslage), trekstapel, sectie. Colour adjectives take their inflected form ("de rode klant").
 */
import type { Catalogue } from '../../engine/index.js';
import { COLOURS, type Colour } from './data/board.js';
import { DIRECTIONS, type Direction } from './data/geometry.js';

/** Colour as a noun ("voor rood"). */
const NOUN: Readonly<Record<Colour, string>> = { violet: 'paars', red: 'rood', yellow: 'geel', green: 'groen', blue: 'blauw', orange: 'oranje' };
/** Inflected adjective ("de rode klant", "rode munten"). */
const ADJ: Readonly<Record<Colour, string>> = { violet: 'paarse', red: 'rode', yellow: 'gele', green: 'groene', blue: 'blauwe', orange: 'oranje' };

const perColour = (prefix: string, text: (colour: Colour) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.map((c) => [`${prefix}.${c}`, text(c)]));

const SIDE: Readonly<Record<Direction, string>> = { n: 'noorden', e: 'oosten', s: 'zuiden', w: 'westen' };

/** Een startkraam-gebeurtenis per kleur en kant van de ingang (beide in de sleutel, zoals overal). */
const perStartSide = (prefix: string, text: (colour: Colour, side: string) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.flatMap((c) => DIRECTIONS.map((d) => [`${prefix}.${c}.${d}`, text(c, SIDE[d])])));

export const kairoMessagesNl: Catalogue = {
  // Acties: knoppen en logregels.
  ...perColour('kairo.action.stall', (c) => `Een nieuwe ${ADJ[c]} hoofdkraam bouwen`),
  ...perColour('kairo.action.extend', (c) => `Je ${ADJ[c]} kraam uitbreiden`),
  ...perColour('kairo.action.relocate', (c) => `Je ${ADJ[c]} hoofdkraam verhuizen`),
  ...perColour('kairo.action.lead', (c) => `De ${ADJ[c]} klant leiden`),
  'kairo.action.draw': '2 kaarten trekken',
  'kairo.action.pass': 'Stoppen met bouwen (je valt af)',
  'kairo.action.card': 'Bouwkaart {card} spelen',
  'kairo.action.joker': 'Joker {card} spelen (+1 munt)',
  'kairo.action.three': '3 kaarten afleggen ({cards}): willekeurige sectie',
  ...perColour('kairo.action.jokerCoin', (c) => `1 ${ADJ[c]} munt betalen voor de joker`),
  'kairo.action.section': 'Sectie {section}',
  'kairo.action.field': 'Veld {field}',
  'kairo.action.entrance.n': 'Ingang naar het noorden',
  'kairo.action.entrance.e': 'Ingang naar het oosten',
  'kairo.action.entrance.s': 'Ingang naar het zuiden',
  'kairo.action.entrance.w': 'Ingang naar het westen',
  ...perColour('kairo.action.payStall', (c) => `${ADJ[c].charAt(0).toUpperCase()}${ADJ[c].slice(1)} munten betalen: {count}`),
  ...perColour('kairo.action.payOther', (c) => `${ADJ[c].charAt(0).toUpperCase()}${ADJ[c].slice(1)} munten betalen: {count} (2 tellen als 1)`),
  'kairo.action.target': 'Naar de ingang op {field}',
  'kairo.action.takeDisplay': 'Bouwkaart {card} uit de open rij nemen',
  'kairo.action.takeDeck': 'Van de trekstapel trekken',
  'kairo.action.takeCrier': 'Een omroeperskaart nemen',
  'kairo.action.discard': 'Bouwkaart {card} afleggen',

  // Gebeurtenissen.
  ...perColour('kairo.event.start.stall', (c) => `Speler {player} bouwt een nieuwe ${ADJ[c]} hoofdkraam`),
  ...perColour('kairo.event.start.extend', (c) => `Speler {player} breidt de ${ADJ[c]} kraam uit`),
  ...perColour('kairo.event.start.relocate', (c) => `Speler {player} verhuist de ${ADJ[c]} hoofdkraam`),
  'kairo.event.pass': 'Speler {player} stopt met bouwen en valt af',
  'kairo.event.card': 'Speler {player} speelt bouwkaart {card}',
  'kairo.event.joker': 'Speler {player} speelt joker {card}',
  'kairo.event.three': 'Speler {player} legt 3 bouwkaarten af ({cards}) om in een willekeurige sectie te bouwen',
  ...perColour('kairo.event.jokerCoin', (c) => `Speler {player} betaalt 1 ${ADJ[c]} munt voor de joker`),
  ...perColour('kairo.event.stall', (c) => `Speler {player} plaatst een ${ADJ[c]} hoofdkraam op {field} (ingang {entrance})`),
  ...perColour('kairo.event.neutral', (c) => `Speler {player} plaatst de neutrale ${ADJ[c]} kraam op {field} (ingang {entrance})`),
  ...perStartSide('kairo.event.startStall', (c, side) => `Speler {player} plaatst een ${ADJ[c]} startkraam in sectie {section} op {field}, ingang naar het ${side} ({entrance})`),
  ...perStartSide('kairo.event.neutralStall', (c, side) => `Speler {player} plaatst de neutrale ${ADJ[c]} kraam in sectie {section} op {field}, ingang naar het ${side} ({entrance})`),
  ...perColour('kairo.event.relocate', (c) => `Speler {player} verhuist de ${ADJ[c]} hoofdkraam van {from} naar {field} (ingang {entrance})`),
  ...perColour('kairo.event.extend', (c) => `Speler {player} breidt de ${ADJ[c]} kraam uit op {field} tot grootte {size} (punten: {points})`),
  ...perColour('kairo.event.pay', (c) => `Speler {player} betaalt ${ADJ[c]} munten: {count}`),
  ...perColour('kairo.event.medal.gold', (c) => `Speler {player} neemt de gouden medaille voor ${NOUN[c]} (punten: {points})`),
  ...perColour('kairo.event.medal.silver', (c) => `Speler {player} neemt de zilveren medaille voor ${NOUN[c]} (punten: {points})`),
  'kairo.event.finalPhase': 'De slotfase begint: vanaf nu mag er alleen nog gebouwd worden',
  ...perColour(
    'kairo.event.lead',
    (c) => `Speler {player} leidt de ${ADJ[c]} klant naar de ingang op {field} (afstand {distance}, gespeelde omroeperskaarten: {criers})`,
  ),
  ...perColour('kairo.event.swap', (c) => `De ${ADJ[c]} klant komt het bord op bij {field}`),
  ...perColour('kairo.event.income', (c) => `Speler {player} ontvangt ${ADJ[c]} munten: {coins}`),
  'kairo.event.takeDisplay': 'Speler {player} neemt bouwkaart {card} uit de open rij',
  'kairo.event.takeDeck': 'Speler {player} trekt een bouwkaart van de trekstapel',
  'kairo.event.takeDeck.private': 'Je hebt bouwkaart {card} getrokken',
  'kairo.event.takeCrier': 'Speler {player} neemt een omroeperskaart',
  'kairo.event.discard': 'Speler {player} legt een bouwkaart af (handlimiet)',
  'kairo.event.discard.private': 'Je hebt bouwkaart {card} afgelegd',
  'kairo.event.reshuffle': 'De aflegstapel wordt geschud tot een nieuwe trekstapel (kaarten: {cards})',
  'kairo.event.cannotBuild': 'Speler {player} kan niet meer bouwen en valt af',
  'kairo.event.finalScore': 'Speler {player}: medailles {medals, plural, one {# punt} other {# punten}}, munten {coins} = {coinPoints, plural, one {# punt} other {# punten}}; eindstand {score}',
  'kairo.event.gameOver': 'Het spel is afgelopen',
  'kairo.event.play': 'Alle startkramen zijn geplaatst; speler {player} begint',
  ...perColour('kairo.event.neutralDrawn', (c) => `Speler {player} trekt de neutrale ${ADJ[c]} kraam uit de zak en plaatst hem`),
  ...perColour('kairo.event.neutralNoSpace', (c) => `De neutrale ${ADJ[c]} kraam heeft geen toegestane plek en gaat terug in de doos`),
  'kairo.event.setupNoSpace': 'Speler {player} heeft geen toegestane plek voor een startkraam',

  // Stand.
  'kairo.standing': '{score, plural, one {# punt} other {# punten}}',

  // Wat een keuze kost en oplevert (het paneel van wie beslist).
  'kairo.detail.to': 'naar de ingang op {field}',
  'kairo.detail.entranceAt': 'de ingang op {field}',
  'kairo.detail.distance': '{distance, plural, one {# stap} other {# stappen}}',
  'kairo.detail.criers': '{criers, plural, one {# omroeperskaart} other {# omroeperskaarten}}',
  ...perColour('kairo.detail.income', (c) => `+{amount} ${ADJ[c]} {amount, plural, one {munt} other {munten}} voor jou`),
  ...perColour('kairo.detail.ownerIncome', (c) => `+{amount} ${ADJ[c]} {amount, plural, one {munt} other {munten}} voor {player}`),
  'kairo.detail.choices': '{count, plural, one {# ingang} other {# ingangen}} om uit te kiezen',
  'kairo.detail.turnEnds': 'beëindigt je beurt',
  'kairo.detail.owed': 'daarna nog {owed, plural, one {# munt} other {# munten}} in andere kleuren te betalen',
  'kairo.detail.paid': 'volledig betaald',
  ...perColour('kairo.note.payOther', (c) => `Tot nu toe betaald: {paid} ${ADJ[c]}{other, plural, =0 {} other { en # in andere kleuren}}; nog te betalen: {owed, plural, one {# munt} other {# munten}} in andere kleuren (2 tellen als 1 ${ADJ[c]}).`),
};

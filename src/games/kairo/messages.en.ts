/**
 * English texts for Kairo's actions, events and standings. Keys are stable: German and Dutch catalogues
 * use the same keys. Colours, medal kinds, build kinds and directions are part of the key (not a
 * parameter), so a translation can decline them. Players appear as {player} (seat + 1).
 */
import type { Catalogue } from '../../engine/index.js';
import { COLOURS, type Colour } from './data/board.js';
import { DIRECTIONS, type Direction } from './data/geometry.js';

const article = (colour: Colour): string => (colour === 'orange' ? 'an' : 'a');

const perColour = (prefix: string, text: (colour: Colour) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.map((c) => [`${prefix}.${c}`, text(c)]));

const SIDE: Readonly<Record<Direction, string>> = { n: 'north', e: 'east', s: 'south', w: 'west' };

/** A start stall's event per colour and side of its entrance (both in the key, as everywhere). */
const perStartSide = (prefix: string, text: (colour: Colour, side: string) => string): Record<string, string> =>
  Object.fromEntries(COLOURS.flatMap((c) => DIRECTIONS.map((d) => [`${prefix}.${c}.${d}`, text(c, SIDE[d])])));

export const kairoMessagesEn: Catalogue = {
  // Actions: button labels and log lines.
  ...perColour('kairo.action.stall', (c) => `Build a new ${c} main stall`),
  ...perColour('kairo.action.extend', (c) => `Extend your ${c} stall`),
  ...perColour('kairo.action.relocate', (c) => `Relocate your ${c} main stall`),
  ...perColour('kairo.action.lead', (c) => `Lead the ${c} customer`),
  'kairo.action.draw': 'Draw 2 cards',
  'kairo.action.pass': 'Stop building (you are out)',
  'kairo.action.card': 'Play building card {card}',
  'kairo.action.joker': 'Play joker {card} (+1 coin)',
  'kairo.action.three': 'Discard 3 cards ({cards}): any section',
  ...perColour('kairo.action.jokerCoin', (c) => `Pay 1 ${c} coin for the joker`),
  'kairo.action.section': 'Section {section}',
  'kairo.action.field': 'Field {field}',
  'kairo.action.entrance.n': 'Entrance to the north',
  'kairo.action.entrance.e': 'Entrance to the east',
  'kairo.action.entrance.s': 'Entrance to the south',
  'kairo.action.entrance.w': 'Entrance to the west',
  ...perColour('kairo.action.payStall', (c) => `Pay ${c} coins: {count}`),
  ...perColour('kairo.action.payOther', (c) => `Pay ${c} coins: {count} (2 count as 1)`),
  'kairo.action.target': 'To the entrance at {field}',
  'kairo.action.takeDisplay': 'Take building card {card} from the display',
  'kairo.action.takeDeck': 'Draw from the deck',
  'kairo.action.takeCrier': 'Take a crier card',
  'kairo.action.discard': 'Discard building card {card}',

  // Events.
  ...perColour('kairo.event.start.stall', (c) => `Player {player} builds a new ${c} main stall`),
  ...perColour('kairo.event.start.extend', (c) => `Player {player} extends the ${c} stall`),
  ...perColour('kairo.event.start.relocate', (c) => `Player {player} relocates the ${c} main stall`),
  'kairo.event.pass': 'Player {player} stops building and is out',
  'kairo.event.card': 'Player {player} plays building card {card}',
  'kairo.event.joker': 'Player {player} plays joker {card}',
  'kairo.event.three': 'Player {player} discards 3 building cards ({cards}) to build in any section',
  ...perColour('kairo.event.jokerCoin', (c) => `Player {player} pays 1 ${c} coin for the joker`),
  ...perColour('kairo.event.stall', (c) => `Player {player} places ${article(c)} ${c} main stall at {field} (entrance {entrance})`),
  ...perColour('kairo.event.neutral', (c) => `Player {player} places the neutral ${c} stall at {field} (entrance {entrance})`),
  ...perStartSide('kairo.event.startStall', (c, side) => `Player {player} places ${article(c)} ${c} start stall in section {section} on {field}, its entrance to the ${side} ({entrance})`),
  ...perStartSide('kairo.event.neutralStall', (c, side) => `Player {player} places the neutral ${c} stall in section {section} on {field}, its entrance to the ${side} ({entrance})`),
  ...perColour('kairo.event.relocate', (c) => `Player {player} moves the ${c} main stall from {from} to {field} (entrance {entrance})`),
  ...perColour('kairo.event.extend', (c) => `Player {player} extends the ${c} stall at {field} to size {size} (points: {points})`),
  ...perColour('kairo.event.pay', (c) => `Player {player} pays ${c} coins: {count}`),
  ...perColour('kairo.event.medal.gold', (c) => `Player {player} takes the gold medal for ${c} (points: {points})`),
  ...perColour('kairo.event.medal.silver', (c) => `Player {player} takes the silver medal for ${c} (points: {points})`),
  'kairo.event.finalPhase': 'The final phase begins: from now on only building is allowed',
  ...perColour('kairo.event.lead', (c) => `Player {player} leads the ${c} customer to the entrance at {field} (distance {distance}, crier cards played: {criers})`),
  ...perColour('kairo.event.swap', (c) => `The ${c} customer steps onto the board at {field}`),
  ...perColour('kairo.event.income', (c) => `Player {player} receives ${c} coins: {coins}`),
  'kairo.event.takeDisplay': 'Player {player} takes building card {card} from the display',
  'kairo.event.takeDeck': 'Player {player} draws a building card from the deck',
  'kairo.event.takeDeck.private': 'You drew building card {card}',
  'kairo.event.takeCrier': 'Player {player} takes a crier card',
  'kairo.event.discard': 'Player {player} discards a building card (hand limit)',
  'kairo.event.discard.private': 'You discarded building card {card}',
  'kairo.event.reshuffle': 'The discard pile is shuffled into a new deck (cards: {cards})',
  'kairo.event.cannotBuild': 'Player {player} cannot build any more and is out',
  'kairo.event.finalScore': 'Player {player}: medals {medals, plural, one {# point} other {# points}}, coins {coins} = {coinPoints, plural, one {# point} other {# points}}; final score {score}',
  'kairo.event.gameOver': 'The game is over',
  'kairo.event.play': 'All start stalls are placed; player {player} begins',
  ...perColour('kairo.event.neutralDrawn', (c) => `Player {player} draws the neutral ${c} stall from the bag and places it`),
  ...perColour('kairo.event.neutralNoSpace', (c) => `The neutral ${c} stall has no legal space and goes back to the box`),
  'kairo.event.setupNoSpace': 'Player {player} has no legal space for a start stall',

  // Standings.
  'kairo.standing': 'score {score}',

  // What an option costs and gives (the deciding seat's panel).
  'kairo.detail.to': 'to the entrance at {field}',
  'kairo.detail.entranceAt': 'the entrance on {field}',
  'kairo.detail.distance': '{distance, plural, one {# step} other {# steps}}',
  'kairo.detail.criers': '{criers, plural, one {# crier card} other {# crier cards}}',
  ...perColour('kairo.detail.income', (c) => `+{amount} ${c} {amount, plural, one {coin} other {coins}} for you`),
  ...perColour('kairo.detail.ownerIncome', (c) => `+{amount} ${c} for {player}`),
  'kairo.detail.choices': '{count, plural, one {# entrance} other {# entrances}} to choose from',
  'kairo.detail.turnEnds': 'ends your turn',
  'kairo.detail.owed': 'then {owed, plural, one {# coin} other {# coins}} of other colours still owed',
  'kairo.detail.paid': 'paid in full',
  ...perColour('kairo.note.payOther', (c) => `Paid so far: {paid} ${c}{other, plural, =0 {} other { and # of other colours}}; still owed: {owed, plural, one {# coin} other {# coins}} of other colours (2 count as 1 ${c}).`),
};

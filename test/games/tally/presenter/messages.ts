/** The presenter's words, in en, de and nl. */
import type { Catalogues } from '../../../../src/engine/index.js';

/** The board in words (alt text, Board as text). */
const wordsEn = {
  'tally.words.now': '{player} decides.',
  'tally.words.over': 'The game is over.',
  'tally.words.winner': '{player} wins.',
  'tally.words.standing': '{score, plural, one {# point} other {# points}}, {cards, plural, one {# card} other {# cards}} in hand',
  'tally.words.lastTurn': 'What changed',
};
const wordsDe = {
  'tally.words.now': '{player} entscheidet.',
  'tally.words.over': 'Das Spiel ist vorbei.',
  'tally.words.winner': '{player} gewinnt.',
  'tally.words.standing': '{score, plural, one {# Punkt} other {# Punkte}}, {cards, plural, one {# Karte} other {# Karten}} auf der Hand',
  'tally.words.lastTurn': 'Was sich geändert hat',
};
const wordsNl = {
  'tally.words.now': '{player} beslist.',
  'tally.words.over': 'Het spel is voorbij.',
  'tally.words.winner': '{player} wint.',
  'tally.words.standing': '{score, plural, one {# punt} other {# punten}}, {cards, plural, one {# kaart} other {# kaarten}} in de hand',
  'tally.words.lastTurn': 'Wat er veranderd is',
};

export const tallyPresenterMessages: Catalogues = {
  en: { 'tally.name': 'Tally', 'tally.group.main': 'Choose', 'tally.group.pick': 'Pick a number', 'tally.group.end': 'End', 'tally.cards': 'Cards: {cards}', ...wordsEn },
  de: { 'tally.name': 'Tally', 'tally.group.main': 'Wählen', 'tally.group.pick': 'Eine Zahl wählen', 'tally.group.end': 'Ende', 'tally.cards': 'Karten: {cards}', ...wordsDe },
  nl: { 'tally.name': 'Tally', 'tally.group.main': 'Kies', 'tally.group.pick': 'Kies een getal', 'tally.group.end': 'Einde', 'tally.cards': 'Kaarten: {cards}', ...wordsNl },
};

/** The rules' words (events, actions, standings), in English only. */
import type { Catalogues } from '../../../src/engine/index.js';

export const TALLY_MESSAGES: Catalogues = {
  en: {
    'tally.added': '{player} adds {n}',
    'tally.drew': '{player} draws a card',
    'tally.drewPrivate': 'You draw a {card}',
    'tally.played': '{player} plays a {card}',
    'tally.picked': '{player} picks {n}',
    'tally.ended': '{player} ends the turn',
    'tally.left': '{player} leaves the table',
    'tally.standing': '{score} points',
    'tally.action.add': 'Add {n}',
    'tally.action.draw': 'Draw a card',
    'tally.action.play': 'Play card {card}',
    'tally.action.pick': 'Pick {n}',
    'tally.action.end': 'End the turn',
  },
};

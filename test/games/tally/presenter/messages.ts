/** The presenter's words, in en, de and nl. */
import type { Catalogues } from '../../../../src/engine/index.js';

export const tallyPresenterMessages: Catalogues = {
  en: { 'tally.name': 'Tally', 'tally.group.main': 'Choose', 'tally.group.pick': 'Pick a number', 'tally.group.end': 'End', 'tally.cards': 'Cards: {cards}' },
  de: { 'tally.name': 'Tally', 'tally.group.main': 'Wählen', 'tally.group.pick': 'Eine Zahl wählen', 'tally.group.end': 'Ende', 'tally.cards': 'Karten: {cards}' },
  nl: { 'tally.name': 'Tally', 'tally.group.main': 'Kies', 'tally.group.pick': 'Kies een getal', 'tally.group.end': 'Einde', 'tally.cards': 'Kaarten: {cards}' },
};

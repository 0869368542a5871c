/** Die Texte des Bots auf Deutsch: dieselben Schlüssel wie die englischen (en/) (der Compiler prüft es). */
import type { CoreKey } from '../en/index.js';
import { analysis } from './analysis.js';
import { bench } from './bench.js';
import { boardText } from './board-text.js';
import { catchUp } from './catch-up.js';
import { commands } from './commands.js';
import { game } from './game.js';
import { records } from './records.js';
import { seatsAndTables } from './seats-and-tables.js';
import { vacation } from './vacation.js';

export const de: Record<CoreKey, string> = { ...analysis, ...bench, ...boardText, ...catchUp, ...commands, ...game, ...records, ...seatsAndTables, ...vacation };

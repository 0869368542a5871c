/** De teksten van de bot in het Nederlands: dezelfde sleutels als de Engelse (en/) (de compiler controleert het). */
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

export const nl: Record<CoreKey, string> = { ...analysis, ...bench, ...boardText, ...catchUp, ...commands, ...game, ...records, ...seatsAndTables, ...vacation };

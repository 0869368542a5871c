/**
 * The bot's own words (everything a user reads that is not a game's engine text), in English. German and
 * Dutch have exactly the same keys (checked by the compiler and by a test). Templates are ICU MessageFormat
 * (`{name}`, plurals, selects; an apostrophe right before a brace quotes it: see src/engine/message.ts).
 */
import { analysis } from './analysis.js';
import { bench } from './bench.js';
import { boardText } from './board-text.js';
import { catchUp } from './catch-up.js';
import { commands } from './commands.js';
import { game } from './game.js';
import { records } from './records.js';
import { seatsAndTables } from './seats-and-tables.js';
import { vacation } from './vacation.js';

export const en = { ...analysis, ...bench, ...boardText, ...catchUp, ...commands, ...game, ...records, ...seatsAndTables, ...vacation } as const;

export type CoreKey = keyof typeof en;

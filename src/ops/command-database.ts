/**
 * The database an operator command (`npm run backup`, `npm run ratings:rebuild`) works on, found as the bot
 * finds it: DATABASE_URL or DATABASE_PATH, from the environment or from .env in the current folder.
 */
import fs from 'node:fs';
import { ConfigError, loadDatabaseConfig } from '../config.js';

export type CommandDatabase = ReturnType<typeof loadDatabaseConfig>;

/** The configured database, or the configuration's own message of what is wrong (nothing thrown for that). */
export function commandDatabase(): { ok: true; database: CommandDatabase } | { ok: false; message: string } {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return { ok: true, database: loadDatabaseConfig(process.env) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { ok: false, message: error.message };
  }
}

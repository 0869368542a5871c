/**
 * Start-up order: configuration -> logger -> database (open, check, migrate) -> the bot. A problem an
 * operator must fix (configuration, a damaged or newer database, a PostgreSQL server that cannot be
 * reached) is told in one line, without a stack trace or a password, and start-up stops with a non-zero
 * exit code. DATABASE_URL selects the PostgreSQL server; without it the SQLite file at DATABASE_PATH.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { DatabaseOpenError } from './persistence/database.js';
import { closeDatabase, openConfiguredDatabase, type OpenedDatabase } from './persistence/open-store.js';

export interface Running {
  stop(): Promise<void>;
}

export interface LaunchContext {
  readonly config: Config;
  readonly logger: Logger;
  /** The SQLite file or the PostgreSQL pool, opened and migrated; start-up closes it after the bot stopped. */
  readonly database: OpenedDatabase;
}

export type Launch = (context: LaunchContext) => Promise<Running>;

export interface StartupIo {
  /** Where the one-line explanation goes (stderr in production). */
  readonly fail: (line: string) => void;
}

export async function startBazaar(env: NodeJS.ProcessEnv, launch: Launch, io: StartupIo): Promise<Running | null> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.fail(error.message);
      return null;
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  let database: OpenedDatabase;
  try {
    // An idle pooled connection that fails (a server restart) is logged; the next query reconnects.
    database = await openConfiguredDatabase(config, (error) => logger.warn({ err: { message: error.message } }, 'a pooled PostgreSQL connection failed'));
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      io.fail(`Database: ${error.message}`);
      return null;
    }
    throw error;
  }
  logger.info({ database: database.dialect, where: database.where }, 'database ready');
  try {
    const running = await launch({ config, logger, database });
    return {
      async stop() {
        await running.stop();
        await closeDatabase(database);
        logger.info('stopped');
      },
    };
  } catch (error) {
    await closeDatabase(database);
    throw error;
  }
}

/**
 * Start-up order: configuration -> logger -> database (open, check, migrate) -> the bot. A problem an
 * operator must fix (configuration, a damaged or newer database) is told in one line, without a stack
 * trace, and start-up stops with a non-zero exit code.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { DatabaseOpenError, openDatabase, type OpenDatabase } from './persistence/database.js';

export interface Running {
  stop(): Promise<void>;
}

export interface LaunchContext {
  readonly config: Config;
  readonly logger: Logger;
  readonly database: OpenDatabase;
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
  if (config.databaseUrl !== undefined) {
    // Not silently the SQLite file instead: processes on several machines would each keep their own games.
    io.fail(
      'Configuration: DATABASE_URL is set, but this version of the bot runs only on the SQLite file (PostgreSQL is not supported yet). Remove DATABASE_URL to use DATABASE_PATH.',
    );
    return null;
  }
  const logger = createLogger({ level: config.logLevel, format: config.logFormat });
  let database: OpenDatabase;
  try {
    database = openDatabase(config.databasePath);
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      io.fail(`Database: ${error.message}`);
      return null;
    }
    throw error;
  }
  logger.info({ databasePath: config.databasePath }, 'database ready');
  try {
    const running = await launch({ config, logger, database });
    return {
      async stop() {
        await running.stop();
        database.close();
        logger.info('stopped');
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

/**
 * Two shard processes of one application on one PostgreSQL database, a fresh one in the run's throwaway
 * cluster (the scenario: sharded-bots.ts). The SQLite path each process is also given is never made.
 */
import { usePostgresDatabase } from '../support/postgres-database.js';
import { tempDbFile } from './harness.js';
import { describeShardedBots } from './sharded-bots.js';

const postgres = usePostgresDatabase('shards');
const unusedFile = tempDbFile('shards-pg');

describeShardedBots(
  {
    name: 'one PostgreSQL database',
    choice: () => ({ databasePath: unusedFile, databaseUrl: postgres.url, databasePoolSize: 4 }),
    env: () => ({ DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '4' }),
  },
  postgres.available,
);

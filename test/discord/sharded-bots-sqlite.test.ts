/** Two shard processes of one application on one SQLite file (the scenario: sharded-bots.ts). */
import { tempDbFile } from './harness.js';
import { describeShardedBots } from './sharded-bots.js';

const dbFile = tempDbFile('shards');

describeShardedBots({ name: 'one SQLite file', choice: () => ({ databasePath: dbFile }), env: () => ({}) });

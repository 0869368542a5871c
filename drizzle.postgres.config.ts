import { defineConfig } from 'drizzle-kit';

// The PostgreSQL store (DATABASE_URL); the SQLite migrations stay in migrations/ (drizzle.config.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/persistence/postgres/schema.ts',
  out: './migrations/postgres',
});

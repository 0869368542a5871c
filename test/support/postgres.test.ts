/**
 * The throwaway cluster itself: a file gets a database of its own that really is PostgreSQL, a second
 * database is separate from the first, and a cluster started and stopped here leaves no folder behind.
 */
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgresCluster } from './postgres.js';
import { createDatabase, usePostgresDatabase } from './postgres-database.js';

const postgres = usePostgresDatabase('cluster');

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.runIf(postgres.available)('the throwaway PostgreSQL cluster', () => {
  it('gives this file an empty database of its own on a real server', async () => {
    const [row] = await query<{ version: string; db: string }>(postgres.url, 'SELECT version() AS version, current_database() AS db');
    expect(row?.version).toMatch(/^PostgreSQL \d+/);
    expect(row?.db).toMatch(/^cluster_[0-9a-f]{12}$/);
    expect(await query(postgres.url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
  });

  it('keeps databases apart, and drops one on request', async () => {
    const other = await createDatabase(postgres.adminUrl, 'other');
    await query(other.url, 'CREATE TABLE only_here (id int)');
    expect(await query(postgres.url, "SELECT tablename FROM pg_tables WHERE tablename = 'only_here'")).toEqual([]);
    await other.drop();
    const name = new URL(other.url).pathname.slice(1);
    expect(await query(postgres.adminUrl, `SELECT datname FROM pg_database WHERE datname = '${name}'`)).toEqual([]);
  });

  it('a cluster of its own starts, serves and is removed with its folder when stopped', async () => {
    const cluster = await startPostgresCluster();
    expect(fs.existsSync(cluster.dataDir)).toBe(true);
    expect(await query<{ one: number }>(cluster.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await cluster.stop();
    expect(fs.existsSync(cluster.dataDir)).toBe(false);
    await expect(query(cluster.adminUrl, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
  });
});

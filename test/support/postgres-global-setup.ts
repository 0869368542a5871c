/**
 * Vitest globalSetup: one throwaway PostgreSQL cluster for the whole run (test files each create their
 * own database in it, see postgres-database.ts). Tests read it with `inject('postgres')`.
 *
 * Without the server binaries: under CI the run fails (never a silent skip); locally one line says how
 * to install it and the PostgreSQL tests are skipped.
 */
import type { TestProject } from 'vitest/node';
import { INSTALL_HINT, PostgresUnavailableError, startPostgresCluster, type PostgresCluster } from './postgres.js';

export type PostgresProvided = { adminUrl: string } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresProvided;
  }
}

let cluster: PostgresCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  try {
    cluster = await startPostgresCluster();
    project.provide('postgres', { adminUrl: cluster.adminUrl });
  } catch (error) {
    if (!(error instanceof PostgresUnavailableError) || process.env.CI) throw error;
    const line = `PostgreSQL tests skipped: ${error.message}`;
    process.stderr.write(`${line}\n`);
    project.provide('postgres', { unavailable: `${error.message} (${INSTALL_HINT})` });
  }
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = undefined;
}

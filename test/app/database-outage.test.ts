/**
 * Which failures mean "the database cannot be reached", and an outage as two lines in the log: when it
 * began (with the reason) and when the database answered again (how long, how many calls failed).
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DatabaseOutage } from '../../src/app/database-outage.js';
import { createLogger } from '../../src/logger.js';
import { PostgresQueryError } from '../../src/persistence/postgres/query-error.js';
import { isDatabaseUnavailable } from '../../src/persistence/unavailable.js';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('a server that is stopped, restarting, refusing or too slow to give a connection', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
    // as the store passes a failed query on: the driver's error is its cause
    expect(isDatabaseUnavailable(new PostgresQueryError('select 1', withCode('Connection terminated', 'ECONNRESET')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('disk I/O error', 'SQLITE_IOERR_WRITE'))).toBe(true);
  });

  it('not a refused change, a bug or a damaged row', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('UNIQUE constraint failed: games.channel_id', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'seat')"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "FORM"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('DatabaseOutage', () => {
  it('logs the first failure of an outage and its end, and counts the failures between', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    let now = 1_000;
    const outage = new DatabaseOutage(createLogger({ level: 'info', format: 'json' }, sink), () => now);
    outage.answered();
    expect(outage.down).toBe(false);
    expect(outage.failed(new TypeError('a bug'), 'interaction')).toBe(false);
    expect(outage.down).toBe(false);
    for (let i = 0; i < 5; i++) expect(outage.failed(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'interaction')).toBe(true);
    expect(outage.down).toBe(true);
    now += 65_000;
    outage.answered();
    outage.answered();
    expect(outage.down).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual([
      'the database cannot be reached: clicks are refused and deliveries wait until it answers again',
      'the database answers again',
    ]);
    expect(lines[0]).toMatchObject({ during: 'interaction', reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(lines[1]).toMatchObject({ downMs: 65_000, failedCalls: 5 });
  });
});

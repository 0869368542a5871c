/**
 * The PostgreSQL server stops while a game is open: every click is answered at once in the user's
 * language with what happened (the games' database cannot be reached, the click was not applied, try
 * again in a minute), nothing else is claimed, and the log holds one line for the outage, not one per
 * click or per poll. The server is this file's own (stopped for real), not the run's shared one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { openPostgres, type OpenPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import type { FakeUser } from '../fake-discord/index.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres.js';
import { buttonFor, openLobby, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

let cluster: PostgresCluster;
let database: OpenPostgres;
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  database = await openPostgres(cluster.urlFor('postgres'));
  env = await startBotOnFake({ games: GAMES, store: (clock) => new PostgresStore(database, { now: () => clock.now() }), });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
  await database?.close().catch(() => undefined);
  await cluster?.stop();
});

const DOWN = /cannot reach the games’ database right now, so your click was not applied\. Please try again in a minute\./;
const DOWN_DE = /erreiche die Datenbank der Spiele gerade nicht; dein Klick wurde deshalb nicht ausgeführt/;

describe('the database cannot be reached', () => {
  it('clicks and commands are told so, nothing else, and the outage is one line in the log', async () => {
    const channel = env.fake.createChannel('outage');
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2 });
    const join = buttonFor(lobby, 'join');

    await cluster.stop();

    // A click on the public lobby: the answer is a private note beside it.
    const click = await bob.clickButton(lobby.id, join, { until: 'none' });
    await click.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the answer to the click' });
    const clickAnswer = click.followUps[0]!;
    expect(clickAnswer.ephemeral).toBe(true);
    expect(clickAnswer.text).toMatch(DOWN_DE);
    expect(env.fake.message(lobby.id)!.text).not.toMatch(/Bob/);

    // A command, twice: the same words, in English.
    for (let i = 0; i < 2; i++) {
      const status = await alice.runCommand(channel, 'game', { subcommand: 'status', options: {} });
      await status.waitFor((h) => h.followUps.length > 0 || (h.reply !== undefined && !h.reply.loading), { timeoutMs: WAIT_MS, description: 'the answer to /game status' });
      const answer = status.followUps[0] ?? status.reply!;
      expect(answer.ephemeral).toBe(true);
      expect(answer.text).toMatch(DOWN);
      expect(answer.text).not.toMatch(/went wrong|reference/);
    }

    const outage = env.logs.filter((l) => l.msg === 'the database cannot be reached: clicks are refused and deliveries wait until it answers again');
    expect(outage).toHaveLength(1);
    expect(JSON.stringify(outage[0])).toMatch(/ECONNREFUSED|57P01|terminat/i);
    expect(env.logs.filter((l) => l.msg === 'interaction failed')).toEqual([]);
    expect(env.logs.filter((l) => l.msg === 'cannot read the outbox' || l.msg === 'delivery failed')).toEqual([]);
  });
});

/**
 * A turn that ends from a click, on PostgreSQL, counted in statements: the bot (its service, its deliverer)
 * on the fake Discord talks to the server through a proxy that counts every statement it sends (BEGIN
 * and COMMIT included). From the click that ends the turn until the new board is in the channel, the old
 * one disarmed and nothing is under way any more, the bot runs at most 12: the game read once, the move's
 * transaction, and the deliverer's claim and record of what it posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { openPostgres, type OpenPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { usePostgresDatabase } from '../support/postgres-database.js';
import { statementCounter, type StatementCounter } from '../support/postgres-statements.js';
import { END_TURN, offeredMatching, playTurn, type Offered } from '../support/turn-driver.js';
import { boards, buttonFor, clickForBoard, hasButton, openLobby, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

const postgres = usePostgresDatabase('turn_statements');

/** The most statements a turn that ends from a click may cost, everything it owes the channel included. */
const STATEMENTS_PER_TURN_END = 12;

describe.runIf(postgres.available)('a turn that ends from a click, on PostgreSQL', () => {
  let counter: StatementCounter;
  let database: OpenPostgres;
  let env: BotOnFake;
  let players: FakeUser[];

  beforeAll(async () => {
    counter = await statementCounter(new URL(postgres.url));
    database = await openPostgres(counter.url, { poolSize: 4 });
    // The outbox is looked at only when a change owes something: no poll of the deliverer's own comes between.
    env = await startBotOnFake({ games: GAMES, store: (clock) => new PostgresStore(database, { now: () => clock.now() }), deliveryPollMs: 3_600_000 });
    players = [env.createUser('ayla', { globalName: 'Ayla' }), env.createUser('bert', { globalName: 'Bert' })];
  });

  afterAll(async () => {
    await env?.stop();
    await database?.close();
    await counter?.close();
  });

  it(`costs at most ${STATEMENTS_PER_TURN_END} statements, from the click to the new board in the channel`, async () => {
    const channel = env.fake.createChannel('turn-statements');
    const [host, other] = players as [FakeUser, FakeUser];
    const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
    await other.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const table = { fake: env.fake, channelId: channel, timeoutMs: WAIT_MS };

    /** Plays the current turn up to the click that ends it: the panel and that choice. */
    const upToTheEnd = async (): Promise<{ user: FakeUser; panel: SeenMessage; end: Offered }> => {
      for (;;) {
        const played = await playTurn(table, { policy: ({ choices }) => (choices.some((c) => END_TURN.test(c.label)) ? null : (choices[0] as Offered)) });
        if (played === null) throw new Error('the game ended before the turns were counted');
        const end = played.end === 'stopped' ? offeredMatching(played.panel!, END_TURN) : undefined;
        if (end !== undefined) return { user: played.actor, panel: played.panel!, end };
      }
    };

    const perTurnEnd: { statements: number; texts: string[] }[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const { user, panel, end } = await upToTheEnd();
      const before = boards(env.fake, channel).at(-1)!.id;
      await counter.idle();
      const from = counter.statements;
      const click = end.kind === 'button' ? await user.clickButton(panel.id, end.customId, { until: 'none' }) : await user.selectOptions(panel.id, end.customId, [end.value as string], { until: 'none' });
      await click.waitFor(() => boards(env.fake, channel).at(-1)!.id !== before && !hasButton(env.fake.message(before)!, 'turn'), { timeoutMs: WAIT_MS, description: 'the new board, the old one disarmed' });
      await click.settled({ timeoutMs: WAIT_MS });
      await counter.idle();
      perTurnEnd.push({ statements: counter.statements - from, texts: counter.texts.slice(from) });
    }
    const over = perTurnEnd.filter((turn) => turn.statements > STATEMENTS_PER_TURN_END);
    expect(over.map((turn) => `${turn.statements} statements:\n  ${turn.texts.map((text) => text.slice(0, 160)).join('\n  ')}`)).toEqual([]);
  });
});

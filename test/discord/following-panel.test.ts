/**
 * Kairo's variable start through the fake Discord: the start stalls are placed one at a time in turn (the
 * rulebook: "Der Startspieler legt den ersten Hauptstand, ihm folgen alle Spieler reihum"), and each player
 * places all of theirs from one private panel: after a placement the panel stays, and when the player's
 * next placement is due it appears there, without Take my turn. One board picture when the start is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KairoState } from '../../src/games/kairo/index.js';
import { GAMES } from '../../src/games/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { boards, buttonFor, choose, clickForBoard, openLobby, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';
import { latestCall, offered, playTurn, type TurnPolicy } from '../support/turn-driver.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['following-1'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

const firstChoice: TurnPolicy = ({ choices }) => choices[0] ?? null;

/** Resolves once message `id` has more revisions than `seen` (an edit by the bot). */
function editedAfter(id: string, seen: number): Promise<SeenMessage> {
  const { fake } = env;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if ((fake.world.messages.get(id)?.revisions.length ?? 0) <= seen) return;
      done();
      resolve(fake.message(id)!);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`message ${id} was not edited within ${WAIT_MS} ms`));
    }, WAIT_MS);
    const done = (): void => {
      clearTimeout(timer);
      fake.world.events.off('messageUpdate', check);
    };
    fake.world.events.on('messageUpdate', check);
    check();
  });
}

function revisions(id: string): number {
  return env.fake.world.messages.get(id)?.revisions.length ?? 0;
}

async function kairoState(channel: string): Promise<KairoState> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no active game');
  return loaded.game.state as KairoState;
}

describe("Kairo's variable start: one panel per player", () => {
  it('a placement done, the panel stays; the next placement appears in it when it is due, and is placed from it', async () => {
    const channel = env.fake.createChannel('following-start');
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'variable' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const table = { fake: env.fake, channelId: channel, latest: () => latestCall(env.fake, channel) };
    const picturesAtStart = boards(env.fake, channel).length;

    // The start player places their first stall the usual way: Take my turn, then the panel.
    const first = await playTurn(table, { policy: firstChoice });
    expect(first?.end).toBe('over');
    const starter = first!.actor;
    const other = starter.id === alice.id ? bob : alice;
    const kept = first!.panel!;
    expect(kept.text).toMatch(/Keep this message open|Lass diese Nachricht offen/);
    expect(offered(kept)).toEqual([]);
    const seen = revisions(kept.id);

    // The other player places theirs; then the start player's second placement appears in the kept panel.
    const second = await playTurn(table, { policy: firstChoice });
    expect(second?.actor.id).toBe(other.id);
    let panel = await editedAfter(kept.id, seen);
    expect(panel.ephemeral).toBe(true);
    expect(starter.sees(panel.channelId).some((m) => m.id === panel.id)).toBe(true);
    expect(panel.text).toMatch(/Place a start stall|Platziere einen Startstand/);
    const stallsBefore = (await kairoState(channel)).stalls.length;

    const otherSeen = revisions(second!.panel!.id);
    // Placed from that panel, with no Take my turn: colour, section, field, entrance side.
    for (let step = 0; offered(panel).length > 0; step++) {
      expect(step).toBeLessThan(8);
      await choose(starter, panel, offered(panel)[0]!);
      panel = env.fake.message(panel.id)!;
    }
    const state = await kairoState(channel);
    expect(state.stalls.length).toBe(stallsBefore + 1);
    expect(state.stalls.at(-1)!.owner).toBe(state.startSeat);
    expect(panel.text).toMatch(/Keep this message open|Lass diese Nachricht offen/);

    // The other player's kept panel shows their next placement in turn, as the start player's did.
    const otherPanel = await editedAfter(second!.panel!.id, otherSeen);
    expect(offered(otherPanel).length).toBeGreaterThan(0);
    expect(otherPanel.text).toMatch(/Platziere einen Startstand/);
    // No board picture for a start placement: short texts call the players until the start is done.
    expect(boards(env.fake, channel).length).toBe(picturesAtStart);
  });
});

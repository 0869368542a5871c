/**
 * The phone picture when boards queue up: in a burst of turns the render pool draws every
 * waiting board before any phone picture, so a board whose phone picture is not drawn when the board is
 * goes out alone, and its phone picture is added to the post when it is drawn (the file and the embed,
 * the buttons untouched). A newer board of the game withdraws the older one's phone picture: it is never
 * drawn, and the older post stays as it went out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer, type RenderPriority } from '../../src/render/board-job.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { until } from './bot-process.js';
import { boardPictures, buttonFor, clickForBoard, openLobby, startBotOnFake, type BotOnFake } from './harness.js';
import { playTurn, type TurnPolicy } from '../support/turn-driver.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

/** While true the pool reports boards waiting, and phone pictures asked for at idle priority wait in `held`. */
let burst = false;
interface HeldPhone {
  readonly job: BoardJob;
  release(): void;
}
const held: HeldPhone[] = [];
const phonesDrawn: BoardJob[] = [];

const inProcess = inProcessBoardRenderer(GAMES);
const renderer: BoardRenderer = {
  render(job: BoardJob, priority: RenderPriority = 'now', signal?: AbortSignal) {
    if (priority !== 'idle' || !burst) return inProcess.render(job);
    return new Promise<Buffer>((resolve, reject) => {
      const waiting: HeldPhone = {
        job,
        release: () => {
          phonesDrawn.push(job);
          inProcess.render(job).then(resolve, reject);
        },
      };
      held.push(waiting);
      signal?.addEventListener(
        'abort',
        () => {
          held.splice(held.indexOf(waiting), 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  },
  backlog: () => (burst ? 3 : 0),
};

const firstChoice: TurnPolicy = ({ choices }) => choices[0] ?? null;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, boards: renderer, seeds: ['later-1'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

function current(message: SeenMessage): SeenMessage {
  return env.fake.message(message.id) ?? message;
}

describe('the phone picture when boards queue up', () => {
  it('the board goes out first, its phone picture is added when drawn, and a newer board withdraws the older one', async () => {
    const channel = env.fake.createChannel('phone-later');
    burst = true;
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'quick' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

    // Posted with the board alone, and buttons to play on.
    expect(first.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^kairo-\d+-\d+\.png$/)]);
    expect(first.embeds).toEqual([]);
    expect(first.buttons.length).toBeGreaterThan(0);
    expect(held).toHaveLength(1);

    // Drawn: the post gets the phone picture under the board, and keeps its board and buttons.
    held.shift()?.release();
    await until(env.fake, () => current(first).attachments.length === 2, 'the phone picture added to the first board');
    const completed = current(first);
    const { board, phone } = boardPictures(completed);
    expect(board.filename).toBe(first.attachments[0]?.filename);
    expect(checkPng(phone.bytes)).toMatchObject({ ok: true, width: 800 });
    expect(completed.buttons).toEqual(first.buttons);
    expect(completed.content).toBe(first.content);

    // Two more boards before either phone picture is drawn: the older one's is withdrawn.
    const second = (await playTurn({ fake: env.fake, channelId: channel }, { policy: firstChoice, awaitNextBoard: true }))?.next;
    expect(second).toBeDefined();
    const third = (await playTurn({ fake: env.fake, channelId: channel }, { policy: firstChoice, awaitNextBoard: true }))?.next;
    expect(third).toBeDefined();
    expect(held).toHaveLength(1);
    const drawnBefore = phonesDrawn.length;
    held.shift()?.release();
    await until(env.fake, () => current(third!).attachments.length === 2, 'the phone picture added to the third board');
    expect(boardPictures(current(third!)).phone.filename).toMatch(/^kairo-\d+-\d+-phone\.png$/);
    expect(phonesDrawn.length).toBe(drawnBefore + 1);
    // The second board: as posted, its phone picture never drawn (its buttons came off: a newer board is there).
    expect(current(second!).attachments.map((a) => a.filename)).toEqual(second!.attachments.map((a) => a.filename));
    expect(current(second!).embeds).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('with no board waiting, the board and its phone picture go out in one post', async () => {
    burst = false;
    const channel = env.fake.createChannel('phone-together');
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'quick' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const first = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    expect(boardPictures(first).phone.filename).toMatch(/-phone\.png$/);
    expect(env.fake.world.messages.get(first.id)?.revisions.length).toBe(1);
    env.fake.assertNoViolations();
  });
});

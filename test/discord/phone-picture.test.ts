/**
 * The phone picture beside the board: every board message carries the board and a compact
 * picture for the phone, the latter shown through the message's embed so Discord puts it under the board
 * at the screen's width. When only the phone picture cannot be drawn, the board goes out as before,
 * without it and without an embed, and the game goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer } from '../../src/render/board-job.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { boardPictures, buttonFor, clickForBoard, openLobby, startBotOnFake, type BotOnFake } from './harness.js';

/** The games the bot hosts that draw a phone picture. */
const WITH_PHONE_PICTURES = (await Promise.all(GAMES.plugins.map(async (game) => ((await game.pictures()).phone === undefined ? [] : [game.id])))).flat();

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
/** While set, every phone picture fails as a broken render worker would. */
let phoneFails = false;

const renderer: BoardRenderer = {
  render(job: BoardJob) {
    if (phoneFails && job.game !== 'chart' && job.picture === 'phone') return Promise.reject(new Error('the phone picture broke'));
    return inProcessBoardRenderer(GAMES).render(job);
  },
};

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, boards: renderer, seeds: ['phone-1', 'phone-2', 'phone-3'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

async function firstBoard(channel: string, game: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game, players: 2 });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

describe('the phone picture', () => {
  for (const game of WITH_PHONE_PICTURES) {
    it(`${game}: the board message carries the board and, in its embed, the 800 px phone picture`, async () => {
      const board = await firstBoard(env.fake.createChannel(`phone-${game}`), game);
      const { board: full, phone } = boardPictures(board);
      expect(checkPng(full.bytes)).toMatchObject({ ok: true, width: 1600 });
      expect(checkPng(phone.bytes)).toMatchObject({ ok: true, width: 800 });
      expect(phone.description).toMatch(/compact, for reading on a phone/);
      env.fake.assertNoViolations();
    });
  }

  it('when the phone picture cannot be drawn, the board is posted alone and the game goes on', async () => {
    phoneFails = true;
    try {
      const game = WITH_PHONE_PICTURES.at(-1)!;
      const board = await firstBoard(env.fake.createChannel('phone-broken'), game);
      expect(board.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(new RegExp(`^${game}-\\d+-\\d+\\.png$`))]);
      expect(board.embeds).toEqual([]);
      expect(board.content).not.toContain('could not be drawn');
      expect(board.buttons.length).toBeGreaterThan(0);
    } finally {
      phoneFails = false;
    }
    env.fake.assertNoViolations();
  });
});

/**
 * One picture a post: the board message carries the board alone, and a Phone view button. The compact
 * phone picture is drawn only when someone asks for it: Phone view answers privately with the picture of
 * the game as it stands, as a plain attachment (Discord shows it at the width of the screen, not shrunk
 * inside an embed), for anyone in the channel, players or not, also on a finished game's final board.
 * It is drawn from the public view, behind the boards of live turns. Older boards lose their buttons,
 * Phone view with them: only the newest post of a game shows it, so it always shows the game now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer, type RenderPriority } from '../../src/render/board-job.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { boardPictures, buttonFor, clickForBoard, hasButton, latestBoard, openLobby, openPrivately, startBotOnFake, type BotOnFake } from './harness.js';

/** The games the bot hosts that draw a phone picture. */
const WITH_PHONE_PICTURES = (await Promise.all(GAMES.plugins.map(async (game) => ((await game.pictures()).phone === undefined ? [] : [game.id])))).flat();

const registry = gameRegistry([...GAMES.plugins, tallyGame({ removeSeat: false, target: 3, phonePicture: true })]);

/** Every picture asked of the renderer, with its priority, in order. */
const asked: { readonly job: BoardJob; readonly priority: RenderPriority }[] = [];
/** While set, every phone picture fails as a broken render worker would. */
let phoneFails = false;

const inProcess = inProcessBoardRenderer(registry);
const renderer: BoardRenderer = {
  render(job: BoardJob, priority: RenderPriority = 'now') {
    asked.push({ job, priority });
    if (phoneFails && job.game !== 'chart' && job.picture === 'phone') return Promise.reject(new Error('the phone picture broke'));
    return inProcess.render(job);
  },
};

const phoneJobs = (from: number): BoardJob[] => asked.slice(from).flatMap(({ job }) => (job.game !== 'chart' && job.picture === 'phone' ? [job] : []));

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
/** In the channel, playing nothing. */
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, boards: renderer, seeds: ['phone-1', 'phone-2', 'phone-3', 'phone-4', 'phone-5'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
});

afterAll(async () => {
  await env?.stop();
});

async function firstBoard(channel: string, game: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game, players: 2 });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

/** Tally: draw a card (a secret kept in the hand), add 1, end the turn. */
const drawAddEnd: TurnPolicy = ({ choices, step }) => {
  const label = step === 0 ? /^Draw a card$/ : step === 1 ? /^Add 1$/ : END_TURN;
  return choices.find((c) => label.test(c.label)) ?? null;
};

async function gameIn(channel: string) {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no running game in ${channel}`);
  return loaded.game;
}

describe('one picture a post, the phone picture on demand', () => {
  for (const game of WITH_PHONE_PICTURES) {
    it(`${game}: the board post carries one picture, the board, and a Phone view button; no phone picture is drawn for it`, async () => {
      const from = asked.length;
      const board = await firstBoard(env.fake.createChannel(`one-picture-${game}`), game);
      expect(board.attachments).toHaveLength(1);
      expect(checkPng(boardPictures(board).board.bytes)).toMatchObject({ ok: true, width: 1600 });
      expect(board.embeds).toEqual([]);
      expect(board.buttons.map((b) => b.label)).toEqual(['Take my turn', 'My hand', 'Log', 'Phone view', 'Board as text']);
      expect(phoneJobs(from)).toEqual([]);
      env.fake.assertNoViolations();
    });

    it(`${game}: Phone view answers privately, to someone not playing too, with the phone picture at full width: one PNG, no embed`, async () => {
      const channel = env.fake.createChannel(`phone-view-${game}`);
      const board = await firstBoard(channel, game);
      const posts = env.fake.channelMessages(channel).length;
      const from = asked.length;
      const answer = await openPrivately(carol, board, buttonFor(board, 'phone'));
      expect(answer.attachments).toHaveLength(1);
      expect(answer.attachments[0]!.filename).toMatch(new RegExp(`^${game}-\\d+-\\d+-phone\\.png$`));
      expect(checkPng(answer.attachments[0]!.bytes)).toMatchObject({ ok: true, width: 800 });
      expect(answer.attachments[0]!.description).toMatch(/compact, for reading on a phone/);
      expect(answer.embeds).toEqual([]);
      expect(answer.components).toEqual([]);
      // Drawn for this answer from the public view, behind the boards of live turns; nothing new in the channel.
      expect(asked.slice(from).map(({ job, priority }) => [job.game !== 'chart' && job.picture, priority])).toEqual([['phone', 'asked']]);
      expect(phoneJobs(from)[0]?.view).toEqual(env.service.publicView(await gameIn(channel)));
      expect(env.fake.channelMessages(channel)).toHaveLength(posts);
      env.fake.assertNoViolations();
    });
  }

  it('the phone picture is drawn from the public view: a player asking gets no hand of theirs drawn in it', async () => {
    const channel = env.fake.createChannel('phone-public');
    const board = await firstBoard(channel, 'tally');
    await playTurn({ fake: env.fake, channelId: channel }, { policy: drawAddEnd, awaitNextBoard: true });
    const game = await gameIn(channel);
    const from = asked.length;
    // Alice holds a card now (drawn in secret); she asks on the newest board.
    expect(env.service.seatView(game, 0)).toMatchObject({ hand: [expect.any(Number)] });
    const answer = await openPrivately(alice, latestBoard(env.fake, channel), buttonFor(latestBoard(env.fake, channel), 'phone'));
    expect(answer.attachments).toHaveLength(1);
    const [job] = phoneJobs(from);
    expect(job?.view).toEqual(env.service.publicView(game));
    expect(Object.keys(job?.view as object).sort()).toEqual(['handSizes', 'scores', 'turn']);
    // The first board is an older one now: its buttons came off, Phone view with them.
    expect(env.fake.message(board.id)!.buttons).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('a finished game’s final board keeps Phone view, and it shows the final position', async () => {
    const channel = env.fake.createChannel('phone-finished');
    await firstBoard(channel, 'tally');
    const gameId = (await gameIn(channel)).row.id;
    for (let turn = 0; hasButton(latestBoard(env.fake, channel), 'turn'); turn++) {
      expect(turn).toBeLessThan(10);
      await playTurn({ fake: env.fake, channelId: channel }, { policy: drawAddEnd, awaitNextBoard: true });
    }
    const final = latestBoard(env.fake, channel);
    expect(final.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Phone view', 'Board as text']);
    const from = asked.length;
    const answer = await openPrivately(carol, final, buttonFor(final, 'phone'));
    expect(answer.attachments).toHaveLength(1);
    expect(answer.embeds).toEqual([]);
    const [job] = phoneJobs(from);
    const loaded = await env.service.byId(gameId);
    if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('the finished game cannot be read');
    expect(loaded.game.row.status).toBe('finished');
    expect(job?.view).toEqual(env.service.publicView(loaded.game));
    env.fake.assertNoViolations();
  }, 120_000);

  it('when the phone picture cannot be drawn, Phone view says so privately and the game goes on', async () => {
    const channel = env.fake.createChannel('phone-broken');
    const board = await firstBoard(channel, WITH_PHONE_PICTURES.at(-1)!);
    phoneFails = true;
    try {
      const answer = await openPrivately(carol, board, buttonFor(board, 'phone'));
      expect(answer.attachments).toEqual([]);
      expect(answer.text).toBe('The phone picture could not be drawn just now. Try again in a moment.');
    } finally {
      phoneFails = false;
    }
    expect(env.fake.message(board.id)!.buttons).toEqual(board.buttons);
    env.fake.assertNoViolations();
  });
});

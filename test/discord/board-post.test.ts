/**
 * The board post is a Components V2 message: one container whose bar has the colour of the player to move
 * (as their pieces have it; a game whose players have no colour: the seat's colour of the shared palette;
 * a game over: the winner's), its text (title, where the game stands, the turns just played, who decides)
 * in a text display that pings whoever must act, the board picture in a media gallery with the picture's
 * alt text, and the buttons inside. A newer board takes the buttons off the older one and leaves its text
 * and picture as they were.
 */
import { ComponentType, MessageFlags, type APIContainerComponent, type APIMediaGalleryComponent, type APIMessageTopLevelComponent, type APITextDisplayComponent } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulPublicView } from '../../src/games/istanbul/index.js';
import { PLAYER_STYLES } from '../../src/games/istanbul/render/style.js';
import { gameRegistry } from '../../src/games/registry.js';
import { chartColour } from '../../src/render/common/palette.js';
import { bodyText, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { endTheTurn, playToTheEnd, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { until } from './bot-process.js';
import { boardPictures, buttonFor, clickForBoard, mentionedToAct, openLobby, startBotOnFake, type BotOnFake } from './harness.js';

// Istanbul, whose players have colours, and Tally, whose players have none (and whose games end quickly).
const registry = gameRegistry([...GAMES.plugins.filter((game) => game.id === 'istanbul'), tallyGame({ removeSeat: false, target: 4 })]);

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, seeds: ['board-post-1', 'board-post-2', 'board-post-3'] });
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

async function gameIn(channel: string) {
  const loaded = await env.service.byChannelOrFinished(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no game in ${channel}`);
  return loaded.game;
}

/** The seat a user holds in the channel's game. */
async function seatOf(channel: string, userId: string): Promise<number> {
  return (await gameIn(channel)).seats.find((s) => s.userId === userId)!.seat;
}

/** The post's one container (throws when the post is laid out otherwise). */
function containerOf(post: SeenMessage): APIContainerComponent {
  expect(post.flags & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
  expect(post.content).toBe('');
  expect(post.embeds).toEqual([]);
  expect(post.components.map((c) => c.type)).toEqual([ComponentType.Container]);
  return post.components[0] as APIContainerComponent;
}

const colour = (css: string): number => Number.parseInt(css.slice(1), 16);

/** The users the request that posted `post` allowed to ping. */
function pinged(post: SeenMessage): string[] {
  const request = env.fake.requests.find((r) => r.method === 'POST' && r.globallyLimited !== true && r.status < 300 && bodyText(r.body) === post.text);
  return (request?.body as { allowed_mentions?: { users?: string[] } } | undefined)?.allowed_mentions?.users ?? [];
}

/** Adds 2, then ends the turn: a player's second turn wins (first to 4). */
const addTwo: TurnPolicy = (context) => (context.step === 0 ? context.choices.find((c) => /Add 2/.test(c.label))! : endTheTurn(context));

describe('the board post', () => {
  it('Istanbul: a container in the colour of the player to move, the text pinging them, the picture in a gallery with its alt text, the buttons inside', async () => {
    const channel = env.fake.createChannel('board-post-istanbul');
    const board = await firstBoard(channel, 'istanbul');
    const container = containerOf(board);
    const [actor] = mentionedToAct(board);
    const game = await gameIn(channel);
    const view = env.service.publicView(game) as IstanbulPublicView;
    const player = view.players[await seatOf(channel, actor!)]!;
    expect(container.accent_color).toBe(colour(PLAYER_STYLES[player.colour].fill));

    const [text, gallery, ...rows] = container.components;
    expect(text?.type).toBe(ComponentType.TextDisplay);
    expect((text as APITextDisplayComponent).content).toBe(board.text);
    expect(board.text).toMatch(/^\*\*Istanbul\*\* · game #\d+/);
    expect(board.text.split('\n').at(-1)).toContain(`<@${actor}>`);
    expect(pinged(board)).toEqual([actor]);

    // The picture: the post's one file, shown in the gallery with the file's own description as its alt text.
    const picture = boardPictures(board).board;
    expect(gallery?.type).toBe(ComponentType.MediaGallery);
    expect((gallery as APIMediaGalleryComponent).items).toEqual([{ media: { url: `attachment://${picture.filename}` }, description: picture.description }]);
    expect(picture.description).toMatch(/./);

    expect(rows.map((r) => r.type)).toEqual([ComponentType.ActionRow]);
    expect(board.buttons.map((b) => b.label)).toEqual(expect.arrayContaining(['Take my turn', 'My hand', 'Log']));
    // Read back from Discord, the buttons name the game and the version the post shows, from inside the container.
    expect(board.buttons.every((b) => b.customId?.startsWith(`g${game.row.id}:`) === true)).toBe(true);
  });

  it('a newer board takes the buttons off the older one, which keeps its text, its picture and the flag; the bar follows the player to move', async () => {
    const channel = env.fake.createChannel('board-post-tally');
    const first = await firstBoard(channel, 'tally');
    const firstActor = mentionedToAct(first)[0]!;
    // Tally's players have no colour of their own: the colour of their line in the end chart.
    expect(containerOf(first).accent_color).toBe(colour(chartColour(await seatOf(channel, firstActor))));

    const played = await playTurn({ fake: env.fake, channelId: channel }, { policy: addTwo, awaitNextBoard: true });
    const next = played!.next!;
    const nextActor = mentionedToAct(next)[0]!;
    expect(nextActor).not.toBe(firstActor);
    expect(containerOf(next).accent_color).toBe(colour(chartColour(await seatOf(channel, nextActor))));

    await expectDisarmed(first);
  });

  it('a game over: the bar in the winner’s colour, the final board with its chart, the rematch and replay buttons inside', async () => {
    const channel = env.fake.createChannel('board-post-over');
    await firstBoard(channel, 'tally');
    const turns = await playToTheEnd({ fake: env.fake, channelId: channel }, { policy: addTwo, awaitNextBoard: true }, { maxTurns: 6 });
    const final = turns.at(-1)!.next!;
    const winner = turns.at(-1)!.actor.id;
    const container = containerOf(final);
    expect(container.accent_color).toBe(colour(chartColour(await seatOf(channel, winner))));
    const galleries = container.components.filter((c) => c.type === ComponentType.MediaGallery) as APIMediaGalleryComponent[];
    // Each picture (the board, and a game's summary chart where it draws one) at the container's full width: a gallery of its own.
    expect(galleries.map((g) => g.items.map((i) => i.media.url))).toEqual(final.attachments.map((a) => [`attachment://${a.filename}`]));
    expect(boardPictures(final).board.filename).toMatch(/^tally-/);
    expect(final.buttons.map((b) => b.label)).toEqual(expect.arrayContaining(['Rematch', 'Replay']));
    // The board before it lost its buttons; the final one keeps them.
    await expectDisarmed(turns.at(-1)!.board);
  });
});

/** The post as it is now: no buttons, its text and picture as posted, still a Components V2 message. */
async function expectDisarmed(post: SeenMessage): Promise<void> {
  await until(env.fake, () => env.fake.message(post.id)!.buttons.length === 0, 'the older board without its buttons');
  const now = env.fake.message(post.id)!;
  expect(now.buttons).toEqual([]);
  expect(now.text).toBe(post.text);
  expect(now.attachments.map((a) => a.filename)).toEqual(post.attachments.map((a) => a.filename));
  const before = containerOf(post);
  expect(containerOf(now)).toEqual({ ...before, components: before.components.filter((c) => c.type !== ComponentType.ActionRow) } satisfies APIMessageTopLevelComponent);
}

/**
 * The app's own emojis: at start the bot draws every game's symbols and uploads those the application lacks
 * (each once: a restart uploads nothing, a redrawn glyph replaces its stale emoji, an emoji of another name
 * stays); the turn panel shows a symbol's emoji beside the words, and the words alone when the emoji is not
 * there (its upload failed). Played through the fake Discord with the real client.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { lookAgain, syncApplicationEmojis } from '../../src/discord/emojis.js';
import { createLogger } from '../../src/logger.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { until } from './bot-process.js';
import { buttonFor, clickForBoard, latestBoard, openLobby, openPrivately, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

const SYMBOLS = [...GAMES.presenters({ render: () => Promise.reject(new Error('not drawn')) }).values()].flatMap((p) => p.emojis?.symbols ?? []);
const OURS = /^([a-z_]+)_[0-9a-f]{6}$/;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['emoji-1', 'emoji-2', 'emoji-3'], fake: { guild: { channels: ['general', 'second', 'third'] } } });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

const emojis = (): { id: string; name: string; png: Buffer }[] => [...env.fake.world.applicationEmojis.values()];
const uploads = (): number => env.fake.requests.filter((r) => r.method === 'POST' && /\/applications\/\d+\/emojis$/.test(r.path)).length;

/**
 * A Kairo game in `channel`, started: the panel of the player to move (its first decision: a start stall)
 * and their hand.
 */
async function firstPanel(channelName: string): Promise<{ panel: SeenMessage; hand: SeenMessage }> {
  const channel = env.fake.channelId(channelName);
  const lobby = await openLobby(alice, channel, { game: 'kairo', players: 2, layout: 'variable' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const loaded = await env.service.byChannel(channel);
  const game = (loaded.ok ? loaded.game : undefined) as ActiveSnapshot;
  const seat = env.service.activeSeats(game)[0]!;
  const actor = game.seats.find((s) => s.seat === seat)!.userId === alice.id ? alice : bob;
  const board = latestBoard(env.fake, channel);
  const panel = await openPrivately(actor, board, buttonFor(board, 'turn'));
  return { panel, hand: await openPrivately(actor, board, buttonFor(board, 'hand')) };
}

/** Every choice of a panel with its label and emoji name: buttons and select options. */
function choices(panel: SeenMessage): { label: string; emoji: string | undefined }[] {
  return [
    ...panel.buttons.map((b) => ({ label: b.label ?? '', emoji: b.emoji })),
    ...panel.selects.flatMap((s) => s.options.map((o) => ({ label: o.label, emoji: o.emoji }))),
  ];
}

describe("the app's emojis", () => {
  it('are uploaded at start, one per symbol, named by symbol and picture, 128 x 128 and transparent around the glyph', async () => {
    const names = emojis().map((e) => e.name);
    expect(names.map((n) => OURS.exec(n)?.[1]).sort()).toEqual([...SYMBOLS].sort());
    for (const emoji of emojis()) {
      const png = checkPng(emoji.png);
      expect(png.ok && [png.width, png.height]).toEqual([128, 128]);
      const image = await loadImage(emoji.png);
      const canvas = createCanvas(128, 128);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      // Transparent in the corners, drawn in the middle.
      expect(ctx.getImageData(1, 1, 1, 1).data[3], `${emoji.name} corner`).toBe(0);
      expect(ctx.getImageData(64, 64, 1, 1).data[3], `${emoji.name} middle`).toBe(255);
    }
  });

  it("stand beside the panel's words: Kairo's colours on the start stalls, the colour still named; coins in the hand", async () => {
    const { panel, hand } = await firstPanel('general');
    const coin = emojis().find((e) => e.name.startsWith('kairo_coin_violet_'))!;
    expect(hand.text).toContain(`<:${coin.name}:${coin.id}> violet `);
    const stall = emojis().find((e) => e.name.startsWith('kairo_violet_'))!;
    expect(hand.text).toMatch(new RegExp(`: <:${stall.name}:${stall.id}> violet, `));
    const violet = choices(panel).find((c) => c.label === 'Build a new violet main stall');
    expect(violet?.emoji).toMatch(/^kairo_violet_[0-9a-f]{6}$/);
    // The start stalls in one go (a colour with its section): the colour's emoji beside the words that name it.
    const inOneGo = panel.selects.filter((s) => /In one go/.test(s.placeholder ?? '')).flatMap((s) => s.options);
    expect(inOneGo.length).toBeGreaterThan(0);
    for (const option of inOneGo) expect(option.label, option.emoji).toContain(/^kairo_([a-z]+)_/.exec(option.emoji ?? '')?.[1] ?? 'an emoji');
    // A choice about no symbol has none.
    expect(choices(panel).filter((c) => c.emoji !== undefined).every((c) => /violet|red|yellow|green|blue|orange/.test(c.label))).toBe(true);
  });

  it('a restart uploads nothing new; a glyph drawn anew replaces its stale emoji; an emoji of another name stays', async () => {
    const before = new Map(emojis().map((e) => [e.name, e.id]));
    const fabric = emojis().find((e) => e.name.startsWith('fabric_'))!;
    // The fabric emoji as an older drawing of it left it, and someone's own emoji beside ours.
    env.fake.world.applicationEmojis.set(fabric.id, { ...fabric, name: 'fabric_000000' });
    env.fake.world.applicationEmojis.set('42', { id: '42', name: 'party_parrot', png: fabric.png });
    const posted = uploads();
    await env.restart();
    expect(uploads() - posted).toBe(1);
    const after = new Map(emojis().map((e) => [e.name, e.id]));
    expect(after.has('fabric_000000')).toBe(false);
    expect(after.get('party_parrot')).toBe('42');
    expect(after.get(fabric.name)).not.toBe(fabric.id);
    for (const [name, id] of before) if (name !== fabric.name) expect(after.get(name), name).toBe(id);
  });

  it('an upload whose answer was lost is found on a second look, not uploaded twice', async () => {
    env.fake.world.applicationEmojis.clear();
    // The answers to the first nine uploads (Istanbul's eight, then Kairo's violet) are lost on the way.
    env.fake.failNext('POST /applications/{application_id}/emojis', { status: 201, lost: true, times: 9 });
    await env.restart();
    const names = emojis().map((e) => e.name);
    expect(names.map((n) => OURS.exec(n)?.[1]).sort()).toEqual([...SYMBOLS].sort());
    const { panel } = await firstPanel('second');
    const colours = choices(panel).filter((c) => /^Build a new \w+ main stall$/.test(c.label));
    expect(colours.length).toBeGreaterThan(0);
    for (const choice of colours) expect(choice.emoji, choice.label).toMatch(/^kairo_\w+_[0-9a-f]{6}$/);
  });

  it('only the process that runs shard 0 uploads: another finds them on looking again, and no two race for a name', async () => {
    const rest = env.bot.client.rest;
    const presenters = GAMES.presenters(inProcessBoardRenderer(GAMES));
    const logger = createLogger({ level: 'silent', format: 'json' });
    // A new application: none of the emojis are there yet.
    for (const [id, emoji] of [...env.fake.world.applicationEmojis]) if (OURS.test(emoji.name)) env.fake.world.applicationEmojis.delete(id);
    const before = uploads();
    const other = await syncApplicationEmojis(rest, env.fake.applicationId, presenters, logger, false);
    expect(uploads()).toBe(before);
    expect(other.book.size).toBe(0);
    expect(other.missing.map((m) => m.symbol).sort()).toEqual([...SYMBOLS].sort());
    // Looking often, as long as the test waits: the uploads take what they take on a busy machine.
    const stop = lookAgain(rest, env.fake.applicationId, other, logger, { ms: 5, looks: Number.MAX_SAFE_INTEGER });
    try {
      const first = await syncApplicationEmojis(rest, env.fake.applicationId, presenters, logger, true);
      expect(uploads()).toBe(before + SYMBOLS.length);
      await until(env.fake, () => other.book.size === SYMBOLS.length, 'the other process finding every emoji', WAIT_MS);
      for (const symbol of SYMBOLS) expect(other.book.emoji(symbol)).toEqual(first.book.emoji(symbol));
    } finally {
      stop();
    }
    env.fake.assertNoViolations();
  });

  it('when the uploads fail the panel reads as before: the words alone', async () => {
    env.fake.world.applicationEmojis.clear();
    env.fake.failNext('POST /applications/{application_id}/emojis', { status: 500, times: 1000 });
    await env.restart();
    expect(emojis()).toEqual([]);
    const { panel, hand } = await firstPanel('third');
    expect(choices(panel).map((c) => c.emoji).filter((e) => e !== undefined)).toEqual([]);
    expect(hand.text).not.toContain('<:');
    expect(hand.text).toMatch(/violet \d/);
    expect(choices(panel).map((c) => c.label)).toContain('Build a new violet main stall');
  });
});


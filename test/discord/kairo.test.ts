/**
 * Complete games of Kairo through the fake Discord with the real discord.js client, played only by users
 * clicking the bot's buttons and select options: the board's Take my turn, then the panel until the turn
 * is over (the turn driver, test/support/turn-driver.ts). A progress-biased policy picks among what each
 * panel offers (extend first, lead when short of coins, draw when short of cards, stop as soon as the final
 * phase allows). Every turn posts a board
 * picture; hands appear only in ephemeral answers to their owner; the standings are posted at the end.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { seedRng } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { START_STALLS_PER_PLAYER } from '../../src/games/kairo/data/board.js';
import { playingOrder } from '../../src/app/module.js';
import { renderScoreChart } from '../../src/render/chart.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { pickKairo as pick } from './kairo-policy.js';
import { playToTheEnd } from '../support/turn-driver.js';
import { boardPictures, boards, buttonFor, clickForBoard, hasButton, latestBoard, openPrivately, type BotOnFake, startBotOnFake, openLobby } from './harness.js';

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  // Seeds whose games the policy finishes in a few dozen turns (the policy's own draws are seeded per game below).
  env = await startBotOnFake({ games: GAMES, seeds: ['k3', 'k21'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

async function activeGame(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}: ${JSON.stringify(loaded)}`);
  return loaded.game;
}

interface Played {
  turns: number;
  /** Turns called by a short text instead of a board picture (the start stalls after the first). */
  texts: number;
  clicks: number;
  handLines: string[];
  privateEvents: string[];
  prompts: Set<string>;
  /** The kinds of decision clicked (action types). */
  kinds: Set<string>;
  final: SeenMessage;
}

const TURN_OVER = /(turn is over|Zug ist zu Ende|beurt is voorbij|game is over|Spiel ist vorbei|spel is afgelopen|must decide now|Jetzt entscheidet|Nu beslist)/;

/** The newest message a turn starts from (a board, or a short text during the start), or the final board. */
function latestPost(channel: string): SeenMessage | undefined {
  return env.fake.channelMessages(channel).filter((m) => m.attachments.length > 0 || hasButton(m, 'turn')).at(-1);
}
const PRIVATE_DRAW = /(You drew building card [^;\n]+|Du hast Baukarte [^;\n]+ gezogen|Je hebt bouwkaart [^;\n]+ getrokken)/g;

async function playKairo(channel: string, players: FakeUser[], start: 'variable' | 'quick'): Promise<Played> {
  const [host, ...others] = players as [FakeUser, ...FakeUser[]];
  const lobby = await openLobby(host, channel, { game: 'kairo', players: players.length, layout: start });
  assert.match(lobby.text, start === 'quick' ? /Layout: Quick start/ : /Layout: Variable start/);
  // Kairo has no variants: the lobby does not offer one.
  assert.doesNotMatch(lobby.text, /Variant/);
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

  const rng = seedRng(`kairo-e2e:${players.length}`);
  const played: Played = { turns: 0, texts: 0, clicks: 0, handLines: [], privateEvents: [], prompts: new Set(), kinds: new Set(), final: latestBoard(env.fake, channel) };
  const checkPicture = (board: SeenMessage): void => {
    const png = checkPng(board.attachments[0]!.bytes);
    assert.ok(png.ok && png.width === 1600 && png.height > 800, 'the board is a PNG of the Kairo size');
  };
  await playToTheEnd(
    // A turn starts from the newest message with Take my turn: a board, or a short text during the start.
    { fake: env.fake, channelId: channel, latest: () => latestPost(channel) },
    {
      maxSteps: 20,
      async onPanel(_panel, { board, actor }) {
        if (played.turns % 7 !== 0) return;
        const hand = await openPrivately(actor, board, buttonFor(board, 'hand'));
        const lines = hand.text.split('\n');
        assert.match(lines[1]!, /^(Building cards|Baukarten|Bouwkaarten)/);
        assert.match(lines[2]!, /^(Coins|Geld|Munten) \(\d+/);
        played.handLines.push(lines[2]!);
        if (!/: (none|keine|geen)$/.test(lines[1]!)) played.handLines.push(lines[1]!);
      },
      async policy({ panel, choices, actor }) {
        played.prompts.add(panel.text.split('\n').at(-1)!);
        const game = await activeGame(channel);
        const seat = env.service.seatOf(game, actor.id)!.seat;
        const legal = env.service.legalActions(game, seat) as KairoAction[];
        const index = pick(game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), rng);
        played.kinds.add(legal[index]!.t === 'build' ? `build:${(legal[index] as Extract<KairoAction, { t: 'build' }>).kind}` : legal[index]!.t);
        return choices.find((c) => c.index === index)!;
      },
      onAnswer({ panel }) {
        assert.ok(panel.ephemeral, 'the panel is ephemeral');
        played.clicks++;
        for (const m of panel.text.matchAll(PRIVATE_DRAW)) played.privateEvents.push(m[1]!.trim());
      },
    },
    {
      maxTurns: 200,
      beforeTurn(call) {
        if (call.attachments.length > 0) return checkPicture(call);
        assert.match(call.text, /\n(Just now|Soeben|Zojuist): /, 'a short text tells what was just placed');
        played.texts++;
      },
      afterTurn({ board, panel }) {
        assert.match(panel!.text, TURN_OVER);
        played.turns++;
        const next = latestPost(channel)!;
        assert.notEqual(next.id, board.id, 'a new board after the turn');
        assert.deepEqual(env.fake.message(board.id)!.buttons, [], 'the previous board lost its buttons');
      },
    },
  );
  played.final = latestBoard(env.fake, channel);
  checkPicture(played.final);
  return played;
}

function checkPrivacy(channel: string, played: Played): void {
  expect(played.handLines.length).toBeGreaterThan(0);
  for (const line of played.handLines) expect(env.fake.publicOccurrences(line), line).toEqual([]);
  expect(played.privateEvents.length).toBeGreaterThan(0);
  for (const text of played.privateEvents) expect(env.fake.publicOccurrences(text), text).toEqual([]);
  expect(env.fake.publicOccurrences(/You drew|Du hast Baukarte|Je hebt bouwkaart/, channel)).toEqual([]);
  const all = boards(env.fake, channel);
  for (const board of all) {
    expect(board.ephemeral).toBe(false);
    // One picture, the board; the final board also carries the summary chart.
    const pictures = boardPictures(board);
    expect(pictures.chart !== undefined).toBe(board === all.at(-1));
    for (const file of board.attachments) expect(file.contentType).toBe('image/png');
    expect(checkPng(pictures.board.bytes)).toMatchObject({ ok: true, width: 1600 });
  }
}

function checkStandings(played: Played, players: FakeUser[]): void {
  const text = played.final.text;
  expect(text).toContain('**The game is over.** Final standings:');
  // Each name carries its number in the playing order, as on the discs of the picture.
  for (const user of players) expect(text).toMatch(new RegExp(`\\d\\. \\d\uFE0F\u20E3 <@${user.id}>: score \\d+`));
  expect(text).toMatch(/\n1\. \d\uFE0F\u20E3 <@\d+>: score \d+/);
  // the status line of the last board names the players by their names, with their points
  expect(text).toMatch(/Turn \d+ · points: /);
}

describe('Kairo end to end', () => {
  it('a complete 2-player game (quick start), only by clicking', async () => {
    const channel = env.fake.createChannel('kairo-2');
    const played = await playKairo(channel, [alice, bob], 'quick');
    expect(played.turns).toBeGreaterThan(15);
    expect(played.texts).toBe(0);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1);
    checkStandings(played, [alice, bob]);
    checkPrivacy(channel, played);
    // every build step was asked in the panel, in each player's own language
    const prompts = [...played.prompts].join('\n');
    expect(prompts).toMatch(/choose the section/);
    expect(prompts).toMatch(/Marktabschnitt wählen|Feld in Marktabschnitt/);
    // builds (new stalls and extensions, with their coins), customers led, cards drawn, the final phase's stop
    for (const kind of ['build:stall', 'build:extend', 'card', 'section', 'field', 'payStall', 'lead', 'draw', 'takeDeck', 'pass']) expect(played.kinds).toContain(kind);
    expect(await env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });
    env.fake.assertNoViolations();
  }, 360_000);

  it('a complete 3-player game (variable start: the start stalls are placed through the panel)', async () => {
    const channel = env.fake.createChannel('kairo-3');
    const played = await playKairo(channel, [carol, alice, bob], 'variable');
    expect(played.turns).toBeGreaterThan(15);
    // Three start stalls each: the first placement from the start board, the other eight called by a short
    // text each; one board picture when the start is done, then one per turn.
    expect(played.texts).toBe(3 * START_STALLS_PER_PLAYER - 1);
    expect(boards(env.fake, channel)).toHaveLength(played.turns + 1 - played.texts);
    checkStandings(played, [alice, bob, carol]);
    checkPrivacy(channel, played);
    const prompts = [...played.prompts].join('\n');
    expect(prompts).toMatch(/Place a start stall|Setze einen Startstand|Plaats een startkraam/);
    expect(prompts).toMatch(/choose the side of the entrance|Seite des Eingangs|kant van de ingang/);
    env.fake.assertNoViolations();
  }, 360_000);

  it('after the two games: the summary chart is drawn from the log; /game history and /stats list them', async () => {
    const finished = await env.service.history(env.fake.guildId, 10);
    expect(finished).toHaveLength(2);
    for (const game of finished) {
      const final = latestBoard(env.fake, game.channelId);
      expect(final.id).toBe(game.boardMessageId);
      const chart = boardPictures(final).chart!;
      const png = checkPng(chart.bytes);
      expect(png).toMatchObject({ ok: true, width: 1000, height: 560 });
      // Drawn from a replay of the action log: the same picture comes out of the log again, and its last
      // points are the final scores of the standings.
      const loaded = await env.service.byId(game.gameId);
      if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('the finished game does not load');
      const over = loaded.game;
      const series = await env.service.scoreHistory(loaded.game, (view) => (view as { players: { score: number }[] }).players.map((p) => p.score));
      const standings = env.service.standings(loaded.game);
      expect(series.map((s) => s.at(-1))).toEqual(over.seats.map((seat) => (over.state as KairoState).players[seat.seat]!.score));
      expect(series[0]!.length).toBeGreaterThan(10);
      // Each line marked with its player's number, as their discs and the texts' 1️⃣ 2️⃣ 3️⃣ carry it: the playing order.
      const order = playingOrder(over.module, over.state, over.seats.length);
      const numbers = over.seats.map((s) => order.indexOf(s.seat) + 1);
      const again = await renderScoreChart({ title: 'Kairo #' + game.gameId + ': the game in numbers', scoreLabel: 'Points', turnLabel: 'Turn', names: loaded.game.seats.map((s) => s.displayName), series, numbers });
      expect(Buffer.compare(again, Buffer.from(chart.bytes))).toBe(0);
      // Its alt text says the same in words: each player's points at the end, and after how many turns they led.
      const turns = series[0]!.length - 1;
      expect(chart.description!.split('\n')).toEqual([
        `Each player's score (Points) over the ${turns} turns of the game:`,
        ...loaded.game.seats.map((s) => expect.stringMatching(new RegExp(`^${s.displayName}: ${series[s.seat]!.at(-1)} at the end; in the lead after \\d+ of ${turns} turns$`))),
      ]);
      expect(game.winners.map((w) => w.userId)).toEqual(standings.filter((st) => st.rank === 1).map((st) => loaded.game.seats[st.seat]!.userId));
    }
    const channel = env.fake.channelId();
    const history = await openPrivatelyCommand(alice, channel, 'game', 'history');
    // The title, the two games, and how to replay them.
    expect(history.split('\n')).toHaveLength(4);
    expect(history).toMatch(new RegExp(`#${finished[0]!.gameId} Kairo .* 3 players · won by <@\\d+>.*\\[final board\\]\\(https://discord.com/channels/${env.fake.guildId}/${finished[0]!.channelId}/${finished[0]!.boardMessageId}\\)`));
    const stats = await openPrivatelyCommand(alice, channel, 'stats');
    expect(stats).toContain(`**Statistics** of <@${alice.id}> in this server`);
    expect(stats).toMatch(/Kairo: 2 played, [0-2] won, average place \d\.\d · rating \d+\.\d ± \d\.\d/);
    // Two rated games each: nobody is on the leaderboard yet (it needs three).
    expect(stats).toContain('No leaderboard yet: it lists players with at least 3 finished games of one game in this server.');
    const carols = await openPrivatelyCommand(bob, channel, 'stats', undefined, { user: carol.id });
    expect(carols).toMatch(/Statistik.*Kairo: 1 gespielt/s);
  });
});

/** Runs a command and returns the text of its private answer. */
async function openPrivatelyCommand(user: FakeUser, channel: string, name: string, subcommand?: string, options: Record<string, string> = {}): Promise<string> {
  const handle = await user.runCommand(channel, name, { ...(subcommand ? { subcommand } : {}), options });
  const reply = handle.reply!;
  expect(reply.ephemeral).toBe(true);
  return reply.text;
}

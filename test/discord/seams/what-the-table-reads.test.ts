/**
 * What the table reads, said as a person would say it: a full lobby offers no seat; a move that pays a
 * player's merchant and companion names that player once; the board's "Last turns" tell each turn, a
 * computer's and a stand-in's too, in whole lines of at most 300 characters, never cut mid-rule; the board of
 * a game won because the other player left says first that it is over and who won, and its picture shows
 * nobody deciding; links read as short named links; /help rules comes in sections. Istanbul with Letters &
 * Seals, two tables side by side in one channel (each in its thread), public posts in German, private
 * answers in each player's language. The games are dealt as usual, then a few pieces are set where the
 * promise needs them (see `arranged`); the computer players follow a fixed plan (see `plan`).
 *
 * Crosses: tables, stand-ins, leave-abandon, languages
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputerPlayer } from '../../../src/app/computer-turns.js';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import type { GamePlugin } from '../../../src/games/contract.js';
import { FOUNTAIN } from '../../../src/games/istanbul/data/places.js';
import { istanbulGame } from '../../../src/games/istanbul/game.js';
import { distance } from '../../../src/games/istanbul/rules/helpers.js';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { gameRegistry } from '../../../src/games/registry.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer, type GameBoardJob } from '../../../src/render/board-job.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { until } from '../bot-process.js';
import { boards, buttonFor, choose, customIds, hasButton, latestCall, offered, openPrivately, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from '../harness.js';

/** The longest line the board's "Last turns" may have. */
const TURN_LINE_MAX = 300;

const NAMES = { carol: 'Carol', dirk: 'Dirk', alice: 'Alexandra Konstantinopoulou-Smit', bob: 'Bartholomew Featherstonehaugh Jr' } as const;

/** The place beside the Fountain where the pieces are set (the same in every game: the first-game layout). */
let gathering = -1;

/**
 * A dealt game with pieces set: two players, the other player's merchant and companion beside the Fountain,
 * where the player to move can go; five players, every companion there, and every purse full enough to pay
 * all of them (each merchant that arrives pays the companions and the merchants already there).
 */
function arranged(dealt: IstanbulState): IstanbulState {
  const s = JSON.parse(JSON.stringify(dealt)) as IstanbulState;
  const ls = s.ls;
  if (ls === undefined) return s;
  const places = Object.keys(s.cellOf).map(Number).filter((p) => s.cellOf[p] !== undefined);
  const busy = (p: number): boolean => p === s.governor || p === s.smuggler || p === ls.courier || s.neutralMerchants.includes(p);
  gathering = places.find((p) => p !== FOUNTAIN && distance(s, FOUNTAIN, p) === 1 && !busy(p)) ?? -1;
  for (const p of s.players) {
    if (s.players.length === 2) {
      if (p.seat === s.turnSeat) p.lira = 20;
      else {
        p.merchant = gathering;
        ls.companions[p.seat] = gathering;
      }
    } else {
      p.lira = 50;
      ls.companions[p.seat] = gathering;
    }
  }
  return s;
}

const definition = istanbulGame.module.definition;
const istanbulArranged: GamePlugin<'istanbul'> = {
  ...istanbulGame,
  module: { ...istanbulGame.module, definition: { ...definition, setup: (options, seed) => arranged(definition.setup(options, seed) as IstanbulState) } },
};

/** The plan every computer player (and stand-in) follows: to the gathering, pay, skip the place, end. */
function plan(legal: readonly IstanbulAction[]): number {
  const to = legal.findIndex((a) => a.type === 'move' && a.to === gathering);
  if (to >= 0) return to;
  for (const type of ['leaveAssistant', 'payMerchants', 'skipAction', 'endTurn', 'finish'] as const) {
    const i = legal.findIndex((a) => a.type === type);
    if (i >= 0) return i;
  }
  return 0;
}
const planned: ComputerPlayer = { choose: async (request) => ({ index: plan(request.legal as IstanbulAction[]), value: null }) };

/** The board pictures asked for, in order (what the picture is drawn from). */
const jobs: BoardJob[] = [];

let env: BotOnFake;
let carol: FakeUser;
let dirk: FakeUser;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  const registry = gameRegistry([istanbulArranged]);
  const drawn = inProcessBoardRenderer(registry);
  const recording: BoardRenderer = {
    render(job, priority, signal) {
      jobs.push(job);
      return drawn.render(job, priority, signal);
    },
  };
  env = await startBotOnFake({
    games: registry,
    boards: recording,
    computerPlayer: planned,
    seeds: ['reads-1', 'reads-2', 'reads-3', 'reads-4'],
    fake: { guild: { locale: Locale.German }, botPermissions: [...INVITE_PERMISSIONS] },
  });
  carol = env.createUser('carol', { globalName: NAMES.carol, locale: Locale.Dutch });
  dirk = env.createUser('dirk', { globalName: NAMES.dirk, locale: Locale.German });
  // Names as long as Discord allows: a turn that pays them is long.
  alice = env.createUser('alice', { globalName: NAMES.alice, locale: Locale.EnglishUS });
  bob = env.createUser('bob', { globalName: NAMES.bob, locale: Locale.EnglishUS });
});

afterAll(async () => {
  await env?.stop();
});

const channel = (): string => env.fake.channelId();

async function gameIn(gameId: number): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game #${gameId} is not running`);
  return loaded.game;
}

function verbs(message: SeenMessage): string[] {
  return customIds(message).map((id) => id.verb);
}

/** Starts the lobby and returns its game's number and thread (a table of its own in the channel). */
async function start(host: FakeUser, lobby: SeenMessage): Promise<{ gameId: number; thread: string }> {
  const gameId = parseCustomId(buttonFor(env.fake.message(lobby.id)!, 'start'))!.gameId;
  await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  await until(env.fake, () => env.fake.threadsOf(channel()).some((t) => t.starterMessageId === lobby.id), 'the table\'s thread');
  const thread = env.fake.threadsOf(channel()).find((t) => t.starterMessageId === lobby.id)!.id;
  await until(env.fake, () => boards(env.fake, thread).length > 0, 'the first board');
  return { gameId, thread };
}

/** The player whose turn it is plays it by the computers' plan, from their own panel. */
async function playTurn(user: FakeUser, gameId: number, place: string): Promise<void> {
  const call = latestCall(env.fake, place);
  let panel = await openPrivately(user, call, buttonFor(call, 'turn'));
  for (let step = 0; offered(panel).length > 0; step++) {
    expect(step, 'a turn of a few decisions').toBeLessThan(40);
    const game = await gameIn(gameId);
    const seat = env.service.seatOf(game, user.id)!.seat;
    const legal = env.service.legalActions(game, seat) as IstanbulAction[];
    if (legal.length === 0) break;
    const want = plan(legal);
    const pick = offered(panel).find((o) => o.index === want) ?? offered(panel).find((o) => o.index < legal.length)!;
    const handle = await choose(user, panel, pick);
    panel = env.fake.message(panel.id) ?? handle.reply!;
  }
}

/** `/game new` by `host`: the private answer and the lobby its link opens. */
async function newLobby(host: FakeUser, players: number): Promise<{ answer: SeenMessage; lobby: SeenMessage }> {
  const handle = await host.runCommand(channel(), 'game', { subcommand: 'new', options: { game: 'istanbul', expansion: 'letters-and-seals', players, layout: 'starter' } });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
  const answer = privateReply(handle, host);
  const id = /\/channels\/\d+\/\d+\/(\d+)$/.exec(answer.links[0]?.url ?? '')?.[1];
  const lobby = id === undefined ? undefined : env.fake.message(id);
  if (lobby === undefined) throw new Error(`no lobby linked from: ${answer.text}`);
  return { answer, lobby };
}

/** Everything a panel shows: its text, its buttons, and its select options with their descriptions. */
function panelText(panel: SeenMessage): string {
  return [panel.text, ...panel.buttons.map((b) => b.label ?? ''), ...panel.selects.flatMap((s) => s.options.map((o) => `${o.label} · ${o.description ?? ''}`))].join('\n');
}

describe('what the table reads', () => {
  /** The two-player table of Carol and Dirk, started once (the tests below read it). */
  let payTable: Promise<{ gameId: number; thread: string }> | undefined;
  const pay = (): Promise<{ gameId: number; thread: string }> =>
    (payTable ??= (async () => {
      const { lobby } = await newLobby(carol, 2);
      await dirk.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
      return start(carol, env.fake.message(lobby.id)!);
    })());

  it('a full lobby offers no Join and no computer player to add; Leave, Start and Cancel stay; when a seat frees up, both come back; the lobby link reads "Je lobby openen"', async () => {
    const { answer, lobby } = await newLobby(carol, 2);
    try {
      expect(verbs(lobby)).toEqual(['join', 'quit', 'start', 'cancel', 'addbot']);

      await dirk.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
      const full = env.fake.message(lobby.id)!;
      expect(full.text).toContain('Spieler (2/2)');
      expect(verbs(full)).toEqual(['quit', 'start', 'cancel']);
      expect(full.selects).toEqual([]);

      await dirk.clickButton(lobby.id, buttonFor(full, 'quit'));
      expect(verbs(env.fake.message(lobby.id)!)).toEqual(['join', 'quit', 'start', 'cancel', 'addbot']);
      // The host's answer links the lobby by a short name, not by its raw address.
      expect(answer.links).toEqual([{ label: 'Je lobby openen', url: `https://discord.com/channels/${env.fake.guildId}/${channel()}/${lobby.id}` }]);
    } finally {
      // The channel's next table is another lobby.
      await carol.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'cancel'));
    }
  });

  it('a move that pays a player\'s merchant and companion names that player once: 4 lira, "(merchant and companion)", in the reader\'s language', async () => {
    const table = await pay();
    const game = await gameIn(table.gameId);
    const actorSeat = env.service.activeSeats(game)[0]!;
    const actor = [carol, dirk].find((u) => u.id === game.seats.find((s) => s.seat === actorSeat)!.userId)!;
    const other = actor === carol ? NAMES.dirk : NAMES.carol;
    const panel = await openPrivately(actor, latestCall(env.fake, table.thread), buttonFor(latestCall(env.fake, table.thread), 'turn'));
    const text = panelText(panel);
    // Letters & Seals: "you must pay 2 Lira for each of those tokens": the merchant and the companion, 4 lira to one player.
    const expected = actor === carol ? `4 lira betalen aan ${other} (handelaar en compagnon)` : `4 Lira an ${other} (Kaufmann und Kompagnon) zahlen`;
    expect(text).toContain(expected);
    expect(text).not.toContain(`${other} en ${other}`);
    expect(text).not.toContain(`${other} und ${other}`);
  });

  it('computer players\' and a stand-in\'s turns under "Last turns": each a whole line of at most 300 characters, a long one shortened by whole events ("… und 3 weitere"), none cut mid-rule', async () => {
    const { lobby } = await newLobby(alice, 5);
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    for (let i = 0; i < 3; i++) {
      const current = env.fake.message(lobby.id)!;
      const select = current.selects.find((s) => s.customId.includes(':addbot'))!;
      const added = await alice.selectOptions(lobby.id, select.customId, ['normal'], { until: 'response' });
      await added.waitFor(() => env.fake.message(lobby.id)!.text !== current.text, { timeoutMs: WAIT_MS, description: 'the computer player seated' });
    }
    const crowd = await start(alice, env.fake.message(lobby.id)!);
    // Bob leaves: a computer player takes his seat (a stand-in) and plays it by the same plan.
    const left = await runConfirmed(bob, crowd.thread, 'leave');
    expect(left.text).not.toBe('');
    // Alexandra's turn comes (the game's own word, then the board that calls her).
    const called = async (after: string | undefined): Promise<boolean> => {
      const game = await gameIn(crowd.gameId);
      const board = boards(env.fake, crowd.thread).at(-1);
      return board !== undefined && board.id !== after && env.service.activeSeats(game)[0] === env.service.seatOf(game, alice.id)!.seat;
    };
    await until(env.fake, () => called(undefined), 'a board calling Alexandra', 120_000);
    // Alexandra plays a turn; the four others follow, and the board after them tells each turn in a line.
    const before = boards(env.fake, crowd.thread).at(-1)!.id;
    await playTurn(alice, crowd.gameId, crowd.thread);
    await until(env.fake, () => called(before), 'the board after the others\' turns', 120_000);
    const board = boards(env.fake, crowd.thread).at(-1)!;
    const lines = board.text.split('\n');
    const heading = lines.indexOf('Letzte Züge, je einer pro Zeile:');
    expect(heading, board.text).toBeGreaterThan(0);
    const turns = lines.slice(heading + 1).filter((l) => l.startsWith('- '));
    expect(turns.length).toBeGreaterThanOrEqual(4);
    for (const line of turns) {
      expect([...line].length, line).toBeLessThanOrEqual(TURN_LINE_MAX);
      expect(line, 'not cut mid-sentence').not.toMatch(/…$/);
    }
    // A turn that pays every companion and merchant there is longer than a line: told in whole events, the rest counted.
    expect(turns.some((l) => /; … und \d+ weitere$/.test(l)), board.text).toBe(true);
    // A computer player's turn is one line of what it did, not a line announcing it and then its moves.
    expect(turns.filter((l) => /^- \S+ Bot \d \(normal\) ist am Zug \(Runde \d+\)$/u.test(l)), board.text).toEqual([]);
    // The stand-in's turn names Bob's seat as played by a computer.
    expect(turns.some((l) => l.includes(`${NAMES.bob} (Computer)`)), board.text).toBe(true);
  });

  it('the board of a game won because the other player left says first that it is over and who won; its picture shows the game over, nobody deciding', async () => {
    const table = await pay();
    const game = await gameIn(table.gameId);
    const actorSeat = env.service.activeSeats(game)[0]!;
    const winner = game.seats.find((s) => s.seat === actorSeat)!.userId;
    const leaver = [carol, dirk].find((u) => u.id !== winner)!;
    const finalsBefore = boards(env.fake, channel()).length;
    await runConfirmed(leaver, table.thread, 'leave');
    await until(env.fake, () => boards(env.fake, channel()).length > finalsBefore, 'the final board in the channel');
    const final = boards(env.fake, channel()).at(-1)!;
    const lines = final.text.split('\n');
    expect(lines[0]).toMatch(/^\*\*Istanbul\*\*/);
    expect(lines[1]).toMatch(new RegExp(`^\\*\\*Das Spiel ist vorbei\\.\\*\\* \\S+ <@${winner}> gewinnt: Alle anderen haben das Spiel verlassen\\.$`, 'u'));
    expect(hasButton(final, 'turn')).toBe(false);
    expect(final.text).not.toMatch(/am Zug|entscheide/);
    // The picture is drawn from a view with the game over and the winner ranked first: its header names the winner, nobody to decide.
    const over = jobs.filter((j): j is GameBoardJob => j.game === 'istanbul' && (j.options as { ranks?: unknown }).ranks !== undefined);
    expect(over.length).toBeGreaterThan(0);
    for (const job of over) {
      expect(job.view).toMatchObject({ phase: 'over', decision: null });
      expect((job.options as { ranks: unknown }).ranks).toEqual([{ seat: actorSeat, rank: 1 }]);
    }
  });

  it('/help rules comes in sections: headings and short bullets, not one block, whole in every language', async () => {
    for (const [user, heading] of [
      [carol, '### Je beurt'],
      [dirk, '### Dein Zug'],
      [alice, '### Your turn'],
    ] as const) {
      const handle = await user.runCommand(channel(), 'help', { options: { topic: 'rules', game: 'istanbul' } });
      await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /help rules' });
      const lines = privateReply(handle, user).text.split('\n');
      expect(lines[0]).toBe('## Istanbul');
      expect(lines).toContain(heading);
      expect(lines.filter((l) => l.startsWith('### ')).length).toBeGreaterThanOrEqual(3);
      expect(lines.filter((l) => l.startsWith('- ')).length).toBeGreaterThanOrEqual(8);
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(300);
      expect(lines.at(-1)).not.toMatch(/…$/);
    }
  });
});

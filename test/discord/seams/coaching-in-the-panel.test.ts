/**
 * Coaching in a learning game lives in the learner's own turn panel: the hint for the decision in front
 * of them is there before they choose, the verdict on their choice comes in the same panel (edited in
 * place, no message of its own), the first tip (what Take my turn opens) comes with the answer to
 * /game learn and the first call, the search's win chances are only compared when they tell the moves
 * apart, and a table opened with /game new beside the learning table gets no coaching.
 *
 * Crosses: learn, languages, tables
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { labelNames } from '../../../src/discord/messages/index.js';
import { GAMES } from '../../../src/games/index.js';
import { inProcessBoardRenderer } from '../../../src/render/board-job.js';
import type { FakeUser, InteractionHandle, SeenMessage } from '../../fake-discord/index.js';
import { until } from '../bot-process.js';
import { buttonFor, choose, clickForBoard, latestCall, mentionedToAct, offered, openLobby, openPrivately, privateReply, startBotOnFake, WAIT_MS, type BotOnFake, INVITE_PERMISSIONS } from '../harness.js';

const PRESENTERS = GAMES.presenters(inProcessBoardRenderer(GAMES));
/** The bot may open threads: the learning table is a thread beside a table in the channel itself. */
/** How long a hint may take: the AI pool is shared with the computer players' own turns on a busy machine. */
const SEARCH_MS = 120_000;

let env: BotOnFake;
let alice: FakeUser;
let dora: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['coach-1', 'coach-2', 'coach-3'], fake: { botPermissions: [...INVITE_PERMISSIONS] } });
  alice = env.createUser('alice', { globalName: 'Alice' });
  dora = env.createUser('dora', { globalName: 'Dora', locale: 'de' });
  bob = env.createUser('bob', { globalName: 'Bob' });
}, 120_000);

afterAll(async () => {
  await env?.stop();
});

async function learn(user: FakeUser, channel: string, options: Record<string, string | number | boolean>): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'learn', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game learn' });
  return privateReply(handle, user);
}

async function gameById(id: number): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(id);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game ${id} is not running`);
  return loaded.game;
}

/** Where a game's calls are posted: its thread, or its channel. */
function tableOf(game: ActiveSnapshot): string {
  return game.row.threadId ?? game.row.channelId;
}

/** Calls a panel was opened from already. */
const used = new Set<string>();
/** The panels opened with Take my turn (the coaching's one place). */
const panels = new Set<string>();

/** The next call asking `user` in `where` (a board, or Kairo's short text calling the next start stall). */
async function nextCall(user: FakeUser, where: string): Promise<SeenMessage> {
  const fresh = (): boolean => {
    const call = latestCall(env.fake, where);
    return !used.has(call.id) && mentionedToAct(call).includes(user.id);
  };
  await until(env.fake, fresh, 'a new call asking the learner', SEARCH_MS);
  return latestCall(env.fake, where);
}

async function openPanel(user: FakeUser, where: string): Promise<SeenMessage> {
  const call = await nextCall(user, where);
  used.add(call.id);
  const panel = await openPrivately(user, call, buttonFor(call, 'turn'));
  panels.add(panel.id);
  return panel;
}

/** The panel as the learner sees it now (edited in place). */
function now(panel: SeenMessage): SeenMessage {
  return env.fake.message(panel.id) ?? panel;
}

const lines = (message: SeenMessage): string[] => message.text.split('\n');
const COACHING = /^(🧭|✅|💡|📘)/u;
const coachingLines = (message: SeenMessage): string[] => lines(message).filter((l) => COACHING.test(l));

/** Waits until the panel carries a line matching `pattern`, and returns it. */
async function panelLine(panel: SeenMessage, pattern: RegExp, description: string): Promise<string> {
  await until(env.fake, () => lines(now(panel)).some((l) => pattern.test(l)), description, SEARCH_MS);
  return lines(now(panel)).find((l) => pattern.test(l)) as string;
}

/** The learner's moves as their panel names them. */
function described(game: ActiveSnapshot, seat: number, locale: 'en' | 'de'): string[] {
  const def = game.module.definition;
  return env.service.legalActions(game, seat).map((a) => PRESENTERS.get(game.row.kind)!.format(def.describeAction(a), locale, labelNames(game)));
}

/** Coaching the bot sent `user` anywhere but in a panel of theirs. */
function coachingElsewhere(user: FakeUser): SeenMessage[] {
  return env.fake.ephemeralsOf(user.id).filter((m) => !panels.has(m.id) && coachingLines(m).length > 0);
}

describe('coaching in the learner\u2019s panel', () => {
  let istanbul: number;

  it('the answer to /game learn and the first call to the learner say that Take my turn opens the panel', async () => {
    const channel = env.fake.createChannel('coach-tables');
    const answer = await learn(alice, channel, { game: 'istanbul', thread: true });
    const loaded = await env.service.byChannel(channel);
    if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no learning game');
    istanbul = loaded.game.row.id;
    expect(answer.text).toMatch(/When it is your turn, \*\*Take my turn\*\* on the board opens your panel/);
    // The learning table is a thread of the channel: its call is there.
    expect(loaded.game.row.threadId).not.toBeNull();
    const call = await nextCall(alice, tableOf(loaded.game));
    expect(call.text).toContain('**Take my turn** opens your panel: the moves you have now, with coaching only you see.');
    // The call still ends with whose decision it is.
    expect(mentionedToAct(call)).toEqual([alice.id]);
  }, 300_000);

  let panel: SeenMessage;

  it('the panel carries the hint for the decision in front of the learner before they choose, and a tip about the panel', async () => {
    const game = await gameById(istanbul);
    panel = await openPanel(alice, tableOf(game));
    const seat = env.service.seatOf(game, alice.id)!.seat;
    const hint = await panelLine(panel, /^🧭 Suggestion: /u, 'the hint in the panel');
    // It names one of the learner's own moves, with what the panel says it costs and gives.
    const named = described(game, seat, 'en').filter((d) => hint.startsWith(`🧭 Suggestion: ${d} (`));
    expect(named, hint).not.toEqual([]);
    expect(lines(now(panel))).toContain('📘 Tip: Each button shows what the move costs and gives; the 🧭 line is what the suggestion would choose, and after your choice this panel says whether you took it.');
    // Only the learner sees it: the panel is theirs alone, and nothing of it reached the channel.
    expect(now(panel).ephemeral).toBe(true);
    expect(bob.sees(panel.channelId).some((m) => m.id === panel.id)).toBe(false);
    expect(env.fake.publicOccurrences(/🧭|Suggestion:/u)).toEqual([]);
  }, 300_000);

  it('after the choice, the verdict is in the same panel, edited in place, and no coaching message is posted', async () => {
    const before = await gameById(istanbul);
    const legal = env.service.legalActions(before, env.service.seatOf(before, alice.id)!.seat);
    const handle: InteractionHandle = await choose(alice, now(panel), offered(now(panel)).find((o) => o.index < legal.length)!);
    const verdict = await panelLine(panel, /^(✅|💡) /u, 'the verdict in the panel');
    expect(verdict).toMatch(/^(✅ That was the suggestion\.|✅ As good as the suggestion \(.+\), as far as the search can tell\.|💡 The suggestion was .+ \(.+\)\.)$/u);
    // The same message as before the choice: the panel edited, not a new one.
    expect(handle.reply?.id ?? panel.id).toBe(panel.id);
    await handle.settled({ quietMs: 1_000, timeoutMs: SEARCH_MS });
    await env.bot.coachingSettled();
    // No message of its own (a public follow-up is the board of a turn the click ended).
    expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
    expect(coachingElsewhere(alice)).toEqual([]);
    expect(env.fake.publicOccurrences(/suggestion/iu)).toEqual([]);
  }, 300_000);

  it('a table opened with /game new beside the learning table gets no coaching', async () => {
    const channel = (await gameById(istanbul)).row.channelId;
    // In the channel itself, beside the learning table's thread.
    const lobby = await openLobby(bob, channel, { game: 'istanbul', players: 2, thread: false } as unknown as Record<string, string | number>);
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    await (await bob.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' })).waitFor(() => /Bot 1/.test(env.fake.message(lobby.id)!.text), {
      timeoutMs: WAIT_MS,
      description: 'the computer seated',
    });
    await clickForBoard(bob, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const plain = env.fake.channelMessages(channel).filter((m) => mentionedToAct(m).includes(bob.id)).at(-1)!;
    expect(plain.text).not.toContain('opens your panel');
    const bobsPanel = await openPrivately(bob, plain, buttonFor(plain, 'turn'));
    const handle = await choose(bob, bobsPanel, offered(bobsPanel)[0]!);
    // Once the bot has gone quiet (a learner's hint would have come within this wait), nothing coaches.
    await handle.settled({ quietMs: 1_000, timeoutMs: SEARCH_MS });
    await env.bot.coachingSettled();
    expect(coachingLines(now(bobsPanel))).toEqual([]);
    // No message of its own (a public follow-up is the board of a turn the click ended).
    expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
    // The learning table beside it keeps its coaching.
    expect(coachingLines(now(panel)).length).toBeGreaterThan(0);
  }, 300_000);

  it('during Kairo\u2019s start the coaching speaks German and compares no win chances the search cannot tell apart', async () => {
    const channel = env.fake.createChannel('coach-kairo');
    const answer = await learn(dora, channel, { game: 'kairo', thread: false });
    expect(answer.text).toMatch(/Wenn du am Zug bist, öffnet \*\*Take my turn\*\* auf dem Spielplan dein Zugfenster/);
    const loaded = await env.service.byChannel(channel);
    if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no learning game');
    const id = loaded.game.row.id;
    const first = await nextCall(dora, channel);
    expect(first.text).toContain('**Take my turn** opens your panel');
    let kairoPanel = await openPanel(dora, channel);
    // The first panel explains itself before the first choice, in German.
    expect(await panelLine(kairoPanel, /^📘 Tipp: /u, 'the first tip')).toMatch(/^📘 Tipp: Jeder Knopf zeigt, was der Zug kostet und bringt/u);
    for (let decision = 0; decision < 4; decision++) {
      const before = await gameById(id);
      expect((before.state as { phase: string }).phase).toBe('setup');
      const seat = env.service.seatOf(before, dora.id)!.seat;
      const legal = env.service.legalActions(before, seat);
      // A hint, if the panel gives one, is German and says why without percentages.
      for (const line of coachingLines(now(kairoPanel))) expect(line).not.toMatch(/%/u);
      const handle = await choose(dora, now(kairoPanel), offered(now(kairoPanel)).find((o) => o.index < legal.length)!);
      await handle.settled({ quietMs: 1_000, timeoutMs: SEARCH_MS });
      await env.bot.coachingSettled();
      // No message of its own (a public follow-up is the board of a turn the click ended).
      expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
      for (const line of coachingLines(now(kairoPanel))) {
        expect(line).not.toMatch(/%/u);
        expect(line).toMatch(/^(🧭 Vorschlag: |✅ Das war der Vorschlag\.|✅ So gut wie der Vorschlag |💡 Der Vorschlag war |📘 Tipp: )/u);
      }
      if (offered(now(kairoPanel)).length === 0) kairoPanel = await openPanel(dora, channel);
    }
    expect(coachingElsewhere(dora)).toEqual([]);
    expect(env.fake.publicOccurrences(/\d+ ?% (against|gegenüber|tegen) \d+ ?%/u)).toEqual([]);
    env.fake.assertNoViolations();
  }, 600_000);
});

/**
 * /game learn through the fake Discord with the real client and the real AI worker pool: a learning game
 * starts at once against computer players; after each of the learner's decisions a private line says what
 * the suggestion would have chosen (naming one of the moves the learner had) or that they took it; the
 * first decisions carry a tip about the panel, and then the tips stop; a game opened with /game new gets
 * no coaching. The coaching depends only on what the learner can see: the same line for two positions that
 * differ only in the computer's hidden hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot, Outcome } from '../../src/app/game-service.js';
import type { ComputerChoice, ComputerPlayer, ComputerRequest } from '../../src/app/computer-turns.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import { coachingText, LEARN_TIPS } from '../../src/discord/coaching.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { labelNames } from '../../src/discord/messages.js';
import { GAMES } from '../../src/games/index.js';
import type { KairoState } from '../../src/games/kairo/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { buttonFor, choose, clickForBoard, latestCall, openLobby, openPrivately, mentionedToAct, offered, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';
import { until as waitUntil } from './bot-process.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { createLogger } from '../../src/logger.js';

const PRESENTERS = GAMES.presenters(inProcessBoardRenderer(GAMES));
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let dora: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['learn-1', 'learn-2', 'learn-3'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  dora = env.createUser('dora', { globalName: 'Dora', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

async function game(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function learn(user: FakeUser, channel: string, options: Record<string, string | number | boolean>): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'learn', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game learn' });
  return privateReply(handle, user);
}

const COACHING = /^(💡 You took .+; the suggestion was .+: .+\.|✅ You took the suggestion: .+)$/u;

/** Calls a panel was opened from already. */
const used = new Set<string>();

/** The learner's panel for their next decision: opened from the next call that asks them. */
async function openPanel(user: FakeUser, channel: string): Promise<SeenMessage> {
  // The latest call naming who decides: a board, or Kairo's short text calling the next start stall.
  const fresh = (): boolean => {
    const call = latestCall(env.fake, channel);
    return !used.has(call.id) && mentionedToAct(call).includes(user.id);
  };
  await waitUntil(env.fake, fresh, 'a new call asking the learner', 120_000);
  const board = latestCall(env.fake, channel);
  used.add(board.id);
  return openPrivately(user, board, buttonFor(board, 'turn'));
}

describe('/game learn', () => {
  it('starts at once against a computer player; each decision gets a private coaching line naming the suggestion; tips on the first decisions, then no more', async () => {
    const channel = env.fake.createChannel('learn-istanbul');
    const answer = await learn(alice, channel, { game: 'istanbul', thread: false });
    expect(answer.content).toMatch(/Your learning game of \*\*Istanbul\*\* has started: https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+/);
    expect(answer.content).toMatch(/After each of your decisions you are told privately/);
    const started = await game(channel);
    expect(started.settings.learn).toBe(true);
    // The learner and one easy computer player, no lobby to wait in.
    expect(started.seats.map((s) => [s.userId, s.computer])).toEqual(expect.arrayContaining([[alice.id, null], ['computer:1', 'easy']]));
    expect(started.seats).toHaveLength(2);
    expect(env.fake.channelMessages(channel).some((m) => m.buttons.some((b) => b.customId?.endsWith(':join')))).toBe(false);

    let panel = await openPanel(alice, channel);
    let coachedAfterTips = 0;
    for (let decision = 1; decision <= LEARN_TIPS.length || coachedAfterTips < 2; decision++) {
      expect(decision, 'real choices after the tips').toBeLessThan(40);
      if (offered(panel).length === 0) panel = await openPanel(alice, channel);
      const before = await game(channel);
      const seat = env.service.seatOf(before, alice.id)!.seat;
      const legal = env.service.legalActions(before, seat);
      // Step by step (a compound choice is coached by its first step just the same).
      const pick = offered(panel).find((o) => o.index < legal.length)!;
      const handle = await choose(alice, panel, pick);
      const tipped = decision <= LEARN_TIPS.length;
      if (!tipped && legal.length < 2) {
        // Nothing to choose and no tip left: nothing to say.
        await handle.settled({ quietMs: 1_000, timeoutMs: 120_000 });
        expect(handle.followUps).toEqual([]);
        panel = handle.reply!;
        continue;
      }
      await handle.waitFor((h) => h.followUps.length > 0, { timeoutMs: 120_000, description: `the coaching line of decision ${decision}` });
      const note = handle.followUps[0]!;
      expect(note.ephemeral).toBe(true);
      expect(alice.sees(note.channelId).some((m) => m.id === note.id)).toBe(true);
      expect(bob.sees(note.channelId).some((m) => m.id === note.id)).toBe(false);
      const lines = note.content.split('\n');
      if (legal.length > 1) {
        const line = lines[0]!;
        expect(line).toMatch(COACHING);
        // The suggestion named is one of the moves the learner had.
        const described = legal.map((a) => PRESENTERS.get('istanbul')!.format(before.module.definition.describeAction(a), 'en', labelNames(before)));
        const named = /the suggestion was (.+?): /u.exec(line)?.[1] ?? /You took the suggestion: (.+?)(?: \(estimated chance|\.$)/u.exec(line)?.[1];
        expect(described, line).toContain(named);
        if (!tipped) coachedAfterTips++;
      }
      if (tipped) expect(lines.at(-1)).toMatch(new RegExp(`^Tip ${decision}/${LEARN_TIPS.length}: `));
      else expect(note.content).not.toMatch(/Tip \d/);
      if (decision === 1) expect(lines.at(-1)).toMatch(/\*\*Take my turn\*\* on the board opens your panel/);
      panel = handle.reply!;
    }
    // Private only: nothing of it in the channel.
    expect(env.fake.publicOccurrences(/the suggestion was|You took the suggestion|Tip \d/u, channel)).toEqual([]);
    env.fake.assertNoViolations();
  }, 600_000);

  it('coaches in the learner\u2019s own language', async () => {
    const channel = env.fake.createChannel('learn-deutsch');
    const answer = await learn(dora, channel, { game: 'kairo', thread: false });
    expect(answer.content).toMatch(/^Deine Lernpartie \*\*Kairo\*\* hat begonnen: https:/);
    const panel = await openPanel(dora, channel);
    const before = await game(channel);
    const legal = env.service.legalActions(before, env.service.seatOf(before, dora.id)!.seat);
    const handle = await choose(dora, panel, offered(panel).find((o) => o.index < legal.length)!);
    await handle.waitFor((h) => h.followUps.length > 0, { timeoutMs: 120_000, description: 'die Tipps' });
    const [line, tip] = handle.followUps[0]!.content.split('\n');
    if (legal.length > 1) expect(line).toMatch(/^(💡 Du hast .+ gewählt; der Vorschlag war .+: .+\.|✅ Du hast den Vorschlag gewählt: .+)$/u);
    // The board's button is named as the board shows it: in the server's language (English here).
    expect(tip ?? line).toMatch(/^Tipp 1\/4: \*\*Take my turn\*\* auf dem Spielplan öffnet dein Zugfenster/);
  }, 300_000);

  it('a game opened with /game new is not coached', async () => {
    const channel = env.fake.createChannel('learn-plain');
    const lobby = await openLobby(bob, channel, { game: 'istanbul', players: 2 });
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    await (await bob.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' })).waitFor(() => /Bot 1/.test(env.fake.message(lobby.id)!.content), { timeoutMs: WAIT_MS, description: 'the computer seated' });
    await clickForBoard(bob, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const g = await game(channel);
    expect(g.settings.learn).toBeUndefined();
    const panel = await openPanel(bob, channel);
    const legal = env.service.legalActions(await game(channel), env.service.seatOf(g, bob.id)!.seat);
    const handle = await choose(bob, panel, offered(panel).find((o) => o.index < legal.length)!);
    // The click is answered (the panel); once the bot has gone quiet, no coaching came (in a learning game
    // it comes within the same wait: the AI pool is warm from the game above).
    await handle.settled({ quietMs: 1_000, timeoutMs: 120_000 });
    expect(handle.followUps.filter((f) => /suggestion|Tip \d/.test(f.content))).toEqual([]);
  }, 300_000);

  it('refuses more computer players than the game seats, and a second game in the channel', async () => {
    const channel = env.fake.createChannel('learn-refusals');
    const tooMany = await learn(alice, channel, { game: 'kairo', opponents: 4, thread: false });
    expect(tooMany.content).toBe('Kairo is learned against 1 to 3 computer players.');
    expect((await env.service.byChannel(channel)).ok).toBe(false);
    await learn(alice, channel, { game: 'kairo', opponents: 1, level: 'normal', thread: false });
    const kairo = await game(channel);
    expect(kairo.seats.find((s) => s.userId === 'computer:1')!.computer).toBe('normal');
    const again = await learn(alice, channel, { game: 'istanbul', thread: false });
    expect(again.content).toMatch(/already/i);
  }, 300_000);

  it('coaching depends only on what the learner can see: the same line when only the computer\u2019s hidden hand differs', async () => {
    const channel = env.fake.createChannel('learn-hidden');
    await learn(bob, channel, { game: 'kairo', thread: false });
    // Play the learner's first decisions through the panel until a position with building cards in hands.
    // Play the learner's decisions through the panel until one after the start with building cards in the
    // computer's hand (the computer may have just built with them all: then on to the next decision).
    let panel = await openPanel(bob, channel);
    let before = await game(channel);
    for (let i = 0; ; i++) {
      expect(i, 'a decision of the learner while the computer holds building cards').toBeLessThan(80);
      const seat = env.service.seatOf(before, bob.id)!.seat;
      const s = before.state as KairoState;
      const legal = env.service.legalActions(before, seat);
      const hand = s.players[1 - seat]!.hand;
      if (s.phase !== 'setup' && legal.length > 1 && hand.length > 0 && s.deck.length >= hand.length && [...s.deck.slice(0, hand.length)].sort().join() !== hand.join()) break;
      const handle = await choose(bob, panel, offered(panel).find((o) => o.index < legal.length)!);
      if (legal.length > 1) await handle.waitFor((h) => h.followUps.length > 0, { timeoutMs: 120_000, description: 'the coaching line' });
      panel = handle.reply!;
      if (offered(panel).length === 0) panel = await openPanel(bob, channel);
      before = await game(channel);
    }
    const learner = env.service.seatOf(before, bob.id)!.seat;
    const computer = 1 - learner;
    const state = before.state as KairoState;
    // The same position with the computer's hand swapped for the top of the hidden pile.
    const count = state.players[computer]!.hand.length;
    const swapped: KairoState = structuredClone(state);
    swapped.players[computer]!.hand = [...state.deck.slice(0, count)].sort();
    swapped.deck = [...state.players[computer]!.hand, ...state.deck.slice(count)];
    const def = before.module.definition;
    expect(def.view(swapped, learner)).toEqual(def.view(state, learner));
    expect(swapped.players[computer]!.hand).not.toEqual(state.players[computer]!.hand);

    // A deterministic computer player (an iteration budget, no clock) that records what it was shown.
    const shown: unknown[] = [];
    const player: ComputerPlayer = {
      async choose(request: ComputerRequest): Promise<ComputerChoice> {
        shown.push(request.seatView);
        const answer = runAiTask({ game: request.kind, view: request.seatView, legalActions: request.legal, level: 'easy', seed: request.seed });
        return { index: answer.index, value: answer.value, ...(answer.values ? { values: answer.values } : {}) };
      },
    };
    const logger = createLogger({ level: 'silent', format: 'json' });
    const handlerEnv = { ctx: { service: env.service, player, presenters: PRESENTERS }, logger, locale: 'en', channelId: channel } as unknown as HandlerEnv;
    const legal = def.legalActions(state, learner);
    // The learner's move: the last legal action (a real choice, whatever the suggestion).
    const outcomeOf = (snapshot: ActiveSnapshot): Outcome =>
      ({ before: snapshot, after: snapshot, entries: [{ sequence: 0, seat: learner, action: legal[legal.length - 1], events: [], checkpoint: false }], turnEnded: false, finished: false, concededTo: null, summary: [], boardDelivery: null, boardPicture: false }) as Outcome;
    const lineA = await coachingText(handlerEnv, learner, outcomeOf(before));
    const lineB = await coachingText(handlerEnv, learner, outcomeOf({ ...before, state: swapped }));
    expect(lineA).toMatch(/You took/);
    expect(lineB).toBe(lineA);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toEqual(shown[0]);
    // Not a card of the computer's hand that the learner cannot see is named.
    expect(JSON.stringify(shown[0])).not.toContain(JSON.stringify(state.players[computer]!.hand));
  }, 600_000);
});

/**
 * /game learn through the fake Discord with the real client and the real AI worker pool: a learning game
 * starts at once against computer players; the learner's own turn panel carries the coaching: before a
 * real choice a hint names the suggestion (one of the moves the learner has) and why, after the choice
 * the same panel says whether they took it, and tips about the panel come on the panels that first show
 * what they explain, each once; nothing of it is a message of its own. A game opened with /game new gets
 * no coaching. The coaching depends only on what the learner can see: the same hint for two positions
 * that differ only in the computer's hidden hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { computerRequest, type ComputerChoice, type ComputerPlayer, type ComputerRequest } from '../../src/app/computer-turns.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import { hintFor, verdictText, PANEL_TIPS, type CoachingContext } from '../../src/discord/coaching.js';
import { labelNames } from '../../src/discord/messages/index.js';
import { GAMES } from '../../src/games/index.js';
import type { KairoState } from '../../src/games/kairo/index.js';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { buttonFor, choose, clickForBoard, latestCall, openLobby, mentionedToAct, offered, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';
import { until as waitUntil } from './bot-process.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';

const PRESENTERS = GAMES.presenters(inProcessBoardRenderer(GAMES));
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let nils: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['learn-1', 'learn-2', 'learn-3', 'learn-4'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  nils = env.createUser('nils', { globalName: 'Nils', locale: 'nl' });
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

/** How long the bot may take to go quiet after a click: the AI pool is shared with the computers' turns. */
const QUIET = { quietMs: 1_000, timeoutMs: 120_000 };

/** Calls a panel was opened from already. */
const used = new Set<string>();

/**
 * The learner's panel for their next decision: opened from the next call that asks them, once the bot has
 * gone quiet (the hint, searched when the panel is drawn, is edited in by then).
 */
async function openPanel(user: FakeUser, channel: string): Promise<SeenMessage> {
  // The latest call naming who decides: a board, or Kairo's short text calling the next start stall.
  const fresh = (): boolean => {
    const call = latestCall(env.fake, channel);
    return !used.has(call.id) && mentionedToAct(call).includes(user.id);
  };
  await waitUntil(env.fake, fresh, 'a new call asking the learner', 120_000);
  const call = latestCall(env.fake, channel);
  used.add(call.id);
  const handle = await user.clickButton(call.id, buttonFor(call, 'turn'), { until: 'response' });
  await handle.settled(QUIET);
  await env.bot.coachingSettled();
  return privateReply(handle, user);
}

/** The panel as its player sees it now (edited in place). */
const now = (panel: SeenMessage): SeenMessage => env.fake.message(panel.id) ?? panel;
const lines = (panel: SeenMessage): string[] => now(panel).text.split('\n');
const HINT = /^🧭 Suggestion: /u;
const VERDICT = /^(✅ That was the suggestion\.|✅ As good as the suggestion \(.+\), as far as the search can tell\.|💡 The suggestion was .+ \(.+\)\.)$/u;
const TIP = /^📘 Tip: /u;
/** The old coaching's words, in a message of its own. */
const COACHING_MESSAGE = /You took|the suggestion was|Tip \d/u;

describe('/game learn', () => {
  it('starts at once against a computer player; before each real choice the panel names the suggestion and why, after it the same panel says whether the learner took it; the tips come before they are needed, each once', async () => {
    const channel = env.fake.createChannel('learn-istanbul');
    const answer = await learn(alice, channel, { game: 'istanbul', thread: false });
    expect(answer.text).toMatch(/Your learning game of \*\*Istanbul\*\* has started: .*https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+/);
    // The first tip comes with the answer: what opens the panel where the coaching is.
    expect(answer.text).toMatch(/When it is your turn, \*\*Take my turn\*\* on the board opens your panel/);
    const started = await game(channel);
    expect(started.settings.learn).toBe(true);
    // The learner and one easy computer player, no lobby to wait in.
    expect(started.seats.map((s) => [s.userId, s.computer])).toEqual(expect.arrayContaining([[alice.id, null], ['computer:1', 'easy']]));
    expect(started.seats).toHaveLength(2);
    expect(env.fake.channelMessages(channel).some((m) => m.buttons.some((b) => b.customId?.endsWith(':join')))).toBe(false);

    let panel = await openPanel(alice, channel);
    const panels = new Set([panel.id]);
    // The first call says what Take my turn opens.
    expect(env.fake.message([...used].at(-1)!)!.text).toContain('**Take my turn** opens your panel');
    const tips: string[] = [];
    let hinted = 0;
    for (let decision = 1; hinted < 4 || tips.length < 2; decision++) {
      expect(decision, 'real choices with a hint').toBeLessThan(40);
      if (offered(now(panel)).length === 0) {
        panel = await openPanel(alice, channel);
        panels.add(panel.id);
      }
      const before = await game(channel);
      const seat = env.service.seatOf(before, alice.id)!.seat;
      const legal = env.service.legalActions(before, seat);
      const hint = lines(panel).find((l) => HINT.test(l));
      // At most one tip a panel, none twice; the first panel explains the panel itself.
      const tip = lines(panel).filter((l) => TIP.test(l));
      expect(tip.length).toBeLessThanOrEqual(1);
      if (tip[0] !== undefined) {
        expect(tips, 'a tip given before').not.toContain(tip[0]);
        tips.push(tip[0]);
      }
      if (decision === 1) expect(tip[0]).toMatch(/^📘 Tip: Each button shows what the move costs and gives/);
      if (legal.length < 2) expect(hint, 'no hint for a forced choice').toBeUndefined();
      if (hint !== undefined) {
        // The suggestion named is one of the moves the learner has, with why, in one line.
        const described = legal.map((a) => PRESENTERS.get('istanbul')!.format(before.module.definition.describeAction(a), 'en', labelNames(before)));
        expect(described.some((d) => hint.startsWith(`🧭 Suggestion: ${d} (`)), hint).toBe(true);
        expect(hint).toMatch(/\)\.$/u);
        expect(hint).not.toMatch(/(\d+) % against \1 %/u);
      }
      // Step by step (a compound choice is coached by its first step just the same).
      const pick = offered(now(panel)).find((o) => o.index < legal.length)!;
      const handle: InteractionHandle = await choose(alice, now(panel), pick);
      await handle.settled(QUIET);
      await env.bot.coachingSettled();
      // The verdict is in the same panel, edited in place: there only when there was a hint to follow.
      const verdict = lines(panel).filter((l) => /^(✅|💡) /u.test(l));
      if (hint === undefined) expect(verdict).toEqual([]);
      else {
        expect(verdict).toHaveLength(1);
        expect(verdict[0]).toMatch(VERDICT);
        hinted++;
      }
      // No message of its own (a public follow-up is the board of a turn the click ended).
      expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
    }
    expect(tips.length).toBeLessThanOrEqual(PANEL_TIPS.length);
    // Private only, and only in the panels: no message of its own, nothing in the channel.
    expect(env.fake.ephemeralsOf(alice.id).filter((m) => !panels.has(m.id) && /^(🧭|✅|💡|📘)/mu.test(m.text))).toEqual([]);
    expect(env.fake.ephemeralsOf(alice.id).filter((m) => COACHING_MESSAGE.test(m.text))).toEqual([]);
    expect(env.fake.publicOccurrences(/Suggestion:|the suggestion|Tip:/u, channel)).toEqual([]);
    env.fake.assertNoViolations();
  }, 600_000);

  it('coaches in the learner\u2019s own language', async () => {
    const channel = env.fake.createChannel('learn-nederlands');
    const answer = await learn(nils, channel, { game: 'istanbul', thread: false });
    // The board's button is named as the board shows it: in the server's language (English here).
    expect(answer.text).toMatch(/^Je oefenpartij \*\*Istanbul\*\* is begonnen: .*https:/);
    expect(answer.text).toMatch(/Als je aan de beurt bent, opent \*\*Take my turn\*\* op het speelbord je paneel/);
    const panel = await openPanel(nils, channel);
    expect(lines(panel)).toContain('📘 Tip: Elke knop laat zien wat de zet kost en oplevert; de 🧭-regel is wat het voorstel zou kiezen, en na je keuze zegt dit paneel of je het volgde.');
    // Istanbul's first move names where the merchant goes and how far: the hint gives that reason.
    expect(lines(panel).find((l) => l.startsWith('🧭 '))).toMatch(/^🧭 Voorstel: .+ \(.+\)\.$/u);
    const before = await game(channel);
    const legal = env.service.legalActions(before, env.service.seatOf(before, nils.id)!.seat);
    const handle = await choose(nils, now(panel), offered(now(panel)).find((o) => o.index < legal.length)!);
    await handle.settled(QUIET);
    await env.bot.coachingSettled();
    expect(lines(panel).find((l) => /^(✅|💡) /u.test(l))).toMatch(/^(✅ Dat was het voorstel\.|✅ Even goed als het voorstel \(.+\), voor zover de zoektocht het kan beoordelen\.|💡 Het voorstel was .+ \(.+\)\.)$/u);
    // No message of its own (a public follow-up is the board of a turn the click ended).
    expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
  }, 300_000);

  it('a game opened with /game new is not coached', async () => {
    const channel = env.fake.createChannel('learn-plain');
    const lobby = await openLobby(bob, channel, { game: 'istanbul', players: 2 });
    const select = env.fake.message(lobby.id)!.selects.find((s) => s.customId.includes(':addbot'))!;
    await (await bob.selectOptions(lobby.id, select.customId, ['easy'], { until: 'response' })).waitFor(() => /Bot 1/.test(env.fake.message(lobby.id)!.text), { timeoutMs: WAIT_MS, description: 'the computer seated' });
    await clickForBoard(bob, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const g = await game(channel);
    expect(g.settings.learn).toBeUndefined();
    expect(latestCall(env.fake, channel).text).not.toMatch(/opens your panel/);
    // Opened and played once the bot has gone quiet: in a learning game the hint and the verdict are there by then.
    const panel = await openPanel(bob, channel);
    expect(lines(panel).filter((l) => /^(🧭|✅|💡|📘)/u.test(l))).toEqual([]);
    const legal = env.service.legalActions(await game(channel), env.service.seatOf(g, bob.id)!.seat);
    const handle = await choose(bob, now(panel), offered(now(panel)).find((o) => o.index < legal.length)!);
    await handle.settled(QUIET);
    await env.bot.coachingSettled();
    expect(lines(panel).filter((l) => /^(🧭|✅|💡|📘)/u.test(l))).toEqual([]);
    // No message of its own (a public follow-up is the board of a turn the click ended).
    expect(handle.followUps.filter((f) => f.ephemeral)).toEqual([]);
  }, 300_000);

  it('refuses more computer players than the game seats, and a second game in the channel', async () => {
    const channel = env.fake.createChannel('learn-refusals');
    const tooMany = await learn(alice, channel, { game: 'kairo', opponents: 4, thread: false });
    expect(tooMany.text).toBe('Kairo is learned against 1 to 3 computer players.');
    expect((await env.service.byChannel(channel)).ok).toBe(false);
    await learn(alice, channel, { game: 'kairo', opponents: 1, level: 'normal', thread: false });
    const kairo = await game(channel);
    expect(kairo.seats.find((s) => s.userId === 'computer:1')!.computer).toBe('normal');
    const again = await learn(alice, channel, { game: 'istanbul', thread: false });
    expect(again.text).toMatch(/already/i);
  }, 300_000);

  it('coaching depends only on what the learner can see: the same hint and verdict when only the computer\u2019s hidden hand differs', async () => {
    const channel = env.fake.createChannel('learn-hidden');
    await learn(bob, channel, { game: 'kairo', thread: false });
    // A deterministic computer player (an iteration budget, no clock) that records what it was shown.
    const shown: unknown[] = [];
    const player: ComputerPlayer = {
      async choose(request: ComputerRequest): Promise<ComputerChoice> {
        shown.push(request.seatView);
        const answer = runAiTask({ game: request.kind, view: request.seatView, legalActions: request.legal, level: 'easy', seed: request.seed });
        return { index: answer.index, value: answer.value, ...(answer.values ? { values: answer.values } : {}) };
      },
    };
    const coaching: CoachingContext = { service: env.service, player, presenters: PRESENTERS };
    // Play the learner's decisions through the panel until one after the start that the coaching has a hint
    // for, with building cards in the computer's hand (it may have just built with them all: then on to
    // the next decision).
    let panel = await openPanel(bob, channel);
    let before = await game(channel);
    for (let i = 0; ; i++) {
      expect(i, 'a coached decision of the learner while the computer holds building cards').toBeLessThan(80);
      const seat = env.service.seatOf(before, bob.id)!.seat;
      const s = before.state as KairoState;
      const legal = env.service.legalActions(before, seat);
      const hand = s.players[1 - seat]!.hand;
      const candidate = s.phase !== 'setup' && legal.length > 1 && hand.length > 0 && s.deck.length >= hand.length && [...s.deck.slice(0, hand.length)].sort().join() !== hand.join();
      if (candidate && (await hintFor(coaching, before, seat, 'en')) !== null) break;
      const handle = await choose(bob, now(panel), offered(now(panel)).find((o) => o.index < legal.length)!);
      await handle.settled(QUIET);
      await env.bot.coachingSettled();
      if (offered(now(panel)).length === 0) panel = await openPanel(bob, channel);
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

    shown.length = 0;
    const hintA = await hintFor(coaching, before, learner, 'en');
    const hintB = await hintFor(coaching, { ...before, state: swapped }, learner, 'en');
    expect(hintA).toMatch(/^🧭 Suggestion: /u);
    expect(hintB).toBe(hintA);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toEqual(shown[0]);
    // The verdict on the learner's move (the last legal action, a real choice whatever the suggestion).
    const legal = def.legalActions(state, learner);
    // The search the hint came from (the same request: the same answer).
    const choice = await player.choose(computerRequest(before, learner, 'normal'));
    const verdictA = verdictText(coaching, before, learner, legal[legal.length - 1], choice, 'en');
    const verdictB = verdictText(coaching, { ...before, state: swapped }, learner, legal[legal.length - 1], choice, 'en');
    expect(verdictA).toMatch(VERDICT);
    expect(verdictB).toBe(verdictA);
    // Not a card of the computer's hand that the learner cannot see is named.
    expect(JSON.stringify(shown[0])).not.toContain(JSON.stringify(state.players[computer]!.hand));
  }, 600_000);
});

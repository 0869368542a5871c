/**
 * Destructive commands ask first: `/game leave` and `/game abandon` answer with a private question that
 * says what will happen, with "Yes, ..." and "Keep playing"; nothing changes until Yes is pressed, and a
 * question the game has moved past is refused. An abandoned game keeps its standings of that moment as its
 * result (listed in /game history, not counted as wins in /stats). On the small test game (Tally).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, choose, clickForBoard, hasButton, latestBoard, mentionedToAct, numberMarker, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['confirm-1', 'confirm-2', 'confirm-3'],
    computerPlayer: tallyComputer,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
});

afterAll(async () => {
  await env?.stop();
});

async function startTally(channel: string, host: FakeUser, others: FakeUser[]): Promise<SeenMessage> {
  const lobby = await openLobby(host, channel, { game: 'tally' });
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function ask(user: FakeUser, channel: string, subcommand: 'leave' | 'abandon'): Promise<SeenMessage> {
  return privateReply(await user.runCommand(channel, 'game', { subcommand }), user);
}

/** Presses a button of the private question; returns the question as the answer replaced it. */
async function press(user: FakeUser, prompt: SeenMessage, verb: 'confirm' | 'keep'): Promise<SeenMessage> {
  const revisions = env.fake.world.messages.get(prompt.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(prompt.id, buttonFor(prompt, verb), { until: 'response' });
  await handle.waitFor((h) => (env.fake.world.messages.get(prompt.id)?.revisions.length ?? 0) > revisions || h.followUps.length > 0, {
    timeoutMs: WAIT_MS,
    description: 'the answer in place of the question',
  });
  return env.fake.message(prompt.id)!;
}

describe('/game leave asks first', () => {
  it('says what leaving does; Keep playing changes nothing; a question the game moved past is refused; Yes leaves', async () => {
    const channel = env.fake.createChannel('leave-confirm');
    const board = await startTally(channel, alice, [bob, carol]);
    const id = (await gameIn(channel)).row.id;
    const version = (await gameIn(channel)).row.version;

    // With three players, a computer player takes the leaver's seat (Tally has no rule to take a seat out).
    const prompt = await ask(alice, channel, 'leave');
    expect(prompt.text).toBe(
      `**Leave game #${id} (Tally)?** A computer player takes your seat so the others can finish; you can take it back between turns (**Take my turn** on the board).`,
    );
    expect(prompt.buttons.map((b) => b.label)).toEqual(['Yes, leave the game', 'Keep playing']);
    expect(env.fake.publicOccurrences('Leave game #')).toEqual([]);
    // Asking changed nothing.
    expect((await gameIn(channel)).row.version).toBe(version);

    const kept = await press(alice, prompt, 'keep');
    expect(kept.text).toBe('Nothing was changed; the game goes on.');
    expect(kept.buttons).toEqual([]);
    expect((await gameIn(channel)).seats.find((s) => s.userId === alice.id)!.leftAt).toBeNull();

    // The question is asked again; then the game moves on (a player adds 1) before Yes is pressed.
    const again = await ask(alice, channel, 'leave');
    const active = env.fake.users.get(mentionedToAct(board)[0]!);
    const panel = privateReply(await active.clickButton(board.id, buttonFor(board, 'turn')), active);
    await choose(active, panel, offered(panel).find((o) => o.label === 'Add 1')!);
    expect((await gameIn(channel)).row.version).toBe(version + 1);
    const stale = await press(alice, again, 'confirm');
    expect(stale.text).toBe('This question is out of date: the game has changed since you asked, so nothing was done. Run /game leave again if you still want to.');
    expect(stale.buttons).toEqual([]);
    expect((await gameIn(channel)).seats.find((s) => s.userId === alice.id)!.leftAt).toBeNull();

    // Asked at the current version, Yes leaves, and the channel is told on a new board.
    const fresh = await ask(alice, channel, 'leave');
    const left = await press(alice, fresh, 'confirm');
    expect(left.text).toBe('You left the game.');
    expect((await gameIn(channel)).seats.find((s) => s.userId === alice.id)!.leftAt).not.toBeNull();
    expect(latestBoard(env.fake, channel).text).toMatch(new RegExp(`<@${alice.id}> left the game; a computer player takes their seat`));

    // Two humans left: leaving would end the game, and the question names the winner (in the user's language).
    const last = await ask(bob, channel, 'leave');
    expect(last.text).toBe(
      `**Spiel #${id} (Tally) verlassen?** Das Spiel endet sofort: ${await numberMarker(env.service, channel, carol.id)} <@${carol.id}> gewinnt als einzige verbliebene Person. Das lässt sich nicht rückgängig machen.`,
    );
    expect(last.buttons.map((b) => b.label)).toEqual(['Ja, Spiel verlassen', 'Weiterspielen']);
    env.fake.assertNoViolations();
  });
});

describe('/game abandon asks first and keeps the standings', () => {
  it('only the host is asked; Yes ends the game, the channel sees the standings, /game history lists it as ended early, /stats does not count it', async () => {
    const channel = env.fake.createChannel('abandon-confirm');
    const board = await startTally(channel, carol, [alice]);
    const id = (await gameIn(channel)).row.id;
    // Alice scores 2 first, so the standings have a leader.
    const first = env.fake.users.get(mentionedToAct(board)[0]!);
    let panel = privateReply(await first.clickButton(board.id, buttonFor(board, 'turn')), first);
    panel = (await choose(first, panel, offered(panel).find((o) => o.label === 'Add 2')!)).reply!;
    await choose(first, panel, offered(panel).find((o) => o.label === 'End the turn')!);

    // Not the host, no Manage Channel: refused at once, no question.
    const refused = await ask(alice, channel, 'abandon');
    expect(refused.text).toBe('Only the host or a member who may manage this channel can do that.');
    expect(hasButton(refused, 'confirm')).toBe(false);

    const prompt = await ask(carol, channel, 'abandon');
    // The question shows the standings that would be kept.
    const second = (first.id === alice.id ? carol : alice).id;
    // Each name carries its seat's marker (Tally's pieces are numbered in the playing order).
    const [firstMarker, secondMarker] = [await numberMarker(env.service, channel, first.id), await numberMarker(env.service, channel, second)];
    expect(prompt.text.split('\n')).toEqual([
      `**Spel #${id} (Tally) voor iedereen beëindigen?** Het spel stopt nu en kan niet worden hervat. De stand van dit moment wordt als uitslag bewaard in /spel geschiedenis; in /statistieken telt die niet als overwinning.`,
      `1. ${firstMarker} <@${first.id}>: 2 points`,
      `2. ${secondMarker} <@${second}>: 0 points`,
    ]);
    expect((await gameIn(channel)).row.status).toBe('active');
    const ended = await press(carol, prompt, 'confirm');
    expect(ended.text).toBe('Het spel is beëindigd. De stand van dit moment is bewaard in /spel geschiedenis.');
    expect(await env.service.byChannel(channel)).toMatchObject({ ok: false, code: 'no_game' });
    // The old board lost its buttons; the channel is told who ended it and the standings of that moment.
    expect(env.fake.message(board.id)!.buttons).toEqual([]);
    const announcement = env.fake.channelMessages(channel).at(-1)!;
    const lines = announcement.text.split('\n');
    expect(lines[0]).toBe(`<@${carol.id}> ended game #${id} (Tally) early. The standings at that moment are kept in /game history (not counted as wins):`);
    expect(lines.slice(1)).toEqual([`1. ${firstMarker} <@${first.id}>: 2 points`, `2. ${secondMarker} <@${second}>: 0 points`]);

    const history = privateReply(await alice.runCommand(channel, 'game', { subcommand: 'history' }), alice);
    expect(history.text).toMatch(new RegExp(`#${id} Tally · <t:\\d+:d> · 2 players · ended early; leading then: <@${first.id}>`));
    expect(await env.service.playerStats(env.fake.guildId, first.id)).toEqual([]);
    env.fake.assertNoViolations();
  });
});

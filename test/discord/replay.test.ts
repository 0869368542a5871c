/**
 * Replays: /game replay steps through a game of this server privately, a frame per turn as the
 * channel saw it: the board picture (public view only, drawn by the game's renderer), that turn's public
 * lines, ◀ ▶ and a "go to round" menu; the final board's Replay opens it too, for anyone. A running game
 * shows its finished turns only; another server's game, or a forged frame, is refused and changes nothing.
 * On the small test game (Tally, first to 5 points): every turn draws a secret card, adds 1 and ends.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCustomId, parseCustomId } from '../../src/discord/codec.js';
import { commandDefinitions } from '../../src/discord/handlers/commands.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { gameReplay } from '../../src/discord/handlers/commands/game-replay.js';
import { registerCommands } from '../../src/discord/register-commands.js';
import { gameRegistry } from '../../src/games/registry.js';
import { createLogger } from '../../src/logger.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer } from '../../src/render/board-job.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, playTurn, type TurnPolicy } from '../support/turn-driver.js';
import { buttonFor, clickForBoard, hasButton, latestBoard, openLobby, privateReply, startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 5 });
const registry = gameRegistry([tally]);

/** Every picture the presenters asked for, in order: what went to the renderer. */
const drawn: BoardJob[] = [];
const inner = inProcessBoardRenderer(registry);
const recording: BoardRenderer = {
  render: (job) => {
    drawn.push(job);
    return inner.render(job);
  },
};

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let dave: FakeUser;
/** What each player drew, as their private panel said it ("You draw a 2"). */
const secrets: string[] = [];

/** Draw a card (a secret), add 1, end the turn. */
const drawAddEnd: TurnPolicy = ({ choices, step, panel }) => {
  for (const m of panel.text.matchAll(/You draw a \d/g)) secrets.push(m[0]);
  const label = step === 0 ? /^Draw a card$/ : step === 1 ? /^Add 1$/ : END_TURN;
  return choices.find((c) => label.test(c.label)) ?? null;
};

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, boards: recording, seeds: ['replay-1', 'replay-2', 'replay-3'], computerPlayer: tallyComputer });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

async function gameIn(channel: string): Promise<number> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok) throw new Error(`no game in ${channel}`);
  return loaded.game.row.id;
}

async function twoPlayers(channel: string): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'tally' });
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

async function playToTheEnd(channel: string): Promise<void> {
  for (let turn = 0; hasButton(latestBoard(env.fake, channel), 'turn'); turn++) {
    expect(turn).toBeLessThan(20);
    await playTurn({ fake: env.fake, channelId: channel }, { policy: drawAddEnd, awaitNextBoard: true });
  }
}

async function replay(user: FakeUser, channel: string, game?: number): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'replay', ...(game === undefined ? {} : { options: { game } }) });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the replay' });
  return privateReply(handle, user);
}

/** Clicks a button of the replay (or picks a round) and returns the replay as the click left it. */
async function stepTo(user: FakeUser, message: SeenMessage, how: { button: RegExp } | { round: RegExp }): Promise<SeenMessage> {
  const before = env.fake.message(message.id)!.text;
  let handle;
  if ('button' in how) {
    const button = message.buttons.find((b) => how.button.test(b.label ?? ''));
    if (button?.customId === undefined) throw new Error(`no ${how.button} on the replay: ${message.buttons.map((b) => b.label).join(', ')}`);
    handle = await user.clickButton(message.id, button.customId, { until: 'response' });
  } else {
    const select = message.selects[0]!;
    const option = select.options.find((o) => how.round.test(o.label));
    if (option === undefined) throw new Error(`no ${how.round} in the menu: ${select.options.map((o) => o.label).join(', ')}`);
    handle = await user.selectOptions(message.id, select.customId, [option.value], { until: 'response' });
  }
  await handle.waitFor(() => env.fake.message(message.id)!.text !== before, { timeoutMs: WAIT_MS, description: 'the next frame of the replay' });
  return env.fake.message(message.id)!;
}

const heading = (message: SeenMessage): string => message.text.split('\n')[1]!;

/** What a frame shows: no secret of any player, in its text or in what its picture was drawn from. */
function checkPublic(frame: SeenMessage, jobsBefore: number): void {
  expect(frame.ephemeral).toBe(true);
  expect(frame.text).not.toMatch(/You draw|Du ziehst|Je trekt/);
  for (const secret of secrets) expect(frame.text).not.toContain(secret);
  for (const job of drawn.slice(jobsBefore)) expect(Object.keys(job.view as object).sort()).toEqual(['handSizes', 'scores', 'turn']);
  // Its alt text tells the frame's board in words, in the reader's language, no secret either.
  const alt = frame.attachments[0]?.description ?? '';
  expect(alt).toMatch(/^(The board of Tally at this point of the replay|Der Spielplan von Tally an dieser Stelle der Wiederholung)\n/);
  for (const secret of secrets) expect(alt).not.toContain(secret);
}

describe('/game replay', () => {
  let channel: string;
  let gameId: number;

  beforeAll(async () => {
    channel = env.fake.createChannel('replay-finished');
    await twoPlayers(channel);
    gameId = await gameIn(channel);
    await playToTheEnd(channel);
    expect(secrets.length).toBe(9);
  }, 300_000);

  it('steps forwards and back, turn by turn, and jumps by round; every frame has its picture and only public lines', async () => {
    const jobs = drawn.length;
    const start = await replay(alice, channel);
    const lines = start.text.split('\n');
    expect(lines[0]).toBe(`**Replay** of Tally · game #${gameId} (finished)`);
    expect(lines[1]).toBe('**The start**, before the first move · 9 turns follow');
    expect(lines).toContain('scores 0 / 0');
    expect(start.text).toMatch(/Playing order: 1\. 1️⃣ <@\d+>, 2\. 2️⃣ <@\d+>/u);
    expect(start.attachments.map((a) => a.filename)).toEqual([`replay-${gameId}-0.png`]);
    expect(checkPng(start.attachments[0]!.bytes)).toMatchObject({ ok: true });
    expect(start.buttons.map((b) => b.label)).toEqual(['Next turn ▶', 'Analysis']);
    // The menu: the start and the five rounds (the fifth is the last turn: no separate "end").
    expect(start.selects[0]!.options.map((o) => [o.label, o.default])).toEqual([
      ['The start', true],
      ['Round 1', false],
      ['Round 2', false],
      ['Round 3', false],
      ['Round 4', false],
      ['Round 5', false],
    ]);
    checkPublic(start, jobs);

    const first = await stepTo(alice, start, { button: /Next/ });
    expect(heading(first)).toBe('**Round 1** · after turn 1 of 9');
    const turnLines = first.text.split('\n').slice(first.text.split('\n').indexOf('This turn:') + 1);
    expect(turnLines.map((l) => l.replace(/^- \S+ \S+ /u, ''))).toEqual(['draws a card', 'adds 1', 'ends the turn']);
    expect(first.text).toContain('scores 1 / 0');
    expect(first.attachments.map((a) => a.filename)).toEqual([`replay-${gameId}-1.png`]);
    expect(first.attachments[0]!.description).toMatch(
      /^The board of Tally at this point of the replay\n(Alice|Bob) decides\.\n(Alice: 1 point, \d cards? in hand\nBob: 0 points|Alice: 0 points, \d cards? in hand\nBob: 1 point), \d cards? in hand\nWhat changed:\n(Alice|Bob) draws a card\n\3 adds 1\n\3 ends the turn$/,
    );
    expect(first.buttons.map((b) => b.label)).toEqual(['◀ Previous turn', 'Next turn ▶', 'Analysis']);
    checkPublic(first, jobs);

    const second = await stepTo(alice, first, { button: /Next/ });
    expect(heading(second)).toBe('**Round 1** · after turn 2 of 9');
    expect(second.text).toContain('scores 1 / 1');
    const back = await stepTo(alice, second, { button: /Previous/ });
    expect(heading(back)).toBe('**Round 1** · after turn 1 of 9');
    expect(back.text).toBe(first.text);

    const fourth = await stepTo(alice, back, { round: /^Round 4$/ });
    expect(heading(fourth)).toBe('**Round 4** · after turn 7 of 9');
    expect(fourth.text).toContain('scores 4 / 3');
    expect(fourth.selects[0]!.options.find((o) => o.default)?.label).toBe('Round 4');

    const end = await stepTo(alice, fourth, { round: /^Round 5$/ });
    expect(heading(end)).toBe('**Round 5** · after turn 9 of 9');
    expect(end.text).toContain('**The game is over.** Final standings:');
    expect(end.text).toMatch(/1\. 1️⃣ <@\d+>: 5 points/u);
    expect(end.buttons.map((b) => b.label)).toEqual(['◀ Previous turn', 'Analysis']);
    expect(end.attachments.map((a) => a.filename)).toEqual([`replay-${gameId}-9.png`]);
    checkPublic(end, jobs);
    // Back to the start, by the menu.
    const again = await stepTo(alice, end, { round: /^The start$/ });
    expect(heading(again)).toBe('**The start**, before the first move · 9 turns follow');
    env.fake.assertNoViolations();
  });

  it('shows no secret in any frame, to a player or anyone else, and the final board and /game history lead to it', async () => {
    // Dave did not play: the final board's Replay opens the replay for him too, privately, in his language.
    const final = latestBoard(env.fake, channel);
    expect(final.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    const jobs = drawn.length;
    const handle = await dave.clickButton(final.id, buttonFor(final, 'replay'), { until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the replay' });
    let frame = privateReply(handle, dave);
    expect(frame.text.split('\n')[0]).toBe(`**Wiederholung** von Tally · Spiel #${gameId} (beendet)`);
    const seen = [heading(frame)];
    checkPublic(frame, jobs);
    while (frame.buttons.some((b) => /Nächster/.test(b.label ?? ''))) {
      frame = await stepTo(dave, frame, { button: /Nächster/ });
      checkPublic(frame, jobs);
      seen.push(heading(frame));
    }
    expect(seen).toHaveLength(10);
    expect(seen.at(-1)).toBe('**Runde 5** · nach Zug 9 von 9');
    // The pictures were drawn from the public view (checkPublic); a player's own replay (the first test)
    // hides their own draws as well: a replay is the table's view.
    expect(drawn.length).toBeGreaterThan(jobs);
    // Nothing of it was ever public.
    expect(env.fake.publicOccurrences(/Replay\*\* of|Wiederholung\*\* von/)).toEqual([]);

    const history = privateReply(await alice.runCommand(channel, 'game', { subcommand: 'history' }), alice);
    expect(history.text).toContain(`#${gameId} Tally ·`);
    expect(history.text.split('\n').at(-1)).toBe('Step through any of them turn by turn: /game replay game:<number>.');
    // The number works as the option, from any channel of the server.
    const elsewhere = await replay(bob, env.fake.createChannel('replay-elsewhere'), gameId);
    expect(elsewhere.text.split('\n')[0]).toBe(`**Replay** of Tally · game #${gameId} (finished)`);
    const next = await stepTo(bob, elsewhere, { button: /Next/ });
    expect(heading(next)).toBe('**Round 1** · after turn 1 of 9');
    env.fake.assertNoViolations();
  });

  it('refuses a forged frame, and the replay stays as it was; forged onto the public board, it leaves the board alone', async () => {
    const start = await replay(alice, channel, gameId);
    const version = parseCustomId(start.selects[0]!.customId)!.version;
    const forged = await alice.forgeClick(start.id, encodeCustomId({ gameId, version, verb: 'rframe', frame: 10 }));
    await forged.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the refusal' });
    expect(forged.followUps[0]).toMatchObject({ ephemeral: true, content: 'This replay has no such turn (the button may be out of date or altered). Nothing was changed.' });
    expect(env.fake.message(start.id)!.text).toBe(start.text);
    // A replay button forged onto the public board does not touch the board: the frame comes privately.
    const final = latestBoard(env.fake, channel);
    const onBoard = await alice.forgeClick(final.id, encodeCustomId({ gameId, version, verb: 'rframe', frame: 2 }));
    await onBoard.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the private frame' });
    expect(onBoard.followUps[0]!.ephemeral).toBe(true);
    expect(onBoard.followUps[0]!.text.split('\n')[1]).toBe('**Round 1** · after turn 2 of 9');
    expect(env.fake.message(final.id)!.text).toBe(final.text);
    expect(env.fake.message(final.id)!.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    env.fake.assertNoViolations();
  });

  it('shows a running game up to its last finished turn only', async () => {
    const running = env.fake.createChannel('replay-running');
    const board = await twoPlayers(running);
    await playTurn({ fake: env.fake, channelId: running }, { policy: drawAddEnd, awaitNextBoard: true });
    // The second player draws a card and stops there: that turn is not over, and not public.
    const stopAfterDraw: TurnPolicy = (context) => (context.step === 0 ? drawAddEnd(context) : null);
    await playTurn({ fake: env.fake, channelId: running }, { policy: stopAfterDraw });
    expect(board.id).not.toBe(latestBoard(env.fake, running).id);
    const start = await replay(alice, running);
    expect(start.text.split('\n')[0]).toMatch(/^\*\*Replay\*\* of Tally · game #\d+ \(running: the turns played so far\)$/);
    expect(heading(start)).toBe('**The start**, before the first move · 1 turn follows');
    const first = await stepTo(alice, start, { button: /Next/ });
    expect(heading(first)).toBe('**Round 1** · after turn 1 of 1');
    expect(first.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);
    expect(first.buttons.map((b) => b.label)).toEqual(['◀ Previous turn']);
    env.fake.assertNoViolations();
  });

  it("refuses a game of another server, by number or by a forged button, and offers only this server's games", async () => {
    // Commands everywhere (as the bot registers them without a development guild).
    await registerCommands(env.bot.client.rest, { applicationId: env.fake.applicationId, commands: commandDefinitions(env.service.modules, registryPresenters()) });
    const other = env.fake.createGuild('Elsewhere');
    const channel = env.fake.createChannel('general-2', { guildId: other });
    const eve = env.createUser('eve', { guildId: other });
    const frank = env.createUser('frank', { guildId: other });

    const byNumber = privateReply(await eve.runCommand(channel, 'game', { subcommand: 'replay', options: { game: gameId } }), eve);
    expect(byNumber.text).toBe(`Game #${gameId} was not played in this server: a replay shows only this server’s games. Nothing was changed.`);
    expect(byNumber.attachments).toEqual([]);

    // A game of this other server, just started: its replay has the start only; a button forged with the
    // first server's game is refused, and the replay stays as it was.
    const lobbyAnswer = privateReply(await eve.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'tally' } }), eve);
    const lobbyId = /\/channels\/\d+\/\d+\/(\d+)/.exec(lobbyAnswer.text)![1]!;
    // A lobby has nothing to replay, named or not.
    const lobbyGame = await gameIn(channel);
    expect(privateReply(await eve.runCommand(channel, 'game', { subcommand: 'replay' }), eve).text).toBe(
      'There is no game in this channel to replay. Name one with the game option: /game history lists this server’s games with their numbers.',
    );
    expect(privateReply(await eve.runCommand(channel, 'game', { subcommand: 'replay', options: { game: lobbyGame } }), eve).text).toBe(`Game #${lobbyGame} never started: there is nothing to replay.`);
    expect(privateReply(await eve.runCommand(channel, 'game', { subcommand: 'replay', options: { game: 999999 } }), eve).text).toBe(
      'There is no game #999999 in this server. /game history lists this server’s games with their numbers.',
    );
    await frank.clickButton(lobbyId, buttonFor(env.fake.message(lobbyId)!, 'join'));
    await clickForBoard(eve, env.fake.message(lobbyId)!, buttonFor(env.fake.message(lobbyId)!, 'start'), channel);
    const own = await replay(eve, channel);
    expect(heading(own)).toBe('**The start**, before the first move · no turn played yet');
    const forged = await eve.forgeClick(own.id, encodeCustomId({ gameId: gameId, version: 1, verb: 'rframe', frame: 1 }));
    await forged.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the refusal' });
    expect(forged.followUps[0]).toMatchObject({ ephemeral: true, content: `Game #${gameId} was not played in this server: a replay shows only this server’s games. Nothing was changed.` });
    expect(env.fake.message(own.id)!.text).toBe(own.text);
    expect(env.fake.message(own.id)!.attachments.map((a) => a.filename)).toEqual(own.attachments.map((a) => a.filename));

    // The game option is completed with the asking server's games only.
    const ownId = await gameIn(channel);
    const here = await complete(alice, env.fake.guildId, '');
    expect(here.map((c) => c.value)).toContain(gameId);
    expect(here.map((c) => c.value)).not.toContain(ownId);
    expect(here.find((c) => c.value === gameId)!.name).toMatch(new RegExp(`^#${gameId} Tally · finished · \\d{4}-\\d{2}-\\d{2}$`));
    expect((await complete(eve, other, '')).map((c) => c.value)).toEqual([ownId]);
    expect((await complete(eve, other, String(gameId))).map((c) => c.value)).toEqual([]);
    expect((await complete(alice, env.fake.guildId, String(gameId))).map((c) => c.value)).toEqual([gameId]);
    env.fake.assertNoViolations();
  });
});

function registryPresenters(): ReturnType<typeof registry.presenters> {
  return registry.presenters(inner);
}

/** The autocomplete of /game replay's `game` option for `user` of `guildId` who typed `typed`. */
async function complete(user: FakeUser, guildId: string, typed: string): Promise<{ name: string; value: number }[]> {
  let answer: { name: string; value: number }[] = [];
  const interaction = {
    guildId,
    guild: env.bot.client.guilds.cache.get(guildId) ?? null,
    user: { id: user.id },
    member: null,
    locale: 'en-US',
    options: { getFocused: () => ({ name: 'game', value: typed }) },
    respond: async (choices: { name: string; value: number }[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const envForHandler = {
    ctx: { service: env.service, presenters: registryPresenters(), client: env.bot.client, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: '1',
  } satisfies HandlerEnv;
  await gameReplay.autocomplete!(envForHandler, interaction);
  return answer;
}

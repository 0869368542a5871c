/**
 * Boards everyone can read: "Board as text" (the button beside Phone view, and the message command Apps ›
 * Board as text on any board) answers privately with the whole public board in words, in the reader's
 * language, headings per part; every board picture's alt text tells whose turn it is, the standings and
 * what changed. A whole game of Tally (first to 4 points; each turn draws a secret card) is played by
 * reading only these texts and the panel's button labels; a game of Istanbul is read in German and Dutch
 * through its first round. Nothing hidden reaches a public text, alt text included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istanbulGame } from '../../src/games/istanbul/game.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { until } from './bot-process.js';
import { boards, buttonFor, clickForBoard, latestBoard, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
/** Tally's board in words ends with its last player's part. */
const TALLY_LAST = /^### Bob\n/m;

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let dave: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([tally, istanbulGame]), seeds: ['text-1', 'text-2', 'text-3'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

/**
 * Every private message of an answer (the reply, then its follow-ups, until one matches `last`: the part
 * the board in words ends with), each checked to be for `user` only.
 */
async function answerOf(handle: InteractionHandle, user: FakeUser, last?: RegExp): Promise<SeenMessage[]> {
  const whole = (h: InteractionHandle): boolean =>
    h.reply !== undefined && !h.reply.loading && (last === undefined || [h.reply, ...h.followUps].some((m) => last.test(m.text)));
  await handle.waitFor(whole, { timeoutMs: WAIT_MS, description: 'the board as text, to its last part' });
  await handle.settled();
  const messages = [privateReply(handle, user), ...handle.followUps];
  for (const m of messages) {
    expect(m.ephemeral).toBe(true);
    expect([...m.text].length).toBeLessThanOrEqual(2000);
  }
  return messages;
}

/** The board in words, as `user` reads it from the Board as text button of `board`, to the part matching `last`. */
async function readBoard(user: FakeUser, board: SeenMessage, last: RegExp): Promise<string> {
  const messages = await answerOf(await user.clickButton(board.id, buttonFor(board, 'text'), { until: 'response' }), user, last);
  return messages.map((m) => m.text).join('\n');
}

/** What the text says of each player, under "## Players": "### Alice" and the line under it. */
function standingsIn(text: string): Map<string, string> {
  const players = text.split('\n## Players\n')[1] ?? '';
  return new Map([...players.matchAll(/^### (.+)\n(.+)$/gm)].map((m) => [m[1] as string, m[2] as string]));
}

async function twoPlayers(channel: string, game: string, first = alice, second = bob): Promise<SeenMessage> {
  const lobby = await openLobby(first, channel, { game });
  await second.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  return clickForBoard(first, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
}

/** Clicks the offered choice labelled `label` on the panel and returns the panel as the click left it. */
async function choose(user: FakeUser, panel: SeenMessage, label: RegExp): Promise<SeenMessage> {
  const choice = offered(panel).find((c) => label.test(c.label));
  if (choice === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((c) => c.label).join(' | ')}`);
  const handle = choice.kind === 'button' ? await user.clickButton(panel.id, choice.customId) : await user.selectOptions(panel.id, choice.customId, [choice.value!]);
  await handle.settled();
  return env.fake.message(panel.id)!;
}

describe('a game of Tally played by reading only Board as text and the panel’s labels', () => {
  it('tells whose turn it is and the standings at every turn, and at the end who won, as the game has it', async () => {
    const channel = env.fake.createChannel('read-aloud');
    await twoPlayers(channel, 'tally');
    const players = new Map([['Alice', alice], ['Bob', bob]]);
    // What the players privately drew: never in a public text, alt text included.
    const secrets: string[] = [];
    let points = new Map([['Alice', 0], ['Bob', 0]]);
    let turns = 0;
    let previous: string | null = null;
    for (;;) {
      const board = latestBoard(env.fake, channel);
      const text = await readBoard(alice, board, TALLY_LAST);
      expect(text.split('\n')[0]).toMatch(/^## Tally · game #\d+, as it stands now$/);
      // The standings as the text tells them, each player under their own heading.
      const told = standingsIn(text);
      expect([...told.keys()]).toEqual(['Alice', 'Bob']);
      for (const [name, line] of told) expect(line).toMatch(new RegExp(`^${points.get(name)} points?, \\d cards? in hand$`));
      if (/^The game is over\.$/m.test(text)) {
        const winner = /^(.+) wins\.$/m.exec(text)?.[1];
        expect(winner).toBeDefined();
        // The text's winner and scores are the game's.
        const loaded = await env.service.byChannelOrFinished(channel);
        if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no finished game');
        const standings = env.service.standings(loaded.game);
        const names = ['Alice', 'Bob'];
        const seatOf = (user: FakeUser): number => loaded.game.seats.find((s) => s.userId === user.id)!.seat;
        expect(standings.find((s) => s.rank === 1)?.seat).toBe(seatOf(players.get(winner!)!));
        for (const name of names) expect((loaded.game.state as { scores: number[] }).scores[seatOf(players.get(name)!)]).toBe(points.get(name));
        expect(points.get(winner!)).toBe(4);
        break;
      }
      expect(turns).toBeLessThan(12);
      // What changed: the turn just played, as the board marks it.
      if (previous !== null) expect(text).toContain(`### What changed\n${previous} draws a card\n${previous} adds 1\n${previous} ends the turn\n`);
      // Whose turn it is, by the text alone; that player opens their panel and plays by its labels.
      const actorName = /^(.+) decides\.$/m.exec(text)?.[1];
      expect(players.has(actorName ?? '')).toBe(true);
      const actor = players.get(actorName!)!;
      const handle = await actor.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
      await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the panel' });
      let panel = privateReply(handle, actor);
      panel = await choose(actor, panel, /^Draw a card$/);
      for (const m of panel.text.matchAll(/You draw a \d/g)) secrets.push(m[0]);
      panel = await choose(actor, panel, /^Add 1$/);
      // The point that wins ends the game at once: then nothing is left to click.
      if (offered(panel).length > 0) await choose(actor, panel, /^End the turn$/);
      await until(env.fake, () => latestBoard(env.fake, channel).id !== board.id, 'the next board');
      points = new Map([...points].map(([name, n]) => [name, name === actorName ? n + 1 : n]));
      previous = actorName!;
      turns++;
    }
    expect(turns).toBe(7);
    // Every board's picture said the same in its alt text: whose turn, the standings, what changed.
    const all = boards(env.fake, channel);
    for (const board of all.slice(1, -1)) {
      const alt = board.attachments[0]!.description!;
      expect(alt.split('\n')[0]).toBe('The Tally board after the last turn');
      expect(alt).toMatch(/^(Alice|Bob) decides\.$/m);
      expect(alt).toMatch(/^Alice: \d points?, \d cards? in hand$/m);
      expect(alt).toMatch(/^What changed:\n(Alice|Bob) draws a card$/m);
    }
    expect(all.at(-1)!.attachments[0]!.description).toMatch(/^The game is over\.\n(Alice|Bob) wins\.$/m);
    expect(secrets.length).toBe(7);
    for (const secret of secrets) expect(env.fake.publicOccurrences(secret)).toEqual([]);
  }, 300_000);
});

describe('the message command Board as text', () => {
  it('answers on any board of the game with the game as it stands now, in the reader’s language; on another message, that it is no board', async () => {
    const channel = env.fake.createChannel('menu');
    const first = await twoPlayers(channel, 'tally');
    const lobby = env.fake.channelMessages(channel)[0]!;
    const answerOn = async (user: FakeUser, message: SeenMessage): Promise<string> => (await answerOf(await user.runMessageCommand(message.id, 'Board as text', { until: 'response' }), user)).map((m) => m.text).join('\n');
    const now = await answerOn(dave, first);
    expect(now.split('\n')[0]).toMatch(/^## Tally · Spiel #\d+, wie es jetzt steht$/);
    expect(now).toMatch(/^(Alice|Bob) entscheidet\.$/m);
    expect(now).toContain('## Spieler\n### Alice\n0 Punkte, 0 Karten auf der Hand\n### Bob\n0 Punkte, 0 Karten auf der Hand');
    // The button answers the same.
    expect(await readBoard(dave, first, TALLY_LAST)).toBe(now);
    // A turn later the first board has lost its buttons: the command still finds the game (by its picture) and tells it now.
    const actor = /^Alice entscheidet/m.test(now) ? alice : bob;
    const handle = await actor.clickButton(first.id, buttonFor(first, 'turn'), { until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the panel' });
    let panel = privateReply(handle, actor);
    panel = await choose(actor, panel, /^Add 1$/);
    await choose(actor, panel, /^End the turn$/);
    await until(env.fake, () => latestBoard(env.fake, channel).id !== first.id, 'the next board');
    expect(env.fake.message(first.id)!.buttons).toEqual([]);
    const later = await answerOn(dave, env.fake.message(first.id)!);
    expect(later).toContain(`### ${actor === alice ? 'Alice' : 'Bob'}\n1 Punkt, 0 Karten auf der Hand`);
    expect(later).toMatch(new RegExp(`^${actor === alice ? 'Bob' : 'Alice'} entscheidet\\.$`, 'm'));
    // The lobby is no board: said so, briefly, in the reader's language.
    expect(await answerOn(dave, lobby)).toBe(
      'Diese Nachricht ist kein Spielplan eines Spiels dieses Kanals. Nutze „Spielplan als Text“ auf einem Spielplan: einer Nachricht des Bots mit dem Knopf **Meinen Zug machen** oder **Revanche** oder einem Bild des Spielplans.',
    );
    expect(await answerOn(alice, lobby)).toMatch(/^This message is not a board of a game of this channel\./);
  }, 120_000);
});

describe('Istanbul read aloud', () => {
  it('its alt text and Board as text tell the round, who decides, the standings and every place, in the game’s and the reader’s language', async () => {
    const channel = env.fake.createChannel('istanbul-read');
    const carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
    const board = await twoPlayers(channel, 'istanbul');
    const alt = board.attachments[0]!.description!;
    expect([...alt].length).toBeLessThanOrEqual(1024);
    const [caption, now, ...players] = alt.split('\n');
    expect(caption).toBe('The Istanbul board after the last turn');
    expect(now).toMatch(/^Round 1 \(6 rubies end the game\)\. (Alice|Bob) decides: Move your merchant\.$/);
    expect(players).toEqual([
      expect.stringMatching(/^(Alice|Bob) \((red|blue|green|yellow|white)\): 0 rubies, 2 lira, goods: nothing, 1 bonus card$/),
      expect.stringMatching(/^(Alice|Bob) \((red|blue|green|yellow|white)\): 0 rubies, 3 lira, goods: nothing, 1 bonus card$/),
    ]);
    // Carol reads the board in Dutch: every place, one a line, and each player's section.
    const text = await readBoard(carol, board, /^### Kaarten en dobbelstenen$/m);
    expect(text.split('\n')[0]).toMatch(/^## Istanbul · spel #\d+, zoals het nu staat$/);
    expect(text).toMatch(/^Ronde 1 \(6 robijnen beëindigen het spel\)\. (Alice|Bob) beslist: Verplaats je handelaar\.$/m);
    expect(text).toMatch(/^### (Alice|Bob) \((rood|blauw|groen|geel|wit)\)\n0 robijnen, [23] lira, handelswaar: niets, 1 bonuskaart\nStartspeler\.\nHandelaar bij de Fontein met 4 assistenten\.$/m);
    const places = text.split('### Plaatsen\n')[1]!.split('\n###')[0]!.split('\n');
    expect(places).toHaveLength(16);
    expect(places).toContain(places.find((l) => /^Fontein \(rij \d, kolom \d\): hier: handelaar van Alice \(4 assistenten\), handelaar van Bob \(4 assistenten\)/.test(l)));
    expect(places.some((l) => /^Paleis van de sultan \(rij \d, kolom \d\): de volgende robijn kost .+; nog \d+ robijnen$/.test(l))).toBe(true);
  }, 120_000);
});

describe('Board as text of a five-player game', () => {
  it('comes in several private messages of whole parts, each within 2,000 characters; the places go on under their heading', async () => {
    const channel = env.fake.createChannel('istanbul-five');
    const others = ['eve', 'frank', 'gina'].map((name) => env.createUser(name, { globalName: name.charAt(0).toUpperCase() + name.slice(1) }));
    const lobby = await openLobby(alice, channel, { game: 'istanbul', players: 5 });
    for (const user of [bob, ...others]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    expect([...board.attachments[0]!.description!].length).toBeLessThanOrEqual(1024);
    const messages = await answerOf(await bob.clickButton(board.id, buttonFor(board, 'text'), { until: 'response' }), bob, /^### Cards and dice$/m);
    expect(messages.length).toBeGreaterThan(1);
    // Each message begins with a heading; the places are all there, once, under their heading in each message.
    for (const m of messages) expect(m.text).toMatch(/^##/);
    const places = messages.flatMap((m) => m.text.split('### Places\n').slice(1).map((rest) => rest.split('\n##')[0]!.split('\n'))).flat();
    expect(places).toHaveLength(16);
    expect(new Set(places.map((line) => line.split(' (row')[0])).size).toBe(16);
    const players = messages.map((m) => m.text).join('\n').match(/^### .+ \((red|blue|green|yellow|white)\)$/gm);
    expect(players).toHaveLength(5);
  }, 120_000);
});

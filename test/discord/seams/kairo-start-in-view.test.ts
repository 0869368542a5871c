/**
 * Kairo's variable start as the player placing a start stall sees it. The rulebook places the stalls one at a
 * time in turn ("Der Startspieler legt den ersten Hauptstand, ihm folgen alle Spieler reihum"), and the
 * channel keeps one board picture for the whole start; so the panel of the player deciding shows the board as
 * it stands now (the stalls already placed, drawn from the table's public view) and how many stalls are still
 * to place, in the player's own language; each placement is told in the board's words (section, field by
 * the picture's column letter and row number, the side of the entrance); and a stall takes at most three
 * clicks from the call: Take my turn, its colour with a section, a field with its entrance.
 *
 * Crosses: languages, learn, tables
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../../src/app/game-service.js';
import { isComputerSeatId } from '../../../src/app/game-service.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import { computerPlayerName, gameLocale } from '../../../src/discord/messages/index.js';
import { labelName } from '../../../src/discord/text.js';
import type { Locale } from '../../../src/engine/index.js';
import { GAMES } from '../../../src/games/index.js';
import type { GamePresenter } from '../../../src/games/contract.js';
import type { KairoState } from '../../../src/games/kairo/index.js';
import { inProcessBoardRenderer } from '../../../src/render/board-job.js';
import type { FakeUser, SeenMessage } from '../../fake-discord/index.js';
import { until } from '../bot-process.js';
import { buttonFor, choose, hasButton, mentionedToAct, offered, openLobby, openPrivately, privateReply, startBotOnFake, WAIT_MS, type BotOnFake, type Offered, INVITE_PERMISSIONS } from '../harness.js';


let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dora: FakeUser;
let channel: string;
/** The table the three of them play in a thread of the channel, still in its start when the learning game opens beside it. */
let firstTable: { gameId: number; thread: string } | undefined;

/** Kairo's pictures drawn here, from the same public views, to compare with what the panels carry. */
const kairoPictures = GAMES.presenters(inProcessBoardRenderer(GAMES)).get('kairo') as GamePresenter;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['start-in-view-1', 'start-in-view-2', 'start-in-view-3'], fake: { botPermissions: [...INVITE_PERMISSIONS] } });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
  dora = env.createUser('dora', { globalName: 'Dora', locale: 'nl' });
  channel = env.fake.createChannel('kairo-tables');
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

async function gameById(gameId: number): Promise<ActiveSnapshot> {
  const loaded = await env.service.byId(gameId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game #${gameId} is not running`);
  return loaded.game;
}

/** The names the pictures carry: the seats' names, a computer's with its level in the table's language. */
function pictureNames(game: ActiveSnapshot): string[] {
  const out: string[] = [];
  for (const seat of game.seats) {
    const name = labelName(seat.displayName);
    out[seat.seat] = isComputerSeatId(seat.userId) ? computerPlayerName(gameLocale(game), name, seat.computer) : name;
  }
  return out;
}

/** The picture of the table's board as it stands now, in `locale`: what a panel opened now must carry. */
async function boardNow(game: ActiveSnapshot, locale: Locale): Promise<Buffer> {
  const picture = kairoPictures.panelPicture?.(env.service.publicView(game), { locale, names: pictureNames(game) });
  if (picture === undefined || picture === null) throw new Error('Kairo draws no picture of its start for the panel');
  return picture.png;
}

/** "N start stalls still to place", as the player's language says it. */
function stillToPlace(locale: Locale, n: number): RegExp {
  if (locale === 'de') return new RegExp(`Noch ${n} ${n === 1 ? 'Startstand' : 'Startstände'} zu platzieren`);
  if (locale === 'nl') return new RegExp(`Nog ${n} ${n === 1 ? 'startkraam' : 'startkramen'} te plaatsen`);
  return new RegExp(`${n} ${n === 1 ? 'start stall' : 'start stalls'} still to place`);
}

/** The choices of the panel's selects whose placeholder matches `group`. */
function inGroup(panel: SeenMessage, group: RegExp): Offered[] {
  const selects = new Set(panel.selects.filter((s) => group.test(s.placeholder ?? '')).map((s) => s.customId));
  return offered(panel).filter((o) => selects.has(o.customId));
}

/**
 * Picks a choice and waits for the panel to show what follows: its choices are those of the game's next
 * version (in a learning game a coaching line may come first).
 */
async function chooseOnPanel(user: FakeUser, panel: SeenMessage, pick: Offered): Promise<SeenMessage> {
  const components = (): string => JSON.stringify(env.fake.message(panel.id)?.components);
  const seen = components();
  const handle = await choose(user, panel, pick);
  await handle.waitFor(() => components() !== seen, { timeoutMs: WAIT_MS, description: 'the panel to show what follows' });
  return env.fake.message(panel.id)!;
}

/** The newest call (a board or a short text with Take my turn) of `where` that names `user` to decide and was not answered yet. */
function freshCall(where: string, user: FakeUser, used: ReadonlySet<string>): SeenMessage | undefined {
  const call = env.fake.channelMessages(where).filter((m) => hasButton(m, 'turn')).at(-1);
  return call !== undefined && !used.has(call.id) && mentionedToAct(call).includes(user.id) ? call : undefined;
}

/**
 * One start stall placed by `user` from the call, counting the clicks: Take my turn, a colour with a section,
 * a field with its entrance (or a field whose entrance has one side only). Before the first choice the panel
 * must show the table's board as it stands, with the stalls still to place counted.
 */
async function placeStall(gameId: number, where: string, user: FakeUser, locale: Locale, used: Set<string>): Promise<void> {
  await until(env.fake, () => freshCall(where, user, used) !== undefined, `a call asking ${user.name} to place a start stall`, 120_000);
  const call = freshCall(where, user, used) as SeenMessage;
  used.add(call.id);
  const before = await gameById(gameId);
  const state = before.state as KairoState;
  expect(state.phase).toBe('setup');
  const stallsBefore = state.stalls.length;
  const seat = env.service.seatOf(before, user.id)!.seat;

  let clicks = 1;
  let panel = await openPrivately(user, call, buttonFor(call, 'turn'));
  // The panel carries one picture: the board of this table with every stall placed so far, in the player's language.
  expect(panel.attachments, 'the panel carries the board as it stands').toHaveLength(1);
  expect(Buffer.compare(Buffer.from(panel.attachments[0]!.bytes), await boardNow(before, locale)), 'the picture is this table’s board now').toBe(0);
  expect(panel.text).toMatch(stillToPlace(locale, state.setupQueue.length));
  // "In one go": the colour with a section, in selects by row of sections, the board's order (1–3, 4–6, 7–9).
  const bands = panel.selects.map((sel) => /(\d)–\d…$/.exec(sel.placeholder ?? '')?.[1]).filter((b) => b !== undefined);
  expect(bands.length).toBeGreaterThan(0);
  expect(bands).toEqual([...bands].sort());

  while (offered(panel).length > 0) {
    const pick =
      inGroup(panel, /colour and section|Farbe und Marktabschnitt|kleur en sectie/)[0] ??
      inGroup(panel, /field in row|Feld in Reihe|veld in rij/)[0] ??
      offered(panel).find((o) => /^(Field|Feld|Veld) /.test(o.label));
    if (pick === undefined) throw new Error(`nothing to place a stall with: ${offered(panel).map((o) => o.label).join(' | ')}`);
    clicks++;
    panel = await chooseOnPanel(user, panel, pick);
    if (offered(panel).length > 0) {
      // Still deciding (the field): the picture is still this table's board as it stands.
      expect(Buffer.compare(Buffer.from(panel.attachments[0]!.bytes), await boardNow(await gameById(gameId), locale))).toBe(0);
    }
  }
  expect(clicks, 'a start stall takes at most 3 clicks from its call').toBeLessThanOrEqual(3);
  // Placed: the picture of the board it was decided on goes (the next call, or the kept panel, shows the next).
  expect(panel.attachments).toEqual([]);
  const after = (await gameById(gameId)).state as KairoState;
  expect(after.stalls.length).toBe(stallsBefore + 1);
  expect(after.stalls[stallsBefore]!.owner).toBe(seat);
}

describe("Kairo's start: the player placing a stall sees where the stalls stand", () => {
  it('at each start stall of a table in a thread, its player’s panel shows that table’s board now in their language, counts the stalls still to place, and the stall takes at most 3 clicks', async () => {
    const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    const lobby = await openLobby(alice, channel, { game: 'kairo', players: 3, layout: 'variable' });
    const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
    for (const user of [bob, carol]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    const opened = () => env.fake.threadsOf(channel).find((t) => !before.has(t.id));
    await start.waitFor(() => opened() !== undefined && env.fake.channelMessages(opened()!.id).some((m) => hasButton(m, 'turn')), { timeoutMs: WAIT_MS, description: 'the first board in the table’s thread' });
    const thread = opened()!.id;
    firstTable = { gameId, thread };

    const locales = new Map<string, Locale>([
      [alice.id, 'en'],
      [bob.id, 'de'],
      [carol.id, 'nl'],
    ]);
    const used = new Set<string>();
    // Two rounds of the start (six of the nine stalls); the third round is left for later, the table still in its start.
    for (let n = 0; n < 6; n++) {
      const game = await gameById(gameId);
      const seat = (game.state as KairoState).seat;
      const user = env.fake.users.get(game.seats.find((s) => s.seat === seat)!.userId);
      await placeStall(gameId, thread, user, locales.get(user.id)!, used);
      // The call of the next stall tells the one just placed as the board names it (the table speaks English).
      await until(env.fake, () => env.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1)?.id !== [...used].at(-1), 'the call of the next stall');
      const next = env.fake.channelMessages(thread).filter((m) => hasButton(m, 'turn')).at(-1)!;
      expect(next.text).toMatch(/places an? \w+ start stall in section [1-9] on [A-N]\d{1,2}, its entrance to the (north|east|south|west) \([A-N]\d{1,2}\)/);
    }
    // The thread has one board picture during the start, the first; the board as it stands rode on the panels.
    expect(env.fake.channelMessages(thread).filter((m) => m.attachments.length > 0)).toHaveLength(1);
    env.fake.assertNoViolations();
  }, 600_000);

  it('in a learning game opened beside a table still in its start, the learner’s panel shows the learning game’s board with the computers’ stalls, in the learner’s language, and the stall takes at most 3 clicks', async () => {
    expect(firstTable, 'the first table is open').toBeDefined();
    const threadsBefore = new Set(env.fake.threadsOf(channel).map((t) => t.id));
    const handle = await dora.runCommand(channel, 'game', { subcommand: 'learn', options: { game: 'kairo', opponents: 2 } });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game learn' });
    privateReply(handle, dora);
    // The learning game has a thread of its own in the same channel, beside the first table's.
    const opened = () => env.fake.threadsOf(channel).find((t) => !threadsBefore.has(t.id));
    await until(env.fake, () => opened() !== undefined && env.fake.channelMessages(opened()!.id).some((m) => hasButton(m, 'turn')), 'the learning game’s first call in its thread', 120_000);
    const where = opened()!.id;
    const gameId = parseCustomId(buttonFor(env.fake.channelMessages(where).find((m) => hasButton(m, 'turn'))!, 'turn'))!.gameId;
    expect((await gameById(gameId)).settings).toMatchObject({ learn: true });
    expect(gameId).not.toBe(firstTable!.gameId);
    const used = new Set<string>();
    for (let n = 0; n < 3; n++) await placeStall(gameId, where, dora, 'nl', used);
    const learning = await gameById(gameId);
    const learner = env.service.seatOf(learning, dora.id)!.seat;
    // The computers placed theirs in turn: the learner saw their stalls on the panels' pictures (compared above).
    expect((learning.state as KairoState).stalls.filter((s) => s.owner !== learner).length).toBeGreaterThanOrEqual(4);
    // The first table's start is untouched by the learning game beside it.
    expect(((await gameById(firstTable!.gameId)).state as KairoState).stalls).toHaveLength(6);
    env.fake.assertNoViolations();
  }, 600_000);
});

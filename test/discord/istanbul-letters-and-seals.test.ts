/**
 * Istanbul with Letters & Seals end to end through the fake Discord (real discord.js client, real SQLite
 * file): `/game new expansion:`, a 3-player lobby, then a Kiosk round (every seat chooses its tile with its
 * own buttons, after a mention; the active player also gets the last tile) and an auction (the other seats
 * bid or pass with their own buttons). A decision that passes to another seat inside the turn is called
 * with a short text (what was just done, who decides now, the board's buttons), not a new board picture:
 * the next picture comes with the next turn player, and its summary tells the whole turn. Played by
 * clicking what the bot offers; the turns in between are played by the same clicks. Not played to the end
 * (complete games are covered for the base game).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { boards, buttonFor, choose, clickForBoard, latestBoard, latestCall, mentionedToAct, offered, openPrivately, startBotOnFake, type BotOnFake, openLobby, WAIT_MS } from './harness.js';

let env: BotOnFake;
let users: FakeUser[];

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['ls-e2e', 'ls-e2e', 'ls-e2e'] });
  users = [
    env.createUser('alice', { globalName: 'Alice' }),
    env.createUser('bob', { globalName: 'Bob', locale: 'de' }),
    env.createUser('carol', { globalName: 'Carol', locale: 'nl' }),
  ];
});

afterAll(async () => {
  await env?.stop();
});

async function game(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function state(channel: string): Promise<IstanbulState> {
  return (await game(channel)).state as IstanbulState;
}

async function userOfSeat(channel: string, seat: number): Promise<FakeUser> {
  const id = (await game(channel)).seats.find((s) => s.seat === seat)?.userId;
  const user = users.find((u) => u.id === id);
  if (user === undefined) throw new Error(`no user at seat ${seat}`);
  return user;
}

async function deciding(channel: string): Promise<{ seat: number; user: FakeUser }> {
  const seat = env.service.activeSeats(await game(channel))[0];
  if (seat === undefined) throw new Error('nobody decides');
  return { seat, user: await userOfSeat(channel, seat) };
}

/** The deciding user opens the panel from the newest board or call (which must mention them). */
async function openPanel(channel: string): Promise<{ user: FakeUser; seat: number; panel: SeenMessage; call: SeenMessage }> {
  const { seat, user } = await deciding(channel);
  const call = latestCall(env.fake, channel);
  expect(mentionedToAct(call), 'the message mentions who decides').toEqual([user.id]);
  return { user, seat, call, panel: await openPrivately(user, call, buttonFor(call, 'turn')) };
}

/** Picks, on the panel, the offered single step that `wanted` accepts (by the seat's legal actions; compound choices come after them). */
async function pick(channel: string, user: FakeUser, seat: number, panel: SeenMessage, wanted: (a: IstanbulAction) => boolean): Promise<SeenMessage> {
  const legal = env.service.legalActions(await game(channel), seat) as IstanbulAction[];
  const choice = offered(panel).find((c) => c.index < legal.length && wanted(legal[c.index] as IstanbulAction));
  if (choice === undefined) throw new Error(`not offered to seat ${seat}: ${offered(panel).map((c) => c.label).join(' | ')}`);
  const handle = await choose(user, panel, choice);
  return handle.reply as SeenMessage;
}

/** A "choose" kiosk tile carried out asks which exchange, of the same seat on the same panel: the first offered. */
async function finishExchange(channel: string, user: FakeUser, seat: number, panel: SeenMessage): Promise<SeenMessage> {
  const top = (await state(channel)).pending.at(-1);
  if (top?.k !== 'kioskEffect' || top.seat !== seat) return panel;
  return await pick(channel, user, seat, panel, (a) => a.type === 'kioskEffect');
}

describe('Istanbul with Letters & Seals end to end', () => {
  it('/game new expansion:letters-and-seals, a Kiosk round and an auction answered by the other players with their own buttons', async () => {
    const channel = env.fake.createChannel('istanbul-ls');
    const [host, ...others] = users as [FakeUser, FakeUser, FakeUser];
    const lobby = await openLobby(host, channel, { game: 'istanbul', expansion: 'letters-and-seals' });
    expect(lobby.text).toMatch(/Layout: Starter \(Letters & Seals\)/);
    expect(lobby.text).toMatch(/Expansion: Letters & Seals \(new bonus cards mixed in\)/);
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const s0 = await state(channel);
    expect(s0.ls).toBeDefined();
    expect([s0.width, s0.height]).toEqual([5, 4]);

    // ---- the start player: Fountain 7 -> Kiosk 22 (one step up on the starter board) ----
    const first = await openPanel(channel);
    let panel = await pick(channel, first.user, first.seat, first.panel, (a) => a.type === 'move' && a.to === 22);
    panel = await pick(channel, first.user, first.seat, panel, (a) => a.type === 'leaveAssistant');
    panel = await pick(channel, first.user, first.seat, panel, (a) => a.type === 'kiosk');
    const round = (await state(channel)).ls?.kiosk;
    expect(round?.open).toHaveLength(4);
    expect(round?.queue).toEqual([first.seat, (first.seat + 1) % 3, (first.seat + 2) % 3]);
    // the owner chooses first (still the same panel): a tile, carried out
    panel = await pick(channel, first.user, first.seat, panel, (a) => a.type === 'kioskTile' && a.carry);
    panel = await finishExchange(channel, first.user, first.seat, panel);
    // then each other seat in turn order, called by a mention in a short text (no new board picture: the
    // turn player is the same), each with its own panel
    const picturesOfTheTurn = boards(env.fake, channel).length;
    for (let k = 1; k <= 2; k++) {
      const expected = (first.seat + k) % 3;
      const other = await openPanel(channel);
      expect(other.seat).toBe(expected);
      expect(other.user.id).not.toBe(first.user.id);
      expect(other.call.attachments, 'a short text, no picture').toEqual([]);
      expect(other.call.text).toMatch(/\nJust now: .+\n/);
      expect(boards(env.fake, channel)).toHaveLength(picturesOfTheTurn);
      // the active player cannot answer for them
      const board = latestCall(env.fake, channel);
      const refused = await first.user.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
      await refused.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the refusal' });
      expect(offered(refused.reply!)).toEqual([]);
      const before = (await state(channel)).ls?.kiosk?.open.length ?? 0;
      const legal = env.service.legalActions(await game(channel), other.seat) as IstanbulAction[];
      expect(legal.every((a) => a.type === 'kioskTile')).toBe(true);
      const chosen = await pick(channel, other.user, other.seat, other.panel, (a) => a.type === 'kioskTile' && a.carry === (k === 1));
      await finishExchange(channel, other.user, other.seat, chosen);
      expect((await state(channel)).ls?.kiosk?.open.length ?? 0).toBe(before - 1);
    }
    // the owner's last tile, then the encounters, then the end of the turn: called back by a short text too
    const last = await openPanel(channel);
    expect(last.seat).toBe(first.seat);
    expect(last.call.attachments).toEqual([]);
    expect(boards(env.fake, channel)).toHaveLength(picturesOfTheTurn);
    expect((await state(channel)).pending.at(-1)).toEqual({ k: 'kiosk', seat: first.seat, last: true });
    panel = await pick(channel, last.user, last.seat, last.panel, (a) => a.type === 'kioskTile');
    panel = await finishExchange(channel, last.user, last.seat, panel);
    expect((await state(channel)).ls?.kiosk).toBeNull();
    expect((await state(channel)).ls?.kioskDiscard).toHaveLength(4);
    const ended = await pick(channel, last.user, last.seat, panel, (a) => a.type === 'endTurn');
    expect(ended.text).toMatch(/(Your turn is over; the new board|Dein Zug ist zu Ende; der neue Spielplan|Je beurt is voorbij; het nieuwe bord)/);

    // ---- the next player: a new board picture, whose summary tells the whole turn, Kiosk picks included ----
    const second = await openPanel(channel);
    expect(second.seat).toBe((first.seat + 1) % 3);
    expect(boards(env.fake, channel)).toHaveLength(picturesOfTheTurn + 1);
    expect(second.call.attachments[0]?.contentType).toBe('image/png');
    // one line, or a line per player who acted in the turn (the Kiosk's picks by the others)
    const lines = second.call.text.split('\n');
    const from = lines.findIndex((line) => line.startsWith('Last turn: ') || line.startsWith('Last turns'));
    const summary = from < 0 ? '' : [lines[from], ...lines.slice(from + 1).filter((line) => line.startsWith('- '))].join('\n');
    for (const seat of [0, 1, 2]) expect(summary).toContain((await game(channel)).seats[seat]!.displayName);
    panel = await pick(channel, second.user, second.seat, second.panel, (a) => a.type === 'move' && a.to === 23);
    panel = await pick(channel, second.user, second.seat, panel, (a) => a.type === 'leaveAssistant');
    panel = await pick(channel, second.user, second.seat, panel, (a) => a.type === 'auctionGood' && a.good === 'blue');
    panel = await pick(channel, second.user, second.seat, panel, (a) => a.type === 'auctionBid' && a.amount === 1);
    // the opener's panel says who decides now (in the opener's language), the channel calls them
    expect(panel.text).toMatch(/^(Done\. .+ must decide now|Erledigt\. Jetzt entscheidet .+|Klaar\. Nu beslist .+); /m);
    const third = (first.seat + 2) % 3;
    const liraBefore = (await state(channel)).players.map((p) => p.lira);
    // the third seat outbids with its own buttons
    const bidder = await openPanel(channel);
    expect(bidder.seat).toBe(third);
    await pick(channel, bidder.user, bidder.seat, bidder.panel, (a) => a.type === 'auctionBid' && a.amount === 2);
    // the first seat passes with its own buttons
    const passer = await openPanel(channel);
    expect(passer.seat).toBe(first.seat);
    await pick(channel, passer.user, passer.seat, passer.panel, (a) => a.type === 'auctionPass');
    // the opener's last word: pass; the third seat pays the opener 2 lira and draws 2 cards
    const opener = await openPanel(channel);
    expect(opener.seat).toBe(second.seat);
    const handsBefore = (await state(channel)).players.map((p) => p.hand.length);
    panel = await pick(channel, opener.user, opener.seat, opener.panel, (a) => a.type === 'auctionPass');
    const after = await state(channel);
    expect(after.ls?.auction).toBeNull();
    expect(after.players[third]?.lira).toBe((liraBefore[third] as number) - 2);
    expect(after.players[second.seat]?.lira).toBe((liraBefore[second.seat] as number) + 2);
    expect(after.players[third]?.hand.length).toBe((handsBefore[third] as number) + 2);
    // the log: each seat's own bid or pass, recorded under that seat
    const log = (await env.service.recentEffective(await game(channel), 12)).map((e) => `${e.seat}:${(e.action as IstanbulAction).type}`);
    expect(log).toEqual(expect.arrayContaining([`${second.seat}:auctionBid`, `${third}:auctionBid`, `${first.seat}:auctionPass`, `${second.seat}:auctionPass`]));
    // the whole auction went by in short texts: one picture for the turn
    expect(boards(env.fake, channel)).toHaveLength(picturesOfTheTurn + 1);
    await pick(channel, opener.user, opener.seat, panel, (a) => a.type === 'endTurn');
    expect((await deciding(channel)).seat).toBe(third);
    expect(boards(env.fake, channel)).toHaveLength(picturesOfTheTurn + 2);
    // the board picture of the expansion: a PNG taller than the base game's (the letters band)
    const board = latestBoard(env.fake, channel);
    expect(board.attachments[0]?.contentType).toBe('image/png');
    // each player's hand shows their letters, seals and companion, in their language
    const bob = users[1] as FakeUser;
    const hand = await openPrivately(bob, board, buttonFor(board, 'hand'));
    // each symbol with the app's emoji before its words
    expect(hand.text).toMatch(/\n<:letter_[0-9a-f]+:\d+> Briefe: .* · <:seal_[0-9a-f]+:\d+> \d+ Siegel · Kompagnon: noch nicht genommen/);
  }, 540_000);

  /**
   * The same opening in a new channel: the start player skips the Kiosk's action, the next player opens the
   * auction with all 3 of their lira. The third seat (4 lira) may outbid and is asked; the start player (2
   * lira) cannot, so passing is all they may do.
   */
  async function auctionOfThree(channel: string): Promise<{ first: number; second: number; third: number }> {
    const [host, ...others] = users as [FakeUser, FakeUser, FakeUser];
    const lobby = await openLobby(host, channel, { game: 'istanbul', expansion: 'letters-and-seals' });
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const first = await openPanel(channel);
    let panel = await pick(channel, first.user, first.seat, first.panel, (a) => a.type === 'move' && a.to === 22);
    panel = await pick(channel, first.user, first.seat, panel, (a) => a.type === 'leaveAssistant');
    panel = await pick(channel, first.user, first.seat, panel, (a) => a.type === 'skipAction');
    await pick(channel, first.user, first.seat, panel, (a) => a.type === 'endTurn');
    const second = await openPanel(channel);
    panel = await pick(channel, second.user, second.seat, second.panel, (a) => a.type === 'move' && a.to === 23);
    panel = await pick(channel, second.user, second.seat, panel, (a) => a.type === 'leaveAssistant');
    panel = await pick(channel, second.user, second.seat, panel, (a) => a.type === 'auctionGood' && a.good === 'blue');
    expect((await state(channel)).players.map((p) => p.lira)[second.seat]).toBe(3);
    await pick(channel, second.user, second.seat, panel, (a) => a.type === 'auctionBid' && a.amount === 3);
    return { first: first.seat, second: second.seat, third: (first.seat + 2) % 3 };
  }

  it('a bidder who cannot outbid is not asked: the pass is played for them and told with its reason', async () => {
    const channel = env.fake.createChannel('istanbul-ls-forced');
    const { first, second, third } = await auctionOfThree(channel);
    const firstUser = await userOfSeat(channel, first);
    const mentionsBefore = env.fake.channelMessages(channel).filter((m) => m.text.includes(`<@${firstUser.id}>`)).length;
    // the third seat has 4 lira: a real choice, asked with a mention
    const bidder = await openPanel(channel);
    expect(bidder.seat).toBe(third);
    await pick(channel, bidder.user, bidder.seat, bidder.panel, (a) => a.type === 'auctionPass');
    // the start player (2 lira) passes without being asked; the opener wins with their own bid (2 bonus
    // cards drawn) and decides again, called by a short text that tells the pass and why
    expect((await deciding(channel)).seat).toBe(second);
    expect(env.fake.channelMessages(channel).filter((m) => m.text.includes(`<@${firstUser.id}>`))).toHaveLength(mentionsBefore);
    const call = latestCall(env.fake, channel);
    expect(mentionedToAct(call)).toEqual([(await userOfSeat(channel, second)).id]);
    expect(call.text).toContain(`${(await game(channel)).seats[first]!.displayName} passes: cannot outbid 3 lira`);
    const after = await state(channel);
    expect(after.ls?.auction).toBeNull();
    expect(after.players[second]?.lira).toBe(0);
    // the log keeps the pass under the start player's seat, as if they had clicked it
    const log = (await env.service.recentEffective(await game(channel), 8)).map((e) => `${e.seat}:${(e.action as IstanbulAction).type}`);
    expect(log.slice(-2)).toEqual([`${third}:auctionPass`, `${first}:auctionPass`]);
    env.fake.assertNoViolations();
  }, 540_000);

  it('a player who chose to be asked anyway (/game notify play_forced:false) is asked, and told why passing is all they can do', async () => {
    const channel = env.fake.createChannel('istanbul-ls-asked');
    const notified = async (user: FakeUser, value: boolean): Promise<void> => {
      await user.runCommand(channel, 'game', { subcommand: 'notify', options: { play_forced: value } });
    };
    for (const user of users) await notified(user, false);
    const { first, third } = await auctionOfThree(channel);
    const bidder = await openPanel(channel);
    expect(bidder.seat).toBe(third);
    await pick(channel, bidder.user, bidder.seat, bidder.panel, (a) => a.type === 'auctionPass');
    const passer = await openPanel(channel);
    expect(passer.seat).toBe(first);
    expect(offered(passer.panel).map((c) => c.index)).toEqual([0]);
    expect(passer.panel.text).toMatch(/(The highest bid is 3 lira and you have 2|Das höchste Gebot ist 3 Lira und du hast 2|Het hoogste bod is 3 lira en je hebt 2)/);
    for (const user of users) await notified(user, true);
    env.fake.assertNoViolations();
  }, 540_000);
});

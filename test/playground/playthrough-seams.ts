/**
 * Plays, through the playground as its users would, the games where features meet, and takes screenshots
 * of each step a player reads (desktop 1280 px and phone 400 px wide) to look at:
 *
 *   node --import tsx test/playground/playthrough-seams.ts [output folder, default /tmp/bazaar-playthrough]
 *
 * PLAYTHROUGH=learn,tables,clock,replaced,phone,readable,export (any of them) plays only those parts.
 *
 *   1. a whole learning game of Kairo (Alice against an easy computer), coached in her panel;
 *   2. a channel of three tables (a Kairo game, an Istanbul game and a learning game), played side by side
 *      to the end, with /game mine and /game list and the links they give;
 *   3. a clocked game whose human runs out of time, is stood in for, takes the seat back and finishes;
 *   4. a game where a human is replaced by the others' idle vote, takes the seat back and wins; the final
 *      board, /game history, /stats and the replay read;
 *   5. one picture a post: an Istanbul board, its Phone view asked by someone not playing, and the turn
 *      panel of a player who chose the phone picture with it (and how high its texts stand at 400 px);
 *   6. boards everyone can read: a Components V2 board post, "Board as text", and a turn panel that opens
 *      with what happened since the player's last turn, its choices with the goods' emojis;
 *   7. your data to take away: /game export of a running game (its public log), of a game ended early (whole),
 *      and a server's results for an admin.
 *
 * The turns are clicked by the local users through the same fake Discord the page shows (progress-biased
 * policies pick among what each panel offers); each picture waits for what it is about, never for a fixed
 * time. Not a test: its pictures are for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seedRng, type RngState } from '../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { SeenMessage } from '../fake-discord/index.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { buttonFor, hasButton, mentionedToAct, playTurn, type Offered, type TurnPolicy } from '../support/turn-driver.js';
import { launchChromium } from './browser.js';
import { eventually, post, startTestPlayground, type TestPlayground } from './helpers.js';

const OUT = path.resolve(process.argv[2] ?? '/tmp/bazaar-playthrough');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 400, height: 860 };
const WAIT_MS = 120_000;
const HOUR = 3_600_000;

/** Polls until `probe` answers a value, as the playground tests' `eventually` does, with this script's longer wait. */
function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> {
  return eventually(probe, what, timeoutMs);
}

class Playthrough {
  readonly pg: TestPlayground;
  readonly page: Page;
  #shots = 0;

  constructor(pg: TestPlayground, page: Page) {
    this.pg = pg;
    this.page = page;
  }

  id(name: string): string {
    return this.pg.users.find((u) => u.name === name)!.id;
  }

  channel(index: number): string {
    return this.pg.channelIds[index] as string;
  }

  async command(name: string, command: string, options: Record<string, string | number | boolean>, channel: string): Promise<SeenMessage> {
    const userId = this.id(name);
    const sent = await post<{ interaction?: string; error?: string }>(this.pg.url, '/api/command', { user: userId, channel, command, options });
    if (sent.status !== 200) throw new Error(`/${command}: ${sent.body.error ?? sent.status}`);
    return until(() => this.pg.fake.visibleTo(userId, channel).find((m) => m.interaction?.id === sent.body.interaction && !m.loading), `the answer to /${command}`);
  }

  async click(name: string, message: SeenMessage, customId: string): Promise<SeenMessage> {
    const handle = await this.pg.fake.users.get(this.id(name)).clickButton(message.id, customId, { until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to a click' });
    return handle.reply as SeenMessage;
  }

  /** The newest message of a place that asks someone to decide (Take my turn). */
  call(place: string): SeenMessage | undefined {
    return [...this.pg.fake.channelMessages(place)].reverse().find((m) => hasButton(m, 'turn'));
  }

  /** The game played at a place: a game's thread, or a channel holding one running game. */
  async gameAt(place: string): Promise<number> {
    return until(async () => (await this.pg.bot.service.gameOfThread(place))?.id ?? (await this.pg.bot.service.runningRow(place))?.id, `the game at ${place}`);
  }

  async status(gameId: number): Promise<string> {
    const loaded = await this.pg.bot.service.byId(gameId);
    return loaded.ok ? loaded.game.row.status : 'gone';
  }

  /** A policy that plays the seat of the game `gameId` by the game's progress-biased test policy. */
  policy(gameId: number, rng: RngState, weak = false): TurnPolicy {
    const service = this.pg.bot.service;
    return async ({ choices, actor }) => {
      const loaded = await service.byId(gameId);
      if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`game ${gameId} is not active`);
      const seat = service.seatOf(loaded.game, actor.id)?.seat;
      if (seat === undefined) throw new Error(`${actor.name} has no seat in game ${gameId}`);
      const legal = service.legalActions(loaded.game, seat);
      const offered = new Set(choices.map((c) => c.index));
      if (weak) return choices.at(-1) as Offered;
      const index =
        loaded.game.row.kind === 'kairo'
          ? pickKairo(loaded.game.state as KairoState, seat, legal as KairoAction[], offered, rng)
          : chooseIstanbul(loaded.game.state as IstanbulState, seat, legal as IstanbulAction[], offered);
      return choices.find((c) => c.index === index) ?? (choices[0] as Offered);
    };
  }

  /**
   * Plays one turn of the game at `place` if a local user is called to decide; false when the game is over
   * or waits for nobody here (a computer thinks).
   */
  async step(place: string, gameId: number, policyOf: (user: string) => TurnPolicy): Promise<boolean> {
    if ((await this.status(gameId)) !== 'active') return false;
    const call = this.call(place);
    if (call === undefined) return false;
    const actorId = mentionedToAct(call)[0];
    const user = this.pg.users.find((u) => u.id === actorId);
    if (user === undefined) return false;
    const played = await playTurn(
      { fake: this.pg.fake, channelId: place, latest: () => this.call(place), timeoutMs: WAIT_MS },
      { policy: policyOf(user.name), maxSteps: 60 },
    );
    if (played === null) return false;
    if (process.env.PLAYTHROUGH_TRACE !== undefined) console.log(`game #${gameId}: ${user.name} ${played.end} after ${played.clicks} clicks; panel: ${(played.panel?.text ?? '').slice(0, 120).replace(/\n/g, ' / ')}`);
    // The next call (or the end) follows the turn.
    await until(async () => ((await this.status(gameId)) !== 'active' || this.call(place)?.id !== played.board.id ? true : undefined), `the call after ${user.name}'s turn in game #${gameId}`);
    return true;
  }

  /** Plays the game at `place` to its end. */
  async playToEnd(place: string, gameId: number, policyOf: (user: string) => TurnPolicy, onTurn?: (turn: number) => Promise<void>): Promise<void> {
    for (let turn = 0; (await this.status(gameId)) === 'active'; turn++) {
      if (turn > 600) throw new Error(`game #${gameId} did not end in 600 turns`);
      if (!(await this.step(place, gameId, policyOf))) await new Promise((resolve) => setTimeout(resolve, 100));
      await onTurn?.(turn);
    }
  }

  // ----- the page --------------------------------------------------------------------------------------

  /** Shows `place` as `user` sees it: a channel, a thread of one, or their direct messages. */
  async view(user: string, place: string): Promise<void> {
    const page = this.page;
    await page.goto(`${this.pg.url}?user=${user}`);
    await page.locator('#me-name').filter({ hasText: new RegExp(user, 'i') }).waitFor();
    const channelButton = page.locator(`#channels button.channel[data-name="${this.pg.fake.world.channel(place)?.name ?? ''}"]`);
    const thread = this.pg.fake.world.channels.get(place);
    let button = page.locator(`#channels button.channel[data-name="${thread?.name ?? ''}"]`);
    if (thread?.parentId) button = page.locator(`#channels button.thread[data-thread="${thread.name}"]`);
    else if (place === this.pg.fake.dmChannelOf(this.id(user))) button = page.locator('#direct-messages button.dm');
    else button = channelButton;
    await button.click();
    await until(async () => ((await button.getAttribute('aria-current')) === 'true' ? true : undefined), `${place} opened`);
    await page.locator('#message-list .msg').last().waitFor();
  }

  async shoot(name: string): Promise<void> {
    const page = this.page;
    this.#shots++;
    const base = `${String(this.#shots).padStart(2, '0')}-${name}`;
    for (const [size, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await page.setViewportSize(size);
      // The narrow layout folds the sidebar away with a short transition: the picture waits for it to end.
      await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((a) => a.playState !== 'running'));
      await until(
        () =>
          page
            .locator('#message-list img')
            .evaluateAll((imgs) => (imgs as unknown as { complete: boolean; naturalWidth: number }[]).every((img) => img.complete && img.naturalWidth > 0))
            .then((done) => (done ? true : undefined)),
        'the pictures to load',
      );
      await page.locator('#message-list .msg').last().evaluate((node) => (node as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: path.join(OUT, `${base}-${label}.png`) });
    }
    await page.setViewportSize(DESKTOP);
    console.log(`${base}`);
  }

  /**
   * What a phone reader sees of the newest message's picture (a phone picture, 800 px wide as drawn): how
   * wide it is shown on a 400 px screen, in the message and opened with a tap, and how high its texts stand
   * there (as drawn, the smallest digits are 15 px high; the lira, rubies, goods and place numbers 19-22 px).
   */
  async phoneReading(name: string, what: string): Promise<void> {
    const page = this.page;
    await page.setViewportSize(PHONE);
    await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((a) => a.playState !== 'running'));
    const widthOf = (image: ReturnType<Page['locator']>): Promise<number> => image.evaluate((img) => (img as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width);
    const picture = page.locator('#message-list .msg').last().locator('img.attachment-img').last();
    const inMessage = await widthOf(picture);
    await picture.click();
    await page.locator('#lightbox-image').waitFor();
    await until(() => page.locator('#lightbox-image').evaluate((img) => ((img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0 ? true : undefined)), 'the opened picture');
    const opened = await widthOf(page.locator('#lightbox-image'));
    await page.screenshot({ path: path.join(OUT, `${String(this.#shots).padStart(2, '0')}-${name}-opened-phone.png`) });
    await page.locator('#lightbox').click({ position: { x: 5, y: 5 } });
    await page.setViewportSize(DESKTOP);
    const high = (shown: number): string => `${((15 * shown) / 800).toFixed(1)} px, the lira, rubies, goods and place numbers ${((19 * shown) / 800).toFixed(1)}-${((22 * shown) / 800).toFixed(1)} px`;
    const line = `${what} on a 400 px screen: in the message the phone picture is ${inMessage.toFixed(0)} px wide, its smallest digits ${high(inMessage)}; opened with a tap ${opened.toFixed(0)} px wide, ${high(opened)}`;
    console.log(line);
    fs.appendFileSync(path.join(OUT, 'phone-reading.txt'), `${line}\n`);
  }

  /** Writes what `user` sees at `place` now as text (the last `count` messages), beside the pictures. */
  transcript(name: string, user: string, place: string, count = 6): void {
    const seen = this.pg.fake.visibleTo(this.id(user), place).slice(-count);
    const text = seen.map((m) => `${m.ephemeral ? '(only you) ' : ''}${m.text}\n[${m.buttons.map((b) => b.label).join(' | ')}]${m.selects.map((s) => ` <${s.placeholder ?? ''}: ${s.options.map((o) => o.label).join(' / ')}>`).join('')}`).join('\n---\n');
    fs.writeFileSync(path.join(OUT, `${String(this.#shots).padStart(2, '0')}-${name}.txt`), text);
  }

  /** `user` looks at `place`: a picture of it at both widths and the transcript of its newest `count` messages. */
  async look(name: string, user: string, place: string, count?: number): Promise<void> {
    await this.view(user, place);
    await this.shoot(name);
    this.transcript(name, user, place, count);
  }

  /**
   * `host` opens a table with /game new in `channel`, `guests` join its lobby, and the host starts it: the
   * game's thread and its id.
   */
  async openTable(host: string, guests: readonly string[], options: Record<string, string | number>, channel: string): Promise<{ thread: string; gameId: number }> {
    const answer = await this.command(host, 'game new', options, channel);
    const lobby = this.pg.fake.message(this.linkTarget(answer.text).message) as SeenMessage;
    for (const guest of guests) await this.click(guest, lobby, buttonFor(lobby, 'join'));
    const seats = `(${guests.length + 1}/${guests.length + 1})`;
    const full = await until(() => (this.pg.fake.message(lobby.id)!.text.includes(seats) ? this.pg.fake.message(lobby.id) : undefined), `${guests.join(' and ')} in the lobby`);
    const before = new Set(this.pg.fake.threadsOf(channel).map((t) => t.id));
    await this.pg.fake.users.get(this.id(host)).clickButton(lobby.id, buttonFor(full, 'start'), { until: 'response' });
    const thread = await until(() => this.pg.fake.threadsOf(channel).find((t) => !before.has(t.id))?.id, 'the game thread');
    return { thread, gameId: await this.gameAt(thread) };
  }

  linkTarget(content: string): { channel: string; message: string } {
    const link = /\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)/.exec(content);
    if (link === null) throw new Error(`no link in: ${content}`);
    return { channel: link[1] as string, message: link[2] as string };
  }
}

async function learningGame(p: Playthrough): Promise<void> {
  const general = p.channel(0);
  const answer = await p.command('alice', 'game learn', { game: 'kairo' }, general);
  const target = p.linkTarget(answer.text);
  await p.look('learn-answer', 'alice', general);
  const gameId = await p.gameAt(target.channel);
  if (p.pg.fake.message(target.message) === undefined) throw new Error('the learn link opens no message');
  const rng = seedRng('playthrough-learn');
  let shotPanel = false;
  await p.playToEnd(target.channel, gameId, () => p.policy(gameId, rng), async (turn) => {
    if ((turn === 0 || turn === 8) && !shotPanel) {
      // Alice's panel in the middle of a decision: open it from the call and look.
      const call = p.call(target.channel);
      if (call !== undefined && mentionedToAct(call)[0] === p.id('alice')) {
        await p.click('alice', call, buttonFor(call, 'turn'));
        await p.view('alice', target.channel);
        await p.shoot(`learn-panel-turn-${turn}`);
        p.transcript(`learn-panel-turn-${turn}`, 'alice', target.channel, 3);
        shotPanel = turn === 8;
      }
    }
  });
  await p.look('learn-final', 'alice', general, 3);
}

async function threeTables(p: Playthrough): Promise<void> {
  const second = p.channel(1);
  const lobbyOf = async (host: string, guest: string, options: Record<string, string | number>): Promise<void> => {
    const answer = await p.command(host, 'game new', options, second);
    const lobby = p.pg.fake.message(p.linkTarget(answer.text).message) as SeenMessage;
    await p.click(guest, lobby, buttonFor(lobby, 'join'));
    const full = await until(() => (p.pg.fake.message(lobby.id)!.text.includes('(2/2)') ? p.pg.fake.message(lobby.id) : undefined), 'the guest in the lobby');
    await p.pg.fake.users.get(p.id(host)).clickButton(lobby.id, buttonFor(full, 'start'), { until: 'response' });
  };
  await lobbyOf('bob', 'carol', { game: 'kairo', players: 2, layout: 'quick' });
  await lobbyOf('carol', 'dave', { game: 'istanbul', players: 2 });
  const learn = await p.command('dave', 'game learn', { game: 'kairo' }, second);
  await until(() => (p.pg.fake.threadsOf(second).length === 3 ? true : undefined), 'three threads');
  const threads = p.pg.fake.threadsOf(second);
  await p.view('dave', second);
  await p.shoot('three-tables-channel');
  p.transcript('three-tables-learn-answer', 'dave', second, 2);
  const mine = await p.command('carol', 'game mine', {}, second);
  await p.look('three-tables-mine', 'carol', second, 2);
  await p.command('dave', 'game list', {}, second);
  await p.look('three-tables-list', 'dave', second, 2);
  // Each link opens its own table.
  for (const line of mine.text.split('\n').filter((l) => l.includes('/channels/'))) {
    const target = p.linkTarget(line);
    if (!threads.some((t) => t.id === target.channel)) throw new Error(`a /game mine link opens no table: ${line}`);
  }
  const learnTarget = p.linkTarget(learn.text);
  const games = await Promise.all(
    threads.map(async (t) => ({ place: t.id, gameId: await p.gameAt(t.id), name: t.name })),
  );
  const learning = games.find((g) => g.place === learnTarget.channel);
  console.log(`the learn link opens ${learning?.name ?? learnTarget.channel}`);
  const rng = seedRng('playthrough-tables');
  // Side by side: a turn at each table in turn, until all three are over.
  let shotMid = false;
  for (let round = 0; ; round++) {
    if (round > 5000) throw new Error('the three tables did not end');
    let played = false;
    for (const g of games) if ((await p.status(g.gameId)) === 'active') played = (await p.step(g.place, g.gameId, () => p.policy(g.gameId, rng))) || played;
    // Nobody here to play: a computer thinks, or a board is on its way.
    if (!played) await new Promise((resolve) => setTimeout(resolve, 100));
    if (round === 20 && !shotMid) {
      shotMid = true;
      await p.view('carol', games[1]!.place);
      await p.shoot('three-tables-istanbul-mid');
      p.transcript('three-tables-istanbul-mid', 'carol', games[1]!.place, 3);
    }
    if ((await Promise.all(games.map((g) => p.status(g.gameId)))).every((s) => s !== 'active')) break;
  }
  await p.look('three-tables-finished', 'carol', second, 6);
}

async function clockedGame(p: Playthrough): Promise<void> {
  const general = p.channel(0);
  const { thread, gameId } = await p.openTable('alice', ['bob'], { game: 'kairo', players: 2, layout: 'quick', clock: '1h+5m' }, general);
  const rng = seedRng('playthrough-clock');
  // A few turns, then Bob lets his hour run low (warned) and out.
  for (let i = 0; i < 6; i++) await p.step(thread, gameId, () => p.policy(gameId, rng));
  await until(() => (p.call(thread) !== undefined ? true : undefined), 'a call');
  if (mentionedToAct(p.call(thread)!)[0] !== p.id('bob')) await p.step(thread, gameId, () => p.policy(gameId, rng));
  // Bob's bank as the board shows it ("Bob 1h 15m (running)"): he lets it run down to 10 minutes (warned), then out.
  const bank = /Bob (?:(\d+)h )?(\d+)m \(running\)/.exec(p.call(thread)!.text);
  if (bank === null) throw new Error(`no running bank for Bob: ${p.call(thread)!.text}`);
  const leftMs = (Number(bank[1] ?? 0) * 60 + Number(bank[2])) * 60_000;
  await post(p.pg.url, '/api/clock', { advanceMs: leftMs - 10 * 60_000 });
  await until(() => (p.pg.fake.channelMessages(thread).some((m) => /bank/i.test(m.text) && m.buttons.length === 0 && m.text.includes(`<@${p.id('bob')}>`)) ? true : undefined), 'the low-bank warning');
  await p.look('clock-low-bank-warning', 'bob', thread, 3);
  await post(p.pg.url, '/api/clock', { advanceMs: 11 * 60_000 });
  await until(() => (p.pg.fake.channelMessages(thread).some((m) => /time bank ran out/.test(m.text)) ? true : undefined), 'the bank-out line');
  await p.look('clock-bank-out', 'bob', thread, 3);
  // Bob takes his seat back between turns, from the board that calls Alice.
  const call = await until(() => p.call(thread), 'a call');
  const offer = await p.click('bob', call, buttonFor(call, 'turn'));
  const reclaim = offer.buttons.find((b) => b.customId?.includes(':reclaim'));
  if (reclaim === undefined) throw new Error(`no Take my seat back: ${offer.text}`);
  await p.click('bob', offer, reclaim.customId!);
  await p.look('clock-seat-taken-back', 'bob', thread, 3);
  await p.playToEnd(thread, gameId, () => p.policy(gameId, rng));
  await p.look('clock-final', 'bob', general, 3);
}

async function replacedAndWins(p: Playthrough): Promise<void> {
  const second = p.channel(1);
  const { thread, gameId } = await p.openTable('carol', ['dave'], { game: 'kairo', players: 2, layout: 'quick' }, second);
  const rng = seedRng('playthrough-replaced');
  const policyOf = (user: string): TurnPolicy => p.policy(gameId, rng, user === 'dave');
  for (let i = 0; i < 8; i++) await p.step(thread, gameId, policyOf);
  if (mentionedToAct(p.call(thread)!)[0] !== p.id('carol')) await p.step(thread, gameId, policyOf);
  // Carol is idle for two days: Dave votes to let a computer play her seat.
  for (let i = 0; i < 5; i++) await post(p.pg.url, '/api/clock', { advanceMs: 12 * HOUR });
  const vote = await until(() => [...p.pg.fake.channelMessages(thread)].reverse().find((m) => m.buttons.some((b) => b.customId?.includes(':vote:'))), 'the idle vote');
  await p.look('replaced-idle-vote', 'dave', thread, 3);
  const skip = vote.buttons.find((b) => b.customId?.endsWith(':skip'))!;
  await p.click('dave', vote, skip.customId!);
  await until(() => (p.pg.fake.channelMessages(thread).some((m) => /computer/.test(m.text) && m.id !== vote.id && m.createdAt >= vote.createdAt) ? true : undefined), 'the stand-in');
  for (let i = 0; i < 3; i++) await p.step(thread, gameId, policyOf);
  // Carol takes her seat back and plays on to win.
  const call = await until(() => {
    const c = p.call(thread);
    return c !== undefined ? c : undefined;
  }, 'a call');
  const offer = await p.click('carol', call, buttonFor(call, 'turn'));
  const reclaim = offer.buttons.find((b) => b.customId?.includes(':reclaim'));
  if (reclaim !== undefined) await p.click('carol', offer, reclaim.customId!);
  await p.look('replaced-seat-back', 'carol', thread, 4);
  await p.playToEnd(thread, gameId, policyOf);
  await p.look('replaced-final', 'carol', second, 3);
  await p.command('carol', 'game history', {}, second);
  await p.command('carol', 'stats', {}, second);
  const replay = await p.command('dave', 'game replay', { game: gameId }, second);
  await p.look('replaced-history-stats', 'carol', second, 2);
  await p.look('replaced-replay-start', 'dave', second, 1);
  void replay;
}

/**
 * One picture a post: an Istanbul game's board as the thread shows it; Phone view, asked by Carol, who does
 * not play (the phone picture as a plain attachment, at the width of the screen); and the turn panel of
 * Alice, who chose the phone picture with it (/game notify phone_picture). Says how wide the phone picture
 * is shown at 400 px, and so how high its texts stand there.
 */
async function phoneView(p: Playthrough): Promise<void> {
  const general = p.channel(0);
  await p.command('alice', 'game notify', { phone_picture: true }, general);
  const { thread, gameId } = await p.openTable('alice', ['bob'], { game: 'istanbul', players: 2 }, general);
  const rng = seedRng('playthrough-phone');
  // Alice's decision next, one turn in: a board with a turn behind it.
  await p.step(thread, gameId, () => p.policy(gameId, rng));
  await until(() => p.call(thread), 'a call');
  if (mentionedToAct(p.call(thread)!)[0] !== p.id('alice')) await p.step(thread, gameId, () => p.policy(gameId, rng));
  const board = await until(() => p.call(thread), 'the board calling Alice');
  await p.look('phone-board', 'carol', thread, 1);
  await p.click('carol', board, buttonFor(board, 'phone'));
  await p.look('phone-view', 'carol', thread, 2);
  await p.phoneReading('phone-view', 'Phone view');
  await p.click('alice', board, buttonFor(board, 'turn'));
  await p.look('phone-panel', 'alice', thread, 2);
  await p.phoneReading('phone-panel', 'The turn panel');
}

/**
 * Boards everyone can read: a 3-player Istanbul game two turns in, where Alice comes back to decide. The
 * board post as Discord draws a Components V2 message (the mover's accent colour, the text, the picture with
 * its alt text, the buttons); "Board as text" asked by Carol; Alice's turn panel opening with what happened
 * since her last turn, its choices with the goods' emojis.
 */
async function readableBoards(p: Playthrough): Promise<void> {
  const general = p.channel(0);
  const { thread, gameId } = await p.openTable('alice', ['bob', 'carol'], { game: 'istanbul', players: 3 }, general);
  const rng = seedRng('playthrough-readable');
  // Until Alice is called again after every other player has had a turn since hers.
  let aliceDecided = false;
  for (let turn = 0; turn < 12; turn++) {
    const call = await until(() => p.call(thread), 'a call');
    const toAct = mentionedToAct(call)[0];
    if (toAct === p.id('alice') && aliceDecided) break;
    if (toAct === p.id('alice')) aliceDecided = true;
    await p.step(thread, gameId, () => p.policy(gameId, rng));
  }
  const board = await until(() => p.call(thread), 'the board calling Alice');
  await p.look('readable-board', 'carol', thread, 1);
  await p.click('carol', board, buttonFor(board, 'text'));
  await p.look('readable-board-as-text', 'carol', thread, 1);
  await p.click('alice', board, buttonFor(board, 'turn'));
  await p.look('readable-panel', 'alice', thread, 1);
}

/**
 * Your data to take away: a 2-player Kairo game a few turns in, exported by one not playing (its public log
 * as a file); the host ends it early, and a player exports it whole; an admin takes the server's results.
 */
async function takeAway(p: Playthrough): Promise<void> {
  const general = p.channel(0);
  const admins = p.pg.fake.createRole('Admins', ['ManageGuild']);
  p.pg.fake.world.guild(p.pg.fake.guildId).members.get(p.id('dave'))!.roleIds.push(admins);
  const { thread, gameId } = await p.openTable('alice', ['bob'], { game: 'kairo', players: 2, layout: 'quick' }, general);
  const rng = seedRng('playthrough-export');
  for (let turn = 0; turn < 4; turn++) await p.step(thread, gameId, () => p.policy(gameId, rng));
  await p.command('carol', 'game export', {}, thread);
  await p.look('export-running', 'carol', thread, 1);
  await p.command('alice', 'game abandon', {}, thread);
  const confirm = await until(() => [...p.pg.fake.visibleTo(p.id('alice'), thread)].reverse().find((m) => m.buttons.some((b) => b.customId?.includes(':confirm'))), 'the question before ending the game');
  await p.click('alice', confirm, confirm.buttons.find((b) => b.customId?.includes(':confirm'))!.customId!);
  await until(async () => ((await p.status(gameId)) === 'abandoned' ? true : undefined), 'the game ended early');
  await p.command('bob', 'game export', { game: gameId }, thread);
  await p.look('export-whole', 'bob', thread, 1);
  await p.command('dave', 'game export', { results: true }, general);
  await p.look('export-results', 'dave', general, 1);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const only = process.env.PLAYTHROUGH?.split(',');
  const [pg, browser] = await Promise.all([startTestPlayground(), launchChromium(DESKTOP)]);
  try {
    const p = new Playthrough(pg, browser.page);
    const parts: [string, (p: Playthrough) => Promise<void>][] = [
      ['learn', learningGame],
      ['tables', threeTables],
      ['clock', clockedGame],
      ['replaced', replacedAndWins],
      ['phone', phoneView],
      ['readable', readableBoards],
      ['export', takeAway],
    ];
    for (const [name, run] of parts) {
      if (only !== undefined && !only.includes(name)) continue;
      console.log(`== ${name}`);
      await run(p);
    }
    pg.fake.assertNoViolations();
  } finally {
    await browser.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * "Since your last turn", through the fake Discord: in a game of three, a player coming back to their turn
 * opens their panel and reads first what each other player did since their last decision, a line a turn,
 * and what changed for them (here: a merchant now standing within their reach, whom stopping there would
 * pay); nothing the others saw privately. The panel tells it once: not again on the next step of the same
 * turn. The board picture posted for them marks every turn since their last decision, not only the last.
 * In a game of Kairo played on, no opened panel tells another player's private draw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { sinceLastDecision } from '../../src/app/log.js';
import type { GameEvent } from '../../src/engine/index.js';
import type { RenderOptions } from '../../src/games/contract.js';
import { istanbulGame } from '../../src/games/istanbul/game.js';
import { kairoGame } from '../../src/games/kairo/game.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { seedRng } from '../../src/engine/index.js';
import { playTurn as playKairoTurn } from '../support/turn-driver.js';
import { pickKairo } from './kairo-policy.js';
import type { IstanbulPublicView } from '../../src/games/istanbul/view/types.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, openPrivately, startBotOnFake, type BotOnFake, type Offered } from './harness.js';

/** What each board picture of the game was drawn with, in order. */
const drawn: { view: IstanbulPublicView; options: RenderOptions }[] = [];

const recordingIstanbul = {
  ...istanbulGame,
  presenter: (boards: Parameters<typeof istanbulGame.presenter>[0]) => {
    const presenter = istanbulGame.presenter(boards);
    return {
      ...presenter,
      renderBoard: (view: unknown, options: RenderOptions, priority?: Parameters<typeof presenter.renderBoard>[2]) => {
        drawn.push({ view: view as IstanbulPublicView, options });
        return presenter.renderBoard(view, options, priority);
      },
    };
  },
};

let env: BotOnFake;
let users: FakeUser[];
const NAMES = ['Alice', 'Bob', 'Carol'];
const HEADING = '**Since your last turn:**';

beforeAll(async () => {
  env = await startBotOnFake({ games: gameRegistry([recordingIstanbul, kairoGame]), seeds: ['catch-up', 'catch-up-kairo'] });
  users = NAMES.map((name) => env.createUser(name.toLowerCase(), { globalName: name }));
});

afterAll(async () => {
  await env?.stop();
});

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no game');
  return loaded.game;
}

function nameOf(user: FakeUser): string {
  return NAMES[users.indexOf(user)]!;
}

/** The single-step moves a panel offers, with the place each goes to (its description starts "place N"). */
function moves(panel: SeenMessage): { pick: Offered; place: number }[] {
  const picks = offered(panel);
  return panel.selects.flatMap((s) =>
    s.options.flatMap((option) => {
      const place = /^place (\d+) ·/.exec(option.description ?? '');
      const pick = picks.find((o) => o.customId === s.customId && o.value === option.value);
      return option.label.startsWith('Move to ') && !option.label.includes(' → ') && place !== null && pick !== undefined ? [{ pick, place: Number(place[1]) }] : [];
    }),
  );
}

/** Grid steps between two places of the board. */
function steps(view: IstanbulPublicView, a: number, b: number): number {
  const pa = view.places.find((p) => p.id === a)!;
  const pb = view.places.find((p) => p.id === b)!;
  return Math.abs(pa.row - pb.row) + Math.abs(pa.col - pb.col);
}

/** Plays the move, then the shortest way to the end of the turn; returns the next board. */
async function playTurn(user: FakeUser, panel: SeenMessage, move: Offered, channel: string): Promise<SeenMessage> {
  const before = latestBoard(env.fake, channel).id;
  panel = (await choose(user, panel, move)).reply!;
  for (let step = 0; offered(panel).length > 0; step++) {
    expect(step).toBeLessThan(10);
    const next = offered(panel).find((o) => /^(Leave an assistant here|Skip the action|End the turn)/.test(o.label))!;
    panel = (await choose(user, panel, next)).reply!;
  }
  const board = latestBoard(env.fake, channel);
  expect(board.id).not.toBe(before);
  return board;
}

/** A game of three whose players each played one turn, and the first player's turn is called again. */
interface Round {
  readonly channel: string;
  readonly first: FakeUser;
  readonly second: FakeUser;
  readonly third: FakeUser;
  /** The board calling the first player back. */
  readonly board: SeenMessage;
  /** The second player's move: to a place within the first player's reach. */
  readonly secondPlace: number;
}

/**
 * Plays the first round of a game of Istanbul for three: the first player moves away from the Fountain,
 * the second stops within the first player's reach (1 or 2 steps from them), the third elsewhere.
 */
async function firstRound(channel: string, onSecondPanel: (panel: SeenMessage, first: FakeUser) => void = () => undefined): Promise<Round> {
  const [host, ...others] = users as [FakeUser, ...FakeUser[]];
  const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
  for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  let board = await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
  const mover = (b: SeenMessage): FakeUser => env.fake.users.get(mentionedToAct(b)[0]!) as FakeUser;

  const first = mover(board);
  let panel = await openPrivately(first, board, buttonFor(board, 'turn'));
  // Nothing happened before the first player.
  expect(panel.text).not.toContain(HEADING);
  const firstMove = moves(panel).find((m) => !m.pick.label.startsWith('Move to Fountain'))!;
  board = await playTurn(first, panel, firstMove.pick, channel);

  const second = mover(board);
  panel = await openPrivately(second, board, buttonFor(board, 'turn'));
  onSecondPanel(panel, first);
  const view = env.service.publicView(await gameIn(channel)) as IstanbulPublicView;
  const secondMove = moves(panel).find((m) => m.place !== firstMove.place && [1, 2].includes(steps(view, firstMove.place, m.place)))!;
  expect(secondMove).toBeDefined();
  board = await playTurn(second, panel, secondMove.pick, channel);

  const third = mover(board);
  panel = await openPrivately(third, board, buttonFor(board, 'turn'));
  const thirdMove = moves(panel).find((m) => m.place !== secondMove.place && m.place !== firstMove.place)!;
  board = await playTurn(third, panel, thirdMove.pick, channel);
  expect(mover(board)).toBe(first);
  return { channel, first, second, third, board, secondPlace: secondMove.place };
}

async function seatOf(channel: string, user: FakeUser): Promise<number> {
  return (await gameIn(channel)).seats.find((s) => s.userId === user.id)!.seat;
}

describe('Since your last turn', () => {
  it('a returning player reads each other turn in a line and what changed for them, once a turn, and nothing hidden', async () => {
    const { channel, first, second, third, board } = await firstRound(env.fake.createChannel('catch-up'), (panel, firstPlayer) => {
      // The second player reads the first player's turn in one line.
      expect(panel.text.split('\n').slice(0, 2)).toEqual([HEADING, expect.stringMatching(new RegExp(`^- .*${nameOf(firstPlayer)} moves from Fountain to`))]);
    });

    // Back to the first player: a line per other turn, in order, then what changed for them.
    let panel = await openPrivately(first, board, buttonFor(board, 'turn'));
    const lines = panel.text.split('\n');
    expect(lines[0]).toBe(HEADING);
    expect(lines[1]).toMatch(new RegExp(`^- .*${nameOf(second)} moves from Fountain to`));
    expect(lines[2]).toMatch(new RegExp(`^- .*${nameOf(third)} moves from Fountain to`));
    expect(lines[3]).toBe('**For you:**');
    expect(panel.text).toMatch(new RegExp(`\n- .*${nameOf(second)}'s merchant now stands at .+, within your reach: stopping there costs you 2 lira`));
    // Then the decision.
    expect(lines.find((l) => l.startsWith('**Your decision**'))).toBeDefined();

    // Nothing hidden: no event the first player may not see, in any seat's words.
    const game = await gameIn(channel);
    const seat = await seatOf(channel, first);
    const since = sinceLastDecision(await env.service.effectiveLog(game), [seat]).entries.flatMap((e): GameEvent[] => [...e.events]);
    expect(since.length).toBeGreaterThan(0);
    // The words only: this presenter draws nothing.
    const presenter = istanbulGame.presenter({ render: () => Promise.reject(new Error('no pictures here')) } as never);
    for (const e of since.filter((ev) => ev.visibleTo !== undefined && !ev.visibleTo.includes(seat))) expect(panel.text).not.toContain(presenter.format(e, 'en', NAMES));
    expect(panel.text).not.toMatch(/You draw/);

    // The next step of the same turn does not tell it again; nor does a panel opened anew within the turn.
    panel = (await choose(first, panel, moves(panel)[0]!.pick)).reply!;
    expect(panel.text).not.toContain(HEADING);
    const latest = latestBoard(env.fake, channel);
    const reopened = await openPrivately(first, latest, buttonFor(latest, 'turn'));
    expect(reopened.text).not.toContain(HEADING);
    env.fake.assertNoViolations();
  }, 240_000);

  it("the board picture marks every turn since the player to move last decided, in public events only", async () => {
    const { channel, second, third } = await firstRound(env.fake.createChannel('catch-up-marks'));
    // The picture posted for the first player's return: both turns they did not see, not only the last one.
    const marks = drawn.at(-1)!.options.lastTurn ?? [];
    const movedBy = marks.filter((e) => e.key === 'istanbul.event.moved').map((e) => e.params?.player);
    expect(movedBy).toEqual([await seatOf(channel, second), await seatOf(channel, third)]);
    expect(marks.every((e) => e.visibleTo === undefined)).toBe(true);
    env.fake.assertNoViolations();
  }, 240_000);

  it('in a game of Kairo played on, no panel opened tells what another player drew privately', async () => {
    const channel = env.fake.createChannel('catch-up-kairo');
    const [host, ...others] = users as [FakeUser, ...FakeUser[]];
    const lobby = await openLobby(host, channel, { game: 'kairo', players: 3, layout: 'quick' });
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const rng = seedRng('catch-up-kairo');
    let told = 0;
    let hiddenSince = 0;
    for (let turn = 0; turn < 15; turn++) {
      const played = await playKairoTurn(
        { fake: env.fake, channelId: channel },
        {
          awaitNextBoard: true,
          async onPanel(panel, { actor }) {
            const game = await gameIn(channel);
            const seat = await seatOf(channel, actor);
            const since = sinceLastDecision(await env.service.effectiveLog(game), [seat]).entries.flatMap((e): GameEvent[] => [...e.events]);
            hiddenSince += since.filter((e) => e.visibleTo !== undefined && !e.visibleTo.includes(seat)).length;
            if (panel.text.startsWith(HEADING)) told++;
            // A panel just opened tells no draw at all: the player's own are in their hand, the others' are theirs.
            expect(panel.text).not.toMatch(/You drew|You discarded/);
          },
          async policy({ choices, actor }) {
            const game = await gameIn(channel);
            const seat = env.service.seatOf(game, actor.id)!.seat;
            const legal = env.service.legalActions(game, seat) as KairoAction[];
            const index = pickKairo(game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), rng);
            return choices.find((c) => c.index === index)!;
          },
        },
      );
      if (played === null) break;
    }
    expect(told).toBeGreaterThan(10);
    // Other players drew privately in the turns the panels told of.
    expect(hiddenSince).toBeGreaterThan(0);
    env.fake.assertNoViolations();
  }, 300_000);
});

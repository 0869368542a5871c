/**
 * The phone picture with the turn panel, for a player who chose it (/game notify phone_picture:true): when
 * they open their panel it comes with the phone picture of the board as it stands, drawn from the public
 * view (never their own: the picture is the table's), and drawn again as their decisions change the
 * board; when their turn ends it goes. A player who did not choose it gets their panel without a picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '../../src/games/registry.js';
import { inProcessBoardRenderer, type BoardJob, type BoardRenderer, type RenderPriority } from '../../src/render/board-job.js';
import { checkPng, type FakeUser, type SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { END_TURN, offeredMatching } from '../support/turn-driver.js';
import { buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, openLobby, openPrivately, privateReply, startBotOnFake, type BotOnFake } from './harness.js';

const registry = gameRegistry([tallyGame({ removeSeat: false, target: 5, phonePicture: true })]);

/** Every picture asked of the renderer, with its priority, in order. */
const drawn: { readonly job: BoardJob; readonly priority: RenderPriority }[] = [];
const inProcess = inProcessBoardRenderer(registry);
const renderer: BoardRenderer = {
  render(job: BoardJob, priority: RenderPriority = 'now') {
    drawn.push({ job, priority });
    return inProcess.render(job);
  },
};
const phoneJobs = (from: number): BoardJob[] => drawn.slice(from).flatMap(({ job }) => (job.game !== 'chart' && job.picture === 'phone' ? [job] : []));

let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: registry, boards: renderer, seeds: ['phone-panel-1', 'phone-panel-2'] });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

async function notify(user: FakeUser, channel: string, options: Record<string, boolean>): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand: 'notify', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 30_000, description: 'the answer to /game notify' });
  return privateReply(handle, user);
}

async function gameIn(channel: string) {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no running game in ${channel}`);
  return loaded.game;
}

describe('the phone picture with the turn panel', () => {
  it('comes with the panel of a player who chose it, from the public view, drawn again as the board changes, and goes when the turn ends; not for the others', async () => {
    const channel = env.fake.createChannel('phone-panel');
    expect((await notify(alice, channel, { phone_picture: true })).text).toContain('Your turn panel comes with the phone picture of the board.');
    expect((await notify(bob, channel, {})).text).toContain('Your turn panel comes without a picture (Phone view on the board shows one).');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

    const checked = new Set<string>();
    for (let turn = 0; checked.size < 2; turn++) {
      expect(turn).toBeLessThan(4);
      const board = latestBoard(env.fake, channel);
      const player = mentionedToAct(board)[0] === alice.id ? alice : bob;
      const from = drawn.length;
      const panel = await openPrivately(player, board, buttonFor(board, 'turn'));
      if (player === bob) {
        expect(panel.attachments).toEqual([]);
        expect(phoneJobs(from)).toEqual([]);
      } else {
        const game = await gameIn(channel);
        expect(panel.attachments.map((a) => a.filename)).toEqual([`tally-${game.row.id}-${game.row.version}-phone.png`]);
        expect(checkPng(panel.attachments[0]!.bytes)).toMatchObject({ ok: true, width: 24 });
        expect(panel.embeds).toEqual([]);
        // The table's view, not Alice's own (her hand is hers alone), drawn as a live turn's picture.
        expect(phoneJobs(from).map((job) => job.view)).toEqual([env.service.publicView(game)]);
        expect(drawn.slice(from).map(({ priority }) => priority)).toEqual(['now']);
        // A decision that changes the board: the panel's picture is drawn again for the board as it now stands.
        await choose(alice, panel, offeredMatching(panel, /^Draw a card$/)!);
        const after = await gameIn(channel);
        expect(env.service.seatView(after, 0)).toMatchObject({ hand: [expect.any(Number)] });
        expect(env.fake.message(panel.id)!.attachments.map((a) => a.filename)).toEqual([`tally-${after.row.id}-${after.row.version}-phone.png`]);
        expect(phoneJobs(from).at(-1)?.view).toEqual(env.service.publicView(after));
        expect(Object.keys(phoneJobs(from).at(-1)?.view as object).sort()).toEqual(['handSizes', 'scores', 'turn']);
        // The turn ends: the picture goes with the decision.
        const ended = await choose(alice, env.fake.message(panel.id)!, offeredMatching(env.fake.message(panel.id)!, END_TURN)!);
        await ended.waitFor(() => env.fake.message(panel.id)!.text.includes('Your turn is over'), { timeoutMs: 30_000, description: 'the panel saying the turn is over' });
        expect(latestBoard(env.fake, channel).id).not.toBe(board.id);
        expect(env.fake.message(panel.id)!.attachments).toEqual([]);
      }
      checked.add(player.id);
      if (player === bob) {
        const ended = await choose(bob, panel, offeredMatching(panel, END_TURN)!);
        await ended.waitFor(() => latestBoard(env.fake, channel).id !== board.id, { timeoutMs: 30_000, description: 'the next board' });
      }
    }
    env.fake.assertNoViolations();
  });
});

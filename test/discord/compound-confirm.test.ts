/**
 * "In one go…" never traps, through the fake Discord on Istanbul: a compound that moves to a place whose
 * action cannot be done comes after those that do something, and says why; one that pays the other merchants
 * there and then does nothing asks first, privately: "back to my choices" changes nothing, Yes plays it.
 * (The one-click undo of a compound: istanbul-panel.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulState } from '../../src/games/istanbul/state.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, openPrivately, startBotOnFake, type BotOnFake, type Offered } from './harness.js';

let env: BotOnFake;
let users: FakeUser[];
const NAMES = ['Alice', 'Bob'];

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['compound-confirm'] });
  users = NAMES.map((name) => env.createUser(name.toLowerCase(), { globalName: name }));
});

afterAll(async () => {
  await env?.stop();
});

async function game(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no game');
  return loaded.game;
}

function inOneGo(panel: SeenMessage): { label: string; description?: string }[] {
  return panel.selects.find((s) => s.placeholder === 'In one go…')?.options ?? [];
}

function pick(panel: SeenMessage, label: RegExp): Offered {
  const found = offered(panel).find((o) => label.test(o.label));
  if (found === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((o) => o.label).join(' | ')}`);
  return found;
}

async function press(user: FakeUser, panel: SeenMessage, verb: 'sure' | 'back'): Promise<SeenMessage> {
  const revisions = env.fake.world.messages.get(panel.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(panel.id, buttonFor(panel, verb), { until: 'response' });
  const done = await handle.waitFor((h) => (env.fake.world.messages.get(panel.id)?.revisions.length ?? 0) > revisions || h.followUps.some((f) => f.ephemeral), {
    timeoutMs: 15_000,
    description: 'the answer in place of the question',
  });
  return done.reply!;
}

describe('"In one go…" never traps', () => {
  it('doing nothing comes last and says why; paying for nothing asks first; Cancel changes nothing, Yes plays it', async () => {
    const channel = env.fake.createChannel('compound-confirm');
    const [host, other] = users as [FakeUser, FakeUser];
    const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
    await other.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const first = env.fake.users.get(mentionedToAct(board)[0]!)!;
    const second = users.find((u) => u !== first)!;

    // The first player: a place with nothing to do there comes after every compound that does something.
    let panel = await openPrivately(first, board, buttonFor(board, 'turn'));
    const options = inOneGo(panel);
    const nothing = options.findIndex((o) => /^Move to (.+?) → .*Skip the action/.test(o.label));
    expect(nothing).toBeGreaterThan(0);
    expect(options.slice(nothing).every((o) => o.label.includes('Skip the action'))).toBe(true);
    // At the start nobody has the goods a market wants or the lira of a wheelbarrow extension.
    const dead = options[nothing]!;
    const place = /^Move to (.+?) → /.exec(dead.label)![1]!;
    // Why the action would be skipped, in the description.
    expect(dead.description).toMatch(/needs|wants|costs/);
    // Nobody to pay there: no question; the turn ends.
    panel = (await choose(first, panel, pick(panel, new RegExp(`^Move to ${place} → Leave an assistant here → Skip the action`)))).reply!;
    expect(panel.text).toMatch(/turn is over/);

    // The second player: the same place now costs 2 lira to the first, and then nothing can be done there.
    const next = latestBoard(env.fake, channel);
    expect(mentionedToAct(next)).toEqual([second.id]);
    panel = await openPrivately(second, next, buttonFor(next, 'turn'));
    const firstName = NAMES[users.indexOf(first)]!;
    const paying = pick(panel, new RegExp(`^Move to ${place} → (Leave an assistant here → )?pay 2 lira to ${firstName} → Skip the action`));
    const before = await game(channel);
    const lira = (before.state as IstanbulState).players[(before.seats.find((s) => s.userId === second.id)!).seat]!.lira;

    const question = (await choose(second, panel, paying)).reply!;
    expect(question.text).toContain('**Pay and then do nothing?**');
    expect(question.text).toContain(`pay 2 lira to ${firstName}`);
    expect(question.buttons.map((b) => b.label)).toEqual(['Yes, pay and skip', 'No, back to my choices']);
    expect((await game(channel)).row.version).toBe(before.row.version);

    // Back: nothing changed, the panel again.
    panel = await press(second, question, 'back');
    expect(panel.text).toContain('Nothing was changed');
    expect((await game(channel)).row.version).toBe(before.row.version);

    // Asked again, Yes: paid, and nothing done.
    const again = (await choose(second, panel, pick(panel, new RegExp(`^Move to ${place} → (Leave an assistant here → )?pay 2 lira`)))).reply!;
    await press(second, again, 'sure');
    const after = await game(channel);
    expect(after.row.version).toBeGreaterThan(before.row.version);
    expect((after.state as IstanbulState).players[(after.seats.find((s) => s.userId === second.id)!).seat]!.lira).toBe(lira - 2);
    env.fake.assertNoViolations();
  }, 270_000);
});

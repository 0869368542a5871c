/**
 * Istanbul's turn panel through the fake Discord, as players see it: the move list names each place's
 * number and distance, a place where another merchant stands says whom to pay and how much, and Undo says
 * which step it took back. Compound choices ("In one go…") take a move and what obviously follows it in one
 * click, beside the step-by-step choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, openPrivately, startBotOnFake, type BotOnFake, type Offered, WAIT_MS } from './harness.js';

let env: BotOnFake;
let users: FakeUser[];
const NAMES = ['Alice', 'Bob', 'Carol'];

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['panel-details'] });
  users = NAMES.map((name) => env.createUser(name.toLowerCase(), { globalName: name }));
});

afterAll(async () => {
  await env?.stop();
});

/** The single-step move options of a panel with their descriptions. */
function moves(panel: SeenMessage): { label: string; description?: string }[] {
  return panel.selects.flatMap((s) => s.options).filter((o) => o.label.startsWith('Move to ') && !o.label.includes(' → '));
}

function pick(panel: SeenMessage, label: RegExp): Offered {
  const found = offered(panel).find((o) => label.test(o.label));
  if (found === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((o) => o.label).join(' | ')}`);
  return found;
}

async function undo(user: FakeUser, panel: SeenMessage, verb: 'undo' | 'undoall' = 'undo'): Promise<SeenMessage> {
  const revisions = env.fake.world.messages.get(panel.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(panel.id, buttonFor(panel, verb), { until: 'response' });
  const done = await handle.waitFor((h) => (env.fake.world.messages.get(panel.id)?.revisions.length ?? 0) > revisions || h.followUps.some((f) => f.ephemeral), {
    timeoutMs: WAIT_MS,
    description: 'the panel after undo',
  });
  return done.reply!;
}

describe("Istanbul's panel says what a move costs", () => {
  it('place numbers and steps on every move; Undo names the move; the next player sees whom to pay there', async () => {
    const channel = env.fake.createChannel('istanbul-panel');
    const [host, ...others] = users as [FakeUser, ...FakeUser[]];
    const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

    const first = env.fake.users.get(mentionedToAct(board)[0]!);
    let panel = await openPrivately(first, board, buttonFor(board, 'turn'));
    const options = moves(panel);
    expect(options.length).toBeGreaterThan(5);
    // Everyone starts at the Fountain: no one to pay anywhere yet.
    for (const option of options) expect(option.description).toMatch(/^place \d+ · [12] steps?( · the (Governor|Smuggler) is here)*$/);

    // A move to a place that is not the Fountain, taken back: the panel names it.
    const target = options.find((o) => o.label !== 'Move to Fountain')!;
    panel = (await choose(first, panel, pick(panel, new RegExp(`^${target.label}$`)))).reply!;
    panel = await undo(first, panel);
    expect(panel.text).toContain(`Undone: ${target.label}.`);

    // The move again, then the shortest way to the end of the turn.
    panel = (await choose(first, panel, pick(panel, new RegExp(`^${target.label}$`)))).reply!;
    for (let step = 0; offered(panel).length > 0; step++) {
      expect(step).toBeLessThan(10);
      panel = (await choose(first, panel, pick(panel, /^(Leave an assistant here|Skip the action|End the turn)/))).reply!;
    }
    expect(panel.text).toMatch(/turn is over/);

    const next = latestBoard(env.fake, channel);
    const second = env.fake.users.get(mentionedToAct(next)[0]!);
    const secondPanel = await openPrivately(second, next, buttonFor(next, 'turn'));
    const there = moves(secondPanel).find((o) => o.label === target.label)!;
    expect(there.description).toMatch(new RegExp(`^place \\d+ · [12] steps? · pay 2 lira to ${NAMES[users.findIndex((u) => u.id === first.id)]!}`));
    env.fake.assertNoViolations();
  }, 180_000);

  it('a compound choice moves and leaves the assistant in one click; Undo takes back its last step, "Undo the whole" all of it', async () => {
    const channel = env.fake.createChannel('istanbul-compound');
    const [host, ...others] = users as [FakeUser, ...FakeUser[]];
    const lobby = await openLobby(host, channel, { game: 'istanbul', layout: 'short', variant: 'base' });
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const first = env.fake.users.get(mentionedToAct(board)[0]!);
    let panel = await openPrivately(first, board, buttonFor(board, 'turn'));

    const inOneGo = panel.selects.find((s) => s.placeholder === 'In one go…')!;
    expect(inOneGo).toBeDefined();
    // Every move but the Fountain's leaves an assistant on the way to the place action; the single moves stay.
    // The label names the place, the steps and what the move costs and gives.
    const compound = inOneGo.options.find((o) => /^Move to (.+) → Leave an assistant here · place \d+ · [12] steps?/.test(o.label))!;
    const place = /^Move to (.+) → /.exec(compound.label)![1]!;
    expect(moves(panel).map((o) => o.label)).toContain(`Move to ${place}`);

    const logLength = async (): Promise<number> => {
      const loaded = await env.service.byChannel(channel);
      if (!loaded.ok) throw new Error('no game');
      return (await env.service.effectiveLog(loaded.game)).length;
    };
    const before = await logLength();
    panel = (await choose(first, panel, pick(panel, new RegExp(`^Move to ${place} → Leave an assistant here`)))).reply!;
    expect(panel.text).toMatch(/You: .*moves .*leaves an assistant/);
    // One click, two steps in the log (each one undoable as before).
    expect(await logLength()).toBe(before + 2);
    panel = await undo(first, panel);
    expect(panel.text).toContain('Undone: Leave an assistant here.');
    expect(offered(panel).some((o) => o.label.startsWith('Leave an assistant here'))).toBe(true);
    expect(await logLength()).toBe(before + 1);

    // Again in one go; "Undo the whole" takes back both steps in one click.
    panel = await undo(first, panel);
    panel = (await choose(first, panel, pick(panel, new RegExp(`^Move to ${place} → Leave an assistant here`)))).reply!;
    expect(await logLength()).toBe(before + 2);
    expect(panel.buttons.map((b) => b.label)).toContain(`Undo the whole “Move to ${place}” (2 steps)`);
    panel = await undo(first, panel, 'undoall');
    expect(panel.text).toContain(`Undone: Move to ${place} → Leave an assistant here.`);
    expect(await logLength()).toBe(before);
    expect(moves(panel).map((o) => o.label)).toContain(`Move to ${place}`);
    expect(panel.buttons.some((b) => (b.label ?? '').startsWith('Undo'))).toBe(false);
    env.fake.assertNoViolations();
  }, 180_000);
});

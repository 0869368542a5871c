/**
 * Logs without secrets or floods: a session at trace level with REST failures injected by the fake (a
 * failed panel edit, whose URL carries the interaction token; failed board uploads, whose body is the
 * PNG) writes no interaction token, no request body and no line longer than a few KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { gameRegistry } from '../../src/games/registry.js';
import { buttonFor, clickForBoard, latestBoard, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 30 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['logs-1'],
    logLevel: 'trace',
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
});

afterAll(async () => {
  await env?.stop();
});

describe('log hygiene', () => {
  it('a trace-level session with failed REST calls logs no interaction token, no request body, no line over 4 KB', async () => {
    const channel = env.fake.createChannel('logs');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const user = env.fake.users.get(mentionedToAct(board)[0]!);
    const handles: InteractionHandle[] = [];
    const opened = await user.clickButton(board.id, buttonFor(board, 'turn'));
    handles.push(opened);
    const panel: SeenMessage = privateReply(opened, user);
    const secretPanelText = panel.text;

    // The panel edit fails (its URL has the token; its body is the private panel): the error path answers once.
    env.fake.failNext('PATCH /webhooks/{application_id}/{interaction_token}/messages/@original', { status: 500 });
    const pick = offered(panel).find((o) => !/End the turn/.test(o.label))!;
    const failedEdit =
      pick.kind === 'select'
        ? await user.selectOptions(panel.id, pick.customId, [pick.value as string], { until: 'response' })
        : await user.clickButton(panel.id, pick.customId, { until: 'response' });
    handles.push(failedEdit);
    await failedEdit.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the error answer after the failed edit' });
    expect(env.fake.pendingFaults).toEqual([]);
    expect(failedEdit.followUps[0]!.text).toMatch(/Your move was saved, but I could not update this panel/);

    // The board upload fails twice (its body is the PNG), then goes through: as the click's follow-up (its URL
    // has the click's token), then in the channel.
    const again = privateReply(await user.clickButton(latestBoard(env.fake, channel).id, buttonFor(latestBoard(env.fake, channel), 'turn')), user);
    env.fake.failNext('POST /webhooks/{webhook_id}/{webhook_token}', { status: 500 });
    env.fake.failNext('POST /channels/{channel_id}/messages', { status: 500 });
    const end = offered(again).find((o) => /End the turn/.test(o.label))!;
    const ended = await user.clickButton(again.id, end.customId, { until: 'response' });
    handles.push(ended);
    await ended.waitFor(() => latestBoard(env.fake, channel).id !== board.id, { timeoutMs: 30_000, description: 'the board after two failed uploads' });
    env.fake.takeViolations();

    const lines = env.logLines;
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('"level":20'))).toBe(true);
    const tokens = handles.map((h) => h.payload.token);
    for (const line of lines) {
      for (const token of tokens) expect(line).not.toContain(token);
      expect(line).not.toContain(env.fake.token);
      expect(line).not.toContain(secretPanelText.slice(0, 40));
      expect(line.length).toBeLessThanOrEqual(4096);
    }
    // The failures are there, described without their URLs' tokens.
    const failures = env.logs.filter((l) => l.msg === 'delivery failed; it will be tried again');
    expect(failures).toHaveLength(2);
    expect(JSON.stringify(env.logs.filter((l) => l.msg === 'interaction failed'))).toMatch(/interactions\/\d+\/\[redacted\]|webhooks\/\d+\/\[redacted\]/);
  });
});

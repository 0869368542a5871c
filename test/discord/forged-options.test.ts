/**
 * Command options that Discord's own client would never send (a tampered client, a replayed payload): a
 * string where a number belongs, 5,000 characters where 64 are allowed, a number out of range, an option
 * the command does not have. Each is refused with one short private line naming the option; nothing is
 * changed and no answer is longer than Discord's 2,000 characters.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { FakeUser } from '../fake-discord/index.js';
import { startBotOnFake, WAIT_MS, type BotOnFake } from './harness.js';

let env: BotOnFake;
let alice: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES });
  alice = env.createUser('alice', { globalName: 'Alice' });
});

afterAll(async () => {
  await env?.stop();
});

async function forged(channel: string, name: string, options: unknown[]): Promise<string> {
  const handle = await alice.forgeCommand(channel, name, options, { until: 'none' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: `the answer to /${name}` });
  const reply = handle.reply!;
  expect(reply.ephemeral).toBe(true);
  expect(reply.text.length).toBeLessThanOrEqual(2_000);
  return reply.text;
}

const sub = (name: string, options: unknown[]): unknown => ({ type: ApplicationCommandOptionType.Subcommand, name, options });

describe('forged command options', () => {
  it('a wrong type, an over-long string, a number out of range or an unknown option: one clear line, nothing changed', async () => {
    const channel = env.fake.createChannel('forged');
    const refused = /option “([^”]+)” is not one I can take/;

    const wrongType = await forged(channel, 'game', [sub('log', [{ type: ApplicationCommandOptionType.String, name: 'count', value: 'ten' }])]);
    expect(wrongType).toMatch(refused);
    expect(refused.exec(wrongType)![1]).toBe('count');

    const long = 'Europe/'.padEnd(5_000, 'x');
    const overLong = await forged(channel, 'game', [sub('notify', [{ type: ApplicationCommandOptionType.String, name: 'time_zone', value: long }])]);
    expect(refused.exec(overLong)![1]).toBe('time_zone');
    expect(overLong).not.toContain('xxxx');
    // The player's settings were not touched.
    expect(await env.service.notifySettings(alice.id)).toMatchObject({ timeZone: null });

    const outOfRange = await forged(channel, 'game', [sub('new', [
      { type: ApplicationCommandOptionType.String, name: 'game', value: 'kairo' },
      { type: ApplicationCommandOptionType.Integer, name: 'players', value: 99 },
    ])]);
    expect(refused.exec(outOfRange)![1]).toBe('players');
    expect((await env.service.byChannel(channel)).ok).toBe(false);

    const unknown = await forged(channel, 'stats', [{ type: ApplicationCommandOptionType.String, name: 'everyone', value: '1' }]);
    expect(refused.exec(unknown)![1]).toBe('everyone');

    expect(env.logs.filter((l) => l.msg === 'interaction failed')).toEqual([]);
    expect(env.fake.channelMessages(channel)).toEqual([]);
  });
});

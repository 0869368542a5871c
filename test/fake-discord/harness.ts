/**
 * Glue for tests: start a fake, build the bot's client against it, log in, tear both down.
 */
import { once } from 'node:events';
import { Events, type Client } from 'discord.js';
import { createDiscordClient, type DiscordClientOptions } from '../../src/discord/client.js';
import { FakeDiscord, type FakeDiscordOptions } from './fake-discord.js';

export interface Connected {
  fake: FakeDiscord;
  client: Client<true>;
  /** Destroys the client, then stops the fake. */
  stop(): Promise<void>;
}

/** Logs a client in against a fake; the ready promise is created before login (a fast fake can beat it). */
export async function loginToFake(client: Client, fake: FakeDiscord): Promise<Client<true>> {
  const ready = once(client, Events.ClientReady);
  await client.login(fake.token);
  await ready;
  return client as Client<true>;
}

/** Starts a fake Discord and a client built by createDiscordClient, logged in and ready. */
export async function startFakeWithClient(
  options: { fake?: FakeDiscordOptions; client?: Omit<DiscordClientOptions, 'token' | 'apiBaseUrl'> } = {},
): Promise<Connected> {
  const fake = await FakeDiscord.start(options.fake);
  const client = createDiscordClient({ ...options.client, token: fake.token, apiBaseUrl: fake.apiBaseUrl });
  try {
    await loginToFake(client, fake);
  } catch (error) {
    await client.destroy();
    await fake.stop();
    throw error;
  }
  return {
    fake,
    client: client as Client<true>,
    async stop() {
      await client.destroy();
      await fake.stop();
    },
  };
}

import type { AutocompleteInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { gameModules } from '../../src/app/games/index.js';
import type { GameService } from '../../src/app/game-service.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { gamePresenters } from '../../src/discord/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { gameNew } from '../../src/discord/handlers/commands/game-new.js';
import { createLogger } from '../../src/logger.js';

/** The autocomplete handler of /game new, with an interaction carrying just what it reads. */
async function complete(focused: { name: string; value: string }, game: string | null, locale = 'en-US'): Promise<unknown[]> {
  let answer: unknown[] = [];
  const interaction = {
    locale,
    options: { getFocused: () => focused, getString: (name: string) => (name === 'game' ? game : null) },
    respond: async (choices: unknown[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const env = {
    ctx: { service: { modules: gameModules() } as unknown as GameService, presenters: gamePresenters(inProcessBoardRenderer), client: null as never, deliverer: null as never, computers: null as never, player: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: '1',
  } satisfies HandlerEnv;
  await gameNew.autocomplete!(env, interaction);
  return answer;
}

describe('/game new autocomplete', () => {
  it("offers the chosen game's layouts and variants in the user's language, filtered by what was typed", async () => {
    expect(await complete({ name: 'layout', value: '' }, 'istanbul')).toEqual([
      { name: 'Short paths', value: 'short' },
      { name: 'Long paths', value: 'long' },
      { name: 'In order', value: 'inOrder' },
      { name: 'Random', value: 'random' },
    ]);
    expect(await complete({ name: 'layout', value: 'lang' }, 'istanbul', 'de')).toEqual([{ name: 'Lange Wege', value: 'long' }]);
    expect(await complete({ name: 'variant', value: '' }, 'istanbul', 'nl')).toEqual([
      { name: 'Basisspel', value: 'base' },
      { name: 'Neutrale assistenten (2–4 spelers)', value: 'neutral' },
    ]);
  });

  it('offers nothing for an unknown game or option', async () => {
    expect(await complete({ name: 'layout', value: '' }, null)).toEqual([]);
    expect(await complete({ name: 'players', value: '' }, 'istanbul')).toEqual([]);
  });
});

import type { AutocompleteInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { GameService } from '../../src/app/game-service.js';
import type { HandlerEnv } from '../../src/discord/context.js';
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
    ctx: { service: { modules: GAMES.modules } as unknown as GameService, presenters: GAMES.presenters(inProcessBoardRenderer(GAMES)), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
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
    expect(await complete({ name: 'count', value: '' }, 'istanbul')).toEqual([]);
  });

  it("offers the chosen game's player counts: Kairo never 5", async () => {
    const counts = (answer: unknown[]) => (answer as { value: number }[]).map((c) => c.value);
    expect(counts(await complete({ name: 'players', value: '' }, 'kairo'))).toEqual([2, 3, 4]);
    expect(counts(await complete({ name: 'players', value: '' }, 'istanbul'))).toEqual([2, 3, 4, 5]);
    // before a game is chosen: what some game allows
    expect(counts(await complete({ name: 'players', value: '' }, null))).toEqual([2, 3, 4, 5]);
    expect(await complete({ name: 'players', value: '3' }, 'kairo', 'nl')).toEqual([{ name: '3 spelers', value: 3 }]);
    expect(await complete({ name: 'players', value: '5' }, 'kairo')).toEqual([]);
    expect(await complete({ name: 'players', value: '' }, 'kairo', 'de')).toEqual([
      { name: '2 Spieler', value: 2 },
      { name: '3 Spieler', value: 3 },
      { name: '4 Spieler', value: 4 },
    ]);
  });
});

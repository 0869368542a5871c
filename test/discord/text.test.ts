/** User-provided text in messages: names and echoed options are plain, bounded text. */
import { describe, expect, it } from 'vitest';
import { createGameService } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { BotContext } from '../../src/discord/context.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { refusalText } from '../../src/discord/respond.js';
import { escapeMarkdown, labelName, plainName } from '../../src/discord/text.js';
import { gameListText } from '../../src/discord/tables.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';

describe('names are text', () => {
  it('a masked link, bold, a role mention and @everyone are escaped, so Discord shows them as typed', () => {
    expect(plainName('[Free Nitro](https://evil.example)')).toBe('\\[Free Nitro\\]\\(https\\://evil\\.examp…');
    expect(escapeMarkdown('[Free Nitro](https://x.y)')).toBe('\\[Free Nitro\\]\\(https\\://x\\.y\\)');
    expect(escapeMarkdown('**bold** <@&123> @everyone # h')).toBe('\\*\\*bold\\*\\* \\<\\@&123\\> \\@everyone \\# h');
  });

  it('a name is one line of at most 32 characters; labels are cut the same way but not escaped', () => {
    expect(plainName('a\nb\u202Ec')).toBe('a b c');
    const long = 'x'.repeat(40);
    expect([...labelName(long)]).toHaveLength(32);
    expect(labelName(long).endsWith('…')).toBe(true);
    expect(labelName('**Mallory**')).toBe('**Mallory**');
    expect(plainName('')).toBe('?');
  });
});

describe('option echoes', () => {
  const store = new SqliteStore(openDatabase(':memory:'), { now: () => 1_000 });
  const service = createGameService({ store, modules: GAMES.modules, clock: { now: () => 1_000 }, logger: createLogger({ level: 'silent', format: 'json' }) });
  const ctx = { service, presenters: GAMES.presenters(inProcessBoardRenderer(GAMES)), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never } satisfies BotContext;
  const host = { userId: '100000000000000001', displayName: 'Host' };

  it('a 6,000-character layout is refused as an unknown layout, echoed short and plain, within Discord limits', async () => {
    const refused = await service.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host, locale: 'en', layout: `[x](https://e.example)${'y'.repeat(6000)}` });
    if (refused.ok) throw new Error('accepted');
    expect(refused).toMatchObject({ code: 'invalid_options', option: 'layout' });
    const text = refusalText(ctx, refused, 'en');
    expect(text.length).toBeLessThan(300);
    expect(text).toMatch(/^There is no layout "\\\[x\\\]\\\(https\\:\/\/e\\\.example\\\)y+…" for this game/);
  });

  it('Kairo has no variants: a variant is refused as such, not silently stored', async () => {
    const refused = await service.createLobby({ guildId: '1', channelId: '3', kind: 'kairo', host, locale: 'de', variant: 'anything' });
    if (refused.ok) throw new Error('accepted');
    expect(refused).toMatchObject({ code: 'invalid_options', option: 'no_variants' });
    expect(refusalText(ctx, refused, 'en')).toBe('This game has no variants; leave the variant option empty.');
  });

  it('a layout the expansion does not use is named as such, not as a player-count problem', async () => {
    const refused = await service.createLobby({ guildId: '1', channelId: '4', kind: 'istanbul', host, locale: 'en', layout: 'short', expansion: 'letters-and-seals' });
    if (refused.ok) throw new Error('accepted');
    expect(refusalText(ctx, refused, 'en')).toBe('The layout "short" cannot be used with this expansion; pick one of the suggestions.');
  });
});

describe('lists of games', () => {
  it('a long list stays one message: whole lines, then how many more there are', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `- **Tally #${i + 1}** · <#100000000000000${i}> · ${'Alice, Bob, Carol'.repeat(3)}`);
    const text = gameListText('This channel has 40 games:', lines, 'en');
    expect(text.length).toBeLessThanOrEqual(2000);
    const shown = text.split('\n');
    expect(shown[0]).toBe('This channel has 40 games:');
    const listed = shown.slice(1, -1);
    expect(listed).toEqual(lines.slice(0, listed.length));
    expect(shown.at(-1)).toBe(`… and ${40 - listed.length} more.`);
    expect(gameListText('Two games:', lines.slice(0, 2), 'en')).toBe(['Two games:', ...lines.slice(0, 2)].join('\n'));
  });
});

import { describe, expect, it } from 'vitest';
import { ApplicationCommandType } from 'discord.js';
import { LOCALES, type Catalogue } from '../../src/engine/index.js';
import { commandDefinitions, registeredCommands } from '../../src/discord/handlers/commands.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { core, toLocale } from '../../src/discord/i18n/index.js';
import { commandsHelp, HELP_BUTTONS, helpButtonLabels } from '../../src/discord/help-text.js';
import { GAMES } from '../../src/games/index.js';
import { istanbul } from '../../src/games/istanbul/index.js';
import { templateArgs } from '../i18n/template-args.js';

/**
 * The arguments a template uses (plain, plural or select), by name. A place's forms with article and case
 * (Istanbul's `toTo`, `placeAt`, `placesFrom`, ...) count as the place: a language uses the form its grammar
 * needs where another uses the bare name.
 */
function placeholders(template: string): string[] {
  const names = [...templateArgs(template, 'en').keys()].map((name) => name.replace(/^(place|places|from|to)(At|To|From|The)$/, '$1'));
  return [...new Set(names)].sort();
}

function expectComplete(name: string, catalogues: Partial<Record<string, Catalogue>>): void {
  const en = catalogues.en as Catalogue;
  for (const locale of LOCALES) {
    const catalogue = catalogues[locale];
    expect(catalogue, `${name}: ${locale}`).toBeDefined();
    expect(Object.keys(catalogue!).sort(), `${name}: keys of ${locale}`).toEqual(Object.keys(en).sort());
    for (const [key, template] of Object.entries(en)) {
      const translated = catalogue![key] as string;
      expect(translated.trim(), `${name}: ${locale} ${key}`).not.toBe('');
      expect(placeholders(translated), `${name}: placeholders of ${locale} ${key}`).toEqual(placeholders(template));
    }
  }
}

describe('message catalogues', () => {
  it("the bot's own catalogue is complete in en, de and nl with the same placeholders", () => {
    expectComplete('core', core);
  });

  it("every game presenter's catalogue is complete", () => {
    for (const presenter of GAMES.presenters(inProcessBoardRenderer(GAMES)).values()) expectComplete(presenter.kind, presenter.messages);
  });

  it("the Istanbul engine's messages are complete in de and nl", () => {
    expectComplete('istanbul engine', istanbul.messages);
  });

  it('German and Dutch text really differs from English where it is prose', () => {
    const differing = (locale: 'de' | 'nl') => Object.keys(core.en).filter((k) => core[locale][k as keyof typeof core.en] !== core.en[k as keyof typeof core.en]).length;
    expect(differing('de') / Object.keys(core.en).length).toBeGreaterThan(0.85);
    expect(differing('nl') / Object.keys(core.en).length).toBeGreaterThan(0.85);
  });

  it('maps Discord locales to ours', () => {
    expect(toLocale('de')).toBe('de');
    expect(toLocale('nl')).toBe('nl');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('fr')).toBe('en');
    expect(toLocale(null)).toBe('en');
  });

  it('command names are valid and localised in de and nl; descriptions fit', () => {
    const registered = registeredCommands(GAMES.modules, GAMES.presenters(inProcessBoardRenderer(GAMES)));
    const commands = registered.filter((c) => (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput);
    expect(commands).toEqual(commandDefinitions(GAMES.modules, GAMES.presenters(inProcessBoardRenderer(GAMES))));
    // A message command (Apps › … on a message) has a name as people write it, up to 32 characters, and no description.
    const onMessages = registered.filter((c) => c.type === ApplicationCommandType.Message);
    expect(onMessages.map((c) => [c.name, c.name_localizations])).toEqual([['Board as text', { de: 'Spielplan als Text', nl: 'Bord als tekst' }]]);
    for (const c of onMessages) for (const name of [c.name, ...Object.values(c.name_localizations ?? {})]) expect((name ?? '').length).toBeLessThanOrEqual(32);
    const check = (entry: { name: string; description?: string; name_localizations?: Record<string, string | null> | null; description_localizations?: Record<string, string | null> | null; options?: unknown[] }): void => {
      for (const name of [entry.name, ...Object.values(entry.name_localizations ?? {})]) expect(name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      expect(Object.keys(entry.name_localizations ?? {}).sort()).toEqual(['de', 'nl']);
      if (entry.description !== undefined) {
        for (const d of [entry.description, ...Object.values(entry.description_localizations ?? {})]) {
          expect((d ?? '').length).toBeGreaterThan(0);
          expect((d ?? '').length, d ?? '').toBeLessThanOrEqual(100);
        }
      }
      for (const option of (entry.options ?? []) as (typeof entry)[]) check(option);
    };
    for (const command of commands) check(command);
    expect(commands.map((c) => c.name)).toEqual(['game', 'help', 'stats']);
  });
});

describe('no dead words', () => {
  it('every key of the bot catalogue is used by the code', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== 'i18n') walk(full);
        else if (entry.name.endsWith('.ts')) files.push(full);
      }
    };
    walk('src/discord');
    // The games' presenters (and their contract) are the Discord side of each game folder.
    walk('src/games');
    const discordSide = files.filter((f) => f.startsWith(path.join('src', 'discord')) || /^(presenter.*|contract)\.ts$/.test(path.basename(f)));
    const source = discordSide.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    // Keys built from a prefix and a value: refusal codes, permission names, setting fields, help topics.
    const dynamic = ['refusal.', 'perm.', 'settings.field.', 'help.topic.'];
    const unused = Object.keys(core.en).filter((key) => {
      if (source.includes(`'${key}'`)) return false;
      const parent = key.slice(0, key.lastIndexOf('.'));
      if (source.includes(`'${parent}'`) || source.includes(`\`${parent}`)) return false;
      // A command about one of the channel's games: table: 'status' names cmd.game.status.*
      const sub = /^cmd\.game\.(\w+)\./.exec(key);
      if (sub !== null && source.includes(`table: '${sub[1]}'`)) return false;
      return !dynamic.some((prefix) => key.startsWith(prefix) && source.includes(prefix));
    });
    expect(unused).toEqual([]);
  });
});

describe('long texts fit a Discord message', () => {
  it('/help and every game presenter help fit in 2000 characters in every language', () => {
    for (const locale of LOCALES) {
      for (const game of LOCALES) {
        // Two private messages, each within Discord's 2,000 characters (with room for a longer setting).
        const [commands, policies] = commandsHelp({ player: locale, game }, { hours: 12, limit: 3, idle: 48 });
        expect(commands.length, `${locale} in a ${game} game`).toBeLessThan(1950);
        expect(policies.length, `${locale} in a ${game} game`).toBeLessThan(1950);
      }
      for (const presenter of GAMES.presenters(inProcessBoardRenderer(GAMES)).values()) {
        for (const topic of ['rules', 'decisions'] as const) expect(presenter.help(topic, locale).length, `${presenter.kind} ${topic} ${locale}`).toBeLessThanOrEqual(2000);
      }
    }
  });
});

describe('/help names what players see', () => {
  // Every button label of the bot's own messages (lobby, board, panel, reminder, computer seat).
  const BUTTONS = [
    'lobby.join',
    'lobby.leave',
    'lobby.start',
    'lobby.cancel',
    'board.takeTurn',
    'board.hand',
    'board.log',
    'board.phoneView',
    'boardText.button',
    'panel.undo',
    'panel.more',
    'panel.suggest',
    'reminder.snooze',
    'computer.reclaim',
  ] as const;
  // Those posted in the channel (in the game's language); the others answer one player privately.
  const PUBLIC_BUTTONS = ['lobby.join', 'lobby.leave', 'lobby.start', 'lobby.cancel', 'board.takeTurn', 'board.hand', 'board.log', 'board.phoneView', 'boardText.button', 'reminder.snooze'] as const;

  it('/help names learn, replay, follow, stats and the clock as each language\'s Discord shows the commands', () => {
    const expected = {
      en: ['`/game learn`', '`/game replay`', '`/game follow`', '`/game unfollow`', '`/stats`', '`/game new` with `clock`'],
      de: ['`/spiel lernen`', '`/spiel wiederholung`', '`/spiel folgen`', '`/spiel entfolgen`', '`/statistik`', '`/spiel neu` mit `uhr`'],
      nl: ['`/spel leren`', '`/spel herhaling`', '`/spel volgen`', '`/spel ontvolgen`', '`/statistieken`', '`/spel nieuw` met `klok`'],
    } as const;
    for (const locale of LOCALES) {
      const [commands] = commandsHelp({ player: locale, game: locale }, { hours: 12, limit: 3, idle: 48 });
      for (const named of expected[locale]) expect(commands, locale).toContain(named);
    }
  });

  it('a bold name in /help that is not a heading is a button that exists, in every language', () => {
    for (const player of LOCALES) {
      for (const game of LOCALES) {
        // The buttons as the player sees them: the public ones in the game's language, the private ones in theirs.
        const labels = new Set(BUTTONS.map((key) => core[(PUBLIC_BUTTONS as readonly string[]).includes(key) ? game : player][key]));
        const text = commandsHelp({ player, game }, { hours: 12, limit: 3, idle: 48 }).join('\n\n');
        // "**Heading**: ..." opens a paragraph; any other bold text names a button.
        const bold = [...text.matchAll(/\*\*([^*]+)\*\*(:?)/g)].filter((m) => m[1] !== 'bazaar');
        const named = bold.filter((m) => m[2] === '').map((m) => m[1] as string);
        expect(named.length, `${player} in a ${game} game`).toBeGreaterThanOrEqual(5);
        for (const name of named) expect(labels.has(name), `${player} in a ${game} game: **${name}** is no button`).toBe(true);
        // and no heading reads like a button or a command of its own language
        const headings = bold.filter((m) => m[2] === ':').map((m) => (m[1] as string).toLowerCase());
        const commands = Object.entries(core[player]).filter(([key]) => key.endsWith('.name')).map(([, value]) => value.toLowerCase());
        for (const heading of headings) expect([...labels].map((l) => l.toLowerCase()).concat(commands), `${player}: heading ${heading}`).not.toContain(heading);
      }
    }
  });

  it('every button /help names is one the board and the panel show, by the same catalogue entry', () => {
    for (const { key, shown } of Object.values(HELP_BUTTONS)) {
      expect(BUTTONS as readonly string[], key).toContain(key);
      expect((PUBLIC_BUTTONS as readonly string[]).includes(key), key).toBe(shown === 'public');
    }
    // A German player in an English server reads the board's button as the board shows it.
    const labels = helpButtonLabels({ player: 'de', game: 'en' });
    expect(labels.takeTurn).toBe(core.en['board.takeTurn']);
    expect(labels.undo).toBe(core.de['panel.undo']);
  });
});

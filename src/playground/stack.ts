/**
 * The playground's composition: a local Discord, a few local users, the page's HTTP server, and the real
 * bot on that Discord (startBazaar -> config, logger, database; then the discord.js client, the game
 * service and startBot, as src/main.ts composes them). The page is served first, saying "starting…",
 * and accepts commands once the bot is ready.
 */
import type { Bot } from '../discord/bot.js';
import { GAMES } from '../games/index.js';
import { inProcessBoardRenderer } from '../render/board-job.js';
import { toLocale } from '../discord/i18n/index.js';
import { replayChoices } from '../discord/handlers/commands/game-replay.js';
import { launchBot } from '../launch.js';
import { startBazaar } from '../startup.js';
import type { LocalDiscord, LocalPermission, LocalUser, StartLocalDiscord } from './discord.js';
import { PlaygroundServer, type AutocompleteChoice, type AutocompleteRequest } from './server.js';

export interface PlaygroundUserSpec {
  /** User name (lower case, as Discord's). */
  readonly name: string;
  /** The name shown in the channel. */
  readonly displayName: string;
}

/** Four seats. */
export const DEFAULT_USERS: readonly PlaygroundUserSpec[] = [
  { name: 'alice', displayName: 'Alice' },
  { name: 'bob', displayName: 'Bob' },
  { name: 'carol', displayName: 'Carol' },
  { name: 'dave', displayName: 'Dave' },
];

export const DEFAULT_CHANNELS: readonly string[] = ['general', 'second-table'];

/**
 * The bot's permissions: those the README's invite asks for (so games are played in threads, as on a
 * server set up that way), and the fake's defaults besides.
 */
export const BOT_PERMISSIONS: readonly LocalPermission[] = [
  'ViewChannel',
  'SendMessages',
  'CreatePublicThreads',
  'SendMessagesInThreads',
  'AttachFiles',
  'EmbedLinks',
  'ReadMessageHistory',
  'UseApplicationCommands',
  'UseExternalEmojis',
  'AddReactions',
];

export interface PlaygroundOptions {
  /** Starts the local Discord (FakeDiscord.start). */
  readonly startDiscord: StartLocalDiscord;
  /** The bot's SQLite file (created and migrated if missing). */
  readonly databasePath: string;
  /** The page's port (0: any free port). */
  readonly port?: number;
  readonly host?: string;
  readonly users?: readonly PlaygroundUserSpec[];
  readonly channels?: readonly string[];
  /** The bot's log level (default 'warn'); 'silent' for tests. */
  readonly logLevel?: string;
  readonly logFormat?: 'json' | 'pretty';
  /** Where the server's notes go (default: stderr). */
  readonly log?: (line: string) => void;
  /** Called with the page's URL as soon as it is served, before the bot has started. */
  readonly onListening?: (url: string) => void;
}

export interface Playground {
  readonly url: string;
  readonly discord: LocalDiscord;
  readonly bot: Bot;
  readonly users: readonly LocalUser[];
  readonly channelIds: readonly string[];
  readonly server: PlaygroundServer;
  readonly databasePath: string;
  stop(): Promise<void>;
}

/** The choices the bot's `/game new` autocomplete offers for layout, variant and expansion, and `/game replay` for its game, for the page's box. */
async function gameOptionChoices(bot: Bot, guildId: string, request: AutocompleteRequest): Promise<AutocompleteChoice[]> {
  if (request.command === 'game replay' && request.option === 'game') {
    const choices = await replayChoices(bot.service, GAMES.presenters(inProcessBoardRenderer(GAMES)), guildId, request.typed, toLocale(request.locale));
    return choices.map((c) => ({ name: c.name, value: String(c.value) }));
  }
  const kind = request.values.game ?? '';
  const module = bot.service.modules.get(kind);
  const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(kind);
  if (request.command !== 'game new' || module === undefined || presenter === undefined) return [];
  if (request.option !== 'layout' && request.option !== 'variant' && request.option !== 'expansion') return [];
  const locale = toLocale(request.locale);
  const typed = request.typed.toLowerCase();
  // As the bot does: layouts follow the expansion already chosen.
  const expansion = request.values.expansion ?? null;
  const choices =
    request.option === 'layout' ? (module.layoutsFor?.(expansion) ?? module.layouts) : request.option === 'variant' ? module.variants : (module.expansions ?? []);
  return choices
    .map((c) => ({ name: presenter.format(c.label, locale, []).slice(0, 100), value: c.value }))
    .filter((c) => typed === '' || c.name.toLowerCase().includes(typed) || c.value.toLowerCase().includes(typed));
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const channels = options.channels ?? DEFAULT_CHANNELS;
  const log = options.log ?? ((line: string) => console.error(line));
  const discord = await options.startDiscord({ botName: 'Bazaar', guild: { name: 'Bazaar Playground', channels: [...channels] }, botPermissions: BOT_PERMISSIONS });
  let bot: Bot | undefined;
  let server: PlaygroundServer | undefined;
  let running: { stop(): Promise<void> } | null = null;
  try {
    const users = (options.users ?? DEFAULT_USERS).map((u) => discord.users.create(u.name, { globalName: u.displayName }));
    const channelIds = channels.map((name) => discord.channelId(name));
    server = new PlaygroundServer({
      discord,
      users,
      channelIds,
      ready: false,
      // Both are reached only once the server is ready, so after the bot has started.
      autocomplete: (request) => (bot === undefined ? [] : gameOptionChoices(bot, discord.guildId, request)),
      advanceClock: async (ms) => {
        discord.clock.advance(ms);
        await bot?.scheduler.tick();
      },
      log,
    });
    const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    options.onListening?.(url);

    const failures: string[] = [];
    running = await startBazaar(
      // No DEV_GUILD_ID: the commands are registered globally, as in production, so that they also work in
      // each user's direct messages with the bot.
      {
        DISCORD_TOKEN: discord.token,
        DISCORD_API_BASE_URL: discord.apiBaseUrl,
        DATABASE_PATH: options.databasePath,
        LOG_LEVEL: options.logLevel ?? 'warn',
        LOG_FORMAT: options.logFormat ?? 'pretty',
      },
      // As src/main.ts launches the bot, with the local Discord's clock so the page can move time.
      async (context) => {
        bot = await launchBot(context, discord.clock);
        return bot;
      },
      { fail: (line) => failures.push(line) },
    );
    if (running === null || bot === undefined) throw new Error(`the bot did not start: ${failures.join(' ')}`);
    const started: Bot = bot;
    server.setReady();
    const bazaar = running;
    const page = server;
    let stopped = false;
    return {
      url,
      discord,
      bot: started,
      users,
      channelIds,
      server: page,
      databasePath: options.databasePath,
      async stop() {
        if (stopped) return;
        stopped = true;
        await page.close();
        await bazaar.stop();
        await discord.stop();
      },
    };
  } catch (error) {
    await server?.close();
    await running?.stop();
    await discord.stop();
    throw error;
  }
}

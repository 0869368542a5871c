/**
 * Many tables in one channel: which game a command means. Inside a game's thread, that game
 * (naming another one is refused). In the channel, the `game` option (autocompleted with the channel's
 * running games); with one running game none is needed; with several and none chosen, the user is asked
 * privately with a menu of them (the user's own games first), and the choice runs the command (table-pick.ts).
 * Also decided here, once for every surface: which games a member may see where the whole server's games
 * are listed (visibleGames); which table a link opens is links.ts's.
 */
import { ComponentType, GuildMember, PermissionFlagsBits, type AutocompleteInteraction, type BaseInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow, Snapshot, TableEntry } from '../app/game-service.js';
import type { Locale } from '../engine/index.js';
import { encodeCustomId, TABLE_COMMANDS, type TableCommand } from './codec.js';
import { focusOf, integer } from './command-data.js';
import type { HandlerEnv } from './context.js';
import { t, toLocale } from './i18n/index.js';
import { labelNames, type PrivateMessage } from './messages/index.js';
import { escapeMarkdown } from './text.js';
import { truncate } from './panel.js';
import { answerPrivately, refusalText } from './respond.js';

/** The option naming which of the channel's running games a command means, on every command about one. */
export const TABLE_OPTION = integer('opt.table', { min: 1, autocomplete: true });

/** Discord shows at most 25 choices in a menu or an autocomplete list. */
const CHOICES_MAX = 25;

/**
 * The game a command is about: its id; null when the channel has no running game (the command then looks
 * at what it did before, e.g. the last ended game); undefined when the user was already answered (asked
 * which game, or refused). `chosen`: the game the user named (the table option); `args`: the command's
 * own options, carried by the menu (see codec.ts).
 */
export async function gameForCommand(env: HandlerEnv, interaction: ChatInputCommandInteraction, command: TableCommand, chosen: number | null, args: readonly (number | null)[]): Promise<number | null | undefined> {
  const { service } = env.ctx;
  if (env.tableGameId !== undefined && env.tableGameId !== null) {
    if (chosen === null || chosen === env.tableGameId) return env.tableGameId;
    const table = await service.gameRow(env.tableGameId);
    if (table !== undefined) {
      await answerPrivately(interaction, refusalText(env.ctx, { ok: false, code: 'other_table', gameId: chosen, tableOf: table }, env.locale));
      return undefined;
    }
  }
  const running = await service.runningInChannel(env.channelId);
  if (chosen !== null) {
    if (running.some((row) => row.id === chosen)) return chosen;
    await answerPrivately(interaction, refusalText(env.ctx, { ok: false, code: 'game_not_here', gameId: chosen }, env.locale));
    return undefined;
  }
  const [only] = running;
  if (only === undefined) return null;
  // A hand is only ever the user's own: among several tables, the games they play in are the ones meant.
  if (command === 'hand') {
    const own = (await service.tables({ channelId: env.channelId })).filter((entry) => playsIn(entry, interaction.user.id));
    const [mine] = own;
    if (mine === undefined) {
      await answerPrivately(interaction, t(env.locale, 'tables.noOwnGame'));
      return undefined;
    }
    if (own.length === 1) return mine.row.id;
    await answerPrivately(interaction, whichGameMessage(env, own, command, args));
    return undefined;
  }
  if (running.length === 1) return only.id;
  const entries = await service.tables({ channelId: env.channelId });
  await answerPrivately(interaction, whichGameMessage(env, ownFirst(entries, interaction.user.id), command, args));
  return undefined;
}

/** Whether `userId` holds a seat of the listed game (and has not left it). */
function playsIn(entry: TableEntry, userId: string): boolean {
  return entry.game?.seats.some((seat) => seat.userId === userId && seat.leftAt === null) ?? false;
}

/** The games `userId` plays in first, then the others, each part in its order. */
function ownFirst(entries: readonly TableEntry[], userId: string): TableEntry[] {
  return [...entries.filter((e) => playsIn(e, userId)), ...entries.filter((e) => !playsIn(e, userId))];
}

/**
 * The private question "which game?": a menu of the channel's games that runs `command` for the one chosen.
 * `question`: the question's text, when not "this channel has N running games".
 */
export function whichGameMessage(env: HandlerEnv, entries: readonly TableEntry[], command: TableCommand, args: readonly (number | null)[], question?: string): PrivateMessage {
  const [first] = entries;
  if (first === undefined) return { content: t(env.locale, 'refusal.no_game'), components: [] };
  const carried = Array.from({ length: TABLE_COMMANDS[command] }, (_, i) => (args[i] ?? null) === null ? 0 : (args[i] as number) + 1);
  const shown = entries.slice(0, CHOICES_MAX);
  return {
    // The command as the user sees it in their language ("/spiel status").
    content: question ?? t(env.locale, 'tables.which', { count: entries.length, command: `/${t(env.locale, 'cmd.game.name')} ${t(env.locale, `cmd.game.${command}.name`)}` }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: encodeCustomId({ gameId: first.row.id, version: 0, verb: 'pick', command, args: carried }),
            placeholder: t(env.locale, 'tables.pick'),
            min_values: 1,
            max_values: 1,
            options: shown.map((entry) => ({ label: truncate(tableLabel(env, entry, env.locale), 100), value: String(entry.row.id) })),
          },
        ],
      },
    ],
  };
}

/** A command's carried options back from the menu's custom_id (0: not given). */
export function carriedArgs(args: readonly number[]): (number | null)[] {
  return args.map((a) => (a === 0 ? null : a - 1));
}

/**
 * The channel's running games for the `game` option, the user's own first, filtered by what was typed (the
 * number or any word of the label).
 */
export function completeGame(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<void> {
  return suggestGames(env, interaction, false);
}

/** The same, for a command about the user's own seat (their hand): only the games they play in. */
export function completeOwnGame(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<void> {
  return suggestGames(env, interaction, true);
}

async function suggestGames(env: HandlerEnv, interaction: AutocompleteInteraction, ownOnly: boolean): Promise<void> {
  const focus = focusOf({ game: TABLE_OPTION }, interaction);
  if (focus === null) return interaction.respond([]);
  const locale = toLocale(interaction.locale);
  const { service } = env.ctx;
  const userId = interaction.user.id;
  // In a game's thread only that game is meant; in the channel, all of its running games.
  const here = (await service.tables({ channelId: env.channelId })).filter((e) => env.tableGameId === undefined || env.tableGameId === null || e.row.id === env.tableGameId);
  const entries = ownOnly ? here.filter((e) => playsIn(e, userId)) : ownFirst(here, userId);
  const typed = focus.typed.trim().toLowerCase().replace(/^#/, '');
  const choices = entries
    .map((entry) => ({ name: truncate(tableLabel(env, entry, locale), 100), value: entry.row.id }))
    .filter((c) => typed === '' || String(c.value).startsWith(typed) || c.name.toLowerCase().includes(typed))
    .slice(0, CHOICES_MAX);
  await interaction.respond(choices);
}

/** "Istanbul #12 · Alice, Bob, Carol · Round 7 · Bob to play": a running game in one line. */
export function tableLabel(env: HandlerEnv, entry: TableEntry, locale: Locale): string {
  const { title, details } = tableParts(env, entry, locale);
  return [title, ...details].join(' · ');
}

/**
 * A running game's title ("Istanbul #12") and what follows it: its players, round and who is to play.
 * `content`: for message content (names markdown-escaped), else for a label (a menu option, a suggestion).
 */
export function tableParts(env: HandlerEnv, entry: TableEntry, locale: Locale, content = false): { title: string; details: string[] } {
  const presenter = env.ctx.presenters.get(entry.row.kind);
  const title = `${presenter?.name(locale) ?? entry.row.kind} #${entry.row.id}`;
  const game = entry.game;
  if (game === null) return { title, details: [t(locale, 'tables.damaged')] };
  const playerNames = labelNames(game).map((name) => (content ? escapeMarkdown(name) : name));
  const players = game.seats.filter((s) => s.leftAt === null).map((s) => playerNames[s.seat] ?? `#${s.seat + 1}`).join(', ');
  // An ended game (offered to replay) has nobody to play.
  const status = entry.row.status === 'finished' || entry.row.status === 'abandoned' ? [t(locale, 'tables.ended')] : progress(env, game, locale, playerNames);
  return { title, details: [players, ...status].filter((part) => part !== '') };
}

/** Where the game stands: its lobby, or the first part of its board's status line (the round) and who is to play. */
function progress(env: HandlerEnv, game: Snapshot, locale: Locale, playerNames: readonly string[]): string[] {
  if (game.kind === 'lobby') return [t(locale, 'tables.lobby', { count: game.seats.length, capacity: game.settings.capacity })];
  const { service } = env.ctx;
  const presenter = env.ctx.presenters.get(game.row.kind);
  const round = presenter?.status(service.publicView(game), locale, playerNames).split('\n')[0]?.split(' · ')[0] ?? '';
  const deciding = service.activeSeats(game).map((seat) => playerNames[seat] ?? `#${seat + 1}`);
  return [round, deciding.length === 0 ? '' : t(locale, 'tables.toPlay', { players: deciding.join(', '), count: deciding.length })];
}

/** Room left under Discord's 2,000 characters for the line that says how many more there are. */
const LIST_BUDGET = 1_850;

/** Games listed under their title, one line each, cut where Discord's limit nears with "… and N more". */
export function gameListText(title: string, lines: readonly string[], locale: Locale): string {
  const shown = [title];
  let length = title.length;
  for (const [i, line] of lines.entries()) {
    if (length + line.length + 1 > LIST_BUDGET) {
      shown.push(t(locale, 'list.more', { count: lines.length - i }));
      break;
    }
    shown.push(line);
    length += line.length + 1;
  }
  return shown.join('\n');
}

/** Where a game is played, as a channel mention: its thread, or its channel. */
export function placeOf(row: GameRow): string {
  return `<#${row.threadId ?? row.channelId}>`;
}

// Which table a link opens (links.ts), for the surfaces that find their games here.
export { postedIn, tableLink, type TablePlace } from './links.js';

/** A game as a server-wide surface lists it: its number and the channel it belongs to. */
export interface ListedGame {
  readonly id: number;
  readonly channelId: string;
}

/**
 * The games the interaction's user may see on a surface that spans the server (lists, history, replays,
 * suggestions): those of channels they can view (a game in a thread belongs to the thread's channel), and
 * those they play or played in. In a direct message every game given is theirs to see (that scope holds
 * only the conversation's own games).
 */
export async function visibleGames<G extends ListedGame>(env: HandlerEnv, interaction: BaseInteraction, games: readonly G[]): Promise<G[]> {
  if (games.length === 0) return [];
  const maySee = await viewerOf(env, interaction);
  const visible: G[] = [];
  for (const game of games) if (await maySee(game)) visible.push(game);
  return visible;
}

/** Whether the interaction's user may see game `game` (see visibleGames). */
export async function maySeeGame(env: HandlerEnv, interaction: BaseInteraction, game: ListedGame): Promise<boolean> {
  return (await viewerOf(env, interaction))(game);
}

/**
 * The test of visibleGames for one interaction, to ask game by game (as suggestions are made): the member
 * is looked up once, each channel's answer kept.
 */
export async function viewerOf(env: HandlerEnv, interaction: BaseInteraction): Promise<(game: ListedGame) => Promise<boolean>> {
  if (interaction.guildId === null) return async () => true;
  const member = await memberOf(interaction);
  const viewable = new Map<string, boolean>();
  return async (game) => {
    let canView = viewable.get(game.channelId);
    if (canView === undefined) {
      canView = member !== null && canViewChannel(env, member, game.channelId);
      viewable.set(game.channelId, canView);
    }
    return canView || (await env.ctx.service.repo.seats(game.id)).some((seat) => seat.userId === interaction.user.id);
  };
}

/** The interaction's member with their roles (the guild is cached: the bot runs with the Guilds intent). */
async function memberOf(interaction: BaseInteraction): Promise<GuildMember | null> {
  if (interaction.member instanceof GuildMember) return interaction.member;
  const guild = interaction.guild;
  if (guild === null) return null;
  return guild.members.resolve(interaction.user.id) ?? (await guild.members.fetch(interaction.user.id).catch(() => null));
}

/** Whether `member` can view the channel, by the cached channel's permission overwrites; an unknown channel (deleted) is no longer viewable. */
function canViewChannel(env: HandlerEnv, member: GuildMember, channelId: string): boolean {
  const channel = env.ctx.client.channels.cache.get(channelId);
  if (channel === undefined || !('permissionsFor' in channel)) return false;
  return channel.permissionsFor(member)?.has(PermissionFlagsBits.ViewChannel) ?? false;
}

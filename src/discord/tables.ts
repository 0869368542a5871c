/**
 * Many tables in one channel (issue 27): which game a command means. Inside a game's thread, that game
 * (naming another one is refused). In the channel, the `game` option (autocompleted with the channel's
 * running games); with one running game none is needed; with several and none chosen, the user is asked
 * privately with a menu of them, and the choice runs the command (table-pick.ts).
 */
import { ComponentType, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow, Snapshot, TableEntry } from '../app/game-service.js';
import type { Locale } from '../engine/index.js';
import { encodeCustomId, TABLE_COMMANDS, type TableCommand } from './codec.js';
import type { HandlerEnv } from './context.js';
import { t, toLocale } from './i18n/index.js';
import { labelNames, type PrivateMessage } from './messages.js';
import { escapeMarkdown } from './text.js';
import { truncate } from './panel.js';
import { answerPrivately, refusalText } from './respond.js';

/** The option naming the game, on every command that needs one. */
export const GAME_OPTION = 'game';

/** Discord shows at most 25 choices in a menu or an autocomplete list. */
const CHOICES_MAX = 25;

/**
 * The game a command is about: its id; null when the channel has no running game (the command then looks
 * at what it did before, e.g. the last ended game); undefined when the user was already answered (asked
 * which game, or refused). `args`: the command's own options, carried by the menu (see codec.ts).
 */
export async function gameForCommand(env: HandlerEnv, interaction: ChatInputCommandInteraction, command: TableCommand, args: readonly (number | null)[] = []): Promise<number | null | undefined> {
  const { service } = env.ctx;
  const chosen = interaction.options.getInteger(GAME_OPTION);
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
  if (running.length === 1) return only.id;
  const entries = await service.tables({ channelId: env.channelId });
  await answerPrivately(interaction, whichGameMessage(env, entries, command, args));
  return undefined;
}

/** The private question "which game?": a menu of the channel's running games that runs `command` for the one chosen. */
export function whichGameMessage(env: HandlerEnv, entries: readonly TableEntry[], command: TableCommand, args: readonly (number | null)[]): PrivateMessage {
  const [first] = entries;
  if (first === undefined) return { content: t(env.locale, 'refusal.no_game'), components: [] };
  const carried = Array.from({ length: TABLE_COMMANDS[command] }, (_, i) => (args[i] ?? null) === null ? 0 : (args[i] as number) + 1);
  const shown = entries.slice(0, CHOICES_MAX);
  return {
    // The command as the user sees it in their language ("/spiel status").
    content: t(env.locale, 'tables.which', { count: entries.length, command: `/${t(env.locale, 'cmd.game.name')} ${t(env.locale, `cmd.game.${command}.name`)}` }),
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

/** The channel's running games for the `game` option, filtered by what was typed (the number or any word of the label). */
export async function completeGame(env: HandlerEnv, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name !== GAME_OPTION) return interaction.respond([]);
  const locale = toLocale(interaction.locale);
  const { service } = env.ctx;
  // In a game's thread only that game is meant; in the channel, all of its running games.
  const entries = (await service.tables({ channelId: env.channelId })).filter((e) => env.tableGameId === undefined || env.tableGameId === null || e.row.id === env.tableGameId);
  const typed = String(focused.value).trim().toLowerCase().replace(/^#/, '');
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
  return { title, details: [players, ...progress(env, game, locale, playerNames)].filter((part) => part !== '') };
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

/** Where a game is played, as a channel mention: its thread, or its channel. */
export function placeOf(row: GameRow): string {
  return `<#${row.threadId ?? row.channelId}>`;
}

/**
 * /help's text about commands and turns. The buttons it names are the catalogue's own button labels,
 * interpolated, so help and buttons can never disagree, and each in the language the player sees it in:
 * the board's and the reminder's buttons are public (the game's language, the server's), the panel's and
 * the answer about a computer-played seat are private (the player's own).
 */
import type { Locale } from '../engine/index.js';
import { t, type CoreKey } from './i18n/index.js';

/** Each button /help names: its placeholder in the help text, its label's key, and where it is shown. */
export const HELP_BUTTONS = {
  takeTurn: { key: 'board.takeTurn', shown: 'public' },
  phoneView: { key: 'board.phoneView', shown: 'public' },
  boardText: { key: 'boardText.button', shown: 'public' },
  snooze: { key: 'reminder.snooze', shown: 'public' },
  undo: { key: 'panel.undo', shown: 'private' },
  suggest: { key: 'panel.suggest', shown: 'private' },
  reclaim: { key: 'computer.reclaim', shown: 'private' },
} as const satisfies Record<string, { key: CoreKey; shown: 'public' | 'private' }>;

export interface HelpLocales {
  /** The player's own language: the help text and their private answers. */
  readonly player: Locale;
  /** The language of the channel's game (the server's): its board and reminders. */
  readonly game: Locale;
}

/** The labels of the buttons /help names, as the player sees them. */
export function helpButtonLabels(locales: HelpLocales): Record<keyof typeof HELP_BUTTONS, string> {
  const entries = Object.entries(HELP_BUTTONS).map(([name, b]) => [name, t(b.shown === 'public' ? locales.game : locales.player, b.key)]);
  return Object.fromEntries(entries) as Record<keyof typeof HELP_BUTTONS, string>;
}

/** The commands as the player's Discord shows them ("/spiel lernen"): the catalogue's own names. */
function commandNames(locale: Locale): Record<string, string> {
  const game = t(locale, 'cmd.game.name');
  const sub = (key: CoreKey): string => `/${game} ${t(locale, key)}`;
  return {
    learn: sub('cmd.game.learn.name'),
    replay: sub('cmd.game.replay.name'),
    follow: sub('cmd.game.follow.name'),
    unfollow: sub('cmd.game.unfollow.name'),
    new: sub('cmd.game.new.name'),
    clock: t(locale, 'opt.clock.name'),
    server: sub('cmd.game.server.name'),
    stats: `/${t(locale, 'cmd.stats.name')}`,
  };
}

/**
 * /help's answer: the commands, then the policies of playing over days (hours and counts from the game's
 * settings), as two private messages, each within Discord's 2,000 characters.
 */
export function commandsHelp(locales: HelpLocales, settings: { hours: number; limit: number; idle: number }): readonly [string, string] {
  const labels = helpButtonLabels(locales);
  const commands = [t(locales.player, 'help.title'), t(locales.player, 'help.commands', { ...labels, boardTextCommand: t(locales.player, 'boardText.command') }), t(locales.player, 'help.tables'), t(locales.player, 'help.more', commandNames(locales.player))].join('\n\n');
  return [commands, t(locales.player, 'help.policies', { ...settings, ...labels })];
}

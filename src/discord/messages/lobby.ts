/** The lobby message: the game's options, its seats, and the buttons to join, leave, start, cancel and add computers. */
import { clockName } from '../time-bank-text.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import { COMPUTER_LEVELS, isComputerSeatId, type LobbySnapshot, type Snapshot } from '../../app/game-service.js';
import type { Locale } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { type PublicMessage, gameLocale, button, row, fit } from './shared.js';
import { mention } from './names.js';

export function optionLabel(presenter: GamePresenter, game: Snapshot, kind: 'layout' | 'variant', locale: Locale): string {
  const value = kind === 'layout' ? game.settings.layout : game.settings.variant;
  const choices = kind === 'layout' ? game.module.layouts : game.module.variants;
  const choice = choices.find((c) => c.value === value);
  if (choice === undefined) return t(locale, kind === 'layout' ? 'layout.none' : 'variant.none');
  return presenter.format(choice.label, locale, []);
}

/** The lobby's expansion line, for games that have expansions. */
function expansionLine(presenter: GamePresenter, game: LobbySnapshot, locale: Locale): string[] {
  const expansions = game.module.expansions ?? [];
  if (expansions.length === 0) return [];
  const choice = expansions.find((c) => c.value === (game.settings.expansion ?? null));
  return [t(locale, 'lobby.expansion', { expansion: choice === undefined ? t(locale, 'expansion.none') : presenter.format(choice.label, locale, []) })];
}

export function lobbyMessage(game: LobbySnapshot, presenter: GamePresenter): PublicMessage {
  const locale = gameLocale(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const { min } = game.module.definition.players;
  const players = game.seats.map((s) => mention(game, s.seat)).join(', ');
  const computers = game.seats.some((s) => isComputerSeatId(s.userId));
  // A full lobby offers no seat: no Join, no computer to add (both come back when a seat frees up).
  const full = game.seats.length >= game.settings.capacity;
  return {
    content: fit([
      t(locale, 'lobby.title', { game: presenter.name(locale), host: `<@${game.row.hostUserId}>` }),
      game.module.variants.length === 0
        ? t(locale, 'lobby.layoutOnly', { layout: optionLabel(presenter, game, 'layout', locale) })
        : t(locale, 'lobby.options', { layout: optionLabel(presenter, game, 'layout', locale), variant: optionLabel(presenter, game, 'variant', locale) }),
      ...expansionLine(presenter, game, locale),
      ...(clockName(locale, game.settings.clock) === null ? [] : [t(locale, 'clock.lobby', { clock: clockName(locale, game.settings.clock) ?? '' })]),
      t(locale, 'lobby.seats', { count: game.seats.length, capacity: game.settings.capacity, players }),
      full ? t(locale, 'lobby.hintFull') : min === game.settings.capacity ? t(locale, 'lobby.hintExact', { capacity: min }) : t(locale, 'lobby.hint', { min, capacity: game.settings.capacity }),
      ...(game.row.useThread ? [t(locale, 'lobby.inThread')] : []),
    ]),
    components: [
      row(
        ...(full ? [] : [button(t(locale, 'lobby.join'), encodeCustomId({ ...id, verb: 'join' }), ButtonStyle.Success)]),
        button(t(locale, 'lobby.leave'), encodeCustomId({ ...id, verb: 'quit' }), ButtonStyle.Secondary),
        button(t(locale, 'lobby.start'), encodeCustomId({ ...id, verb: 'start' }), ButtonStyle.Primary),
        button(t(locale, 'lobby.cancel'), encodeCustomId({ ...id, verb: 'cancel' }), ButtonStyle.Danger),
      ),
      // The host adds computer players by level (a game needs at least one human: the host).
      ...(full
        ? []
        : [
            {
              type: ComponentType.ActionRow as const,
              components: [
                {
                  type: ComponentType.StringSelect as const,
                  custom_id: encodeCustomId({ ...id, verb: 'addbot' }),
                  placeholder: t(locale, 'lobby.addComputer'),
                  min_values: 1,
                  max_values: 1,
                  options: COMPUTER_LEVELS.map((level) => ({ label: t(locale, `computer.level.${level}`), value: level })),
                },
              ],
            },
          ]),
      ...(computers ? [row(button(t(locale, 'lobby.removeComputer'), encodeCustomId({ ...id, verb: 'rmbot' }), ButtonStyle.Secondary))] : []),
    ],
    allowedMentions: { parse: [] },
  };
}

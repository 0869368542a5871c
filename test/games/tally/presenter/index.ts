/** Tally in Discord: a tiny stand-in picture, panel groups, the hand and help. */
import { formatMessage, type Catalogues } from '../../../../src/engine/index.js';
import type { GamePresenter, RenderOptions } from '../../../../src/games/contract.js';
import type { BoardRenderer, RenderPriority } from '../../../../src/render/board-job.js';
import { TALLY_MESSAGES } from '../messages.en.js';
import { tallyPresenterMessages } from './messages.js';
import type { TallyAction } from '../types.js';
import type { TallyView } from '../view/types.js';

/**
 * Tally's presenter; its stand-in pictures are drawn by `boards`, as a real game's board is (the phone
 * picture too, when asked for: `phonePicture`).
 */
export function tallyPresenter(boards: BoardRenderer, { phonePicture = false }: { readonly phonePicture?: boolean } = {}): GamePresenter {
  const catalogues: Catalogues = { en: { ...TALLY_MESSAGES.en, ...tallyPresenterMessages.en }, de: tallyPresenterMessages.de, nl: tallyPresenterMessages.nl };
  const format: GamePresenter['format'] = (message, locale, names) => {
    const params = { ...(message.params ?? {}) };
    if (typeof params.player === 'number') params.player = names[params.player] ?? `#${params.player + 1}`;
    return formatMessage(catalogues, { key: message.key, params }, locale);
  };
  return {
    kind: 'tally',
    messages: tallyPresenterMessages,
    name: (locale) => formatMessage(catalogues, { key: 'tally.name' }, locale),
    format,
    // The names go with the view, as the real games' presenters hand them to their pictures.
    renderBoard: (view, options, priority) => boards.render({ game: 'tally', view, options: { names: options.names } }, priority),
    ...(phonePicture ? { renderPhoneBoard: (view: unknown, options: RenderOptions, priority: RenderPriority) => boards.render({ game: 'tally', view, options: { names: options.names }, picture: 'phone' }, priority) } : {}),
    describe(raw, { locale, names, ranks, lastTurn = [] }) {
      const view = raw as TallyView;
      const name = (seat: number): string => names[seat] ?? `#${seat + 1}`;
      const say = (key: string, params: Record<string, string | number> = {}): string => formatMessage(catalogues, { key, params }, locale);
      const winners = (ranks ?? []).filter((r) => r.rank === 1).map((r) => r.seat);
      return {
        now: ranks !== undefined || view.turn === null ? [say('tally.words.over'), ...winners.map((seat) => say('tally.words.winner', { player: name(seat) }))] : [say('tally.words.now', { player: name(view.turn) })],
        players: view.scores.map((score, seat) => ({ heading: name(seat), standing: say('tally.words.standing', { score, cards: view.handSizes[seat] ?? 0 }), details: [] })),
        lastTurn: lastTurn.length === 0 ? null : { heading: say('tally.words.lastTurn'), lines: lastTurn.map((event) => format(event, locale, names)) },
        board: [],
      };
    },
    status: (view) => `scores ${(view as TallyView).scores.join(' / ')}`,
    prompt: () => 'your move',
    hand: (view, _seat, locale) => format({ key: 'tally.cards', params: { cards: ((view as TallyView).hand ?? []).map((c) => `#${c}`).join(' ') || '-' } }, locale, []),
    group(action) {
      const a = action as TallyAction;
      if (a.type === 'pick') return { id: 'pick', label: { key: 'tally.group.pick' }, always: false };
      if (a.type === 'end') return { id: 'end', label: { key: 'tally.group.end' }, always: true };
      return { id: 'main', label: { key: 'tally.group.main' }, always: false };
    },
    help: () => 'Tally: first to the target wins.',
  };
}

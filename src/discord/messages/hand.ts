/** A player's own hand, only ever as a private answer to them. */
import type { ActiveSnapshot, GameService } from '../../app/game-service.js';
import type { Locale, Seat } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { type PrivateMessage, fit } from './shared.js';
import { names } from './names.js';
import { EmojiBook } from '../emojis.js';

/** `emojis`: the app's emojis, each before the words of its symbol (none: the words alone). */
export function handMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, emojis: EmojiBook = EmojiBook.NONE): PrivateMessage {
  const view = service.seatView(game, seat);
  const title = game.row.status === 'active' ? t(locale, 'hand.title') : t(locale, game.row.status === 'abandoned' ? 'hand.titleAbandoned' : 'hand.titleFinished', { id: game.row.id });
  return { content: fit([title, presenter.hand(view, seat, locale, names(game), (symbol) => emojis.inline(symbol))]), components: [] };
}

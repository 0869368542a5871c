/** The line in the channel when a game is ended early. */
import type { GameService, Snapshot } from '../../app/game-service.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { type PublicMessage, gameLocale, fit } from './shared.js';
import { standingsNow } from './standings.js';

/** The line in the channel when a game is ended early: who ended it, and the standings kept as its result. */
export function abandonedMessage(service: GameService, game: Snapshot, presenter: GamePresenter, userId: string, recorded: boolean): PublicMessage {
  const locale = gameLocale(game);
  const lines = [t(locale, recorded ? 'board.abandonedRecorded' : 'board.abandoned', { user: `<@${userId}>`, id: game.row.id, game: presenter.name(locale) })];
  if (recorded && game.kind === 'active') lines.push(...standingsNow(service, game, presenter, locale));
  return { content: fit(lines), components: [], allowedMentions: { parse: [] } };
}

/**
 * The substitute bench's posts (see src/app/service/bench.ts): a seat offered, in the server's language,
 * pinging the bench's role only; closed once the seat is taken, taken back, or the game is over; and the
 * request of a seat's owner to its substitute.
 */
import { ButtonStyle } from 'discord.js';
import type { ActiveSnapshot } from '../../app/game-service.js';
import type { BenchOffer } from '../../app/outbox.js';
import type { GamePresenter } from '../../games/contract.js';
import { encodeCustomId } from '../codec.js';
import { t } from '../i18n/index.js';
import { names } from './names.js';
import { button, fit, gameLocale, row, type PublicMessage } from './shared.js';

/** Why a bench post closed: its seat was taken from the bench, its owner took it back, or the game is over. */
export type BenchClosure = 'taken' | 'reclaimed' | 'ended';

/** The line that offers the seat: the game, its number, where it stands, and the seat's place now. */
function offerLine(game: ActiveSnapshot, presenter: GamePresenter, offer: BenchOffer): string {
  const locale = gameLocale(game);
  const standing = game.module.definition.standings(game.state).find((s) => s.seat === offer.seat);
  // The status line's first part: the round or the phase (the rest, every player's standing, is the table's).
  const status = presenter.status(game.module.definition.view(game.state, null), locale, names(game)).split(' · ')[0] ?? '';
  return t(locale, 'bench.offer', { game: presenter.name(locale), id: game.row.id, status, place: standing?.rank ?? offer.seat + 1, player: `<@${offer.userId}>` });
}

/** The bench post: the seat offered, the role pinged (and nobody else), the button that takes it. */
export function benchMessage(game: ActiveSnapshot, presenter: GamePresenter, offer: BenchOffer): PublicMessage {
  const locale = gameLocale(game);
  const ping = offer.roleId === null ? [] : [`<@&${offer.roleId}>`];
  return {
    content: fit([...ping, offerLine(game, presenter, offer), t(locale, 'bench.howTo')]),
    components: [row(button(t(locale, 'bench.take'), encodeCustomId({ gameId: game.row.id, version: game.row.version, verb: 'bench', seat: offer.seat }), ButtonStyle.Success))],
    allowedMentions: { parse: [], roles: offer.roleId === null ? [] : [offer.roleId], users: [] },
  };
}

/** The bench post once closed, without its button: who took the seat, or why nobody may now. */
export function benchClosedText(game: ActiveSnapshot, presenter: GamePresenter, offer: BenchOffer, closure: BenchClosure): string {
  const locale = gameLocale(game);
  // Outside the table its seat markers mean nothing: the players by their mentions alone.
  const holder = game.seats.find((s) => s.seat === offer.seat)?.userId ?? offer.userId;
  const why = t(locale, `bench.closed.${closure}`, { player: `<@${holder}>`, owner: `<@${offer.userId}>` });
  return fit([offerLine(game, presenter, offer), why]);
}

/** The owner of a seat asks its substitute for it back, in the table's channel: only the substitute answers. */
export function seatBackMessage(game: ActiveSnapshot, owner: string, seat: number, substitute: string): PublicMessage {
  const locale = gameLocale(game);
  const version = game.row.version;
  return {
    content: t(locale, 'bench.askedBack', { owner: `<@${owner}>`, player: `<@${substitute}>` }),
    components: [
      row(
        button(t(locale, 'bench.giveBack'), encodeCustomId({ gameId: game.row.id, version, verb: 'seatback', seat, answer: 'give' }), ButtonStyle.Success),
        button(t(locale, 'bench.keep'), encodeCustomId({ gameId: game.row.id, version, verb: 'seatback', seat, answer: 'keep' }), ButtonStyle.Secondary),
      ),
    ],
    allowedMentions: { parse: [], users: [substitute] },
  };
}

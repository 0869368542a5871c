/** The idle vote: skip or kick a seat that has been deciding too long. */
import { ButtonStyle } from 'discord.js';
import type { ActiveSnapshot, VoteTally } from '../../app/game-service.js';
import type { Seat } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import { t } from '../i18n/index.js';
import { type Row, type PublicMessage, gameLocale, button, row, fit } from './shared.js';
import { labelNames, mention, userIds } from './names.js';

/** `hours`: how long the seats have really been deciding (see `hoursSince`). */
export function voteMessage(game: ActiveSnapshot, seats: readonly Seat[], hours: number, repeat: boolean, tallies: readonly (VoteTally | null)[]): PublicMessage {
  const locale = gameLocale(game);
  const playerNames = labelNames(game);
  const id = { gameId: game.row.id, version: game.row.version };
  const lines: string[] = [];
  const rows: Row[] = [];
  seats.forEach((seat, i) => {
    const tally = tallies[i] ?? null;
    const needed = tally?.needed ?? Math.floor((game.seats.filter((s) => s.leftAt === null).length - 1) / 2) + 1;
    lines.push(t(locale, repeat ? 'vote.repeat' : 'vote.open', { player: mention(game, seat), hours, needed }));
    if (tally !== null) lines.push(t(locale, 'vote.tally', { skip: tally.skip.length, kick: tally.kick.length, needed }));
    const player = playerNames[seat] ?? `#${seat + 1}`;
    rows.push(
      row(
        button(t(locale, 'vote.skip', { player }), encodeCustomId({ ...id, verb: 'vote', seat, choice: 'skip' }), ButtonStyle.Secondary),
        button(t(locale, 'vote.kick', { player }), encodeCustomId({ ...id, verb: 'vote', seat, choice: 'kick' }), ButtonStyle.Danger),
      ),
    );
  });
  return { content: fit(lines), components: rows.slice(0, 5), allowedMentions: { users: userIds(game, seats) } };
}

/** Whole hours from `since` to `now` (a vote opened after 53 hours says 53, whatever the idle setting was). */
export function hoursSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 3_600_000));
}

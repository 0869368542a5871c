/** What a delivery step says in the channel: the lobby, the board (with the final summary chart), reminders, votes, announcements. */
import { DM_SCOPE } from '../anywhere.js';
import type { ActiveSnapshot, LobbySnapshot, Snapshot } from '../../app/game-service.js';
import type { BenchOffer, BoardNote, Delivery, DmFallback, RemindedGame } from '../../app/outbox.js';
import type { Locale } from '../../engine/index.js';
import type { Logger } from '../../logger.js';
import type { BotContext } from '../types.js';
import { t } from '../i18n/index.js';
import { seatNumbers } from '../seat-marker.js';
import { chartAltText } from '../messages/board-text.js';
import { abandonedMessage, bankLowMessage, boardMessage, gameLocale, hoursSince, settingsMessage, lobbyMessage, wholeGameLabelNames, mention, reminderMessage, reminderTogetherMessage, voteMessage, type PublicMessage, type ReminderLine } from '../messages/index.js';
import { tableLink } from '../tables.js';
import { bankState, bankText } from '../time-bank-text.js';
import type { BankNow } from '../../app/time-bank.js';
import { messageLink, presenterFor } from '../respond.js';
import { firstCallTip } from '../coaching.js';
import { vacationMessage } from '../messages/vacation.js';
import { benchMessage, seatBackMessage } from '../messages/bench.js';
import { clockChoice } from '../../app/time-bank.js';
import { activeSeatsOf, type DeliveryStep } from './plan.js';

export async function stepMessage(ctx: BotContext, logger: Logger, game: Snapshot, step: DeliveryStep): Promise<PublicMessage> {
  const { service } = ctx;
  const presenter = presenterFor(ctx, game.row.kind);
  const locale = gameLocale(game);
  switch (step.kind) {
    case 'lobby':
      return lobbyMessage(game as LobbySnapshot, presenter);
    case 'board': {
      const active = game as ActiveSnapshot;
      const message = await boardMessage(
        service,
        active,
        presenter,
        {
          summary: [{ sequence: 0, seat: 0, action: null, events: step.summary, checkpoint: false }],
          notes: [
            ...(step.again && active.row.status !== 'active' ? [t(locale, active.row.status === 'abandoned' ? 'board.abandonedAgain' : 'board.finishedAgain', { id: game.row.id })] : []),
            ...step.notes.map((note) => noteLine(active, note, locale)),
            // A learning game's first call to the learner says what Take my turn opens.
            ...[await firstCallTip(ctx, active)].filter((tip): tip is string => tip !== null),
            // The others see who is away (no reminders, no idle vote about them until then).
            ...(active.row.status !== 'active' ? [] : (await service.awaySeats(active)).map(({ seat, until }) => t(locale, 'board.away', { player: mention(active, seat), date: `<t:${Math.floor(until / 1000)}:f>` }))),
          ],
          concededTo: step.concededTo,
          picture: step.picture,
          // Nothing happened yet (the first board) or the board is asked for again (/game status).
          order: step.picture && step.summary.length === 0 && step.notes.length === 0,
        },
        logger,
      );
      return active.row.status === 'finished' ? await withSummaryChart(ctx, logger, active, message, locale) : message;
    }
    case 'reminder': {
      const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'reminder' }>;
      const active = game as ActiveSnapshot;
      if (p.together !== undefined && p.together.length > 0) {
        const own = { gameId: active.row.id, seats: p.seats, count: p.count, limit: p.limit, since: p.since ?? step.delivery.createdAt };
        const lines = await reminderLines(ctx, active, [own, ...p.together], locale);
        if (lines.length > 1) return reminderTogetherMessage(active, p.seats, lines);
      }
      return reminderMessage(active, presenter, p.seats, p.count, p.limit, await service.banksNow(active));
    }
    case 'bank-warning': {
      const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'bank-warning' }>;
      const active = game as ActiveSnapshot;
      const banks = await service.banksNow(active);
      const left = new Map(banks.filter((b) => p.seats.includes(b.seat)).map((b) => [b.seat, bankText(locale, b.leftMs)]));
      return bankLowMessage(active, presenter, p.seats, left);
    }
    case 'idle-vote': {
      const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'idle-vote' }>;
      const active = game as ActiveSnapshot;
      const hours = p.since === undefined ? p.idleHours : hoursSince(p.since, service.now());
      return voteMessage(active, p.seats, hours, p.repeat, await Promise.all(p.seats.map((seat) => service.voteTally(active, seat))));
    }
    case 'announcement': {
      const p = step.delivery.payload as Extract<Delivery['payload'], { kind: 'announcement' }>;
      if (p.message === 'settings') return settingsMessage(game, p.userId, p, p.nextReminderAt, p.idleAt);
      if (p.message === 'vacation') return vacationMessage(game, p.userId, p, step.delivery.createdAt, clockChoice(game.settings.clock) !== null);
      if (p.message === 'seatBack') return seatBackMessage(game as ActiveSnapshot, p.userId, p.seat, p.substitute);
      return abandonedMessage(service, game, presenter, p.userId, p.recorded === true);
    }
    case 'dm-fallback': {
      const p = step.delivery.payload as DmFallback;
      const text = t(locale, 'dm.fallback', { player: `<@${p.userId}>`, game: presenter.name(locale), id: game.row.id, link: messageLink(game.row.guildId, p.postedIn, p.messageId) });
      return { content: text, components: [], allowedMentions: { users: [p.userId] } };
    }
    case 'bench':
      return benchMessage(game as ActiveSnapshot, presenter, step.delivery.payload as BenchOffer);
    case 'dm':
      throw new Error('a held direct message is not posted in the channel');
  }
}

/** The final board carries the game in numbers: each player's score over the turns, replayed from the log. */
async function withSummaryChart(ctx: BotContext, logger: Logger, game: ActiveSnapshot, message: PublicMessage, locale: Locale): Promise<PublicMessage> {
  const presenter = presenterFor(ctx, game.row.kind);
  const track = presenter.scoreTrack;
  if (track === undefined) return message;
  try {
    const series = await ctx.service.scoreHistory(game, (view) => track.scores(view));
    // The whole game's chart: each seat by its own player, not by who holds it at the end; a seat that
    // changed hands by each of its holders in turn.
    const names = wholeGameLabelNames(game, await ctx.service.seatHolders(game));
    const scoreLabel = t(locale, track.label);
    const chart = await track.draw({
      title: t(locale, 'summary.title', { game: presenter.name(locale), id: game.row.id }),
      scoreLabel,
      turnLabel: t(locale, 'summary.turn'),
      names,
      series,
      numbers: seatNumbers(game),
    });
    const file = { attachment: chart, name: `${game.row.kind}-${game.row.id}-summary.png`, description: chartAltText(locale, scoreLabel, names, series) };
    return { ...message, files: [...(message.files ?? []), file] };
  } catch (error) {
    logger.error({ err: error, gameId: game.row.id }, 'the summary chart could not be drawn; the final board goes without it');
    return message;
  }
}

/**
 * The lines of a reminder listing several games, in the order given (longest-waiting first): a game whose
 * seats no longer decide by now is left out. Public facts only, and the link that opens each table.
 */
export async function reminderLines(ctx: BotContext, game: ActiveSnapshot, reminded: readonly RemindedGame[], locale: Locale): Promise<ReminderLine[]> {
  const lines: ReminderLine[] = [];
  for (const entry of reminded) {
    let table: ActiveSnapshot = game;
    if (entry.gameId !== game.row.id) {
      const loaded = await ctx.service.byId(entry.gameId);
      if (!loaded.ok || loaded.game.kind !== 'active' || loaded.game.row.status !== 'active') continue;
      table = loaded.game;
    }
    const deciding = activeSeatsOf(table);
    if (!entry.seats.some((s) => deciding.includes(s))) continue;
    const { row } = table;
    const bank = await bankOf(ctx, table, entry.seats);
    lines.push({
      game: presenterFor(ctx, row.kind).name(locale),
      id: row.id,
      since: entry.since,
      count: entry.count,
      limit: entry.limit,
      link: tableLink(row) ?? `https://discord.com/channels/${row.guildId === DM_SCOPE ? '@me' : row.guildId}/${row.threadId ?? row.channelId}`,
      bank: bank === null ? null : bankState(locale, bank),
    });
  }
  return lines;
}

/** The bank of the first of `seats` that has one (a game with a clock); null: none, or empty. */
export async function bankOf(ctx: BotContext, game: ActiveSnapshot, seats: readonly number[]): Promise<BankNow | null> {
  const bank = (await ctx.service.banksNow(game)).find((b) => seats.includes(b.seat));
  return bank === undefined || bank.leftMs <= 0 ? null : bank;
}

function noteLine(game: ActiveSnapshot, note: BoardNote, locale: Locale): string {
  return t(locale, `board.${note.kind}`, { player: mention(game, note.seat), from: note.from === undefined ? '' : `<@${note.from}>` });
}

/**
 * After a click that changed a game: the outcome is shown in the clicker's panel (or the refusal, or the
 * question a compound choice asks first), and what follows runs under the same lock: the change settles
 * (one call of the app: the computer players whose turn it now is play, the channel gets what it is owed),
 * the panels that follow their players show the next decision in the game as it then stands, and a
 * learning game's panel coaches.
 */
import { settleAfterCommit } from '../../app/after-commit.js';
import { isComputerPlayed, type ActiveSnapshot, type Outcome, type Result, type Snapshot } from '../../app/game-service.js';
import { visibleEvents, type Seat } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import type { ComponentInteraction, HandlerEnv } from '../context.js';
import { t } from '../i18n/index.js';
import { compoundConfirmMessage, names, panelMessage, panelPictureOff } from '../messages/index.js';
import { truncate } from '../panel.js';
import { answerCoached } from '../coaching.js';
import { answerPrivately, markCommitted, notePrivately, presenterFor, refusalText } from '../respond.js';
import { refuse } from './caller.js';
import { answeringClick } from '../delivery/through-interaction.js';

/**
 * After a click on the turn panel: a refusal shows the current panel with the reason (the panel at a
 * stale version is replaced, never applied); a change shows the panel again, or, when the turn ended,
 * posts the new board and says so in the panel.
 */
export async function afterPanelChange(
  env: HandlerEnv,
  interaction: ComponentInteraction,
  gameId: number,
  seat: Seat,
  result: Result<{ outcome: Outcome }>,
  notice?: string,
): Promise<void> {
  const { service } = env.ctx;
  if (!result.ok) {
    if (result.code === 'foreign_panel' || result.code === 'not_a_player') {
      // Not this user's panel: answer them privately and leave the panel alone.
      await notePrivately(interaction, refusalText(env.ctx, result, env.locale));
      return;
    }
    const loaded = await service.byId(gameId);
    if (loaded.ok && loaded.game.kind === 'active') {
      const game = loaded.game;
      const text = refusalText(env.ctx, result, env.locale, game);
      const presenter = presenterFor(env.ctx, game.row.kind);
      await answerCoached(env, interaction, { game, seat, locale: env.locale }, (coaching) => panelMessage(service, game, presenter, seat, env.locale, { notice: text, coaching, emojis: env.ctx.emojis }));
      return;
    }
    await answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
    return;
  }
  await showOutcome(env, interaction, seat, result.outcome, notice);
}

/**
 * After a click on a panel choice (a button or a select option): a compound choice that pays and then does
 * nothing is asked about first, privately in place of the panel; everything else as `afterPanelChange`.
 */
export async function afterPanelChoice(env: HandlerEnv, interaction: ComponentInteraction, gameId: number, seat: Seat, index: number, result: Result<{ outcome: Outcome }>): Promise<void> {
  if (result.ok || result.code !== 'unconfirmed') return afterPanelChange(env, interaction, gameId, seat, result);
  const { service } = env.ctx;
  const loaded = await service.byId(gameId);
  if (!loaded.ok) return refuse(env, interaction, loaded);
  const game = loaded.game;
  if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
  // The question takes the panel's place: a hint arriving late must not draw the panel over it.
  await answerCoached(env, interaction, { game, seat, locale: env.locale, deciding: false }, () => compoundConfirmMessage(service, game, presenterFor(env.ctx, game.row.kind), seat, index, env.locale));
}

/**
 * After a committed change: the computers whose turn it is play and the channel gets what it is owed now
 * (the caller holds the game's lock; settleAfterCommit). True when `delivery` is in the channel; false when
 * Discord did not take it yet (the outbox keeps trying). `after`: the game as the change committed it.
 */
export async function deliverNow(env: HandlerEnv, gameId: number, delivery: number | null, after?: ActiveSnapshot): Promise<boolean> {
  const settled = await settleAfterCommit(env.ctx, gameId, after);
  return delivery !== null && settled.delivered.has(delivery);
}

export async function showOutcome(env: HandlerEnv, interaction: ComponentInteraction, seat: Seat, outcome: Outcome, notice?: string): Promise<void> {
  const { service } = env.ctx;
  markCommitted(interaction);
  const game = outcome.after;
  const presenter = presenterFor(env.ctx, game.row.kind);
  const did = outcome.entries.flatMap((e) => (e.seat === seat ? e.events : []));
  // In a learning game, the panel says whether the choice was the suggestion (coaching.ts).
  const panel = { game, seat, locale: env.locale, decided: outcome };
  if (!outcome.turnEnded) {
    await answerCoached(env, interaction, panel, (coaching) => panelMessage(service, game, presenter, seat, env.locale, { did, ...(notice ? { notice } : {}), coaching, emojis: env.ctx.emojis }));
    return;
  }
  // The decision made, the panel's picture of the board it was made on goes with it.
  const noPicture = panelPictureOff(presenter);
  const didLine = (): string | undefined =>
    did.length > 0 ? t(env.locale, 'panel.did', { events: visibleEvents(did, seat).map((e) => presenter.format(e, env.locale, names(game))).join('; ') }) : undefined;
  const computersPlay = env.ctx.computers.owed(game);
  if (computersPlay) {
    // The computer players take their turns now; the player hears so at once, not after their thinking.
    await answerCoached(env, interaction, panel, (coaching) => {
      const lines = [notice, didLine(), coaching.verdict, t(env.locale, 'computer.thinking')];
      return { content: truncate(lines.filter((l) => l !== undefined && l !== '').join('\n'), 2000), components: [], ...noPicture };
    });
  }
  // The new board goes out as this click's follow-up, the old one is disarmed with its click's token
  // (delivery/through-interaction.ts): Discord's interaction endpoints, outside the bot's global rate limit.
  const settled = await answeringClick(interaction, game.row.id, () => settleAfterCommit(env.ctx, game.row.id, game));
  if (!computersPlay) {
    const posted = outcome.boardDelivery !== null && settled.delivered.has(outcome.boardDelivery);
    const stillMine = !outcome.finished && service.activeSeats(game).includes(seat);
    if (stillMine) {
      if (!posted) notice = [notice, t(env.locale, 'board.postPending')].filter((n) => n !== undefined).join('\n');
      await answerCoached(env, interaction, panel, (coaching) => panelMessage(service, game, presenter, seat, env.locale, { did, ...(notice ? { notice } : {}), coaching, emojis: env.ctx.emojis }));
      return;
    }
    // One true sentence about the board: in the channel, or on its way.
    const closing = outcome.finished
      ? t(env.locale, posted ? 'panel.gameOver' : 'panel.gameOverPending')
      : outcome.boardPicture
        ? t(env.locale, posted ? 'panel.turnOver' : 'panel.turnOverPending')
        : // The decision passed to another seat inside the turn: a short text in the channel names them.
          t(env.locale, posted ? 'panel.passedOn' : 'panel.passedOnPending', { players: service.activeSeats(game).map((s) => names(game)[s] ?? `#${s + 1}`).join(', ') });
    // Passed on without a board: this panel follows the player to their next decision (following-panels.ts).
    const follows = !outcome.finished && !outcome.boardPicture;
    await answerCoached(env, interaction, panel, (coaching) => {
      const lines = notice === undefined ? [closing] : [notice, closing];
      if (follows) lines.push(t(env.locale, 'panel.follows', { takeTurn: t(env.locale, 'board.takeTurn') }));
      if (coaching.verdict !== undefined) lines.unshift(coaching.verdict);
      const doneLine = didLine();
      if (doneLine !== undefined) lines.unshift(doneLine);
      return { content: truncate(lines.join('\n'), 2000), components: [], ...noPicture };
    });
    if (follows) env.ctx.followingPanels.keep(game.row.id, seat, { interaction, userId: interaction.user.id, locale: env.locale });
  }
  await showFollowingPanels(env, settled.game, seat, presenter);
}

/**
 * The seats whose decision it is now in `game` (as it stands after the change settled) see it in the panel
 * that follows them, if they kept one (the channel's call names them all the same: a player who closed the
 * panel opens a new one from there). `presenter`: the game's, as the clicker's panel showed it.
 */
async function showFollowingPanels(env: HandlerEnv, game: Snapshot | null, actor: Seat, presenter: GamePresenter): Promise<void> {
  const { service, followingPanels } = env.ctx;
  if (followingPanels.size === 0 || game === null || game.kind !== 'active' || game.row.status !== 'active') return;
  const gameId = game.row.id;
  for (const seat of service.activeSeats(game)) {
    if (seat === actor) continue;
    const panel = followingPanels.take(gameId, seat);
    if (panel === undefined) continue;
    // Still that player's own seat (not handed to a computer meanwhile).
    const mine = service.seatOf(game, panel.userId);
    if (mine === undefined || mine.seat !== seat || isComputerPlayed(mine)) continue;
    try {
      await answerCoached(env, panel.interaction, { game, seat, locale: panel.locale }, (coaching) => panelMessage(service, game, presenter, seat, panel.locale, { coaching, catchUp: true, emojis: env.ctx.emojis }));
    } catch (error) {
      // The panel was dismissed or its token expired: the channel's call is still there.
      env.logger.debug({ gameId, seat, code: (error as { code?: unknown }).code }, 'following panel not shown');
    }
  }
}

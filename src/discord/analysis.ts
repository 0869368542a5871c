/**
 * A finished game's analysis, shown privately to whoever asks in the game's server (the final board's
 * Analysis, a replay's), in their language: a chart of each player's chance to win over the turns (drawn
 * in the render pool, as the end-of-game chart: each line in its player's colour and carrying its number),
 * and for each player the three of their turns where that chance fell most, each with what the computer
 * would have played instead and why, in one line. Before it is ready: how far it has come. A game not
 * finished (running, or ended early) has none, whatever the button says.
 */
import type { Interaction } from 'discord.js';
import { readReviewed, chanceSeries, worstTurns, AnalysisUnreadableError, type ReviewedTurn } from '../app/analysis/stored.js';
import type { OpenReplay } from '../app/replay/book.js';
import type { Locale } from '../engine/index.js';
import type { GamePresenter } from '../games/contract.js';
import type { ScoreChart } from '../render/chart.js';
import { DM_SCOPE } from './anywhere.js';
import type { HandlerEnv } from './context.js';
import { t } from './i18n/index.js';
import { seatNumbers } from './seat-marker.js';
import { chartAltText } from './messages/board-text.js';
import { CONTENT_MAX, pastLabelNames } from './messages/index.js';
import { truncate } from './panel.js';
import { refusalOf, replaysOf } from './replay/show.js';
import { answerPrivately, presenterFor } from './respond.js';
import { maySeeGame } from './tables.js';

/** A turn's line: one line, whatever a game's action names. */
const LINE_MAX = 200;

const percent = (value: number): number => Math.round(value * 100);

/** The chart's numbers: the players by their chance at the end (the winner first), as the end-of-game chart numbers them. */
export function chartOrder(series: readonly (readonly number[])[]): number[] {
  return series
    .map((s, seat) => ({ seat, final: s.at(-1) ?? 0 }))
    .sort((a, b) => b.final - a.final || a.seat - b.seat)
    .map((entry) => entry.seat);
}

/** The analysis as text: a heading, then each player (by the chart's numbers) with their worst turns. */
export function analysisText(open: OpenReplay, turns: readonly ReviewedTurn[], presenter: GamePresenter, locale: Locale): string {
  const { game } = open;
  const def = game.module.definition;
  const names = pastLabelNames(game, locale);
  const seats = game.seats.length;
  const series = chanceSeries(turns, seats);
  const worst = worstTurns(turns, seats);
  const say = (action: unknown): string => presenter.format(def.describeAction(action), locale, names);
  const lines = [t(locale, 'analysis.title', { game: presenter.name(locale), id: game.row.id })];
  chartOrder(series.map((s) => s.map(percent))).forEach((seat, row) => {
    const player = names[seat] ?? `#${seat + 1}`;
    const drops = worst[seat] ?? [];
    if (drops.length === 0) {
      lines.push(t(locale, 'analysis.noDrop', { number: row + 1, player }));
      return;
    }
    lines.push(t(locale, 'analysis.player', { number: row + 1, player }));
    for (const { turn, before, after } of drops) {
      const alternative = turn.alternative;
      const line =
        alternative === null
          ? t(locale, 'analysis.turnSame', { turn: turn.turn, before: percent(before), after: percent(after) })
          : t(locale, 'analysis.turn', { turn: turn.turn, played: say(alternative.played), suggested: say(alternative.suggested), from: percent(alternative.playedValue ?? after), to: percent(alternative.suggestedValue) });
      lines.push(truncate(line.replace(/\n/g, ' '), LINE_MAX));
    }
  });
  return truncate(lines.join('\n'), CONTENT_MAX);
}

/** The chart of the win chances (in percent), as the end-of-game chart draws scores. */
export function analysisChart(open: OpenReplay, turns: readonly ReviewedTurn[], presenter: GamePresenter, locale: Locale): ScoreChart {
  const { game } = open;
  return {
    title: t(locale, 'analysis.chartTitle', { game: presenter.name(locale), id: game.row.id }),
    scoreLabel: t(locale, 'analysis.chartLabel'),
    turnLabel: t(locale, 'summary.turn'),
    names: pastLabelNames(game, locale),
    series: chanceSeries(turns, game.seats.length).map((s) => s.map(percent)),
    numbers: seatNumbers(game),
  };
}

/** Answers the asker with game `gameId`'s analysis, or why there is none (yet). */
export async function showAnalysis(env: HandlerEnv, interaction: Interaction, gameId: number): Promise<void> {
  const { ctx, locale } = env;
  const inDm = interaction.guildId === null;
  const open = await replaysOf(ctx).book.open(gameId, inDm ? DM_SCOPE : interaction.guildId, inDm ? interaction.channelId : null);
  if (!open.ok) {
    env.logger.info({ gameId, code: open.code }, 'analysis refused');
    return answerPrivately(interaction, refusalOf(env, open, inDm));
  }
  if (!(await maySeeGame(env, interaction, open.game.row))) return answerPrivately(interaction, t(locale, 'replay.hidden', { id: gameId }));
  const { game } = open;
  const presenter = presenterFor(ctx, game.row.kind);
  const named = { game: presenter.name(locale), id: gameId };
  // Only after the end: a running game's analysis would tell its players what to play.
  if (game.row.status !== 'finished') {
    env.logger.info({ gameId, status: game.row.status }, 'analysis refused: the game has not finished');
    return answerPrivately(interaction, t(locale, 'analysis.notFinished', named));
  }
  const analyses = ctx.analyses;
  if (analyses === undefined || !analyses.covers(game.module.definition.id)) return answerPrivately(interaction, t(locale, 'analysis.none', named));
  const row = await ctx.service.analyses.find(gameId);
  if (row?.status === 'set_aside') return answerPrivately(interaction, t(locale, 'analysis.setAside', named));
  let turns: ReviewedTurn[] = [];
  try {
    turns = row === undefined ? [] : readReviewed(row.reviewed);
  } catch (error) {
    if (!(error instanceof AnalysisUnreadableError)) throw error;
    env.logger.error({ err: error, gameId }, 'a stored analysis does not read; it is set aside');
    await ctx.service.analyses.setAside(gameId, error.message);
    return answerPrivately(interaction, t(locale, 'analysis.setAside', named));
  }
  if (row?.status !== 'done') {
    // Owed: asked for first (a game finished while the bot was away is not left for the next look).
    analyses.owe(gameId);
    return answerPrivately(interaction, t(locale, 'analysis.computing', { ...named, done: turns.length, turns: open.index.frames.length - 1 }));
  }
  const content = analysisText(open, turns, presenter, locale);
  const chart = analysisChart(open, turns, presenter, locale);
  let png: Buffer | null = null;
  try {
    png = ctx.drawChart === undefined ? null : await ctx.drawChart(chart);
  } catch (error) {
    env.logger.error({ err: error, gameId }, 'the analysis chart could not be drawn; the analysis goes without it');
  }
  const files = png === null ? [] : [{ attachment: png, name: `${game.row.kind}-${gameId}-analysis.png`, description: chartAltText(locale, chart.scoreLabel, chart.names, chart.series) }];
  await answerPrivately(interaction, { content, components: [], files });
}

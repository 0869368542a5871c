/**
 * Coaching in a learning game (`/game learn`): after each of the learner's decisions, a private follow-up
 * on their click says what "Suggest a move" would have chosen in the position before it, and why, in one
 * line ("You took X; the suggestion was Y: what Y gives, its estimated chance to win against yours"), or
 * that they took it. The learner's first decisions also carry a short tip about the panel.
 *
 * The suggestion is the same as the panel's Suggest a move at that version (the normal computer player in
 * the AI worker pool, from the learner's own seat view), so coaching knows nothing the learner could not
 * see: the words come from their own legal actions and what their panel says each one costs and gives. It
 * runs after the click is answered, outside the game's lock: the game never waits for the coach.
 */
import { computerRequest } from '../app/computer-turns.js';
import type { Outcome, Result } from '../app/game-service.js';
import type { Locale, Seat } from '../engine/index.js';
import type { ComponentInteraction, HandlerEnv } from './context.js';
import { t, toLocale, type CoreKey } from './i18n/index.js';
import { labelNames } from './messages.js';
import { truncate } from './panel.js';
import { notePrivately, presenterFor } from './respond.js';

/** The tips shown on the learner's first decisions, in order: the panel explained a piece at a time. */
export const LEARN_TIPS = ['learn.tip.panel', 'learn.tip.inOneGo', 'learn.tip.undo', 'learn.tip.more'] as const satisfies readonly CoreKey[];

const percent = (value: number): number => Math.round(value * 100);

/** The coaching for a committed decision of `seat`, when the game is a learning game; never throws. */
export function coachDecision(env: HandlerEnv, interaction: ComponentInteraction, seat: Seat, result: Result<{ outcome: Outcome }>): void {
  if (!result.ok || result.outcome.before.settings.learn !== true) return;
  const outcome = result.outcome;
  coachingText(env, seat, outcome)
    .then((text) => (text === null ? undefined : notePrivately(interaction, text)))
    .catch((error: unknown) => {
      // The bot is stopping (the AI pool closed) or the follow-up could not be sent: the game is unharmed.
      env.logger.debug({ err: error, gameId: outcome.before.row.id, seat }, 'no coaching line');
    });
}

/** The private lines after the learner's decision: a tip on the first decisions, and the coaching line. */
export async function coachingText(env: HandlerEnv, seat: Seat, outcome: Outcome): Promise<string | null> {
  const lines: string[] = [];
  const tip = await tipFor(env, seat, outcome);
  const line = await coachingLine(env, seat, outcome);
  if (line !== null) lines.push(line);
  if (tip !== null) lines.push(tip);
  return lines.length === 0 ? null : truncate(lines.join('\n'), 2000);
}

/** Which of the learner's decisions this was (1 for the first), counting a compound choice once. */
async function decisionNumber(env: HandlerEnv, seat: Seat, outcome: Outcome): Promise<number> {
  const log = await env.ctx.service.effectiveLog(outcome.after);
  return log.filter((e) => e.seat === seat && e.computer !== true && (e.compound === undefined || e.compound.step === 0)).length;
}

async function tipFor(env: HandlerEnv, seat: Seat, outcome: Outcome): Promise<string | null> {
  const number = await decisionNumber(env, seat, outcome);
  const key = LEARN_TIPS[number - 1];
  if (key === undefined) return null;
  return tipText(env.locale, outcome.before.row.locale, number);
}

/** The tip of the learner's `number`th decision (from 1), naming the buttons as the learner sees them. */
export function tipText(locale: Locale, gameLocale: string, number: number): string | null {
  const key = LEARN_TIPS[number - 1];
  if (key === undefined) return null;
  // The board's button is public (the game's language); the panel's are the learner's own.
  const boardLocale = toLocale(gameLocale);
  const labels = {
    takeTurn: t(boardLocale, 'board.takeTurn'),
    hand: t(boardLocale, 'board.hand'),
    log: t(boardLocale, 'board.log'),
    inOneGo: t(locale, 'panel.chainGroup'),
    undo: t(locale, 'panel.undo'),
    suggest: t(locale, 'panel.suggest'),
  };
  return t(locale, 'learn.tip', { number, count: LEARN_TIPS.length, tip: t(locale, key, labels) });
}

/** "You took X; the suggestion was Y: …", or that they took it; null when there was nothing to choose. */
async function coachingLine(env: HandlerEnv, seat: Seat, outcome: Outcome): Promise<string | null> {
  const before = outcome.before;
  const def = before.module.definition;
  const mine = outcome.entries.find((e) => e.seat === seat && e.computer !== true);
  if (mine === undefined) return null;
  const request = computerRequest(before, seat, 'normal');
  if (request.legal.length < 2) return null;
  const chosenKey = def.actionKey(mine.action);
  const chosen = request.legal.findIndex((a) => def.actionKey(a) === chosenKey);
  const choice = await env.ctx.player.choose(request);
  const presenter = presenterFor(env.ctx, before.row.kind);
  const names = labelNames(before);
  const describe = (action: unknown): string => presenter.format(def.describeAction(action), env.locale, names);
  const suggested = request.legal[choice.index];
  if (chosen === choice.index) {
    return choice.value === null
      ? t(env.locale, 'learn.matched', { action: describe(suggested) })
      : t(env.locale, 'learn.matchedValue', { action: describe(suggested), percent: percent(choice.value) });
  }
  // What the suggestion gains: what the panel says it costs and gives, and the search's estimate.
  const details = env.ctx.service.optionDetails(before, seat, [suggested])[0] ?? [];
  const gives = details.map((m) => presenter.format(m, env.locale, names)).join(', ');
  const mineValue = chosen >= 0 ? (choice.values?.[chosen] ?? null) : null;
  const estimate =
    choice.value === null
      ? null
      : mineValue === null
        ? t(env.locale, 'learn.reason.value', { percent: percent(choice.value) })
        : t(env.locale, 'learn.reason.compare', { suggested: percent(choice.value), mine: percent(mineValue) });
  const reason = [gives, estimate].filter((p): p is string => p !== null && p !== '').join('; ') || t(env.locale, 'learn.reason.search');
  return t(env.locale, 'learn.differ', { mine: describe(mine.action), suggested: describe(suggested), reason }).replace(/\n/g, ' ');
}

/**
 * Coaching in a learning game (`/game learn`), in the learner's own turn panel (the private panel Take my
 * turn opens and each click updates), never in a message of its own:
 *
 * - before a real choice, a hint: what "Suggest a move" chooses and why, in one line (what the panel says
 *   it costs and gives, and the search's estimated chances to win when they tell the moves apart);
 * - after the choice, in the same panel, a verdict: that it was the suggestion, or what the suggestion was;
 * - a tip about the panel when the panel first shows what it explains (the first tip, that Take my turn
 *   opens the panel, comes with the answer to /game learn and the first call to the learner).
 *
 * Only what helps is said: nothing when the choice is forced, or when the search cannot tell the moves
 * apart and the panel gives no reason either; win chances only when they differ by `CLEAR_DIFFERENCE`.
 *
 * The suggestion is the panel's Suggest a move at that version (the normal computer player in the AI worker
 * pool, from the learner's own seat view), so coaching knows nothing the learner could not see: the words
 * come from their own legal actions and what their panel says each one costs and gives. The search starts
 * when the panel is drawn and is never waited for under the game's lock: a panel drawn before it is ready
 * is drawn without the hint and edited in place when it arrives (the interaction's own webhook edit).
 */
import type { Interaction } from 'discord.js';
import { computerRequest, type ComputerChoice } from '../app/computer-turns.js';
import { isComputerPlayed, type ActiveSnapshot, type Outcome } from '../app/game-service.js';
import type { Locale, Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { BotContext } from './types.js';
import { t, toLocale, type CoreKey } from './i18n/index.js';
import { labelNames, type PrivateMessage } from './messages/index.js';
import { answerPrivately } from './respond.js';

/**
 * Estimated chances to win closer than this (5 percentage points) are not told apart: a difference that
 * small is within what the search's sampling gives by chance, and "50 % against 49 %" teaches nothing.
 */
export const CLEAR_DIFFERENCE = 0.05;

/** The coaching lines a panel carries (see PanelNotes.coaching in messages/panel.ts). */
export interface PanelCoaching {
  /** After a choice: whether it was the suggestion. */
  readonly verdict?: string;
  /** Before a choice: the suggestion and why. */
  readonly hint?: string;
  /** A tip about what this panel shows. */
  readonly tip?: string;
}

/** What coaching reads of the bot: the game service, the presenters and the computer player. */
export type CoachingContext = Pick<BotContext, 'service' | 'presenters' | 'player'>;

const percent = (value: number): number => Math.round(value * 100);

export function isLearning(game: ActiveSnapshot): boolean {
  return game.settings.learn === true;
}

/** The search's estimate for each legal action, where it has one. */
function valueOf(choice: ComputerChoice, index: number): number | null {
  if (index === choice.index) return choice.value ?? choice.values?.[index] ?? null;
  return choice.values?.[index] ?? null;
}

/** The best estimate among the other legal actions (null: none known). */
function nextBest(choice: ComputerChoice, count: number): number | null {
  let best: number | null = null;
  for (let i = 0; i < count; i++) {
    const value = i === choice.index ? null : valueOf(choice, i);
    if (value !== null && (best === null || value > best)) best = value;
  }
  return best;
}

interface Suggested {
  /** The suggestion as the panel names it. */
  readonly action: string;
  /** What the panel says it costs and gives ("place 5, 2 steps"), or ''. */
  readonly gives: string;
}

function suggested(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat, choice: ComputerChoice, locale: Locale): Suggested {
  const def = game.module.definition;
  const action = def.legalActions(game.state, seat)[choice.index];
  const presenter = ctx.presenters.get(game.row.kind);
  if (presenter === undefined) throw new Error(`no presenter for game kind ${game.row.kind}`);
  const names = labelNames(game);
  const details = ctx.service.optionDetails(game, seat, [action])[0] ?? [];
  return { action: presenter.format(def.describeAction(action), locale, names), gives: details.map((m) => presenter.format(m, locale, names)).join(', ') };
}

/**
 * The hint before the seat's choice in `game`, from the search's `choice`: "🧭 Suggestion: X (what it
 * gives; its chance to win against the next best)"; null when the choice is forced or nothing tells the
 * suggestion apart (no cost/gain text, and chances within CLEAR_DIFFERENCE of the next best).
 */
export function hintText(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat, choice: ComputerChoice, locale: Locale): string | null {
  const count = game.module.definition.legalActions(game.state, seat).length;
  if (count < 2) return null;
  const { action, gives } = suggested(ctx, game, seat, choice, locale);
  const value = valueOf(choice, choice.index);
  const other = nextBest(choice, count);
  const clear = value !== null && other !== null && value - other >= CLEAR_DIFFERENCE;
  // A search that gave no estimates at all still preferred it; one whose estimates are level did not.
  const unknown = choice.values === undefined && value === null;
  const reasons = [gives, clear ? t(locale, 'learn.reason.nextBest', { suggested: percent(value), other: percent(other) }) : ''].filter((r) => r !== '');
  if (reasons.length === 0 && !unknown) return null;
  return t(locale, 'learn.hint', { action, reason: reasons.length === 0 ? t(locale, 'learn.reason.search') : reasons.join('; ') }).replace(/\n/g, ' ');
}

/**
 * The verdict on the seat's choice `action` in `before`, from the search's `choice` there: that it was the
 * suggestion, that the search rates it as good, or what the suggestion was and why; null when there was
 * no hint to follow (a forced or trivial choice).
 */
export function verdictText(ctx: CoachingContext, before: ActiveSnapshot, seat: Seat, action: unknown, choice: ComputerChoice, locale: Locale): string | null {
  if (hintText(ctx, before, seat, choice, locale) === null) return null;
  const def = before.module.definition;
  const legal = def.legalActions(before.state, seat);
  const key = def.actionKey(action);
  const chosen = legal.findIndex((a) => def.actionKey(a) === key);
  if (chosen === choice.index) return t(locale, 'learn.verdict.matched');
  const { action: named, gives } = suggested(ctx, before, seat, choice, locale);
  const value = valueOf(choice, choice.index);
  const mine = chosen >= 0 ? valueOf(choice, chosen) : null;
  if (value !== null && mine !== null && value - mine < CLEAR_DIFFERENCE) return t(locale, 'learn.verdict.asGood', { suggested: named }).replace(/\n/g, ' ');
  const reasons = [gives, value !== null && mine !== null ? t(locale, 'learn.reason.yours', { suggested: percent(value), mine: percent(mine) }) : ''].filter((r) => r !== '');
  return t(locale, 'learn.verdict.differ', { suggested: named, reason: reasons.length === 0 ? t(locale, 'learn.reason.search') : reasons.join('; ') }).replace(/\n/g, ' ');
}

/** The hint for the seat's choice in `game`, searched now (no cache): what the panel's coaching says. */
export async function hintFor(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat, locale: Locale): Promise<string | null> {
  const request = computerRequest(game, seat, 'normal');
  if (request.legal.length < 2) return null;
  return hintText(ctx, game, seat, await ctx.player.choose(request), locale);
}

/** The learner's own (first) step in a committed change, if it was a choice of theirs (not an undo). */
function decisionIn(outcome: Outcome, seat: Seat): unknown {
  return outcome.entries.find((e) => e.seat === seat && e.computer !== true && e.action !== null && e.action !== undefined)?.action ?? null;
}

// ----- tips ------------------------------------------------------------------------------------------------

/** The tips the learner's panels give, each once, when a panel first shows what it explains. */
export const PANEL_TIPS = ['learn.tip.panel', 'learn.tip.inOneGo', 'learn.tip.undo', 'learn.tip.more'] as const satisfies readonly CoreKey[];
type PanelTip = (typeof PANEL_TIPS)[number];

/** Whether the seat's panel in `game` shows what `tip` explains; `first`: no tip was given yet. */
async function tipApplies(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat, tip: PanelTip, first: boolean): Promise<boolean> {
  switch (tip) {
    case 'learn.tip.panel':
      return true;
    case 'learn.tip.inOneGo': {
      const legal = ctx.service.legalActions(game, seat);
      return ctx.service.compounds(game, seat, legal).length > 0;
    }
    case 'learn.tip.undo':
      return ctx.service.canUndo(game, seat);
    case 'learn.tip.more':
      return !first;
  }
}

/** The tip's words, naming the buttons as the learner sees them (the board's in the game's language). */
export function tipText(locale: Locale, gameLocale: string, tip: PanelTip): string {
  const boardLocale = toLocale(gameLocale);
  const labels = {
    inOneGo: t(locale, 'panel.chainGroup'),
    undo: t(locale, 'panel.undo'),
    suggest: t(locale, 'panel.suggest'),
    hand: t(boardLocale, 'board.hand'),
    log: t(boardLocale, 'board.log'),
  };
  return t(locale, 'learn.tip', { tip: t(locale, tip, labels) });
}

/** The line in the first call to the learner (public, in the game's language): what Take my turn opens. */
export async function firstCallTip(ctx: Pick<BotContext, 'service'>, game: ActiveSnapshot): Promise<string | null> {
  if (!isLearning(game) || game.row.status !== 'active') return null;
  const learner = game.seats.find((s) => !isComputerPlayed(s) && s.leftAt === null);
  if (learner === undefined || !ctx.service.activeSeats(game).includes(learner.seat)) return null;
  const log = await ctx.service.effectiveLog(game);
  if (log.some((e) => e.seat === learner.seat && e.computer !== true)) return null;
  const locale = toLocale(game.row.locale);
  return t(locale, 'learn.callTip', { takeTurn: t(locale, 'board.takeTurn') });
}

// ----- the coach: searches, tips and late edits, per bot --------------------------------------------------

/** Bounds what the coach remembers (learning games in progress, a few versions each). */
const KEPT = 256;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEPT) map.delete(map.keys().next().value as K);
}

class Coach {
  /** The suggestion's search per game, seat and version: started once, read by the hint and the verdict. */
  readonly #searches = new Map<string, Promise<ComputerChoice>>();
  /** The searches that have answered (null: failed). */
  readonly #answers = new Map<string, ComputerChoice | null>();
  /** The newest drawing of each learner's panel: only it is edited when a search answers late. */
  readonly #drawings = new Map<string, number>();
  readonly #edits = new Map<string, Promise<void>>();
  /** Per learner: the tips given, and which tip the panel at a version carries. */
  readonly #tips = new Map<string, { readonly given: Set<PanelTip>; at: { version: number; tip: PanelTip | null } | null }>();
  #drawing = 0;
  /** Counts the searches started and the edits queued: `settled` looks again until it stops growing. */
  #work = 0;

  constructor(private readonly logger: Logger) {}

  /** Once every search started and every panel edit queued has finished, those they led to included. */
  async settled(): Promise<void> {
    let seen = -1;
    while (seen !== this.#work) {
      seen = this.#work;
      await Promise.allSettled([...this.#searches.values(), ...this.#edits.values()]);
      // An answered search queues its panel's edit in a callback of its own: let it be queued first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The suggestion's search for the seat's choice in `game`, started now or earlier; null when forced. */
  search(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat): { key: string; answer: Promise<ComputerChoice> } | null {
    const key = `${game.row.id}:${seat}:${game.row.version}`;
    const known = this.#searches.get(key);
    if (known !== undefined) return { key, answer: known };
    if (ctx.service.legalActions(game, seat).length < 2) return null;
    const answer = ctx.player.choose(computerRequest(game, seat, 'normal'));
    answer.then(
      (choice) => remember(this.#answers, key, choice),
      (error: unknown) => {
        // The bot is stopping (the AI pool closed): the panel stays without the hint.
        this.logger.debug({ err: error, gameId: game.row.id, seat }, 'no suggestion for the coaching');
        remember(this.#answers, key, null);
      },
    );
    remember(this.#searches, key, answer);
    this.#work++;
    return { key, answer };
  }

  answered(key: string): ComputerChoice | null | undefined {
    return this.#answers.get(key);
  }

  /** A new drawing of the learner's panel: earlier drawings get no late edits; those under way finish first. */
  async newDrawing(slot: string): Promise<number> {
    const drawing = ++this.#drawing;
    remember(this.#drawings, slot, drawing);
    await this.#edits.get(slot);
    return drawing;
  }

  /** Edits the panel of drawing `drawing` unless a newer one replaced it; one edit of a panel at a time. */
  edit(slot: string, drawing: number, apply: () => Promise<void>): void {
    const previous = this.#edits.get(slot) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (this.#drawings.get(slot) !== drawing) return;
      await apply();
    });
    const settled = next.catch((error: unknown) => {
      // The panel was dismissed or its token expired: the learner opens a new one from the channel.
      this.logger.debug({ err: error, slot }, 'coaching not shown in the panel');
    });
    remember(this.#edits, slot, settled);
    this.#work++;
  }

  /** The tip the seat's panel in `game` carries: the same one for every drawing at one version. */
  async tip(ctx: CoachingContext, game: ActiveSnapshot, seat: Seat): Promise<PanelTip | null> {
    const slot = `${game.row.id}:${seat}`;
    let tips = this.#tips.get(slot);
    if (tips === undefined) {
      tips = { given: new Set(), at: null };
      remember(this.#tips, slot, tips);
    }
    if (tips.at?.version === game.row.version) return tips.at.tip;
    let tip: PanelTip | null = null;
    for (const candidate of PANEL_TIPS) {
      if (tips.given.has(candidate) || !(await tipApplies(ctx, game, seat, candidate, tips.given.size === 0))) continue;
      tip = candidate;
      break;
    }
    if (tip !== null) tips.given.add(tip);
    tips.at = { version: game.row.version, tip };
    return tip;
  }
}

const coaches = new WeakMap<object, Coach>();

function coachOf(ctx: object, logger: Logger): Coach {
  let coach = coaches.get(ctx);
  if (coach === undefined) {
    coach = new Coach(logger);
    coaches.set(ctx, coach);
  }
  return coach;
}

/**
 * Resolves once the coaching of the bot with context `ctx` is at rest: every suggestion searched and every
 * learner's panel edited with it (what a stop, or a test reading a panel, waits for instead of a time).
 */
export function coachingSettled(ctx: object): Promise<void> {
  return coaches.get(ctx)?.settled() ?? Promise.resolve();
}

/** What a drawing of the learner's panel shows. */
export interface CoachedPanel {
  /** The game as the panel shows it. */
  readonly game: ActiveSnapshot;
  readonly seat: Seat;
  /** The language of the panel (its player's). */
  readonly locale: Locale;
  /** The change the learner's click just committed: its choice gets the verdict. */
  readonly decided?: Outcome;
  /** False: not the decision's panel (a question before a choice): no hint or tip, but it replaces the panel. */
  readonly deciding?: boolean;
}

/**
 * Shows `draw`'s message as the answer to `interaction` (the learner's panel, or what replaces it), with
 * the coaching of a learning game: what is ready now goes in at once; what is still being searched is
 * edited in when it arrives, unless the panel was drawn again meanwhile. Any other game: just the message.
 */
export async function answerCoached(
  env: { readonly ctx: BotContext; readonly logger: Logger },
  interaction: Interaction,
  panel: CoachedPanel,
  draw: (coaching: PanelCoaching) => Promise<PrivateMessage> | PrivateMessage,
): Promise<void> {
  const { ctx } = env;
  const { game, seat, locale } = panel;
  if (!isLearning(game)) return answerPrivately(interaction, await draw({}));
  const coach = coachOf(ctx, env.logger);
  const slot = `${game.row.id}:${seat}`;
  const drawing = await coach.newDrawing(slot);
  const action = panel.decided === undefined ? null : decisionIn(panel.decided, seat);
  const verdictSearch = panel.decided !== undefined && action !== null ? coach.search(ctx, panel.decided.before, seat) : null;
  const deciding = panel.deciding !== false && game.row.status === 'active' && ctx.service.activeSeats(game).includes(seat);
  const hintSearch = deciding ? coach.search(ctx, game, seat) : null;
  const tip = deciding ? await coach.tip(ctx, game, seat) : null;
  const coaching = (): PanelCoaching => {
    const lines: { verdict?: string; hint?: string; tip?: string } = {};
    const before = verdictSearch === null ? undefined : coach.answered(verdictSearch.key);
    if (before && panel.decided !== undefined) {
      const verdict = verdictText(ctx, panel.decided.before, seat, action, before, locale);
      if (verdict !== null) lines.verdict = verdict;
    }
    const now = hintSearch === null ? undefined : coach.answered(hintSearch.key);
    if (now) {
      const hint = hintText(ctx, game, seat, now, locale);
      if (hint !== null) lines.hint = hint;
    }
    if (tip !== null) lines.tip = tipText(locale, game.row.locale, tip);
    return lines;
  };
  let shown = coaching();
  // The searches that had not answered for this drawing (they may answer while it is being sent).
  const pending = [verdictSearch, hintSearch].filter((search) => search !== null && coach.answered(search.key) === undefined);
  await answerPrivately(interaction, await draw(shown));
  for (const search of pending) {
    if (search === null) continue;
    // Outside the game's lock: the caller goes on; the panel is edited in place when the search answers.
    void search.answer.then(
      () =>
        coach.edit(slot, drawing, async () => {
          const later = coaching();
          // Nothing new to say (a forced or trivial choice): the panel is not sent again.
          if (later.verdict === shown.verdict && later.hint === shown.hint) return;
          await answerPrivately(interaction, await draw(later));
          shown = later;
        }),
      () => undefined,
    );
  }
}

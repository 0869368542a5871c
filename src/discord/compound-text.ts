/**
 * How the panel names a compound choice (see src/engine/chain.ts) within Discord's 100 characters: the
 * label says what it achieves (the steps that do, give up or end something, the payment as what it costs,
 * then the costs and gains of the steps), the description carries the rest (why the action is skipped,
 * the details that did not fit, the steps that only follow, such as leaving the assistant). The full list
 * of steps cut at 100 characters would end in "…→ Actie…" and hide the key words.
 */
import type { CompoundStepInfo } from '../app/service/queries.js';
import type { Message } from '../engine/index.js';
import { fitParts, SEPARATOR } from './panel.js';

export const LABEL_MAX = 100;
const ARROW = ' → ';

export interface CompoundText {
  /** What the compound does, costs and gains (at most 100 characters). */
  readonly label: string;
  /** The rest, in parts: why the action is skipped, further details, the steps that only follow. */
  readonly details: readonly string[];
}

/** The text of the payment steps: what they cost ("pay 4 lira to Bob, Carol"). */
export function paymentText(steps: readonly CompoundStepInfo[], say: (m: Message) => string): string[] {
  return steps.filter((s) => s.kind === 'payment').flatMap((s) => s.details.map(say));
}

/**
 * How a compound's steps are worded: the players' names at most `nameMax` characters (null: in full), and
 * `short`: the game's shorter wording of a message where it has one (see GamePresenter.shortForm).
 */
export interface Wording {
  readonly nameMax: number | null;
  readonly short: boolean;
}

/** The words of a compound's steps in a wording; only the label shortens, as far as the steps it must name need (see WORDINGS). */
export type CompoundWords = (wording: Wording) => { readonly describe: (action: unknown) => string; readonly say: (m: Message) => string };

/**
 * How far the label shortens its words, in turn, when the steps that must stand in it do not fit in full:
 * first the players' names (Discord allows 32 characters, "(computer)" adds more: a payment to three players
 * of long names cannot stand beside its move otherwise), then the wording, the names again in full
 * first (a Kiosk tile named beside the exchange that names it again). The description keeps the full text.
 */
export const WORDINGS: readonly Wording[] = [false, true].flatMap((short) => [null, 16, 10, 6].map((nameMax) => ({ nameMax, short })));

/** Every name in full, every message in its full wording. */
export const FULL_WORDING = WORDINGS[0] as Wording;

export function compoundText(steps: readonly CompoundStepInfo[], words: CompoundWords): CompoundText {
  const full = wordsOf(steps, words(FULL_WORDING));
  let best = full;
  let shortest: Worded | undefined;
  // Words are shortened as little as lets the steps that must be named and their costs and gains stand whole;
  // when no wording holds them all (the shortest does not), as little as lets the steps stand.
  for (const wording of WORDINGS.slice(1)) {
    if (best.allFits) break;
    if (best.headFits && !(shortest ??= wordsOf(steps, words(WORDINGS[WORDINGS.length - 1] as Wording))).allFits) break;
    const next = wordsOf(steps, words(wording));
    if (next.allFits || !best.headFits) best = next;
  }
  // The same steps and details in the same order at every level: the description takes them in full, and
  // says in full what the label says short (whom it pays, the step worded short).
  const inHead = (i: number): boolean => (full.steps[i] as Named).drop < best.keep;
  const shortened = [
    ...full.steps.filter((n, i) => inHead(i) && n.text !== best.steps[i]?.text).map((n) => n.text),
    ...full.details.slice(0, best.inLabel).filter((text, i) => text !== best.details[i]),
  ];
  const rest = full.steps.filter((_, i) => !inHead(i)).map((n) => n.text);
  const reasons = steps.flatMap((s) => s.reasons.map(words(FULL_WORDING).say));
  return { label: best.label, details: [...reasons, ...shortened, ...(rest.length === 0 ? [] : [rest.join(ARROW)]), ...full.details.slice(best.inLabel)] };
}

/** A step as the label may name it; `drop`: 0 always named, 1 a step that only follows, 2 ending the turn. */
interface Named {
  readonly text: string;
  readonly drop: 0 | 1 | 2;
}

interface Worded {
  readonly label: string;
  readonly steps: readonly Named[];
  /** The steps named in the label: those whose `drop` is below it. */
  readonly keep: 1 | 2 | 3;
  readonly details: readonly string[];
  /** How many of the details stand in the label. */
  readonly inLabel: number;
  /** Whether the steps that must be named (drop 0) stand uncut. */
  readonly headFits: boolean;
  /** Whether the label holds them and every cost and gain, uncut. */
  readonly allFits: boolean;
}

function wordsOf(steps: readonly CompoundStepInfo[], { describe, say }: ReturnType<CompoundWords>): Worded {
  const named: Named[] = [];
  const said = new Set<string>();
  steps.forEach((step, i) => {
    if (step.kind === 'payment' && step.details.length > 0) {
      const cost = step.details.map(say);
      named.push({ text: cost.join(', '), drop: 0 });
      for (const part of cost) said.add(part);
    } else if (i === 0 || step.kind === 'action' || step.kind === 'skip' || step.kind === 'payment') named.push({ text: describe(step.action), drop: 0 });
    else named.push({ text: describe(step.action), drop: step.kind === 'end' ? 2 : 1 });
  });
  // The costs and gains of what the compound does (a move's place, steps and whom it pays), each once; not
  // those a step's name already says ("to the entrance at G7"), nor those of a step that only opens a decision.
  const details: string[] = [];
  const names = named.map((n) => n.text.toLowerCase()).join(ARROW);
  steps.forEach((step, i) => {
    if ((i > 0 && step.kind !== 'action') || step.opens) return;
    for (const part of step.details.map(say)) {
      if (said.has(part) || names.includes(part.toLowerCase())) continue;
      said.add(part);
      details.push(part);
    }
  });
  const length = (parts: readonly string[]): number => [...parts.join(SEPARATOR)].length;
  const fitting = (head: string): number => {
    let n = 0;
    while (n < details.length && length([head, ...details.slice(0, n + 1)]) <= LABEL_MAX) n++;
    return n;
  };
  // Every step is named when all fits; else the steps that only follow, then ending the turn, are left to the
  // description, as long as that lets more of the costs and gains stand in the label.
  const heads = ([3, 1, 2] as const).map((keep) => ({ keep, head: named.filter((n) => n.drop < keep).map((n) => n.text).join(ARROW) }));
  let best = heads[0] as (typeof heads)[number];
  for (const candidate of heads.slice(1)) {
    const bestFits = [...best.head].length <= LABEL_MAX ? fitting(best.head) : -1;
    if (bestFits < details.length && fitting(candidate.head) > bestFits) best = candidate;
  }
  const inLabel = fitting(best.head);
  return {
    label: fitParts([best.head, ...details.slice(0, inLabel)], LABEL_MAX),
    steps: named,
    keep: best.keep,
    details,
    inLabel,
    headFits: [...(heads[1] as (typeof heads)[number]).head].length <= LABEL_MAX,
    allFits: [...best.head].length <= LABEL_MAX && inLabel === details.length,
  };
}

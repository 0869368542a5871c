/**
 * Clicks per turn: fuzzed games played through the turn panel's layout, counting the clicks a player needs
 * to make each decision a policy takes. The panel is built exactly as the bot builds it (the game's
 * presenter groups the legal actions; buildPanel lays them out in buttons and paged selects), and the
 * driver takes the fewest clicks to reach the chosen action: one when it is on the first page, one more per
 * "Next page". With compound choices (a legal action and the steps that obviously follow it, offered beside
 * the step-by-step path), the driver takes one wherever its steps are exactly what the policy does next, when
 * that saves clicks (the fewest clicks over the turn). Opening the panel ("Take my turn") is not counted. A
 * turn is what the board marks as one (the turn player's, with the Kiosk picks and bids of others inside it).
 */
import { GAMES } from '../../src/games/index.js';
import type { GameModule } from '../../src/app/module.js';
import { parseCustomId, parseSelectValue } from '../../src/discord/codec.js';
import { CHAIN_GROUP, panelChoices } from '../../src/discord/messages/index.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { buildPanel, type PanelAction, type PanelRow } from '../../src/discord/panel.js';
import { achievesNothing, compoundChoices, compoundSteps, seedRng, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import type { FuzzedGame } from './fuzzed-games.js';


export interface ClickConfig extends FuzzedGame {
  readonly seeds: readonly string[];
  /** Offer compound choices (as the bot does); false: the step-by-step path alone. */
  readonly compound: boolean;
  /**
   * 'start-stalls': only Kairo's variable start, each start stall a turn of its own (as the turn marker has
   * it: the board keeps one picture over the whole start); absent: every turn the board marks.
   */
  readonly only?: 'start-stalls';
}

export interface ClickFigures {
  readonly name: string;
  readonly games: number;
  readonly turns: number;
  readonly mean: number;
  readonly p95: number;
  readonly max: number;
}

const LABELS = { undo: 'Undo', more: 'More', previousPage: 'Previous', nextPage: 'Next', page: (g: string) => g };

/**
 * The panel's choices as the bot lays them out (compound choices in their own group: first, or last when
 * none of them achieves anything).
 */
function panelActions(presenter: GamePresenter, legal: readonly unknown[], compounds: readonly (readonly unknown[])[], nothing: (steps: readonly unknown[]) => boolean): PanelAction[] {
  return panelChoices(legal, compounds).map(({ index, steps }) => {
    const own = index >= legal.length ? presenter.compoundGroup?.(steps) : undefined;
    const group = index < legal.length ? presenter.group(steps[0]) : { id: own === undefined ? CHAIN_GROUP : `${CHAIN_GROUP}:${own.id}`, always: nothing(steps) };
    return { index, label: `choice ${index}`, group: group.id, groupLabel: group.id, always: group.always };
  });
}

function reaches(rows: readonly PanelRow[], index: number): boolean {
  for (const row of rows) {
    for (const c of row.components) {
      const id = 'custom_id' in c ? parseCustomId(c.custom_id) : null;
      if (id?.verb === 'act' && id.index === index) return true;
      if ('options' in c) {
        for (const o of c.options) {
          const value = parseSelectValue(o.value);
          if (value?.kind === 'action' && value.index === index) return true;
        }
      }
    }
  }
  return false;
}

/** The fewest clicks that choose panel choice `index`: 1, plus a click per page turned. */
export function clicksToChoose(
  presenter: GamePresenter,
  legal: readonly unknown[],
  index: number,
  compounds: readonly (readonly unknown[])[] = [],
  nothing: (steps: readonly unknown[]) => boolean = () => false,
): number {
  const actions = panelActions(presenter, legal, compounds, nothing);
  const spec = { gameId: 1, version: 1, seat: 0, actions, canUndo: false, labels: LABELS, ...(legal.length > 1 ? { suggest: 'Suggest' } : {}) };
  const first = buildPanel(spec);
  if (reaches(first, index)) return 1;
  for (let group = 0; group < first.length; group++) {
    for (let page = 1; page < 20; page++) {
      const rows = buildPanel({ ...spec, page: { group, page } });
      if (reaches(rows, index)) return 1 + page;
    }
  }
  throw new Error(`choice ${index} is not on the panel`);
}

interface Step {
  readonly state: unknown;
  readonly seat: Seat;
  readonly legal: readonly unknown[];
  readonly index: number;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fewest clicks for one turn's steps: each step alone, or a compound choice covering the next few. */
function turnClicks(def: AnyGameDefinition, presenter: GamePresenter, steps: readonly Step[], compound: boolean): number {
  const best = new Array<number>(steps.length + 1).fill(Infinity);
  best[steps.length] = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as Step;
    const compounds = compound ? compoundChoices(def, step.state, step.seat, step.legal) : [];
    const nothing = (chain: readonly unknown[]): boolean => achievesNothing(compoundSteps(def, step.state, step.seat, chain).map((s) => s.kind));
    best[i] = clicksToChoose(presenter, step.legal, step.index, compounds, nothing) + (best[i + 1] as number);
    compounds.forEach((chain, k) => {
      if (i + chain.length > steps.length) return;
      const matches = chain.every((a, n) => steps[i + n]?.seat === step.seat && same(a, (steps[i + n] as Step).legal[(steps[i + n] as Step).index]));
      if (matches) best[i] = Math.min(best[i] as number, clicksToChoose(presenter, step.legal, step.legal.length + k, compounds, nothing) + (best[i + chain.length] as number));
    });
  }
  return best[0] as number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** Plays the config's games to the end and counts the clicks of every turn. */
export function measureClicks(config: ClickConfig): ClickFigures {
  const module = GAMES.modules.get(config.kind) as GameModule;
  const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(config.kind) as GamePresenter;
  const def = module.definition;
  const marker = (state: unknown): string =>
    ((config.only === 'start-stalls' ? module.turnMarker : module.boardMarker) ?? module.turnMarker ?? ((s: unknown) => def.activeSeats(s).join(',')))(state);
  const counted = (state: unknown): boolean => config.only !== 'start-stalls' || (state as { phase?: string }).phase === 'setup';
  const perTurn: number[] = [];
  for (const seed of config.seeds) {
    const parsed = def.parseOptions(module.buildOptions({ ...config.settings, capacity: config.players }, config.players));
    if (!parsed.ok) throw new Error(parsed.error);
    let state = def.setup(parsed.options, seed);
    const rng = seedRng(`clicks:${seed}`);
    let turn = marker(state);
    let steps: Step[] = [];
    for (let guard = 0; !def.isOver(state); guard++) {
      if (guard > 20_000) throw new Error(`${config.name} ${seed}: the game does not end`);
      const seat = def.activeSeats(state)[0] as Seat;
      const legal = def.legalActions(state, seat);
      const action = config.policy(state, seat, legal, rng);
      steps.push({ state, seat, legal, index: legal.indexOf(action) });
      state = def.apply(state, action, seat).state;
      const next = marker(state);
      if (next !== turn || def.isOver(state)) {
        if (counted(steps[0]?.state)) perTurn.push(turnClicks(def, presenter, steps, config.compound));
        steps = [];
        turn = next;
      }
    }
  }
  const sorted = [...perTurn].sort((a, b) => a - b);
  const total = perTurn.reduce((a, b) => a + b, 0);
  return { name: config.name, games: config.seeds.length, turns: perTurn.length, mean: total / perTurn.length, p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
}

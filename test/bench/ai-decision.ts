/**
 * CPU per hard decision and iterations per CPU-second, on decisions met in greedy games (every few
 * decisions with a choice), for each game and player count; the baseline's too with --baseline.
 *
 *   npx tsx test/bench/ai-decision.ts [--variants istanbul,kairo] [--players 2,4] [--decisions 30] [--baseline]
 *   npx tsx test/bench/ai-decision.ts --dump ...                     (each choice printed too)
 *   node --cpu-prof --import tsx test/bench/ai-decision.ts --variants kairo --players 2 --decisions 5
 */
import os from 'node:os';
import { budgetFor, decideWithStats, type SearchBudget, toSeatView, type Carry, type SearchResult } from '../../src/engine/ai/index.js';
import { seedRng, type Seat } from '../../src/engine/index.js';
import { frozenOf, setupFor, type GameVariant } from './ai-match.js';
import { warmUpAi } from '../../src/app/workers/ai-task.js';
import { loadBaselineOrExit, type FrozenSearchResult } from './frozen-baseline.js';
import { median, percentile } from './stats.js';

const argv = process.argv.slice(2);
const get = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const variants = (get('variants') ?? 'istanbul,istanbul-ls,kairo').split(',') as GameVariant[];
const playerCounts = (get('players') ?? '2,4').split(',').map(Number);
const wanted = Number(get('decisions') ?? 30);
const baseline = argv.includes('--baseline');
const frozen = baseline ? await loadBaselineOrExit() : undefined;
/** --dump prints each decision's choice (to check that a change of speed left every choice as it was). */
const dump = argv.includes('--dump');
/**
 * --seat0: hard plays every decision of seat 0 (the others greedy), handing each search's tree on to the
 * seat's next decision as the bot does (search.ts, Carry); with --no-carry it searches every one afresh.
 */
const seat0 = argv.includes('--seat0');
const noCarry = argv.includes('--no-carry');
/** --max-work N: the hard budget's work cap replaced (0: none), to calibrate it (SearchBudget.maxWork). */
const maxWork = get('max-work') === undefined ? undefined : Number(get('max-work'));
/** --iterations N: the hard budget's iterations replaced, to calibrate a larger budget's CPU. */
const hardIterations = get('iterations') === undefined ? undefined : Number(get('iterations'));
/**
 * --cold: no warm-up, as a worker before the pool warmed its workers. Without it the search is warmed as an
 * AI worker warms itself when it starts (warmUpAi), the baseline's as before. Either way the process's first
 * decisions (FIRST_DECISIONS) are reported apart too.
 */
const cold = argv.includes('--cold');
const FIRST_DECISIONS = 3;

console.log(`load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
// Warm-up, untimed: the bot's AI workers warm themselves when they start, so a decision there runs compiled
// code; here the first decisions of the process would also pay for compiling the engine.
if (!cold && !baseline) {
  const start = process.cpuUsage();
  const report = warmUpAi();
  const used = process.cpuUsage(start);
  console.log(`warm-up: ${JSON.stringify(report.searches)} searches, ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU`);
}
for (const variant of cold || !baseline ? [] : variants) {
  const setup = setupFor(variant, 2, frozen);
  let state: unknown = setup.def.setup(setup.options, 'warm-up');
  for (let step = 0, searched = 0; step < 400 && searched < 3 && !setup.def.isOver(state); step++) {
    const seat = setup.def.activeSeats(state)[0] as Seat;
    const legal = setup.def.legalActions(state, seat) as readonly unknown[];
    if (legal.length > 1) {
      const view = toSeatView(setup.def.view(state, seat), setup.policy.viewRules);
      if (baseline) {
        const { frozen: base, policy } = frozenOf(setup);
        base.decide(policy, view, legal, base.budgetFor(policy, 'hard', view), `w${step}`);
      } else {
        decideWithStats(setup.policy, view, legal, 'hard', `w${step}`);
      }
      searched++;
    }
    state = setup.def.apply(state, legal[0], seat).state;
  }
}
for (const variant of variants) {
  for (const players of playerCounts) {
    const setup = setupFor(variant, players, frozen);
    const frozenHard = baseline ? frozenOf(setup) : undefined;
    const { def } = setup;
    const cpu: number[] = [];
    const works: number[] = [];
    const hardFor = (view: unknown): SearchBudget | 'hard' => {
      if (maxWork === undefined && hardIterations === undefined) return 'hard';
      const hard = budgetFor(setup.policy, 'hard', view);
      return {
        ...hard,
        ...(hardIterations === undefined ? {} : { iterations: hardIterations }),
        ...(maxWork === undefined ? {} : { maxWork: maxWork === 0 ? undefined : maxWork }),
      };
    };
    let iterations = 0;
    let carriedDecisions = 0;
    let carriedVisits = 0;
    for (let game = 0; cpu.length < wanted && game < 20; game++) {
      let state: unknown = def.setup(setup.options, `decision-${game}`);
      let carry: Carry | undefined;
      for (let step = 0; step < 3000 && !def.isOver(state) && cpu.length < wanted; step++) {
        const seat = def.activeSeats(state)[0] as Seat;
        const legal = def.legalActions(state, seat) as readonly unknown[];
        const view = toSeatView(def.view(state, seat), setup.policy.viewRules);
        let searched: number | null = null;
        if (legal.length > 1 && (seat0 ? seat === 0 : step % 7 === 3)) {
          const start = process.cpuUsage();
          const r: SearchResult | FrozenSearchResult = frozenHard !== undefined
            ? frozenHard.frozen.decide(frozenHard.policy, view, legal, frozenHard.frozen.budgetFor(frozenHard.policy, 'hard', view), `d${step}`, seat0 && !noCarry ? carry : undefined)
            : decideWithStats(setup.policy, view, legal, hardFor(view), `d${step}`, seat0 && !noCarry ? carry : undefined);
          const used = process.cpuUsage(start);
          cpu.push((used.user + used.system) / 1000);
          iterations += r.iterations;
          works.push(r.work ?? 0);
          carry = r.carry as Carry | undefined;
          if (r.carriedVisits !== undefined) {
            carriedDecisions++;
            carriedVisits += r.carriedVisits;
          }
          if (seat0) searched = r.index;
          if (dump) console.log(`choice ${variant} ${players}p ${game}:${step} ${def.actionKey(legal[r.index] as never)} ${r.value.toFixed(6)} legal=${legal.length} cpu=${cpu[cpu.length - 1]!.toFixed(0)} iterations=${r.iterations} work=${r.work ?? 0}`);
        }
        let index = searched ?? 0;
        if (searched === null && legal.length > 1) {
          const rng = seedRng(`greedy:${game}:${step}`);
          const chosen = setup.policy.rolloutAction(setup.policy.determinizer(view)(rng), seat, legal, rng, 0);
          index = Math.max(0, legal.findIndex((a) => def.actionKey(a) === def.actionKey(chosen)));
        }
        state = def.apply(state, legal[index], seat).state;
      }
    }
    const total = cpu.reduce((x, y) => x + y, 0);
    if (variant === variants[0] && players === playerCounts[0]) console.log(`first ${FIRST_DECISIONS} decisions of the process: ${cpu.slice(0, FIRST_DECISIONS).map((ms) => ms.toFixed(0)).join(', ')} ms of CPU`);
    console.log(
      `${variant.padEnd(12)} ${players}p ${baseline ? 'baseline hard' : 'hard'}: n=${cpu.length} CPU p50 ${median(cpu).toFixed(0)} ms, p95 ${percentile(cpu, 0.95).toFixed(0)} ms, max ${Math.max(...cpu).toFixed(0)} ms; ${((1000 * iterations) / total).toFixed(0)} iterations per CPU-second; work p50 ${median(works).toFixed(0)}, p95 ${percentile(works, 0.95).toFixed(0)}, ${((1000 * works.reduce((x, y) => x + y, 0)) / total).toFixed(0)} per CPU-second${seat0 ? `; ${carriedDecisions} decisions went on from the previous one's tree (${carriedDecisions === 0 ? 0 : (carriedVisits / carriedDecisions).toFixed(0)} visits carried on average)` : ''}`,
    );
  }
}
console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);

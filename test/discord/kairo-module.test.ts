/**
 * Kairo's adapters without Discord: the game module in the game service (lobby options, stored-state
 * check, turn marker, the autopilot and idle-skip step) and the presenter (names in the engine's texts,
 * panel groups, prompts, status, the private hand), plus the engine's German and Dutch catalogues.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { ComputerTurns } from '../../src/app/computer-turns.js';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { aiTestPlayer } from '../app/ai-test-player.js';
import { GAMES } from '../../src/games/index.js';
import { kairoModule } from '../../src/games/kairo/module.js';
import { turnMarkerOf } from '../../src/app/module.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { kairoPresenter as kairoPresenterWith } from '../../src/games/kairo/presenter/index.js';
import { gameNew } from '../../src/discord/handlers/commands/game-new.js';
import { layoutGroups, MAX_OPTIONS } from '../../src/discord/panel.js';
import { LOCALES, seedRng, type Catalogue } from '../../src/engine/index.js';
import { kairo, type KairoAction, type KairoPublicView, type KairoSeatView, type KairoState } from '../../src/games/kairo/index.js';
import { createLogger } from '../../src/logger.js';
import { templateArgs } from '../i18n/template-args.js';
import type { Store } from '../../src/persistence/store.js';
import { testStores, type TestStore } from '../support/test-stores.js';
import { engineRun, progressPick } from '../render/kairo/engine-states.js';

/** The presenter's text side; its pictures are drawn in-process here (these tests are about the words). */
const kairoPresenter = kairoPresenterWith(inProcessBoardRenderer(GAMES));

const HOUR = 3_600_000;
const stores = testStores('kairo');
let store: Store;
let execute: TestStore['execute'];
const clock = { t: Date.UTC(2025, 5, 1), now() { return this.t; } };
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(): GameService {
  return createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'kairo-module' });
}

async function start(svc: GameService, players: number, layout: 'variable' | 'quick' = 'quick', channelId = '2'): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '1', channelId, kind: 'kairo', host: { userId: users[0]!, displayName: 'Alice' }, locale: 'en', capacity: players, layout })).game;
  for (let i = 1; i < players; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: ['Alice', 'Bob', 'Carol'][i]! }));
  return must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

function userOf(game: ActiveSnapshot, seat: number): string {
  return game.seats.find((s) => s.seat === seat)!.userId;
}

describe.each(stores)('Kairo game module on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store, execute } = await under.open({ now: () => clock.now() }));
  });

  it.runIf(under.available)('turns the lobby settings into engine options: the start stalls are the layout choice; 2–4 seats', async () => {
    expect(kairoModule.buildOptions({ capacity: 4, layout: 'quick', variant: null }, 3)).toEqual({ players: 3, start: 'quick' });
    expect(kairoModule.buildOptions({ capacity: 2, layout: null, variant: null }, 2)).toEqual({ players: 2, start: 'variable' });
    const svc = service();
    const host = { userId: users[0]!, displayName: 'A' };
    expect(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'kairo', host, locale: 'en', capacity: 5 })).toMatchObject({ ok: false, code: 'invalid_capacity', min: 2, max: 4 });
    expect(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'kairo', host, locale: 'en', layout: 'fixed' })).toMatchObject({ ok: false, code: 'invalid_options', option: 'layout' });
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'kairo', host, locale: 'en' })).game;
    expect(lobby.settings).toEqual({ capacity: 4, layout: 'variable', variant: null });
  });

  it.runIf(under.available)('recognises its stored state and refuses something else', async () => {
    const svc = service();
    const game = await start(svc, 3);
    expect(kairoModule.isState?.(JSON.parse(game.row.state!))).toBe(true);
    expect(kairoModule.isState?.({ game: 'kairo', players: [], stalls: [] })).toBe(false);
    await execute('UPDATE games SET state = ? WHERE id = ?', JSON.stringify({ scores: [1, 2] }), game.row.id);
    expect(await service().byId(game.row.id)).toMatchObject({ ok: false, code: 'damaged', reason: expect.stringContaining('shape') });
  });

  // A whole 3-player game with a computer player: about 20 s on a busy machine, close to the default 30 s.
  it.runIf(under.available)('an idle seat handed to a computer by vote: the computer ends the turn; a leaver in a 3-player game is played by a computer to the end', async () => {
    const svc = service();
    const computers = new ComputerTurns(svc, aiTestPlayer(), createLogger({ level: 'silent', format: 'json' }));
    let game = await start(svc, 2);
    const seat = svc.activeSeats(game)[0]!;
    clock.t += 48 * HOUR;
    await svc.runDueJobs();
    const voted = await svc.vote(game.row.id, userOf(game, 1 - seat), seat, 'skip');
    if (!voted.ok || voted.passed !== 'skip') throw new Error(JSON.stringify(voted));
    expect(voted.outcome.after.seats.find((s) => s.seat === seat)!.computer).toBe('normal');
    expect(await computers.playHeld(game.row.id)).toBeGreaterThan(0);
    game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
    expect(svc.activeSeats(game)).toEqual([1 - seat]);

    const three = service();
    const computers3 = new ComputerTurns(three, aiTestPlayer(), createLogger({ level: 'silent', format: 'json' }));
    let g3 = await start(three, 3, 'quick', '3');
    const rng = seedRng('leaver');
    for (let i = 0; i < 20; i++) {
      const s = three.activeSeats(g3)[0]!;
      const legal = three.legalActions(g3, s) as KairoAction[];
      const index = legal.indexOf(progressPick(g3.state as KairoState, s, legal, rng));
      g3 = must(await three.act(g3.row.id, userOf(g3, s), s, g3.row.version, index)).outcome.after;
    }
    const leaver = g3.seats.find((x) => x.userId === users[1])!.seat;
    must(await three.leave(g3.row.id, users[1]!));
    let computerMoves = await computers3.playHeld(g3.row.id);
    g3 = must(await three.byId(g3.row.id)).game as ActiveSnapshot;
    for (let i = 0; i < 2000 && g3.row.status === 'active'; i++) {
      expect(three.activeSeats(g3)).not.toContain(leaver);
      const s = three.activeSeats(g3)[0]!;
      const legal = three.legalActions(g3, s) as KairoAction[];
      const index = legal.indexOf(progressPick(g3.state as KairoState, s, legal, rng));
      must(await three.act(g3.row.id, userOf(g3, s), s, g3.row.version, index));
      computerMoves += await computers3.playHeld(g3.row.id);
      g3 = must(await three.byId(g3.row.id)).game as ActiveSnapshot;
    }
    expect(g3.row.status).toBe('finished');
    expect(computerMoves).toBeGreaterThan(0);
    expect(three.standings(g3)).toHaveLength(3);
  }, 360_000);
});

describe('Kairo turn marker', () => {
  it('the turn marker changes exactly when a new turn (or start placement) begins', () => {
    let state = kairo.setup({ players: 2, start: 'variable' }, 'marker');
    const rng = seedRng('marker');
    let changes = 0;
    let turnStarts = 0;
    for (let i = 0; i < 400 && !kairo.isOver(state); i++) {
      const seat = kairo.activeSeats(state)[0]!;
      const before = turnMarkerOf(kairoModule, state);
      const next = kairo.apply(state, progressPick(state, seat, kairo.legalActions(state, seat), rng), seat).state;
      const newTurn = next.phase === 'over' || next.turn !== state.turn || next.setupQueue.length !== state.setupQueue.length || next.phase !== state.phase;
      if (newTurn) turnStarts++;
      if (turnMarkerOf(kairoModule, next) !== before) changes++;
      expect(turnMarkerOf(kairoModule, next) !== before, `step ${i}`).toBe(newTurn);
      state = next;
    }
    expect(turnStarts).toBeGreaterThan(20);
    expect(changes).toBe(turnStarts);
  });
});

/** The autocomplete handler of /game new, with an interaction carrying just what it reads. */
async function complete(focused: { name: string; value: string }, locale = 'en-US'): Promise<unknown[]> {
  let answer: unknown[] = [];
  const interaction = {
    locale,
    options: { getFocused: () => focused, getString: (name: string) => (name === 'game' ? 'kairo' : null) },
    respond: async (choices: unknown[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const env = {
    ctx: { service: { modules: GAMES.modules } as unknown as GameService, presenters: GAMES.presenters(inProcessBoardRenderer(GAMES)), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: '1',
  } satisfies HandlerEnv;
  await gameNew.autocomplete!(env, interaction);
  return answer;
}

describe('/game new game:kairo', () => {
  it('offers the start stalls (variable, quick) as the layout, in the user’s language; no variants', async () => {
    expect(await complete({ name: 'layout', value: '' })).toEqual([
      { name: 'Variable start: players place their start stalls in turn', value: 'variable' },
      { name: 'Quick start: start stalls placed at random', value: 'quick' },
    ]);
    expect(await complete({ name: 'layout', value: 'schnell' }, 'de')).toEqual([{ name: 'Schnellstart: Die Startstände werden zufällig platziert', value: 'quick' }]);
    expect(await complete({ name: 'layout', value: 'var' }, 'nl')).toEqual([{ name: 'Variabele start: de spelers plaatsen hun startkramen om de beurt', value: 'variable' }]);
    expect(await complete({ name: 'variant', value: '' })).toEqual([]);
  });
});

describe('Kairo presenter', () => {
  it('names players in the engine texts, in every language; without a name, "Player n"', () => {
    const event = { key: 'kairo.event.stall.red', params: { player: 2, field: 'C4', entrance: 'C5' } };
    expect(kairoPresenter.format(event, 'en', ['Alice', 'Bob'])).toBe('Bob places a red main stall at C4 (entrance C5)');
    expect(kairoPresenter.format(event, 'de', ['Alice', 'Bob'])).toBe('Bob platziert einen roten Hauptstand auf C4 (Eingang C5)');
    expect(kairoPresenter.format(event, 'nl', ['Alice', 'Bob'])).toBe('Bob plaatst een rode hoofdkraam op C4 (ingang C5)');
    expect(kairoPresenter.format(event, 'en', [])).toBe('Player 2 places a red main stall at C4 (entrance C5)');
    expect(kairoPresenter.format({ key: 'kairo.event.play', params: { player: 1 } }, 'de', ['Alice'])).toBe('Alle Startstände sind platziert; Alice beginnt');
    expect(kairoPresenter.format({ key: 'kairo.action.section', params: { section: 4 } }, 'nl', [])).toBe('Sectie 4');
    expect(kairoPresenter.format({ key: 'kairo.standing', params: { score: 42 } }, 'de', [])).toBe('42 Punkte');
    expect(kairoPresenter.name('de')).toBe('Kairo');
  });

  it('groups every decision of real games so the panel needs no overflow and lists stay within one select page', () => {
    const rows = new Set<string>();
    for (const players of [2, 3, 4]) {
      let state = kairo.setup({ players, start: players === 3 ? 'variable' : 'quick' }, `groups-${players}`);
      const rng = seedRng(`groups-${players}`);
      for (let i = 0; i < 3000 && !kairo.isOver(state); i++) {
        const seat = kairo.activeSeats(state)[0]!;
        const legal = kairo.legalActions(state, seat);
        const actions = legal.map((a, index) => {
          const g = kairoPresenter.group(a);
          rows.add(g.id);
          return { index, label: '', group: g.id, groupLabel: g.id, always: g.always };
        });
        // one row is kept for undo: four groups at most, so nothing is merged into "more"
        const groups = layoutGroups(actions, 4, 'more');
        expect(groups.some((g) => g.key === '*more'), JSON.stringify(legal)).toBe(false);
        for (const g of groups) expect(g.actions.length, g.key).toBeLessThanOrEqual(MAX_OPTIONS);
        state = kairo.apply(state, progressPick(state, seat, legal, rng), seat).state;
      }
    }
    for (const id of ['stall', 'extend', 'lead', 'draw', 'pay', 'section', 'field', 'entrance', 'coins', 'take']) expect(rows).toContain(id);
  });

  it('prompts each step of a build with the picture’s words (section number, field label, cost)', () => {
    let state = kairo.setup({ players: 3, start: 'quick' }, 'prompts');
    const rng = seedRng('prompts');
    const prompts = new Set<string>();
    for (let i = 0; i < 400 && !kairo.isOver(state); i++) {
      const seat = kairo.activeSeats(state)[0]!;
      const view = kairo.view(state, seat) as KairoSeatView;
      const text = kairoPresenter.prompt(view, seat, 'en', []);
      expect(text.length).toBeGreaterThan(10);
      const p = view.pending!;
      if (p.kind === 'build' && p.step === 'field') expect(text).toContain(`section ${p.section}`);
      if (p.kind === 'build' && p.step === 'entrance') expect(text).toContain(`(stall at ${view.board.fields[p.field!]!.label})`);
      if (p.kind === 'build' && p.step === 'payStall') expect(text).toContain(`pay ${p.cost} coins, at least 1 ${p.colour}`);
      prompts.add(text.replace(/\d+|[A-N]\d+/g, '#'));
      state = kairo.apply(state, progressPick(state, seat, kairo.legalActions(state, seat), rng), seat).state;
    }
    expect(prompts.size).toBeGreaterThan(6);
    expect(kairoPresenter.prompt(kairo.view(kairo.setup({ players: 2, start: 'variable' }, 'p'), 0), 0, 'nl', [])).toMatch(/^Plaats een startkraam/);
  });

  it('shows the hand (cards by section, coins by colour, criers) from the seat’s own view only', () => {
    const state = kairo.setup({ players: 3, start: 'quick' }, 'hand');
    const seat = 1;
    const view = kairo.view(state, seat) as KairoSeatView;
    const text = kairoPresenter.hand(view, seat, 'en', ['A', 'B', 'C']);
    const sections = view.hand.map((c) => (c.joker ? `joker ${c.sections.join('/')}` : `section ${c.sections[0]}`));
    for (const s of sections) expect(text).toContain(s);
    expect(text).toMatch(/^Building cards \(3 of 4\): /);
    expect(text).toContain('Coins (6, worth 2 points at the end): violet 1 · red 1 · yellow 1 · green 1 · blue 1 · orange 1');
    expect(text).toContain('Crier cards: 0');
    expect(kairoPresenter.hand(view, seat, 'de', [])).toContain('Geld (6, am Ende 2 Punkte wert): violett 1 · rot 1');
    // another seat's hand differs (the text comes from the view it is given, never from the state)
    const other = kairoPresenter.hand(kairo.view(state, 2) as KairoSeatView, 2, 'en', []);
    const own = (kairo.view(state, 2) as KairoSeatView).hand.map((c) => (c.joker ? `joker ${c.sections.join('/')}` : `section ${c.sections[0]}`));
    for (const s of own) expect(other).toContain(s);
  });

  it('status line: start placements, turn and points, the final phase with who is out, the end', () => {
    const setup = kairo.view(kairo.setup({ players: 2, start: 'variable' }, 's'), null) as KairoPublicView;
    expect(kairoPresenter.status(setup, 'en', ['Ann', 'Ben'])).toBe('Start stalls: 12 still to place · the first turn follows');
    const play = kairo.view(kairo.setup({ players: 2, start: 'quick' }, 's'), null) as KairoPublicView;
    // The points in playing order: Ben (seat 1) starts here.
    expect(play.startSeat).toBe(1);
    expect(kairoPresenter.status(play, 'de', ['Ann', 'Ben'])).toBe('Zug 1 · Punkte: Ben 0, Ann 0');
    const final: KairoPublicView = { ...play, phase: 'final', finalPhase: true, players: play.players.map((p) => ({ ...p, out: p.seat === 1 })) };
    expect(kairoPresenter.status(final, 'en', ['Ann', 'Ben'])).toContain('Final phase: only building; whoever does not build is out. Out: Ben');
  });
});

describe('Kairo board picture through the presenter', () => {
  it('marks the last turn from the turn summary the board message passes (the picture differs with it)', async () => {
    const run = engineRun(3, 'quick', 'presenter-last-turn', 400, (s) => s.turn > 6);
    expect(run.lastTurn.some((e) => /^kairo\.event\.(stall|extend|lead)\./.test(e.key))).toBe(true);
    const names = ['Alice', 'Bob', 'Carol'];
    const plain = await kairoPresenter.renderBoard(run.view, { locale: 'en', names });
    const marked = await kairoPresenter.renderBoard(run.view, { locale: 'en', names, lastTurn: run.lastTurn });
    expect(Buffer.compare(plain, marked)).not.toBe(0);
  });
});

describe('Kairo engine catalogues', () => {
  const placeholders = (t: string): string[] => [...templateArgs(t, 'en').keys()].sort();
  it('are complete in de and nl with the same placeholders, and really translated', () => {
    const en = kairo.messages.en;
    for (const locale of LOCALES) {
      const c = kairo.messages[locale] as Catalogue;
      expect(c, locale).toBeDefined();
      expect(Object.keys(c).sort()).toEqual(Object.keys(en).sort());
      for (const [key, template] of Object.entries(en)) expect(placeholders(c[key]!), `${locale} ${key}`).toEqual(placeholders(template));
      if (locale !== 'en') expect(Object.keys(en).filter((k) => c[k] !== en[k]).length / Object.keys(en).length, locale).toBeGreaterThan(0.95);
    }
  });
});

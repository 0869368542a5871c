/**
 * The turn panel says what a decision costs and gives: beside each option (a select option's description,
 * after a button's label) the lira a sale brings, the Post Office's payout, where a move leads (place
 * number, steps, whom to pay, an assistant waiting there); in the panel text why a choice is narrow (a
 * dead end) and what a payment still owes. Built the way the bot builds it (messages/panel.ts over a real game
 * service), from hand-made game states.
 */
import { ComponentType, type APIButtonComponentWithCustomId, type APIStringSelectComponent } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { GamePresenter } from '../../src/games/contract.js';
import { panelActions, panelMessage } from '../../src/discord/messages/index.js';
import { buttonLabel, type PanelAction } from '../../src/discord/panel.js';
import type { Locale, Seat } from '../../src/engine/index.js';
import type { IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoState } from '../../src/games/kairo/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase, type OpenDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { atAction, build, decide, giveCards, goods, placeAssistant, placeMerchant, player } from '../games/istanbul/builders.js';
import { F, play as playKairo, scenario, type StallSpec } from '../games/kairo/helpers.js';

const USERS = ['100000000000000001', '100000000000000002', '100000000000000003'];
const NAMES = ['Alice', 'Bob', 'Carol'];

let db: OpenDatabase;
let store: SqliteStore;
let service: GameService;
let channels = 0;

beforeEach(() => {
  db = openDatabase(':memory:');
  store = new SqliteStore(db, { now: () => Date.UTC(2026, 0, 5) });
  service = createGameService({
    store,
    modules: GAMES.modules,
    clock: { now: () => Date.UTC(2026, 0, 5) },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => 'details',
  });
});
afterEach(() => store.close());

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A started 3-player game of `kind` whose state is then `state` (what the panel is built from). */
async function gameWith(kind: 'istanbul' | 'kairo', state: unknown): Promise<ActiveSnapshot> {
  const lobby = must(
    await service.createLobby({
      guildId: '1',
      channelId: String(++channels),
      kind,
      host: { userId: USERS[0]!, displayName: NAMES[0]! },
      locale: 'en',
      capacity: 3,
      layout: kind === 'istanbul' ? 'short' : 'quick',
      variant: kind === 'istanbul' ? 'base' : null,
      expansion: null,
    }),
  ).game;
  for (let i = 1; i < 3; i++) must(await service.join(lobby.row.id, { userId: USERS[i]!, displayName: NAMES[i]! }));
  const full = must(await service.byId(lobby.row.id)).game;
  const game = must(await service.start(lobby.row.id, USERS[0]!, full.row.version)).game;
  // The names by seat, whoever took which seat: seat 0 is Alice, 1 Bob, 2 Carol.
  const seats = game.seats.map((s) => ({ ...s, displayName: NAMES[s.seat]! }));
  return { ...game, seats, state };
}

function presenter(kind: string): GamePresenter {
  return GAMES.presenters(inProcessBoardRenderer(GAMES)).get(kind)!;
}

function actionsOf(game: ActiveSnapshot, seat: Seat, locale: Locale = 'en'): PanelAction[] {
  return panelActions(service, game, presenter(game.row.kind), seat, locale);
}

function find(actions: readonly PanelAction[], label: RegExp): PanelAction {
  const found = actions.find((a) => label.test(a.label));
  if (found === undefined) throw new Error(`no ${label} among ${actions.map((a) => a.label).join(' | ')}`);
  return found;
}

/** An option's details as the select shows them. */
function detail(action: PanelAction): string | undefined {
  return action.details?.join(' · ');
}

async function textOf(game: ActiveSnapshot, seat: Seat, locale: Locale = 'en'): Promise<string> {
  return (await panelMessage(service, game, presenter(game.row.kind), seat, locale)).content;
}

async function components(game: ActiveSnapshot, seat: Seat): Promise<(APIButtonComponentWithCustomId | APIStringSelectComponent)[]> {
  return (await panelMessage(service, game, presenter(game.row.kind), seat, 'en')).components.flatMap(
    (row) => row.components as (APIButtonComponentWithCustomId | APIStringSelectComponent)[],
  );
}

/** Istanbul, 3 players, places in order (row by row: 1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 16). */
function moving(edit: (s: IstanbulState) => void): IstanbulState {
  const s = build();
  for (const seat of [0, 1, 2]) placeMerchant(s, seat, 7);
  edit(s);
  return s;
}

describe('Istanbul: what a move leads to', () => {
  it('each move names the place number and the steps; a place with another merchant shows whom to pay', async () => {
    const game = await gameWith('istanbul', moving((s) => placeMerchant(s, 2, 11)));
    const moves = actionsOf(game, 0).filter((a) => a.group === 'move');
    expect(moves.length).toBeGreaterThan(5);
    for (const move of moves) expect(detail(move)).toMatch(/^place \d+ · [12] steps?/);
    expect(detail(find(moves, /^Move to Small Market$/))).toBe('place 11 · 1 step · pay 2 lira to Carol');
    expect(detail(find(moves, /^Move to Great Market$/))).toBe('place 10 · 2 steps');
    // The move list is a select: the detail is each option's description.
    const select = (await components(game, 0)).find((c): c is APIStringSelectComponent => c.type === ComponentType.StringSelect && c.options.some((o) => o.label === 'Move to Small Market'))!;
    expect(select.options.find((o) => o.label === 'Move to Small Market')?.description).toBe('place 11 · 1 step · pay 2 lira to Carol');
  });

  it('your assistant waiting there, no assistant left, a fee you cannot pay, the Fountain, who else is met', async () => {
    const game = await gameWith(
      'istanbul',
      moving((s) => {
        placeAssistant(s, 0, 6);
        placeMerchant(s, 1, 8);
        placeMerchant(s, 2, 8);
        player(s, 0).lira = 3;
        player(s, 1).family = 10;
      }),
    );
    const moves = actionsOf(game, 0);
    expect(detail(find(moves, /^Move to Caravansary$/))).toBe('place 6 · 1 step · your assistant is here');
    expect(detail(find(moves, /^Move to Black Market$/))).toBe('place 8 · 1 step · you cannot pay the 4 lira there: your turn ends');
    expect(detail(find(moves, /^Move to Great Market$/))).toBe("place 10 · 2 steps · Bob's family member is here");
    expect(detail(find(moves, /^Move to Spice Warehouse$/))).toBe('place 3 · 1 step · the Smuggler is here');

    const empty = await gameWith(
      'istanbul',
      moving((s) => {
        placeMerchant(s, 0, 3);
        player(s, 0).stack = [];
      }),
    );
    const fromThree = actionsOf(empty, 0);
    expect(detail(find(fromThree, /^Move to Fruit Warehouse$/))).toBe('place 4 · 1 step · no assistant left to leave: your turn ends there');
    expect(detail(find(fromThree, /^Move to Fountain$/))).toBe('place 7 · 1 step · no assistant needed, nobody to pay');
  });

  it('in German and Dutch too', async () => {
    const game = await gameWith('istanbul', moving((s) => placeMerchant(s, 2, 11)));
    expect(detail(find(actionsOf(game, 0, 'de'), /^Ziehen zum Kleinen Markt$/))).toBe('Ort 11 · 1 Schritt · 2 Lira an Carol zahlen');
    expect(detail(find(actionsOf(game, 0, 'nl'), /^Verplaats naar de Kleine markt$/))).toBe('plaats 11 · 1 stap · 2 lira betalen aan Carol');
  });
});

describe('Istanbul: what an action gives', () => {
  it('Small Market: selling 1 green shows +2 lira, two goods +5', async () => {
    const s = atAction(build(), 0, 11);
    s.smallMarket = [1, ...s.smallMarket.filter((t) => t !== 1)]; // demand: 1 red, 1 green, 2 yellow, 1 blue
    player(s, 0).goods = goods(0, 1, 1, 0);
    const actions = actionsOf(await gameWith('istanbul', s), 0);
    expect(detail(find(actions, /^Sell 1 green$/))).toBe('+2 lira');
    expect(detail(find(actions, /^Sell 1 green and 1 yellow$/))).toBe('+5 lira');
    expect(buttonLabel(find(actions, /^Sell 1 green$/))).toBe('Sell 1 green · +2 lira');
  });

  it('the Post Office names its payout', async () => {
    const s = atAction(build(), 0, 5);
    const post = find(actionsOf(await gameWith('istanbul', s), 0), /^Take the Post Office payout$/);
    expect(detail(post)).toBe('+2 lira, 1 green and 1 yellow');
    const button = (await components(await gameWith('istanbul', s), 0)).find((c): c is APIButtonComponentWithCustomId => c.type === ComponentType.Button && /^Take the Post Office payout ·/.test(c.label ?? ''))!;
    expect(button.label).toBe('Take the Post Office payout · +2 lira, 1 green and 1 yellow');
  });

  it('the Wainwright, the Gemstone Dealer and the Tea House name costs and odds', async () => {
    const wainwright = atAction(build(), 0, 1);
    player(wainwright, 0).lira = 9;
    expect(detail(find(actionsOf(await gameWith('istanbul', wainwright), 0), /^Buy a wheelbarrow extension \(7 lira\)$/))).toBe('−7 lira · room for 3 of each good');
    const tea = atAction(build(), 0, 9);
    const announce = actionsOf(await gameWith('istanbul', tea), 0);
    expect(detail(find(announce, /^Announce 7 and roll$/))).toBe('58% chance of +7 lira, else +2 lira');
    expect(detail(find(announce, /^Announce 12 and roll$/))).toBe('3% chance of +12 lira, else +2 lira');
  });

  it('the Fountain brings back all assistants in one choice, naming where they come from', async () => {
    const s = atAction(build(), 0, 7);
    placeAssistant(s, 0, 1);
    placeAssistant(s, 0, 9);
    placeAssistant(s, 0, 16);
    const all = find(actionsOf(await gameWith('istanbul', s), 0), /^Bring back all your assistants$/);
    expect(detail(all)).toBe('from Wainwright, Tea House, and Gemstone Dealer');
  });
});

describe('Istanbul: dead ends say why', () => {
  it('no assistant to leave: the turn ends, and the panel says so', async () => {
    const s = build();
    placeMerchant(s, 0, 10);
    player(s, 0).stack = [];
    decide(s, { k: 'assistant', seat: 0 });
    const game = await gameWith('istanbul', s);
    expect(actionsOf(game, 0).map((a) => a.label)).toEqual(['End the turn']);
    expect(await textOf(game, 0)).toContain('You have no assistant with your merchant and none of yours stands here, so your turn ends here');
  });

  it('a fee the player cannot pay', async () => {
    const s = build();
    placeMerchant(s, 0, 10);
    placeMerchant(s, 1, 10);
    placeMerchant(s, 2, 10);
    player(s, 0).lira = 3;
    decide(s, { k: 'pay', seat: 0 });
    expect(await textOf(await gameWith('istanbul', s), 0)).toContain('The action here costs 4 lira for the other merchants; you have 3, so your turn ends here.');
  });

  it('"Skip the action" alone names what is missing: the market, the Gemstone Dealer, the mosques, the Sultan', async () => {
    const market = atAction(build(), 0, 11);
    market.smallMarket = [1, ...market.smallMarket.filter((t) => t !== 1)];
    // Skipping is all there is, alone or in one go with the end of the turn.
    expect(actionsOf(await gameWith('istanbul', market), 0).map((a) => a.label)).toEqual(['Skip the action → End the turn', 'Skip the action']);
    expect(await textOf(await gameWith('istanbul', market), 0)).toContain('The market wants 1 red, 1 green, 2 yellow, and 1 blue; you have none of them.');

    const gem = atAction(build(), 0, 16);
    player(gem, 0).lira = 5;
    expect(await textOf(await gameWith('istanbul', gem), 0)).toMatch(/This costs \d+ lira; you have 5\./);

    const mosque = atAction(build(), 0, 14);
    player(mosque, 0).goods = goods(1, 0, 0, 0);
    player(mosque, 0).mosqueTiles = ['green'];
    const text = await textOf(await gameWith('istanbul', mosque), 0);
    expect(text).toMatch(/The red mosque tile needs \d red goods; you have 1\./);
    expect(text).toContain('You already have the green mosque tile.');

    const sultan = atAction(build(), 0, 13);
    expect(await textOf(await gameWith('istanbul', sultan), 0)).toMatch(/The Sultan wants .+; you do not have them\./);
  });

  it('a decision with a real choice has no note', async () => {
    const s = atAction(build(), 0, 5);
    giveCards(s, 0, 'take5Lira');
    expect(service.decisionNotes(await gameWith('istanbul', s), 0)).toEqual([]);
  });
});

describe('Kairo: where a customer goes, what a payment still owes', () => {
  // The green customer on G5. Green entrances: G7 (2 steps, Bob's stall of size 2), J5 and D5 (3 steps).
  const bobs: StallSpec = { owner: 1, colour: 'green', main: 'G8', entrance: 'G7', ext: ['H8'] };
  const carols: StallSpec = { owner: 2, colour: 'green', main: 'C5', entrance: 'D5' };
  const alices: StallSpec = { owner: 0, colour: 'green', main: 'K5', entrance: 'J5', ext: ['L5'] };
  const customers = { violet: 'B1', red: 'M1', yellow: 'B9', green: 'G5', blue: 'M9', orange: null } as const;

  it('leading a customer with one open entrance shows the destination, the income and that the turn ends', async () => {
    const state: KairoState = scenario({ players: 3, customers, stalls: [bobs, carols], hands: [['s1']] });
    const lead = find(actionsOf(await gameWith('kairo', state), 0), /^Lead the green customer$/);
    expect(detail(lead)).toBe('to the entrance at G7 · 2 steps · +1 green coin for you · +2 green for Bob · ends your turn');
  });

  it('with a choice of entrances, each target shows its crier cards and income', async () => {
    const state: KairoState = scenario({ players: 3, customers, stalls: [bobs, carols, alices], criers: [1, 0, 0], hands: [['s1']] });
    const game = await gameWith('kairo', state);
    expect(detail(find(actionsOf(game, 0), /^Lead the green customer$/))).toBe('3 entrances to choose from');
    const choosing = playKairo(state, { t: 'lead', colour: 'green' }).state;
    const targets = actionsOf(await gameWith('kairo', choosing), 0);
    expect(detail(find(targets, /J5/))).toBe('to the entrance at J5 · 3 steps · 1 crier card · +2 green coins for you · ends your turn');
  });

  it('an extension paid in other colours: each count says what is still owed, the panel what was paid', async () => {
    const red: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4', ext: ['F5'] };
    const s = scenario({ stalls: [red], customers: { yellow: 'B9' }, hands: [['s4']], coins: [{ red: 3, yellow: 2, blue: 2 }] });
    const pay = playKairo(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'field', field: F('D5') }).state;
    expect(actionsOf(await gameWith('kairo', pay), 0).map((a) => `${a.label}: ${detail(a)}`)).toEqual([
      'Pay red coins: 1: then 4 coins of other colours still owed',
      'Pay red coins: 2: then 2 coins of other colours still owed',
      'Pay red coins: 3: paid in full',
    ]);
    const other = playKairo(pay, { t: 'payStall', colour: 'red', count: 2 }).state;
    const game = await gameWith('kairo', other);
    expect(await textOf(game, 0)).toContain('Paid so far: 2 red; still owed: 2 coins of other colours (2 count as 1 red).');
    expect(detail(find(actionsOf(game, 0), /yellow coins: 1/))).toBe('then 1 coin of other colours still owed');
  });
});

describe('compound choices through the game service', () => {
  it('a compound choice applies its steps in one commit; an index no panel offered is refused and changes nothing', async () => {
    const started = await gameWith('istanbul', null);
    const game = must(await service.byId(started.row.id)).game as ActiveSnapshot;
    const seat = service.activeSeats(game)[0]!;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    const legal = service.legalActions(game, seat);
    const compounds = service.compounds(game, seat, legal);
    expect(compounds.length).toBeGreaterThan(0);
    const chain = compounds[0]!;
    expect(await service.act(game.row.id, user, seat, game.row.version, legal.length + compounds.length)).toMatchObject({ ok: false, code: 'stale' });
    expect(await service.act(game.row.id, user, seat, game.row.version, -1)).toMatchObject({ ok: false, code: 'stale' });
    const before = (await service.effectiveLog(game)).length;
    const done = must(await service.act(game.row.id, user, seat, game.row.version, legal.length));
    expect(done.outcome.after.row.version).toBe(game.row.version + 1);
    expect((await service.effectiveLog(done.outcome.after)).map((e) => e.action).slice(before)).toEqual(chain);
  });
});

describe('Kairo: drawing and leading in one click', () => {
  it('"In one go…" offers each place to draw from with "Draw 2 cards", and each entrance with leading', async () => {
    const bobs: StallSpec = { owner: 1, colour: 'green', main: 'G8', entrance: 'G7', ext: ['H8'] };
    const carols: StallSpec = { owner: 2, colour: 'green', main: 'C5', entrance: 'D5' };
    const alices: StallSpec = { owner: 0, colour: 'green', main: 'K5', entrance: 'J5', ext: ['L5'] };
    const customers = { violet: 'B1', red: 'M1', yellow: 'B9', green: 'G5', blue: 'M9', orange: null } as const;
    const state: KairoState = scenario({ players: 3, customers, stalls: [bobs, carols, alices], criers: [1, 0, 0], hands: [['s1']], display: ['s2', 's3', 's4', 's5'] });
    const compound = actionsOf(await gameWith('kairo', state), 0).filter((a) => a.group === '*chain');
    expect(compound.map((a) => a.label)).toEqual([
      'Lead the green customer → To the entrance at G7 · 2 steps · +1 green coin for you · +2 green for Bob',
      'Lead the green customer → To the entrance at D5 · 3 steps · 1 crier card · +1 green coin for you',
      'Lead the green customer → To the entrance at J5 · 3 steps · 1 crier card · +2 green coins for you',
      'Draw 2 cards → Take building card 2 from the display',
      'Draw 2 cards → Take building card 3 from the display',
      'Draw 2 cards → Take building card 4 from the display',
      'Draw 2 cards → Take building card 5 from the display',
      'Draw 2 cards → Draw from the deck',
      'Draw 2 cards → Take a crier card',
    ]);
    expect(compound[0]!.groupLabel).toBe('In one go…');
    // A compound choice's label names what its decisive step gives (here the entrance's income), not what only
    // opens it; what does not fit follows in the description.
    expect(detail(compound[2]!)).toBe('ends your turn');
  });
});


/**
 * Kairo's variable start on the turn panel, without Discord: the panel of the player placing a start stall
 * carries the board as it stands (the phone picture of the public view) and counts the stalls still to
 * place; a start stall is at most two choices on the panel (its colour with a section, a field with its
 * entrance), so at most three clicks with Take my turn; and each stall placed is told in the board's words.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { kairoPresenter as kairoPresenterWith } from '../../src/games/kairo/presenter/index.js';
import { renderKairoPhone } from '../../src/games/kairo/render/phone.js';
import { kairo, type KairoAction, type KairoPublicView, type KairoState } from '../../src/games/kairo/index.js';
import { compoundChoices, type Seat } from '../../src/engine/index.js';
import { buildPanel, MAX_OPTIONS, type PanelAction } from '../../src/discord/panel.js';
import { CHAIN_GROUP, panelChoices } from '../../src/discord/messages/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { measureClicks } from '../bench/clicks.js';
import { progressPick } from '../render/kairo/engine-states.js';

const kairoPresenter = kairoPresenterWith(inProcessBoardRenderer(GAMES));
const NAMES = ['Alice', 'Bob', 'Carol', 'Dora'];

/** The states of a variable start played to its end by `pick`, each with its deciding seat. */
function startStates(players: number, seed: string, pick: (legal: readonly KairoAction[], n: number) => KairoAction): { state: KairoState; seat: Seat }[] {
  let state = kairo.setup({ players, start: 'variable' }, seed);
  const out: { state: KairoState; seat: Seat }[] = [];
  for (let n = 0; state.phase === 'setup'; n++) {
    const seat = kairo.activeSeats(state)[0] as Seat;
    out.push({ state, seat });
    state = kairo.apply(state, pick(kairo.legalActions(state, seat), n), seat).state;
  }
  return out;
}

const middle = (legal: readonly KairoAction[]): KairoAction => legal[Math.floor(legal.length / 2)] as KairoAction;

describe("Kairo's start on the panel", () => {
  it('each start stall is at most 2 choices on the panel (3 clicks with Take my turn), neutral stalls too, for 2 to 4 players', () => {
    for (const players of [2, 3, 4]) {
      const figures = measureClicks({
        name: `Kairo's start, ${players} players`,
        kind: 'kairo',
        players,
        settings: { layout: 'variable', variant: null },
        policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
        seeds: ['start-clicks-1', 'start-clicks-2'],
        compound: true,
        only: 'start-stalls',
      });
      expect(figures.turns).toBe(2 * 12 - (players === 3 ? 2 * 3 : 0));
      expect(figures.max, `${players} players`).toBeLessThanOrEqual(2);
    }
  });

  it('the start stall’s compound choices fit the panel: each group a select of at most 25 options, at most 4 groups beside the step-by-step choices; drawing and leading keep the one "In one go…"', () => {
    for (const players of [2, 3, 4]) {
      for (const { state, seat } of startStates(players, `start-groups-${players}`, middle)) {
        const legal = kairo.legalActions(state, seat);
        const compounds = compoundChoices(kairo, state, seat, legal);
        // A start stall's colour comes with each of its sections "in one go".
        if (state.pending.k === 'turn') expect(compounds.length).toBeGreaterThan(legal.length);
        const sizes = new Map<string, number>();
        for (const steps of compounds) {
          const own = kairoPresenter.compoundGroup?.(steps);
          expect(own, JSON.stringify(steps)).toBeDefined();
          sizes.set(own!.id, (sizes.get(own!.id) ?? 0) + 1);
        }
        for (const [id, size] of sizes) expect(size, id).toBeLessThanOrEqual(MAX_OPTIONS);
        // Restaurant fields (violet) may add a fourth row; the panel's fifth row holds undo and suggest.
        expect(sizes.size).toBeLessThanOrEqual(4);
        const actions: PanelAction[] = panelChoices(legal, compounds).map(({ index, steps }) => {
          const own = index >= legal.length ? kairoPresenter.compoundGroup?.(steps) : undefined;
          const group = own === undefined ? kairoPresenter.group(steps[0]).id : `${CHAIN_GROUP}:${own.id}`;
          return { index, label: `choice ${index}`, group, groupLabel: group, always: false };
        });
        const rows = buildPanel({ gameId: 1, version: 1, seat, actions, canUndo: true, undoWhole: 'Undo all', suggest: 'Suggest', labels: { undo: 'Undo', more: 'More', previousPage: '<', nextPage: '>', page: (g) => g } });
        expect(rows.length).toBeLessThanOrEqual(5);
      }
    }
    // Drawing and leading keep the one "In one go…".
    expect(kairoPresenter.compoundGroup?.([{ t: 'draw' }, { t: 'takeDeck' }])).toBeUndefined();
    expect(kairoPresenter.compoundGroup?.([{ t: 'lead', colour: 'red' }, { t: 'target', field: 30 }])).toBeUndefined();
  });

  it('while the start stalls are placed, the panel’s picture is the phone picture of the board as it stands (the public view), in the reader’s language; after the start, none', async () => {
    const states = startStates(3, 'start-picture', middle);
    const third = states.find(({ state }) => state.stalls.length === 2 && state.pending.k === 'turn')!;
    const view = kairo.view(third.state, null) as KairoPublicView;
    expect(view.setup?.remaining).toBe(7);
    for (const locale of ['en', 'de', 'nl'] as const) {
      const picture = kairoPresenter.panelPicture?.(view, { locale, names: NAMES.slice(0, 3) });
      expect(picture).not.toBeNull();
      const drawn = await picture!.png;
      const expected = await renderKairoPhone(view, { locale, names: NAMES.slice(0, 3), lastAction: null });
      expect(Buffer.compare(drawn, expected), locale).toBe(0);
    }
    // Its alt text says what it shows, then the board in words: who places a stall now, and the stalls standing.
    const description = kairoPresenter.panelPicture?.(view, { locale: 'de', names: NAMES })?.description ?? '';
    expect(description.split('\n')[0]).toBe('Der Kairo-Spielplan jetzt, wo die Stände stehen: noch 7 Startstände zu platzieren');
    expect(description).toContain(`${NAMES[view.pending!.seat]} entscheidet: Platziere einen Startstand`);
    expect(description).toMatch(/: 0 Punkte, 1 Stand, /);
    expect([...description].length).toBeLessThanOrEqual(1024);
    const last = states.at(-1)!;
    const afterStart = kairo.apply(last.state, middle(kairo.legalActions(last.state, last.seat)), last.seat).state;
    expect(afterStart.phase).toBe('play');
    expect(kairoPresenter.panelPicture?.(kairo.view(afterStart, null), { locale: 'en', names: NAMES })).toBeNull();
  });

  it('the prompt counts the start stalls still to place, this one included, at every step of the placement', () => {
    const states = startStates(2, 'start-prompt', middle);
    for (const { state, seat } of states) {
      const remaining = state.setupQueue.length;
      const text = kairoPresenter.prompt(kairo.view(state, null), seat, 'en', NAMES);
      expect(text).toContain(`${remaining} ${remaining === 1 ? 'start stall' : 'start stalls'} still to place, this one included.`);
    }
    expect(states[0]!.state.setupQueue.length).toBe(12);
    const { state, seat } = states[0]!;
    expect(kairoPresenter.prompt(kairo.view(state, null), seat, 'nl', NAMES)).toContain('Nog 12 startkramen te plaatsen, deze meegeteld.');
  });

  it('a start stall placed is told by its section, its field as the picture labels it and the side of its entrance, in every language', () => {
    const event = { key: 'kairo.event.startStall.red.s', params: { player: 2, section: 4, field: 'C5', entrance: 'C6' } };
    expect(kairoPresenter.format(event, 'en', ['Alice', 'Bob'])).toBe('Bob places a red start stall in section 4 on C5, its entrance to the south (C6)');
    expect(kairoPresenter.format(event, 'de', ['Alice', 'Bob'])).toBe('Bob platziert einen roten Startstand in Marktabschnitt 4 auf C5, Eingang nach Süden (C6)');
    expect(kairoPresenter.format(event, 'nl', ['Alice', 'Bob'])).toBe('Bob plaatst een rode startkraam in sectie 4 op C5, ingang naar het zuiden (C6)');
    const neutral = { key: 'kairo.event.neutralStall.orange.w', params: { player: 1, section: 9, field: 'L8', entrance: 'K8' } };
    expect(kairoPresenter.format(neutral, 'en', ['Alice', 'Bob'])).toBe('Alice places the neutral orange stall in section 9 on L8, its entrance to the west (K8)');
    // The entrance side on the panel says where the entrance lands.
    const atField = startStates(2, 'start-entrance', middle).find(({ state }) => state.pending.k === 'build' && state.pending.step === 'entrance');
    if (atField !== undefined) {
      const legal = kairo.legalActions(atField.state, atField.seat);
      const details = kairo.optionDetails?.(atField.state, atField.seat, legal) ?? [];
      for (const parts of details) expect(kairoPresenter.format(parts[0]!, 'en', NAMES)).toMatch(/^the entrance on [A-N]\d{1,2}$/);
    }
  });
});

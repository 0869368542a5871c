import { ButtonStyle, ComponentType, type APIButtonComponentWithCustomId, type APIStringSelectComponent } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { parseCustomId, parseSelectValue } from '../../src/discord/codec.js';
import { buildPanel, fitParts, PAGE_SIZE, type PanelAction, type PanelLabels, type PanelRow } from '../../src/discord/panel.js';

const labels: PanelLabels = {
  undo: 'Undo',
  more: 'More actions',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (group, page, pages) => `${group} (${page}/${pages})`,
};

function actions(spec: [group: string, count: number, always?: boolean][]): PanelAction[] {
  const out: PanelAction[] = [];
  for (const [group, count, always] of spec) {
    for (let i = 0; i < count; i++) out.push({ index: out.length, label: `${group} ${i}`, group, groupLabel: `${group}…`, always: always ?? false });
  }
  return out;
}

function buttons(row: PanelRow): APIButtonComponentWithCustomId[] {
  return row.components.filter((c): c is APIButtonComponentWithCustomId => c.type === ComponentType.Button);
}
function select(row: PanelRow): APIStringSelectComponent {
  const s = row.components[0];
  if (s?.type !== ComponentType.StringSelect) throw new Error('not a select');
  return s;
}

/** Every action index reachable from the panel, following page options. */
function reachable(build: (page?: { group: number; page: number }) => PanelRow[]): number[] {
  const seen = new Set<number>();
  const visit = (rows: PanelRow[], depth: number): void => {
    rows.forEach((row) => {
      for (const b of buttons(row)) {
        const id = parseCustomId(b.custom_id);
        if (id?.verb === 'act') seen.add(id.index);
      }
      if (row.components[0]?.type === ComponentType.StringSelect) {
        const s = select(row);
        const id = parseCustomId(s.custom_id);
        if (id?.verb !== 'sel') throw new Error('bad select id');
        for (const o of s.options) {
          const v = parseSelectValue(o.value);
          if (v?.kind === 'action') seen.add(v.index);
          if (v?.kind === 'page' && depth < 20 && v.page > id.page) visit(build({ group: id.group, page: v.page }), depth + 1);
        }
      }
    });
  };
  visit(build(), 0);
  return [...seen].sort((a, b) => a - b);
}

const base = { gameId: 7, version: 3, seat: 1, labels };

describe('the turn panel', () => {
  it('short choices become buttons, long ones selects; always-open actions come last in grey; undo on its own row', () => {
    const list = actions([['end', 1, true], ['move', 12], ['main', 3]]);
    const rows = buildPanel({ ...base, actions: list, canUndo: true });
    expect(rows).toHaveLength(4);
    expect(select(rows[0]!).options).toHaveLength(12);
    expect(select(rows[0]!).placeholder).toBe('move…');
    expect(buttons(rows[1]!).map((b) => b.label)).toEqual(['main 0', 'main 1', 'main 2']);
    expect(buttons(rows[1]!).every((b) => b.style === ButtonStyle.Primary)).toBe(true);
    expect(buttons(rows[2]!)).toMatchObject([{ label: 'end 0', style: ButtonStyle.Secondary }]);
    expect(buttons(rows[3]!)).toMatchObject([{ label: 'Undo', style: ButtonStyle.Danger }]);
    expect(parseCustomId(buttons(rows[3]!)[0]!.custom_id)).toEqual({ gameId: 7, version: 3, verb: 'undo', seat: 1 });
    expect(parseCustomId(buttons(rows[1]!)[2]!.custom_id)).toEqual({ gameId: 7, version: 3, verb: 'act', seat: 1, index: 15 });
  });

  it('pages a list beyond 25 options and keeps every action reachable', () => {
    const list = actions([['pick', 60], ['main', 2]]);
    const build = (page?: { group: number; page: number }) => buildPanel({ ...base, actions: list, canUndo: false, ...(page ? { page } : {}) });
    const first = select(build()[0]!);
    expect(first.options).toHaveLength(PAGE_SIZE + 1);
    expect(first.options.at(-1)).toMatchObject({ label: 'Next page', value: 'p1' });
    expect(first.placeholder).toBe('pick… (1/3)');
    const middle = select(build({ group: 0, page: 1 })[0]!);
    expect(middle.options[0]).toMatchObject({ value: 'p0' });
    expect(middle.options.at(-1)).toMatchObject({ value: 'p2' });
    expect(middle.options.length).toBeLessThanOrEqual(25);
    expect(reachable(build)).toEqual(list.map((a) => a.index));
  });

  it('merges groups beyond the row budget into one "more" select; never more than 5 rows or 5 buttons a row', () => {
    const list = actions([['a', 2], ['b', 2], ['c', 2], ['d', 2], ['e', 2], ['f', 30], ['g', 1, true]]);
    const build = (page?: { group: number; page: number }) => buildPanel({ ...base, actions: list, canUndo: true, ...(page ? { page } : {}) });
    const rows = build();
    expect(rows).toHaveLength(5);
    expect(select(rows[3]!).placeholder).toMatch(/^More actions/);
    for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(5);
    expect(reachable(build)).toEqual(list.map((a) => a.index));
    const ids = rows.flatMap((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cuts long labels to what Discord accepts', () => {
    const long = 'x'.repeat(300);
    const rows = buildPanel({ ...base, actions: [{ index: 0, label: long, group: 'g', groupLabel: long, always: false }], canUndo: false });
    expect(buttons(rows[0]!)[0]!.label).toHaveLength(80);
    const many = Array.from({ length: 8 }, (_, index) => ({ index, label: long, group: 'g', groupLabel: long, always: false }));
    const s = select(buildPanel({ ...base, actions: many, canUndo: false })[0]!);
    expect(s.options.every((o) => [...o.label].length <= 100)).toBe(true);
    expect([...(s.placeholder ?? '')].length).toBeLessThanOrEqual(150);
  });

  it("shows what an option costs and gives: after a button's label, or as a select option's description", () => {
    const sell = { index: 0, label: 'Sell 1 green', details: ['+2 lira'], group: 'sell', groupLabel: 'Sell goods…', always: false };
    const skip = { index: 1, label: 'Skip the action', group: 'main', groupLabel: 'Choose', always: false };
    const rows = buildPanel({ ...base, actions: [sell, skip], canUndo: false });
    expect(buttons(rows[0]!).map((b) => b.label)).toEqual(['Sell 1 green · +2 lira']);
    expect(buttons(rows[1]!).map((b) => b.label)).toEqual(['Skip the action']);
  });

  it('a row whose details do not fit on buttons becomes a select; a description keeps whole parts only', () => {
    const parts = ['place 12', '2 steps', `pay 4 lira to ${'Zoë '.repeat(20)}and Bo`, 'the Governor is here'];
    const move = { index: 0, label: 'Move to Police Station', details: parts, group: 'move', groupLabel: 'Move…', always: false };
    const near = { index: 1, label: 'Move to Fountain', details: ['place 7', '1 step'], group: 'move', groupLabel: 'Move…', always: false };
    const s = select(buildPanel({ ...base, actions: [move, near], canUndo: false })[0]!);
    expect(s.options.map((o) => [o.label, o.description])).toEqual([
      ['Move to Police Station', 'place 12 · 2 steps'],
      ['Move to Fountain', 'place 7 · 1 step'],
    ]);
    expect(fitParts(parts, 100)).toBe('place 12 · 2 steps');
    expect(fitParts(['x'.repeat(120)], 100)).toHaveLength(100);
  });
});

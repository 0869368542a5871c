/**
 * The turn panel, generated from the seat's legal actions: buttons for short choices, select menus for
 * long ones (paged beyond 25 options), the always-open actions (bonus cards, tiles, ending the turn)
 * on their own rows, and undo. Pure: the same actions, version and page give the same components, which
 * is what makes an index in a custom_id meaningful.
 *
 * Discord's limits shape the layout: at most 5 rows per message, 5 buttons per row, 1 select per row,
 * 25 options per select, 80 characters per button label, 100 per option label.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIMessageComponentEmoji,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
  type APIStringSelectComponent,
} from 'discord.js';
import type { Seat } from '../engine/index.js';
import { encodeCustomId, encodeSelectValue } from './codec.js';

export interface PanelAction {
  /** Index in the seat's legal actions. */
  readonly index: number;
  readonly label: string;
  /**
   * What choosing it costs, gives or leads to, in parts ("place 11", "1 step", "pay 2 lira to Carol"): a
   * select option's description, after the label on a button.
   */
  readonly details?: readonly string[];
  /** Actions with the same group share a row or a select. */
  readonly group: string;
  readonly groupLabel: string;
  /** Always-open actions (play a card, use a tile, end the turn) come last, in grey. */
  readonly always: boolean;
  /** The app's emoji of what the label is about (a good, lira, a colour), shown before the label. */
  readonly emoji?: APIMessageComponentEmoji;
}

export interface PanelLabels {
  readonly undo: string;
  readonly more: string;
  readonly previousPage: string;
  readonly nextPage: string;
  /** e.g. "Move to… (page 2/3)" */
  readonly page: (groupLabel: string, page: number, pages: number) => string;
}

export interface PanelSpec {
  readonly gameId: number;
  readonly version: number;
  readonly seat: Seat;
  readonly actions: readonly PanelAction[];
  readonly canUndo: boolean;
  /** The label of "Undo the whole …", when the seat's latest steps were one compound choice. */
  readonly undoWhole?: string;
  /** The label of "Suggest a move" (a computer player's advice), when the panel offers it. */
  readonly suggest?: string;
  /** Which page a long select shows (from a page choice), by group ordinal. */
  readonly page?: { readonly group: number; readonly page: number };
  readonly labels: PanelLabels;
}

export type PanelRow = APIActionRowComponent<APIComponentInMessageActionRow>;

export const MAX_ROWS = 5;
export const MAX_BUTTONS_PER_ROW = 5;
export const MAX_OPTIONS = 25;
/** Options per page when a list is paged: room for "previous" and "next". */
export const PAGE_SIZE = MAX_OPTIONS - 2;

interface Group {
  readonly key: string;
  readonly label: string;
  readonly always: boolean;
  readonly actions: PanelAction[];
}

export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export const SEPARATOR = ' · ';

/** The parts joined while they fit in `max` characters: whole parts only (a cut name or number misleads). */
export function fitParts(parts: readonly string[], max: number): string {
  let out = '';
  for (const part of parts) {
    const next = out === '' ? part : `${out}${SEPARATOR}${part}`;
    if ([...next].length > max) return out === '' ? truncate(part, max) : out;
    out = next;
  }
  return out;
}

/** A button's label: the action's label with its details after it, or null when that does not fit a button. */
export function buttonLabel(action: PanelAction): string | null {
  if (action.details === undefined || action.details.length === 0) return truncate(action.label, 80);
  const text = [action.label, ...action.details].join(SEPARATOR);
  return [...text].length <= 80 ? text : null;
}

function groupsOf(actions: readonly PanelAction[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const action of actions) {
    let group = byKey.get(action.group);
    if (group === undefined) {
      group = { key: action.group, label: action.groupLabel, always: action.always, actions: [] };
      byKey.set(action.group, group);
    }
    group.actions.push(action);
  }
  const all = [...byKey.values()];
  return [...all.filter((g) => !g.always), ...all.filter((g) => g.always)];
}

/** The groups as they are laid out: at most `budget`, the overflow merged into one "more" group. */
export function layoutGroups(actions: readonly PanelAction[], budget: number, moreLabel: string): Group[] {
  const groups = groupsOf(actions);
  if (groups.length <= budget) return groups;
  const kept = groups.slice(0, budget - 1);
  const rest = groups.slice(budget - 1);
  return [...kept, { key: '*more', label: moreLabel, always: rest.every((g) => g.always), actions: rest.flatMap((g) => g.actions) }];
}

export function pageCount(size: number): number {
  return size <= MAX_OPTIONS ? 1 : Math.ceil(size / PAGE_SIZE);
}

export function buildPanel(spec: PanelSpec): PanelRow[] {
  const tools = spec.canUndo || spec.undoWhole !== undefined || spec.suggest !== undefined;
  const budget = MAX_ROWS - (tools ? 1 : 0);
  const groups = layoutGroups(spec.actions, budget, spec.labels.more);
  const rows: PanelRow[] = groups.map((group, ordinal) => {
    // Buttons when every label with its details fits on one; else a select, whose options have room for both.
    const labels = group.actions.map(buttonLabel);
    if (group.actions.length <= MAX_BUTTONS_PER_ROW && labels.every((l) => l !== null)) {
      return {
        type: ComponentType.ActionRow,
        components: group.actions.map(
          (action, i): APIButtonComponentWithCustomId => ({
            type: ComponentType.Button,
            style: group.always ? ButtonStyle.Secondary : ButtonStyle.Primary,
            label: labels[i] as string,
            ...(action.emoji === undefined ? {} : { emoji: action.emoji }),
            custom_id: encodeCustomId({ gameId: spec.gameId, version: spec.version, verb: 'act', seat: spec.seat, index: action.index }),
          }),
        ),
      };
    }
    const pages = pageCount(group.actions.length);
    const wanted = spec.page?.group === ordinal ? spec.page.page : 0;
    const page = Math.min(Math.max(wanted, 0), pages - 1);
    const shown = pages === 1 ? group.actions : group.actions.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const options: APISelectMenuOption[] = shown.map((action) => ({
      label: truncate(action.label, 100),
      ...(action.emoji === undefined ? {} : { emoji: action.emoji }),
      ...(action.details === undefined || action.details.length === 0 ? {} : { description: fitParts(action.details, 100) }),
      value: encodeSelectValue({ kind: 'action', index: action.index }),
    }));
    if (page > 0) options.unshift({ label: truncate(spec.labels.previousPage, 100), value: encodeSelectValue({ kind: 'page', page: page - 1 }) });
    if (page < pages - 1) options.push({ label: truncate(spec.labels.nextPage, 100), value: encodeSelectValue({ kind: 'page', page: page + 1 }) });
    const select: APIStringSelectComponent = {
      type: ComponentType.StringSelect,
      custom_id: encodeCustomId({ gameId: spec.gameId, version: spec.version, verb: 'sel', seat: spec.seat, group: ordinal, page }),
      placeholder: truncate(pages === 1 ? group.label : spec.labels.page(group.label, page + 1, pages), 150),
      min_values: 1,
      max_values: 1,
      options,
    };
    return { type: ComponentType.ActionRow, components: [select] };
  });
  if (tools) {
    const components: APIButtonComponentWithCustomId[] = [];
    if (spec.canUndo) {
      components.push({
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: truncate(spec.labels.undo, 80),
        custom_id: encodeCustomId({ gameId: spec.gameId, version: spec.version, verb: 'undo', seat: spec.seat }),
      });
    }
    if (spec.undoWhole !== undefined) {
      components.push({
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: truncate(spec.undoWhole, 80),
        custom_id: encodeCustomId({ gameId: spec.gameId, version: spec.version, verb: 'undoall', seat: spec.seat }),
      });
    }
    if (spec.suggest !== undefined) {
      components.push({
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: truncate(spec.suggest, 80),
        custom_id: encodeCustomId({ gameId: spec.gameId, version: spec.version, verb: 'suggest', seat: spec.seat }),
      });
    }
    rows.push({ type: ComponentType.ActionRow, components });
  }
  return rows;
}

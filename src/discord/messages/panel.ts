/**
 * The private turn panel: what the last click did, the prompt, the choices in their groups (compound
 * choices first), Undo and Suggest; and the question before a compound choice that pays for nothing.
 */
import { ButtonStyle } from 'discord.js';
import type { ActiveSnapshot, GameService } from '../../app/game-service.js';
import type { EffectiveEntry } from '../../app/log.js';
import { achievesNothing, MAX_CHAIN, visibleEvents, type GameEvent, type Locale, type Seat } from '../../engine/index.js';
import { encodeCustomId } from '../codec.js';
import { compoundText, FULL_WORDING, paymentText, type CompoundWords } from '../compound-text.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { buildPanel, truncate, type PanelAction, type PanelRow } from '../panel.js';
import { EmojiBook } from '../emojis.js';
import { oneLine } from '../text.js';
import { type PrivateMessage, BUTTON_MAX, button, row, fit } from './shared.js';
import { names, labelNames, pictureNames } from './names.js';
import { eventText } from './turns.js';
import { phonePicture } from './board.js';
import { catchUpLines } from './catch-up.js';

export interface PanelNotes {
  readonly notice?: string;
  /** The app's emojis for the choices' symbols (none: every label in words alone). */
  readonly emojis?: EmojiBook | undefined;
  /** What the last click did (events visible to this seat). */
  readonly did?: readonly GameEvent[];
  readonly page?: { readonly group: number; readonly page: number };
  /** A learning game's coaching (coaching.ts): the verdict after what the click did, the hint and a tip after the decision. */
  readonly coaching?: { readonly verdict?: string; readonly hint?: string; readonly tip?: string };
  /**
   * A panel opened for a decision (Take my turn, a panel that follows its player back): it starts with what
   * happened since the seat's last decision (catch-up.ts). The panels of its later steps do not tell it again.
   */
  readonly catchUp?: boolean;
}

/**
 * The panel group of the compound choices (see GameService.chains): first, before the step-by-step groups,
 * unless every one of them achieves nothing (skips the action, ends the turn): then last, in grey.
 */
export const CHAIN_GROUP = '*chain';

/**
 * The choices a panel offers, in order: the compound choices first (index: the number of legal actions plus
 * their number), then every legal action. Shared with the clicks-per-turn benchmark.
 */
export function panelChoices(legal: readonly unknown[], compounds: readonly (readonly unknown[])[]): { index: number; steps: readonly unknown[] }[] {
  return [...compounds.map((steps, k) => ({ index: legal.length + k, steps })), ...legal.map((action, index) => ({ index, steps: [action] }))];
}

/** A compound's words in the reader's language, with the players' names cut and the words short where the label needs it. */
function compoundWords(game: ActiveSnapshot, presenter: GamePresenter, locale: Locale): CompoundWords {
  const playerNames = labelNames(game);
  return ({ nameMax, short }) => {
    const shown = nameMax === null ? playerNames : playerNames.map((name) => oneLine(name, nameMax));
    const say = (m: Parameters<GamePresenter['format']>[0]): string => presenter.format((short ? presenter.shortForm?.(m) : undefined) ?? m, locale, shown);
    return { say, describe: (action) => say(game.module.definition.describeAction(action)) };
  };
}

/** A compound choice's panel group: the game's own (see GamePresenter.compoundGroup), or the one "In one go…". */
export function compoundGroupOf(presenter: GamePresenter, steps: readonly unknown[], chainGroup: string, say: (m: Parameters<GamePresenter['format']>[0]) => string): { group: string; groupLabel: string } {
  const own = presenter.compoundGroup?.(steps);
  return own === undefined ? { group: CHAIN_GROUP, groupLabel: chainGroup } : { group: `${CHAIN_GROUP}:${own.id}`, groupLabel: say(own.label) };
}

export function panelActions(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, emojis: EmojiBook = EmojiBook.NONE): PanelAction[] {
  const words = compoundWords(game, presenter, locale);
  const legal = service.legalActions(game, seat);
  const details = service.optionDetails(game, seat, legal);
  const chainGroup = t(locale, 'panel.chainGroup');
  const { say } = words(FULL_WORDING);
  const actions = panelChoices(legal, service.compounds(game, seat, legal)).map(({ index, steps }): PanelAction => {
    if (index >= legal.length) {
      // A compound choice names what it achieves first; one that achieves nothing is offered last.
      const info = service.compoundSteps(game, seat, steps);
      const text = compoundText(info, words);
      // The emoji of the first step about a symbol (the colour a stall is built in, the ruby bought); its words stay whole.
      const emoji = steps.map((step) => emojis.label(presenter, game.module.definition.describeAction(step)).emoji).find((e) => e !== undefined);
      return {
        index,
        label: text.label,
        ...(emoji === undefined ? {} : { emoji }),
        ...(text.details.length === 0 ? {} : { details: text.details }),
        // One "In one go…", or the game's own groups of them when there are more than a select shows.
        ...compoundGroupOf(presenter, steps, chainGroup, say),
        always: achievesNothing(info.map((s) => s.kind)),
      };
    }
    const group = presenter.group(steps[0]);
    const parts = (details[index] ?? []).map(say);
    // With the emoji of what it is about, the label's words that go beside it.
    const { message, emoji } = emojis.label(presenter, game.module.definition.describeAction(steps[0]));
    return {
      index,
      label: say(message),
      ...(emoji === undefined ? {} : { emoji }),
      ...(parts.length === 0 ? {} : { details: parts }),
      group: group.id,
      groupLabel: group.label === null ? chainGroup : say(group.label),
      always: group.always,
    };
  });
  return ownGroupsInOrder(actions);
}

/**
 * A game's own compound groups in the order of their ids, whichever choice came first (Kairo: sections 1–3,
 * 4–6, 7–9 though violet, first of the colours, opens only 4–9); in the places the compound choices hold.
 */
function ownGroupsInOrder(actions: readonly PanelAction[]): PanelAction[] {
  const own = (action: PanelAction): boolean => action.group.startsWith(`${CHAIN_GROUP}:`);
  const sorted = actions.filter(own).sort((a, b) => a.group.localeCompare(b.group, 'en', { numeric: true }));
  let next = 0;
  return actions.map((action) => (own(action) ? (sorted[next++] as PanelAction) : action));
}

export async function panelRows(
  service: GameService,
  game: ActiveSnapshot,
  presenter: GamePresenter,
  seat: Seat,
  locale: Locale,
  page?: { group: number; page: number },
  emojis: EmojiBook = EmojiBook.NONE,
): Promise<PanelRow[]> {
  const log = await service.recentEffective(game, MAX_CHAIN + 1);
  const canUndo = await service.canUndo(game, seat, log);
  const whole = await service.compoundUndoSteps(game, seat, log);
  return buildPanel({
    gameId: game.row.id,
    version: game.row.version,
    seat,
    actions: panelActions(service, game, presenter, seat, locale, emojis),
    canUndo,
    ...(whole === 0 ? {} : { undoWhole: undoWholeLabel(game, presenter, locale, log.slice(-whole)) }),
    // Advice only makes sense with a choice to make.
    ...(service.legalActions(game, seat).length > 1 ? { suggest: t(locale, 'panel.suggest') } : {}),
    ...(page === undefined ? {} : { page }),
    labels: {
      undo: t(locale, 'panel.undo'),
      more: t(locale, 'panel.more'),
      previousPage: t(locale, 'panel.previousPage'),
      nextPage: t(locale, 'panel.nextPage'),
      page: (group, p, pages) => t(locale, 'panel.page', { group, page: p, pages }),
    },
  });
}

/** "Undo the whole “Move to Great Market” (3 steps)": the compound named by its first step, cut to fit a button. */
function undoWholeLabel(game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, steps: readonly EffectiveEntry[]): string {
  const first = steps[0] === undefined ? '' : presenter.format(game.module.definition.describeAction(steps[0].action), locale, labelNames(game));
  const label = (action: string): string => t(locale, 'panel.undoCompound', { action, count: steps.length });
  const room = BUTTON_MAX - [...label('')].length;
  return label([...first].length <= room ? first : truncate(first, Math.max(room, 1)));
}

/**
 * The private question before a compound choice that pays and then does nothing (it cannot be taken back
 * once the turn ends): what it costs and why nothing can be done there, Yes and "back to my choices".
 */
export function compoundConfirmMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, index: number, locale: Locale): PrivateMessage {
  const words = compoundWords(game, presenter, locale);
  const { say } = words(FULL_WORDING);
  const legal = service.legalActions(game, seat);
  const steps = service.compounds(game, seat, legal)[index - legal.length] ?? [];
  const info = service.compoundSteps(game, seat, steps);
  const text = compoundText(info, words);
  const reason = info.flatMap((s) => s.reasons.map(say)).join(' ');
  const id = { gameId: game.row.id, version: game.row.version, seat };
  return {
    content: fit([t(locale, 'compound.confirm', { choice: text.label, cost: paymentText(info, say).join(', '), reason }).trim()]),
    components: [
      row(
        button(t(locale, 'compound.confirmButton'), encodeCustomId({ ...id, verb: 'sure', index }), ButtonStyle.Danger),
        button(t(locale, 'compound.cancel'), encodeCustomId({ ...id, verb: 'back' }), ButtonStyle.Secondary),
      ),
    ],
  };
}

/** The seat's panel, or a short text when it has nothing to decide. */
export async function panelMessage(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, notes: PanelNotes = {}): Promise<PrivateMessage> {
  const playerNames = names(game);
  const lines: string[] = [];
  if (notes.notice !== undefined) lines.push(notes.notice);
  const did = visibleEvents(notes.did ?? [], seat);
  if (did.length > 0) lines.push(t(locale, 'panel.did', { events: eventText(presenter, did, locale, playerNames, 800) }));
  if (notes.coaching?.verdict !== undefined) lines.push(notes.coaching.verdict);
  if (game.row.status !== 'active') {
    lines.push(t(locale, 'panel.gameOver'));
    return { content: fit(lines), components: [], ...panelPictureOff(presenter) };
  }
  const active = service.activeSeats(game);
  if (!active.includes(seat)) {
    lines.push(t(locale, 'refusal.not_your_turn', { players: active.map((s) => playerNames[s] ?? `#${s + 1}`).join(', ') }));
    return { content: fit(lines), components: [], ...panelPictureOff(presenter) };
  }
  if (notes.catchUp === true) lines.unshift(...(await catchUpLines(service, game, presenter, seat, locale)));
  const view = service.seatView(game, seat);
  lines.push(t(locale, 'panel.prompt', { prompt: presenter.prompt(view, seat, locale, playerNames) }));
  // Why the choice is narrow (a dead end), what is still owed.
  for (const note of service.decisionNotes(game, seat)) lines.push(presenter.format(note, locale, playerNames));
  if (notes.coaching?.hint !== undefined) lines.push(notes.coaching.hint);
  if (notes.coaching?.tip !== undefined) lines.push(notes.coaching.tip);
  return withPanelPicture(service, game, presenter, seat, locale, { content: fit(lines), components: await panelRows(service, game, presenter, seat, locale, notes.page, notes.emojis) });
}

/**
 * A panel of a game whose panels may carry a picture, showing no decision: without one (an edited panel
 * keeps the files it had unless told otherwise).
 */
export function panelPictureOff(presenter: GamePresenter): Pick<PrivateMessage, 'files'> {
  return presenter.panelPicture === undefined && presenter.renderPhoneBoard === undefined ? {} : { files: [] };
}

/**
 * The panel with its picture, drawn in the render pool from the public view: the one its game gives it now
 * (see GamePresenter.panelPicture), or else the phone picture of the board as it stands when the seat's
 * player chose it (/game notify phone_picture); without one when neither gives one now. A picture that
 * cannot be drawn holds up no decision: the panel goes without it.
 */
async function withPanelPicture(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, seat: Seat, locale: Locale, message: PrivateMessage): Promise<PrivateMessage> {
  const own = presenter.panelPicture?.(service.publicView(game), { locale, names: pictureNames(game) }) ?? null;
  try {
    if (own !== null) {
      const name = `${game.module.definition.id}-${game.row.id}-${game.row.version}-panel.png`;
      return { ...message, files: [{ attachment: await own.png, name, description: own.description }] };
    }
    const userId = game.seats.find((s) => s.seat === seat)?.userId;
    const phone = userId !== undefined && presenter.renderPhoneBoard !== undefined && (await service.notifySettings(userId)).phonePicture ? await phonePicture(service, game, presenter, locale, 'now') : null;
    return { ...message, ...(phone === null ? panelPictureOff(presenter) : { files: [phone] }) };
  } catch {
    return { ...message, ...panelPictureOff(presenter) };
  }
}

/**
 * The pictures of `/help rules`, to learn a game by: a picture per place (Istanbul) or card kind (Kairo) with
 * its text, chosen from a select menu or paged with ◀ ▶, in the player's language, always private (an
 * ephemeral answer replaced in place). The pictures are drawn in the render pool (GamePresenter.rulesCards).
 *
 * Their buttons and menu belong to no game, so they carry a custom_id of their own, parsed as strictly as
 * the game ids (codec.ts):
 *
 *   r1:<game>:<n>   ◀ ▶ and the first "show the pictures": the n-th card (from 0) of that game
 *   r1:<game>:s     the select menu; its value: a card's id (Istanbul: a place number, Kairo: a kind)
 */
import { AttachmentBuilder, ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow } from 'discord.js';
import type { Locale } from '../engine/index.js';
import type { GamePresenter, PresenterRegistry, RulesCards } from '../games/contract.js';
import { RenderBusyError } from '../render/board-job.js';
import type { ComponentInteraction, HandlerEnv } from './context.js';
import { t } from './i18n/index.js';
import { notePrivately } from './respond.js';
import { truncate } from './panel.js';

export const RULES_ID_PREFIX = 'r1';

export type RulesCardId = { readonly game: string; readonly pick: { readonly kind: 'index'; readonly index: number } | { readonly kind: 'select' } };

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

const GAME = /^[a-z][a-z0-9-]{0,30}$/;
const INDEX = /^(0|[1-9][0-9]{0,2})$/;

export function encodeRulesCardId(id: RulesCardId): string {
  return [RULES_ID_PREFIX, id.game, id.pick.kind === 'select' ? 's' : String(id.pick.index)].join(':');
}

/** The custom_id as `encodeRulesCardId` makes it, or null for anything else (a game id is checked later). */
export function parseRulesCardId(raw: unknown): RulesCardId | null {
  if (typeof raw !== 'string' || raw.length > 100) return null;
  const parts = raw.split(':');
  if (parts.length !== 3 || parts[0] !== RULES_ID_PREFIX) return null;
  const [, game, pick] = parts as [string, string, string];
  if (!GAME.test(game)) return null;
  if (pick === 's') return { game, pick: { kind: 'select' } };
  return INDEX.test(pick) ? { game, pick: { kind: 'index', index: Number(pick) } } : null;
}

/** The menu of a game's cards (the current one marked), as a row. */
function menuRow(game: string, cards: RulesCards, locale: Locale, current: string | null): Row {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.StringSelect,
        custom_id: encodeRulesCardId({ game, pick: { kind: 'select' } }),
        placeholder: truncate(cards.menu(locale), 150),
        options: cards.subjects(locale).slice(0, 25).map((s) => ({ label: truncate(s.label, 100), value: s.id, description: truncate(s.description, 100), default: s.id === current })),
      },
    ],
  };
}

function buttonTo(game: string, index: number, label: string, disabled = false): APIComponentInMessageActionRow {
  return { type: ComponentType.Button, style: ButtonStyle.Secondary, label, custom_id: encodeRulesCardId({ game, pick: { kind: 'index', index } }), disabled };
}

/** /help rules: the rules in brief, and the way to the pictures when the game has them. */
export function rulesHelpMessage(presenter: GamePresenter, text: string, locale: Locale): { content: string; components: Row[] } {
  const cards = presenter.rulesCards;
  if (cards === undefined) return { content: text, components: [] };
  const start: Row = { type: ComponentType.ActionRow, components: [buttonTo(presenter.kind, 0, t(locale, 'rules.show'))] };
  return { content: truncate(text, 2000), components: [menuRow(presenter.kind, cards, locale, null), start] };
}

/**
 * A click on the pictures' menu or ◀ ▶: the chosen card's picture and text replace the answer. A card
 * that does not exist (a forged id, a game no longer hosted) is refused with a short private note; the
 * answer stays as it was.
 */
export async function showRulesCard(env: HandlerEnv, interaction: ComponentInteraction, id: RulesCardId, presenters: PresenterRegistry): Promise<void> {
  const locale = env.locale;
  const presenter = presenters.get(id.game);
  const cards = presenter?.rulesCards;
  if (presenter === undefined || cards === undefined) return notePrivately(interaction, t(locale, 'rules.unknown'));
  const subjects = cards.subjects(locale);
  const chosen = id.pick.kind === 'index' ? id.pick.index : interaction.isStringSelectMenu() && interaction.values.length === 1 ? subjects.findIndex((s) => s.id === interaction.values[0]) : -1;
  const subject = subjects[chosen];
  const words = subject === undefined ? undefined : cards.text(subject.id, locale);
  if (subject === undefined || words === undefined) return notePrivately(interaction, t(locale, 'rules.unknown'));
  const position = t(locale, 'rules.position', { n: chosen + 1, count: subjects.length });
  let png: Buffer;
  try {
    png = await cards.render(subject.id, locale, position);
  } catch (error) {
    if (!(error instanceof RenderBusyError)) throw error;
    return notePrivately(interaction, t(locale, 'rules.busy'));
  }
  const name = `rules-${id.game}-${subject.id}.png`;
  const paging: Row = {
    type: ComponentType.ActionRow,
    components: [buttonTo(id.game, Math.max(chosen - 1, 0), '◀', chosen === 0), buttonTo(id.game, Math.min(chosen + 1, subjects.length - 1), '▶', chosen === subjects.length - 1)],
  };
  await interaction.editReply({
    content: truncate(`**${words.title}** (${position})\n${words.text}`, 2000),
    components: [menuRow(id.game, cards, locale, subject.id), paging],
    files: [new AttachmentBuilder(png, { name, description: words.title })],
    allowedMentions: { parse: [] },
  });
}

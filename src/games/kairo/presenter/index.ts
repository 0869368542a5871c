/**
 * Kairo in Discord: the board picture, panel groups, prompts, the hand, and /help's rules and decisions.
 *
 * Building is split into small decisions by the engine (card payment, section, field, entrance side,
 * coins), each with only its legal choices; the panel gives every step its own row or select, labelled
 * with the picture's words (section numbers, fields A1..N10). The hand is ephemeral text: at most four
 * cards, six coin counts and the criers read at a glance, in the reader's language, without a second image.
 */
import type { Catalogue, Catalogues, Locale, Message, Seat } from '../../../engine/index.js';
import { formatMessage } from '../../../engine/index.js';
import {
  kairo,
  type CardType,
  type Colour,
  type KairoAction,
  type KairoCardView,
  type KairoPublicView,
  type KairoSeatView,
} from '../index.js';
import { COINS_PER_FINAL_POINT } from '../data/board.js';
import { fieldY, sectionOf } from '../data/geometry.js';
import type { BoardJob, BoardPicture, BoardRenderer } from '../../../render/board-job.js';
import { lastActionFromEvents } from '../view/last-action.js';
import { kairoPresenterMessages } from './messages.js';
import { kairoChangedFor } from './catch-up.js';
import { kairoRulesCards } from './rules-cards.js';
import { kairoWords } from './words.js';
import { KAIRO_SYMBOLS, kairoSymbolOf } from './symbols.js';
import { altText, type BoardWords } from '../../board-words.js';
import type { KairoRenderOptions, PublicViewOnly } from '../render/board.js';
import type { ActionGroup, GamePresenter, HelpTopic, RenderOptions } from '../../contract.js';

type Group = 'stall' | 'extend' | 'relocate' | 'lead' | 'draw' | 'pay' | 'coin' | 'section' | 'field' | 'entrance' | 'coins' | 'target' | 'take' | 'discard' | 'pass';

const GROUP_OF: Readonly<Record<KairoAction['t'], Group>> = {
  build: 'stall',
  lead: 'lead',
  draw: 'draw',
  pass: 'pass',
  card: 'pay',
  joker: 'pay',
  three: 'pay',
  jokerCoin: 'coin',
  section: 'section',
  field: 'field',
  entrance: 'entrance',
  payStall: 'coins',
  payOther: 'coins',
  target: 'target',
  takeDisplay: 'take',
  takeDeck: 'take',
  takeCrier: 'take',
  discard: 'discard',
};

/** Stopping in the final phase is always possible and final: grey, last. */
const ALWAYS = new Set<Group>(['pass']);

const COLOUR_KEYS = ['violet', 'red', 'yellow', 'green', 'blue', 'orange'] as const satisfies readonly Colour[];

/**
 * The engine's event texts begin with "Player {player}" (the seat number); in Discord the player's name
 * takes the whole place, so the word before {player} goes.
 */
const PLAYER_WORD: Readonly<Record<Locale, RegExp>> = { en: /\bplayer \{player\}/gi, de: /\bspieler \{player\}/gi, nl: /\bspeler \{player\}/gi };

function named(catalogue: Catalogue, locale: Locale): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, text.replace(PLAYER_WORD[locale], '{player}')]));
}

/** The engine's words (players by name) and the presenter's, in one catalogue per locale. */
const catalogues: Catalogues = {
  en: { ...named(kairo.messages.en, 'en'), ...kairoPresenterMessages.en },
  de: { ...named(kairo.messages.de ?? {}, 'de'), ...kairoPresenterMessages.de },
  nl: { ...named(kairo.messages.nl ?? {}, 'nl'), ...kairoPresenterMessages.nl },
};

function text(key: string, locale: Locale, params: Readonly<Record<string, string | number>> = {}): string {
  return formatMessage(catalogues, { key, params }, locale);
}

function playerName(names: readonly string[], seat: number, locale: Locale): string {
  return names[seat] ?? text('kairo.player', locale, { n: seat + 1 });
}

function format(message: Message, locale: Locale, names: readonly string[]): string {
  const player = message.params?.player;
  if (typeof player !== 'number') return formatMessage(catalogues, message, locale);
  return formatMessage(catalogues, { key: message.key, params: { ...message.params, player: playerName(names, player - 1, locale) } }, locale);
}

function colourWord(colour: Colour, locale: Locale): string {
  return text(`kairo.colour.${colour}`, locale);
}

/** "section 4 ×2, section 7, joker 1/2/3": the cards grouped, in the engine's sorted order. */
function cardsText(hand: readonly KairoCardView[], locale: Locale): string {
  const counts = new Map<CardType, { card: KairoCardView; n: number }>();
  for (const card of hand) {
    const seen = counts.get(card.type);
    if (seen === undefined) counts.set(card.type, { card, n: 1 });
    else seen.n++;
  }
  return [...counts.values()]
    .map(({ card, n }) => {
      const name = card.joker ? text('kairo.hand.joker', locale, { sections: card.sections.join('/') }) : text('kairo.hand.section', locale, { section: card.sections[0] ?? '' });
      return n > 1 ? `${name} ×${n}` : name;
    })
    .join(', ');
}

function prompt(view: KairoPublicView, locale: Locale): string {
  const decision = decisionPrompt(view, locale);
  // During the start the board picture in the channel stays the one from before the first stall: the count is said here.
  if (view.phase !== 'setup' || decision === '') return decision;
  return `${decision} ${text('kairo.prompt.setupLeft', locale, { remaining: view.setup?.remaining ?? 0 })}`;
}

function decisionPrompt(view: KairoPublicView, locale: Locale): string {
  const p = view.pending;
  if (p === null) return '';
  switch (p.kind) {
    case 'turn':
      if (view.phase === 'setup') return text('kairo.prompt.setup', locale);
      return text(view.finalPhase ? 'kairo.prompt.turnFinal' : 'kairo.prompt.turn', locale);
    case 'lead':
      return text('kairo.prompt.lead', locale, { colour: p.colour === null ? '' : colourWord(p.colour, locale) });
    case 'draw':
      return p.step === 'discard' ? text('kairo.prompt.discard', locale) : text('kairo.prompt.draw', locale, { n: p.drawn + 1 });
    case 'build': {
      const colour = p.colour === null ? '' : colourWord(p.colour, locale);
      const what = text(`kairo.prompt.what.${p.mode ?? 'stall'}`, locale, { colour });
      const field = p.field === null ? '' : (view.board.fields[p.field]?.label ?? '');
      const step = text(`kairo.prompt.step.${p.step ?? 'card'}`, locale, { section: p.section ?? '', field, cost: p.cost ?? '', colour });
      return text('kairo.prompt.build', locale, { what, step });
    }
  }
}

function kairoJob(view: unknown, options: RenderOptions, picture: BoardPicture): BoardJob {
  // A game over (ranks given) is drawn over, also one won before the rules' end: nobody left to decide.
  const board = (options.ranks === undefined ? view : { ...(view as KairoPublicView), phase: 'over', activeSeat: null }) as PublicViewOnly;
  return {
    game: 'kairo',
    picture,
    view: board,
    options: {
      locale: options.locale,
      names: options.names,
      lastAction: lastActionFromEvents(board, options.lastTurn ?? []),
      ...(options.ranks !== undefined ? { ranks: options.ranks } : {}),
    } satisfies KairoRenderOptions,
  };
}

/**
 * The start stall's compound choices in selects of their own, each within a select's 25 options: its colour
 * with a section, by the three rows of sections (at most 6 colours x 3 sections); a field with an entrance
 * side, by the field's row (at most 4 fields x 4 sides). Drawing and leading keep the one "In one go…".
 */
function compoundGroup(steps: readonly unknown[]): { id: string; label: Message } | undefined {
  const [first, second] = steps as readonly (KairoAction | undefined)[];
  if (first?.t === 'build' && (second?.t === 'section' || second?.t === 'field')) {
    const section = second.t === 'section' ? second.section : sectionOf(second.field);
    const from = 1 + 3 * Math.floor((section - 1) / 3);
    return { id: `start-sections-${from}`, label: { key: 'kairo.group.startSections', params: { from, to: from + 2 } } };
  }
  if (first?.t === 'field' && second?.t === 'entrance') {
    const row = fieldY(first.field) + 1;
    return { id: `start-row-${row}`, label: { key: 'kairo.group.startRow', params: { row } } };
  }
  return undefined;
}

/** The pictures a panel carried lately, by what they show: a click that changes nothing on it draws nothing. */
const PANEL_PICTURES_KEPT = 16;

/**
 * The phone picture of the public view for the deciding player's panel during the variable start: the
 * channel keeps the start's one board picture until the last stall stands, so the panel shows where every
 * stall stands now and how many are still to place. Drawn from the public view only (the panel is private,
 * the picture is the table's), in the render pool.
 */
function panelPictures(boards: BoardRenderer): NonNullable<GamePresenter['panelPicture']> {
  const kept = new Map<string, Promise<Buffer>>();
  return (raw, options) => {
    const view = raw as KairoPublicView;
    if (view.phase !== 'setup') return null;
    // What it shows first, then the board in words as the alt text of every board picture.
    const words = describe(view, options);
    const description = altText({ ...words, now: [text('kairo.panelPicture', options.locale, { remaining: view.setup?.remaining ?? 0 }), ...words.now] });
    const key = JSON.stringify([view, options.locale, options.names]);
    const drawn = kept.get(key);
    if (drawn !== undefined) return { png: drawn, description };
    const png = boards.render(kairoJob(view, { locale: options.locale, names: options.names }, 'phone'), 'now');
    kept.set(key, png);
    png.catch(() => kept.delete(key));
    while (kept.size > PANEL_PICTURES_KEPT) kept.delete(kept.keys().next().value as string);
    return { png, description };
  };
}

/** The board in words (alt text, Board as text), from the public view. */
function describe(view: KairoPublicView, options: RenderOptions): BoardWords {
  return kairoWords(view, options, { text, format, prompt: prompt(view, options.locale) });
}

/** Kairo's presenter; its board pictures are drawn by `boards` (the render pool in the bot). */
export const kairoPresenter = (boards: BoardRenderer): GamePresenter => ({
  kind: 'kairo',
  compoundGroup,
  changedFor: kairoChangedFor,
  panelPicture: panelPictures(boards),
  scoreTrack: {
    label: 'summary.points',
    scores: (view) => (view as KairoPublicView).players.map((p) => p.score),
    draw: (chart) => boards.render({ game: 'chart', view: chart, options: {} }),
  },
  messages: kairoPresenterMessages,
  name: (locale) => text('kairo.name', locale),
  format,
  emojis: { symbols: KAIRO_SYMBOLS, draw: (symbol) => boards.render({ game: 'kairo', picture: 'emoji', view: symbol, options: {} }) },
  symbolOf: kairoSymbolOf,
  renderBoard(view, options, priority) {
    return boards.render(kairoJob(view, options, 'board'), priority);
  },
  renderPhoneBoard(view, options, priority) {
    return boards.render(kairoJob(view, options, 'phone'), priority);
  },
  status(raw, locale, names) {
    const view = raw as KairoPublicView;
    if (view.phase === 'setup') return text('kairo.status.setup', locale, { remaining: view.setup?.remaining ?? 0 });
    // In playing order, as the picture's panels and the numbers on the discs.
    const n = view.players.length;
    const inOrder = [...view.players].sort((a, b) => ((a.seat - view.startSeat + n) % n) - ((b.seat - view.startSeat + n) % n));
    const scores = inOrder.map((p) => `${playerName(names, p.seat, locale)} ${p.score}`).join(', ');
    const lines = [text('kairo.status', locale, { turn: view.turn + 1, scores })];
    if (view.phase === 'over') lines.push(text('kairo.status.over', locale));
    else if (view.finalPhase) {
      const out = view.players.filter((p) => p.out).map((p) => playerName(names, p.seat, locale));
      lines.push(text('kairo.status.final', locale, { out: out.length === 0 ? text('kairo.none', locale) : out.join(', ') }));
    }
    return lines.join('\n');
  },
  describe: (raw, options) => describe(raw as KairoPublicView, options),
  prompt(raw, _seat: Seat, locale) {
    return prompt(raw as KairoPublicView, locale);
  },
  hand(raw, _seat, locale, _names, mark = () => '') {
    const view = raw as KairoSeatView;
    const player = view.players[view.seat];
    const lines = [
      view.hand.length === 0 ? text('kairo.hand.noCards', locale) : text('kairo.hand.cards', locale, { count: view.hand.length, cards: cardsText(view.hand, locale) }),
    ];
    const total = COLOUR_KEYS.reduce((sum, c) => sum + view.coins[c], 0);
    const coins = COLOUR_KEYS.map((c) => `${mark(`kairo_coin_${c}`)}${colourWord(c, locale)} ${view.coins[c]}`).join(' · ');
    lines.push(text('kairo.hand.coins', locale, { total, points: Math.floor(total / COINS_PER_FINAL_POINT), coins }));
    lines.push(text('kairo.hand.criers', locale, { criers: player?.criers ?? 0 }));
    if (player !== undefined && player.stallsInSupply.length > 0) {
      lines.push(text('kairo.hand.stalls', locale, { colours: player.stallsInSupply.map((c) => `${mark(`kairo_${c}`)}${colourWord(c, locale)}`).join(', ') }));
    }
    return lines.join('\n');
  },
  group(raw): ActionGroup {
    const action = raw as KairoAction;
    const id: Group = action.t === 'build' ? action.kind : (GROUP_OF[action.t] ?? 'stall');
    return { id, label: { key: `kairo.group.${id}` }, always: ALWAYS.has(id) };
  },
  // A picture per kind of card for /help rules.
  rulesCards: kairoRulesCards(boards),
  help(topic: HelpTopic, locale) {
    return text(topic === 'rules' ? 'kairo.help.rules' : 'kairo.help.decisions', locale);
  },
});

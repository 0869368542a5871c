/** Istanbul in Discord: the board picture, panel groups, prompts, the hand, and /help's rules and decisions. */
import type { Catalogues, GameEvent, Locale, Message, Seat } from '../../../engine/index.js';
import { istanbul, formatIstanbulMessage, type IstanbulAction, type IstanbulPublicView, type IstanbulSeatView } from '../index.js';
import type { BoardJob, BoardPicture, BoardRenderer } from '../../../render/board-job.js';
import type { IstanbulRenderOptions, PublicViewOnly } from '../render/board.js';
import type { ActionGroup, GamePresenter, HelpTopic, RenderOptions } from '../../contract.js';
import { istanbulRulesCards } from './rules-cards.js';
import { EXPANSION_GROUP_OF, lettersAndSealsHandLine } from './expansion.js';
import { istanbulPresenterMessages } from './messages.js';
import { PLAYER_STYLES } from '../render/style.js';
import { GOOD_SYMBOL, ISTANBUL_SYMBOLS, istanbulSymbolOf } from './symbols.js';
import { istanbulChangedFor } from './catch-up.js';
import { movesFromEvents } from '../view/moves.js';
import type { MoveView } from '../view/types.js';
import { istanbulWords } from './words.js';

type Group = 'move' | 'main' | 'sell' | 'police' | 'teaHouse' | 'fountain' | 'discard' | 'mosque' | 'sultan' | 'encounter' | 'pay' | 'cards' | 'tile' | 'end';

/** Actions not listed (new ones, e.g. the expansion's) fall into the main group. */
const GROUP_OF: Partial<Record<IstanbulAction['type'], Group>> = {
  move: 'move',
  moveFar: 'move',
  stay: 'move',
  returnAssistant: 'move',
  leaveAssistant: 'main',
  pickUpAssistant: 'main',
  payMerchants: 'main',
  skipAction: 'main',
  wainwright: 'main',
  warehouse: 'main',
  buyExtraGood: 'main',
  declineExtraGood: 'main',
  postOffice: 'main',
  caravansaryDraw: 'main',
  caravansaryDiscard: 'discard',
  fountainRecall: 'fountain',
  fountainRecallAll: 'fountain',
  fountainDone: 'fountain',
  blackMarketGood: 'main',
  blackMarketRoll: 'main',
  teaHouse: 'teaHouse',
  redTileSetFour: 'main',
  redTileReroll: 'main',
  redTileKeep: 'main',
  sell: 'sell',
  police: 'police',
  sultan: 'sultan',
  mosque: 'mosque',
  gemstone: 'main',
  repeatAction: 'cards',
  capture: 'encounter',
  governor: 'encounter',
  smuggler: 'encounter',
  governorPay: 'pay',
  smugglerPay: 'pay',
  take5Lira: 'cards',
  takeGood: 'cards',
  familyToPolice: 'cards',
  yellowTile: 'tile',
  endTurn: 'end',
  finish: 'end',
};

const ALWAYS = new Set<Group>(['cards', 'tile', 'end']);

/** Whether the view's last roll is among the events under the board (rolled since the previous board). */
export function rolledInSummary(view: IstanbulPublicView, events: readonly GameEvent[]): boolean {
  const roll = view.lastRoll;
  if (roll === null) return false;
  return events.some((e) => e.seat === roll.seat && e.params?.die1 === roll.dice[0] && e.params.die2 === roll.dice[1]);
}

/** The moves the events under the board tell, for the picture to mark (none told: it marks the view's last move). */
function markedMoves(view: IstanbulPublicView, events: readonly GameEvent[]): { moves?: MoveView[] } {
  const moves = movesFromEvents(view, events);
  return moves === undefined ? {} : { moves };
}

/** The engine's words and the presenter's, in one catalogue per locale. */
const catalogues: Catalogues = {
  en: { ...istanbul.messages.en, ...istanbulPresenterMessages.en },
  de: { ...(istanbul.messages.de ?? {}), ...istanbulPresenterMessages.de },
  nl: { ...(istanbul.messages.nl ?? {}), ...istanbulPresenterMessages.nl },
};

function format(message: Message, locale: Locale, names: readonly string[]): string {
  const seatName = (seat: number): string => names[seat] ?? formatIstanbulMessage(catalogues, { key: 'istanbul.player', params: { seat: seat + 1 } }, locale);
  return formatIstanbulMessage(catalogues, message, locale, seatName);
}

/** The catalogue's shorter wording of a message (`<key>.short`), also of the action played from the discard pile. */
function shortForm(message: Message): Message | undefined {
  const short = (key: string): string | undefined => (catalogues.en?.[`${key}.short`] === undefined ? undefined : `${key}.short`);
  const via = message.params?.via;
  const shortVia = typeof via === 'string' ? short(via) : undefined;
  const key = short(message.key);
  if (key === undefined && shortVia === undefined) return undefined;
  const params = shortVia === undefined ? message.params : { ...message.params, via: shortVia };
  return params === undefined ? { key: key ?? message.key } : { key: key ?? message.key, params };
}

function istanbulJob(view: unknown, options: RenderOptions, picture: BoardPicture): BoardJob {
  return {
    game: 'istanbul',
    picture,
    // A game over (ranks given) is drawn over, also one won before the rules' end: nobody left to decide.
    view: (options.ranks === undefined ? view : { ...(view as IstanbulPublicView), phase: 'over', decision: null, turnSeat: null }) as PublicViewOnly,
    options: {
      locale: options.locale,
      names: options.names,
      ...(options.ranks !== undefined ? { ranks: options.ranks } : {}),
      freshRoll: rolledInSummary(view as IstanbulPublicView, options.lastTurn ?? []),
      ...markedMoves(view as IstanbulPublicView, options.lastTurn ?? []),
    } satisfies IstanbulRenderOptions,
  };
}

/** What the deciding seat decides now, with the place and the dice it is about; '' when nobody decides. */
function prompt(view: IstanbulPublicView, locale: Locale, names: readonly string[]): string {
  const decision = view.decision;
  if (decision === null) return '';
  const prompt = format({ key: `istanbul.decision.${decision.kind}` }, locale, names);
  if (decision.dice !== null) return format({ key: 'istanbul.prompt.dice', params: { prompt, die1: decision.dice[0], die2: decision.dice[1] } }, locale, names);
  if (decision.place !== null) return format({ key: 'istanbul.prompt.place', params: { prompt, place: decision.place } }, locale, names);
  return prompt;
}

/** Istanbul's presenter; its board pictures are drawn by `boards` (the render pool in the bot). */
export const istanbulPresenter = (boards: BoardRenderer): GamePresenter => ({
  kind: 'istanbul',
  scoreTrack: {
    label: 'summary.rubies',
    scores: (view) => (view as IstanbulPublicView).players.map((p) => p.rubies),
    draw: (chart) => boards.render({ game: 'chart', view: chart, options: {} }),
  },
  messages: istanbulPresenterMessages,
  name: (locale) => format({ key: 'istanbul.name' }, locale, []),
  format,
  shortForm,
  emojis: { symbols: ISTANBUL_SYMBOLS, draw: (symbol) => boards.render({ game: 'istanbul', picture: 'emoji', view: symbol, options: {} }) },
  symbolOf: istanbulSymbolOf,
  renderBoard(view, options, priority) {
    return boards.render(istanbulJob(view, options, 'board'), priority);
  },
  renderPhoneBoard(view, options, priority) {
    return boards.render(istanbulJob(view, options, 'phone'), priority);
  },
  status(raw, locale, names) {
    const view = raw as IstanbulPublicView;
    // In playing order, as the picture's panels and the numbers on the figures.
    const inOrder = [...view.players].sort((a, b) => a.turnOrder - b.turnOrder);
    const rubies = inOrder.map((p) => `${names[p.seat] ?? p.turnOrder + 1} ${p.rubies}`).join(', ');
    const lines = [format({ key: 'istanbul.status', params: { round: view.round, target: view.rubyTarget, rubies } }, locale, names)];
    if (view.phase === 'finalCards') lines.push(format({ key: 'istanbul.status.final' }, locale, names));
    else if (view.endTriggered) {
      const leader = [...view.players].sort((a, b) => b.rubies - a.rubies)[0];
      if (leader !== undefined) lines.push(format({ key: 'istanbul.status.last', params: { player: leader.seat, rubies: leader.rubies } }, locale, names));
    }
    return lines.join('\n');
  },
  prompt: (raw, _seat: Seat, locale, names) => prompt(raw as IstanbulPublicView, locale, names),
  seatColour: (raw, seat) => {
    const player = (raw as IstanbulPublicView).players[seat];
    return player === undefined ? undefined : PLAYER_STYLES[player.colour].fill;
  },
  describe(raw, options) {
    const view = raw as IstanbulPublicView;
    return istanbulWords(view, options, format, prompt(view, options.locale, options.names));
  },
  hand(raw, seat, locale, names, mark = () => '') {
    const view = raw as IstanbulSeatView;
    const player = view.players[seat];
    const cards = view.hand.map((card) => format({ key: `istanbul.card.${card}` }, locale, names));
    const lines = [cards.length === 0 ? format({ key: 'istanbul.hand.noCards' }, locale, names) : format({ key: 'istanbul.hand.cards', params: { cards: cards.join(', ') } }, locale, names)];
    if (player !== undefined) {
      // Each count after its symbol's emoji where the app has one, its words unchanged ("<coin> 12 lira").
      const goods = Object.fromEntries(Object.entries(GOOD_SYMBOL).map(([good, symbol]) => [good, `${mark(symbol)}${player.goods[good as keyof typeof GOOD_SYMBOL]}`]));
      const resources = { lira: `${mark('lira')}${player.lira}`, rubyMark: mark('ruby'), rubies: player.rubies, capacity: player.capacity, ...goods };
      lines.push(format({ key: 'istanbul.hand.resources', params: resources }, locale, names));
      lines.push(
        format(
          {
            key: 'istanbul.hand.assistants',
            params: { stack: player.assistants.inStack + player.assistants.neutralInStack, placed: player.assistants.onPlaces.length, supply: player.assistants.inSupply, mosqueTiles: player.mosqueTiles.join(',') },
          },
          locale,
          names,
        ),
      );
      const letters = lettersAndSealsHandLine(view, seat, (m) => format(m, locale, names), mark);
      if (letters !== null) lines.push(letters);
    }
    return lines.join('\n');
  },
  group(action): ActionGroup {
    const type = (action as IstanbulAction).type;
    const id = GROUP_OF[type] ?? EXPANSION_GROUP_OF[type] ?? 'main';
    return { id, label: { key: `istanbul.group.${id}` }, always: (ALWAYS as ReadonlySet<string>).has(id) };
  },
  changedFor: istanbulChangedFor,
  // A picture per place for /help rules.
  rulesCards: istanbulRulesCards(boards),
  help(topic: HelpTopic, locale) {
    const key = topic === 'rules' ? 'istanbul.help.rules' : 'istanbul.help.decisions';
    return `${format({ key }, locale, [])}\n${format({ key: `${key}LettersAndSeals` }, locale, [])}`;
  },
});

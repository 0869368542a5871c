/**
 * Kairo's board in words (see ../../board-words.ts), from the public view: the turn and who decides what,
 * each player's points, stalls, medals and cards in hand (a count), the last turn's events, and the board:
 * the customers, every stall, the medals, the cards on display and the piles. Coins stay behind the
 * screens: no player's coins are told (the final scoring tells them once the game is over).
 */
import type { Locale, Message, MessageParam } from '../../../engine/index.js';
import type { BoardWords, PlayerWords, WordsSection } from '../../board-words.js';
import type { RenderOptions } from '../../contract.js';
import { COLOURS } from '../data/board.js';
import type { KairoCardView, KairoPublicView, KairoStallView } from '../index.js';

type Text = (key: string, params?: Readonly<Record<string, MessageParam>>) => string;

export interface KairoWordsTools {
  /** A message of Kairo's catalogues in the locale. */
  readonly text: (key: string, locale: Locale, params?: Readonly<Record<string, MessageParam>>) => string;
  /** An engine event, players by name. */
  readonly format: (message: Message, locale: Locale, names: readonly string[]) => string;
  /** What the deciding seat decides now, or ''. */
  readonly prompt: string;
}

export function kairoWords(view: KairoPublicView, options: RenderOptions, tools: KairoWordsTools): BoardWords {
  const { locale, names } = options;
  const text: Text = (key, params) => tools.text(key, locale, params);
  const n = view.players.length;
  const order = (seat: number): number => (seat - view.startSeat + n) % n;
  const name = (seat: number): string => names[seat] ?? text('kairo.player', { n: seat + 1 });
  const colour = (c: string): string => text(`kairo.colour.${c}`);
  const field = (id: number): string => view.board.fields[id]?.label ?? String(id);
  const owner = (stall: KairoStallView): string => (stall.owner === 'neutral' ? text('kairo.words.neutral') : name(stall.owner));

  const now: string[] = [];
  const winners = (options.ranks ?? []).filter((r) => r.rank === 1).map((r) => r.seat);
  if (options.ranks !== undefined || view.phase === 'over' || view.pending === null) {
    now.push(text('kairo.words.over'));
    for (const seat of winners) now.push(text('kairo.words.winner', { player: name(seat) }));
  } else {
    const prompt = /[.?!…]$/u.test(tools.prompt) ? tools.prompt : `${tools.prompt}.`;
    now.push(
      view.phase === 'setup'
        ? text('kairo.words.nowSetup', { remaining: view.setup?.remaining ?? 0, player: name(view.pending.seat), prompt })
        : text('kairo.words.now', { turn: view.turn + 1, player: name(view.pending.seat), prompt }),
    );
    if (view.finalPhase) {
      const out = view.players.filter((p) => p.out).map((p) => name(p.seat));
      now.push(text('kairo.status.final', { out: out.length === 0 ? text('kairo.none') : out.join(', ') }));
    }
  }

  const players = [...view.players]
    .sort((a, b) => order(a.seat) - order(b.seat))
    .map((p): PlayerWords => {
      const stalls = view.stalls.filter((s) => s.owner === p.seat);
      const gold = p.medals.filter((m) => m.medal === 'gold').map((m) => colour(m.colour));
      const silver = p.medals.filter((m) => m.medal === 'silver').map((m) => colour(m.colour));
      const details: string[] = [];
      if (p.startPlayer) details.push(text('kairo.words.startPlayer'));
      if (p.out) details.push(text('kairo.words.out'));
      details.push(...stalls.map((s) => text('kairo.words.ownStall', { colour: colour(s.colour), field: field(s.main), size: s.size, entrance: field(s.entrance) })));
      if (gold.length > 0) details.push(text('kairo.words.gold', { colours: gold.join(', ') }));
      if (silver.length > 0) details.push(text('kairo.words.silver', { colours: silver.join(', ') }));
      if (p.stallsInSupply.length > 0) details.push(text('kairo.words.toBuild', { colours: p.stallsInSupply.map(colour).join(', ') }));
      return {
        heading: text('kairo.words.player', { n: order(p.seat) + 1, player: name(p.seat) }),
        standing: text('kairo.words.standing', { score: p.score, stalls: stalls.length, gold: gold.length, silver: silver.length, cards: p.handCount, criers: p.criers }),
        details,
      };
    });

  const customers: WordsSection = {
    heading: text('kairo.words.customers'),
    lines: COLOURS.map((c) => {
      const at = view.customers[c];
      return at === null ? text('kairo.words.customerOff', { colour: colour(c) }) : text('kairo.words.customer', { colour: colour(c), field: field(at) });
    }),
  };
  const stalls: WordsSection = {
    heading: text('kairo.words.stalls'),
    lines:
      view.stalls.length === 0
        ? [text('kairo.words.noStalls')]
        : view.stalls.map((s) =>
            text('kairo.words.stall', { colour: colour(s.colour), owner: owner(s), field: field(s.main), size: s.size, entrance: field(s.entrance), fields: [s.main, ...s.extensions].map(field).join(', ') }),
          ),
  };
  const medals: WordsSection = {
    heading: text('kairo.words.medals'),
    lines: [
      text('kairo.words.medalPoints', { gold: view.medalPoints.gold, silver: view.medalPoints.silver }),
      ...COLOURS.map((c) => {
        const medal = view.medals[c];
        const holder = (seat: number | null): string => (seat === null ? text('kairo.none') : name(seat));
        return text('kairo.words.medal', { colour: colour(c), gold: holder(medal.gold), silver: holder(medal.silver) });
      }),
    ],
  };
  const cards: WordsSection = {
    heading: text('kairo.words.cards'),
    lines: [
      text('kairo.words.display', { cards: view.display.length === 0 ? text('kairo.none') : view.display.map((card) => cardWords(card, text)).join(', ') }),
      text('kairo.words.piles', { deck: view.deckCount, discard: view.discardCount, criers: view.crierSupply }),
      text('kairo.words.extensions', { extensions: COLOURS.map((c) => `${colour(c)} ${view.extensionSupply[c]}`).join(', ') }),
    ],
  };
  return {
    now,
    players,
    lastTurn: options.lastTurn === undefined || options.lastTurn.length === 0 ? null : { heading: text('kairo.words.lastTurn'), lines: options.lastTurn.map((event) => tools.format(event, locale, names)) },
    board: [customers, stalls, medals, cards],
  };
}

function cardWords(card: KairoCardView, text: Text): string {
  return card.joker ? text('kairo.hand.joker', { sections: card.sections.join('/') }) : text('kairo.hand.section', { section: card.sections[0] ?? '' });
}

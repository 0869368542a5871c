/**
 * The one place that says how a game's symbol is shown (src/discord/emojis.ts): its emoji beside the words
 * (shorter where the emoji shows what a word said), or the words alone; in a label and in a text.
 */
import { describe, expect, it } from 'vitest';
import { EmojiBook } from '../../src/discord/emojis.js';
import { GAMES } from '../../src/games/index.js';
describe('the words beside an emoji (the one place that chooses them)', () => {
  const istanbul = GAMES.presenters({ render: () => Promise.reject(new Error('not drawn')) }).get('istanbul')!;
  const book = new EmojiBook(new Map([['fabric', { id: '1', name: 'fabric_abcdef' }], ['lira', { id: '2', name: 'lira_abcdef' }]]));
  const take = { key: 'istanbul.action.blackMarketGood', params: { good: 'red' } };

  it.each([
    ['en', 'Take 1 fabric', 'Take 1 red (fabric)'],
    ['de', '1 Tuch nehmen', '1 Rot (Tuch) nehmen'],
    ['nl', '1 zijde nemen', '1 rood (zijde) nemen'],
  ] as const)('%s: a good by its ware beside its emoji (which shows its colour and shape), by colour and ware without it', (locale, beside, alone) => {
    const shown = book.label(istanbul, take);
    expect(shown.emoji).toEqual({ id: '1', name: 'fabric_abcdef' });
    expect(istanbul.format(shown.message, locale, [])).toBe(beside);
    const words = new EmojiBook(new Map()).label(istanbul, take);
    expect(words.emoji).toBeUndefined();
    expect(istanbul.format(words.message, locale, [])).toBe(alone);
  });

  it('lira keep their word and count beside the coin; a choice about no symbol has no emoji', () => {
    const pay = book.label(istanbul, { key: 'istanbul.action.governorPayLira' });
    expect(pay.emoji?.name).toBe('lira_abcdef');
    expect(istanbul.format(pay.message, 'en', [])).toBe('Pay the Governor 2 lira');
    expect(book.label(istanbul, { key: 'istanbul.action.endTurn' }).emoji).toBeUndefined();
  });

  it("the hand: lira, rubies and each good's count after their emoji, the words unchanged; without emojis as before", () => {
    const module = GAMES.modules.get('istanbul')!;
    const parsed = module.definition.parseOptions(module.buildOptions({ capacity: 2, layout: 'short', variant: 'base' }, 2));
    if (!parsed.ok) throw new Error(parsed.error);
    const view = module.definition.view(module.definition.setup(parsed.options, 'hand'), 0);
    const all = new EmojiBook(new Map(['lira', 'ruby', 'fabric', 'spice', 'fruit', 'jewelry'].map((s, i) => [s, { id: `${i + 1}`, name: `${s}_abcdef` }])));
    const withEmojis = istanbul.hand(view, 0, 'en', ['Ada', 'Bo'], (symbol) => all.inline(symbol));
    const plain = istanbul.hand(view, 0, 'en', ['Ada', 'Bo']);
    expect(withEmojis).toMatch(/<:lira_abcdef:1> \d+ lira · <:ruby_abcdef:2> 0 rubies · goods \(of \d each\): <:fabric_abcdef:3> \d+ red, <:spice_abcdef:4> \d+ green, <:fruit_abcdef:5> \d+ yellow, <:jewelry_abcdef:6> \d+ blue/);
    expect(withEmojis.replace(/<:\w+:\d+> /g, '')).toBe(plain);
  });

  it("Letters & Seals' hand line: the letters and the seals after their emojis, the words unchanged", () => {
    const module = GAMES.modules.get('istanbul')!;
    const parsed = module.definition.parseOptions(module.buildOptions({ capacity: 2, layout: 'starter', variant: 'base', expansion: 'letters-and-seals' }, 2));
    if (!parsed.ok) throw new Error(parsed.error);
    const view = module.definition.view(module.definition.setup(parsed.options, 'hand'), 0);
    const all = new EmojiBook(new Map(['letter', 'seal'].map((s, i) => [s, { id: `${i + 1}`, name: `${s}_abcdef` }])));
    for (const [locale, words] of [['en', 'Letters:'], ['de', 'Briefe:'], ['nl', 'Brieven:']] as const) {
      const withEmojis = istanbul.hand(view, 0, locale, ['Ada', 'Bo'], (symbol) => all.inline(symbol));
      expect(withEmojis).toContain(`<:letter_abcdef:1> ${words}`);
      expect(withEmojis).toMatch(/ · <:seal_abcdef:2> \d+ (seal|Siegel|zegel)/);
      expect(withEmojis.replace(/<:\w+:\d+> /g, '')).toBe(istanbul.hand(view, 0, locale, ['Ada', 'Bo']));
    }
  });

  it('in a text, the emoji stands before the words, or nothing does', () => {
    expect(book.inline('lira')).toBe('<:lira_abcdef:2> ');
    expect(book.inline('ruby')).toBe('');
  });
});

/**
 * /help rules with pictures, through the fake Discord: the rules in brief come with a
 * menu of the game's places (Istanbul) or kinds of card (Kairo) and a button to the pictures; choosing one
 * replaces the private answer with its picture (a PNG drawn with the board's artwork) and its text, in the
 * player's language; ◀ ▶ page through them; a forged id changes nothing. Every card's text fits on its
 * picture in all three languages.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import { placeName } from '../../src/games/istanbul/render/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { RULES_CARD_HEIGHT, RULES_CARD_WIDTH, rulesCardLines } from '../../src/render/rules-card.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { privateReply, startBotOnFake, type BotOnFake, WAIT_MS } from './harness.js';

const LOCALES: readonly Locale[] = ['en', 'de', 'nl'];
const PRESENTERS = GAMES.presenters(inProcessBoardRenderer(GAMES));
/** The games the bot hosts that have rules cards, and their subjects (places, kinds of card) in order. */
const SUBJECTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...PRESENTERS].flatMap(([game, presenter]) => (presenter.rulesCards === undefined ? [] : [[game, presenter.rulesCards.subjects('en').map((s) => s.id)]])),
);

let env: BotOnFake;
const users = new Map<Locale, FakeUser>();

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES });
  for (const locale of LOCALES) users.set(locale, env.createUser(`reader-${locale}`, { locale: locale === 'en' ? 'en-US' : locale }));
});

afterAll(async () => {
  await env?.stop();
});

async function rulesHelp(user: FakeUser, channel: string, game: string): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'help', { options: { topic: 'rules', game } });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /help rules' });
  return privateReply(handle, user);
}

/** Chooses `value` in the answer's menu and waits until the answer shows its picture. */
async function pick(user: FakeUser, answer: SeenMessage, value: string): Promise<SeenMessage> {
  const menu = answer.selects[0]!;
  const handle = await user.selectOptions(answer.id, menu.customId, [value], { until: 'response' });
  await handle.waitFor(() => env.fake.message(answer.id)?.selects[0]?.options.find((o) => o.value === value)?.default === true, { timeoutMs: WAIT_MS, description: `the picture of ${value}` });
  return env.fake.message(answer.id)!;
}

describe('/help rules: a picture per place or kind of card', () => {
  for (const game of Object.keys(SUBJECTS)) {
    it(`${game}: every subject (a place, a kind of card) has its picture and text, in English, German and Dutch`, async () => {
      const channel = env.fake.createChannel(`rules-${game}`);
      const cards = PRESENTERS.get(game)!.rulesCards!;
      for (const locale of LOCALES) {
        const user = users.get(locale)!;
        const answer = await rulesHelp(user, channel, game);
        expect(answer.text).toContain(PRESENTERS.get(game)!.help('rules', locale).slice(0, 60));
        expect(answer.selects[0]!.options.map((o) => o.value)).toEqual(SUBJECTS[game]);
        expect(answer.selects[0]!.placeholder).toBe(cards.menu(locale));
        const seen = new Set<string>();
        for (const [i, id] of SUBJECTS[game]!.entries()) {
          const shown = await pick(user, answer, id);
          const words = cards.text(id, locale)!;
          expect(shown.text).toBe(`**${words.title}** (${i + 1} / ${SUBJECTS[game]!.length})\n${words.text}`);
          if (game === 'istanbul') expect(words.title).toBe(`${id} · ${placeName(Number(id), locale)}`);
          expect(shown.attachments).toHaveLength(1);
          const picture = shown.attachments[0]!;
          expect(picture.contentType).toBe('image/png');
          expect([picture.width, picture.height]).toEqual([RULES_CARD_WIDTH, RULES_CARD_HEIGHT]);
          // A picture of its own for every card.
          const digest = picture.bytes.toString('base64');
          expect(seen.has(digest)).toBe(false);
          seen.add(digest);
        }
      }
      // Only the reader sees it.
      expect(env.fake.channelMessages(channel).filter((m) => !m.ephemeral)).toEqual([]);
      env.fake.assertNoViolations();
    }, 300_000);
  }

  it('the button opens the first picture; ◀ ▶ page through them, stopping at the ends', async () => {
    const channel = env.fake.createChannel('rules-paging');
    const user = users.get('en')!;
    const answer = await rulesHelp(user, channel, 'kairo');
    const show = answer.buttons.find((b) => b.label === 'Show the pictures ▶')!;
    const opened = await user.clickButton(answer.id, show.customId!, { until: 'response' });
    await opened.waitFor(() => env.fake.message(answer.id)!.attachments.length === 1, { timeoutMs: WAIT_MS, description: 'the first picture' });
    let shown = env.fake.message(answer.id)!;
    expect(shown.text).toMatch(/^\*\*Building card\*\* \(1 \/ 4\)\n/);
    const previous = (m: SeenMessage) => m.buttons.find((b) => b.label === '◀')!;
    const next = (m: SeenMessage) => m.buttons.find((b) => b.label === '▶')!;
    expect(previous(shown).disabled).toBe(true);
    for (const title of ['Joker: a row', 'Joker: a column', 'Crier card']) {
      const handle = await user.clickButton(answer.id, next(shown).customId!, { until: 'response' });
      await handle.waitFor(() => env.fake.message(answer.id)!.text.startsWith(`**${title}**`), { timeoutMs: WAIT_MS, description: title });
      shown = env.fake.message(answer.id)!;
    }
    expect(next(shown).disabled).toBe(true);
    expect(previous(shown).disabled).toBe(false);
    const back = await user.clickButton(answer.id, previous(shown).customId!, { until: 'response' });
    await back.waitFor(() => env.fake.message(answer.id)!.text.startsWith('**Joker: a column** (3 / 4)'), { timeoutMs: WAIT_MS, description: 'one back' });
  }, 120_000);

  it('a forged picture id is refused with one short line and changes nothing', async () => {
    const channel = env.fake.createChannel('rules-forged');
    const user = users.get('de')!;
    const answer = await rulesHelp(user, channel, 'istanbul');
    const before = env.fake.message(answer.id)!.text;
    for (const forged of ['r1:istanbul:99', 'r1:chess:0']) {
      const handle = await user.forgeClick(answer.id, forged, { until: 'response' });
      await handle.waitFor((h) => h.followUps.length > 0, { timeoutMs: WAIT_MS, description: 'the refusal' });
      expect(handle.followUps[0]).toMatchObject({ ephemeral: true, content: 'Dieses Bild gibt es nicht (mehr). Frage /hilfe noch einmal nach den Regeln.' });
      expect(env.fake.message(answer.id)!.text).toBe(before);
      expect(env.fake.message(answer.id)!.attachments).toEqual([]);
    }
  }, 60_000);
});

describe('rules cards fit', () => {
  it('every card\u2019s text fits on its picture, whole, in every language', () => {
    const ctx = createCanvas(RULES_CARD_WIDTH, RULES_CARD_HEIGHT).getContext('2d');
    for (const [game, ids] of Object.entries(SUBJECTS)) {
      const cards = PRESENTERS.get(game)!.rulesCards!;
      for (const locale of LOCALES) {
        expect(cards.subjects(locale).map((s) => s.id)).toEqual(ids);
        for (const id of ids) {
          const words = cards.text(id, locale)!;
          expect(words.text.length, `${game} ${id} ${locale}`).toBeGreaterThan(40);
          const { lines } = rulesCardLines(ctx, words.text);
          expect(lines.join(' '), `${game} ${id} ${locale}`).toBe(words.text.split(/\s+/).join(' '));
        }
      }
    }
  });

  it('the texts differ between languages (each is translated) and name no other game', () => {
    for (const [game, ids] of Object.entries(SUBJECTS)) {
      const cards = PRESENTERS.get(game)!.rulesCards!;
      for (const id of ids) {
        const texts = LOCALES.map((l) => cards.text(id, l)!.text);
        expect(new Set(texts).size, `${game} ${id}`).toBe(3);
      }
    }
  });
});

describe('the rules in brief', () => {
  it('come in sections (a heading, then short bullets under smaller headings), whole within one message, in every language', () => {
    for (const game of Object.keys(SUBJECTS)) {
      for (const locale of LOCALES) {
        const text = PRESENTERS.get(game)!.help('rules', locale);
        const lines = text.split('\n');
        expect(lines[0], `${game} ${locale}`).toBe(`## ${PRESENTERS.get(game)!.name(locale)}`);
        expect(lines.filter((l) => l.startsWith('### ')).length, `${game} ${locale}`).toBeGreaterThanOrEqual(2);
        expect(lines.filter((l) => l.startsWith('- ')).length, `${game} ${locale}`).toBeGreaterThanOrEqual(6);
        for (const line of lines) expect([...line].length, `${game} ${locale}: ${line}`).toBeLessThanOrEqual(300);
        // The answer is the whole text: nothing cut to fit Discord's 2,000 characters.
        expect(text.length, `${game} ${locale}`).toBeLessThanOrEqual(2000);
      }
    }
  });
});

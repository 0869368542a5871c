/**
 * Kairo's rules cards for `/help rules`: one per kind of card (the standard building
 * card, the row and column jokers, the crier card), what it does from the rulebook (its German
 * edition, in the project's words), in en, de and nl. The picture is drawn with the board's own card artwork
 * (render/rules-card.ts) in the render pool.
 */
import type { Locale } from '../../../engine/index.js';
import type { BoardRenderer } from '../../../render/board-job.js';
import type { RulesCards } from '../../contract.js';

/** The kinds of cards, in the order the rulebook introduces them. */
export const RULES_CARD_KINDS = ['building', 'jokerRow', 'jokerColumn', 'crier'] as const;
export type KairoRulesCardKind = (typeof RULES_CARD_KINDS)[number];

type KindWords = Readonly<Record<KairoRulesCardKind, { readonly title: string; readonly text: string }>>;

const en: KindWords = {
  building: {
    title: 'Building card',
    text: 'Shows one of the 9 market sections (27 cards, 3 for each section). Play it to build a new main stall or an extension in that section. Without the right card, any 3 cards together build anywhere. You hold at most 4 building cards.',
  },
  jokerRow: {
    title: 'Joker: a row',
    text: 'Shows the 3 sections of one row of the market. Play it with 1 coin of any colour to build in one of them. Among 3 cards played together to build anywhere, a joker costs nothing.',
  },
  jokerColumn: {
    title: 'Joker: a column',
    text: 'Shows the 3 sections of one column of the market. Play it with 1 coin of any colour to build in one of them. Among 3 cards played together to build anywhere, a joker costs nothing.',
  },
  crier: {
    title: 'Crier card',
    text: 'Taken instead of a building card when you draw; criers lie open and have no limit. When you lead a customer, each crier you play lets it pass one nearer free entrance of its colour. Played criers go back to the supply.',
  },
};

const de: KindWords = {
  building: {
    title: 'Baukarte',
    text: 'Zeigt einen der 9 Marktabschnitte (27 Karten, 3 je Abschnitt). Spiele sie, um in diesem Abschnitt einen neuen Hauptstand oder einen Ausbau zu bauen. Ohne passende Karte bauen 3 beliebige Karten zusammen überall. Du hältst höchstens 4 Baukarten.',
  },
  jokerRow: {
    title: 'Joker: eine Reihe',
    text: 'Zeigt die 3 Abschnitte einer Reihe des Markts. Spiele ihn mit 1 Geld beliebiger Farbe, um in einem davon zu bauen. Unter 3 zusammen gespielten Karten, die überall bauen, kostet ein Joker nichts.',
  },
  jokerColumn: {
    title: 'Joker: eine Spalte',
    text: 'Zeigt die 3 Abschnitte einer Spalte des Markts. Spiele ihn mit 1 Geld beliebiger Farbe, um in einem davon zu bauen. Unter 3 zusammen gespielten Karten, die überall bauen, kostet ein Joker nichts.',
  },
  crier: {
    title: 'Marktschreierkarte',
    text: 'Wird beim Nachziehen statt einer Baukarte genommen; Marktschreier liegen offen und haben kein Limit. Führst du einen Kunden, lässt ihn jeder gespielte Marktschreier einen näheren freien Eingang seiner Farbe überspringen. Gespielte Marktschreier gehen zurück in den Vorrat.',
  },
};

const nl: KindWords = {
  building: {
    title: 'Bouwkaart',
    text: 'Toont een van de 9 marktdelen (27 kaarten, 3 per deel). Speel hem om in dat deel een nieuwe hoofdkraam of een uitbreiding te bouwen. Zonder de juiste kaart bouwen 3 willekeurige kaarten samen overal. Je houdt hoogstens 4 bouwkaarten.',
  },
  jokerRow: {
    title: 'Joker: een rij',
    text: 'Toont de 3 delen van een rij van de markt. Speel hem met 1 munt in een kleur naar keuze om in een daarvan te bouwen. Bij 3 kaarten die samen overal bouwen, kost een joker niets.',
  },
  jokerColumn: {
    title: 'Joker: een kolom',
    text: 'Toont de 3 delen van een kolom van de markt. Speel hem met 1 munt in een kleur naar keuze om in een daarvan te bouwen. Bij 3 kaarten die samen overal bouwen, kost een joker niets.',
  },
  crier: {
    title: 'Omroeperskaart',
    text: 'Neem je bij het trekken in plaats van een bouwkaart; omroepers liggen open en hebben geen limiet. Leid je een klant, dan laat elke gespeelde omroeper hem een dichterbij gelegen vrije ingang van zijn kleur overslaan. Gespeelde omroepers gaan terug naar de voorraad.',
  },
};

const WORDS: Readonly<Record<Locale, KindWords>> = { en, de, nl };

const MENU: Readonly<Record<Locale, { readonly menu: string; readonly card: string }>> = {
  en: { menu: 'Show a kind of card…', card: 'Kind of card {n}' },
  de: { menu: 'Eine Kartenart zeigen…', card: 'Kartenart {n}' },
  nl: { menu: 'Een soort kaart tonen…', card: 'Soort kaart {n}' },
};

const isKind = (id: string): id is KairoRulesCardKind => (RULES_CARD_KINDS as readonly string[]).includes(id);

export function kairoRulesCardText(id: string, locale: Locale): { title: string; text: string } | undefined {
  return isKind(id) ? WORDS[locale][id] : undefined;
}

/** Kairo's rules cards; their pictures are drawn by `boards` (the render pool in the bot). */
export function kairoRulesCards(boards: BoardRenderer): RulesCards {
  return {
    menu: (locale) => MENU[locale].menu,
    subjects: (locale) => RULES_CARD_KINDS.map((kind, i) => ({ id: kind, label: WORDS[locale][kind].title, description: MENU[locale].card.replace('{n}', String(i + 1)) })),
    text: kairoRulesCardText,
    async render(id, locale, position) {
      const words = kairoRulesCardText(id, locale);
      if (words === undefined) throw new RangeError(`no Kairo card kind ${id}`);
      // Asked for (/help rules): behind the boards of live turns.
      return boards.render({ game: 'kairo', picture: 'rules', view: { kind: id }, options: { ...words, position } }, 'asked');
    },
  };
}

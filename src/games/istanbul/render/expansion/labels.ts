/** The words of the Letters & Seals parts of the Istanbul image, in English, German and Dutch. */
import { formatTemplate } from '../../../../engine/message.js';
import type { RenderLocale } from '../i18n.js';

export type LsLabel =
  | 'title'
  | 'letterPile'
  | 'discardPile'
  | 'kioskPile'
  | 'courier'
  | 'seals'
  | 'companion'
  | 'companionBox'
  | 'companionSupply'
  | 'doubleMoveUsed'
  | 'noLetters'
  | 'takeLetters'
  | 'kioskIdle'
  | 'kioskWaiting'
  | 'auctionIdle'
  | 'auctionBid'
  | 'auctionNoBid'
  | 'sealsForRuby'
  | 'bonusGone'
  | 'legendLetter'
  | 'legendDelivered'
  | 'legendSeals';

/** ICU MessageFormat templates (src/engine/message.ts). */
export const LS_LABELS: Readonly<Record<RenderLocale, Readonly<Record<LsLabel, string>>>> = {
  en: {
    title: 'Letters & Seals',
    letterPile: 'Letters: {n} in the pile',
    discardPile: '{n} discarded',
    kioskPile: 'Kiosk tiles: {n}',
    courier: 'Courier',
    seals: '{n, plural, one {# seal} other {# seals}}',
    companion: 'Companion',
    companionBox: 'not taken',
    companionSupply: 'in supply',
    doubleMoveUsed: 'double move used',
    noLetters: 'no letters',
    takeLetters: '{n, plural, one {# letter} other {# letters}}',
    kioskIdle: '1 letter, a tile for everyone',
    kioskWaiting: 'choosing: {who}',
    auctionIdle: '1 good, {n, plural, one {# card} other {# cards}} auctioned',
    auctionBid: 'bid {n}',
    auctionNoBid: 'no bid yet',
    sealsForRuby: '{n, plural, one {# seal} other {# seals}}',
    bonusGone: 'taken',
    legendLetter: 'letter for place {n}: 1 seal',
    legendDelivered: 'delivered: 2 seals',
    legendSeals: '6 seals: a ruby · 3: a double move',
  },
  de: {
    title: 'Brief & Siegel',
    letterPile: 'Briefe: {n} im Stapel',
    discardPile: '{n} abgegeben',
    kioskPile: 'Kiosk-Plättchen: {n}',
    courier: 'Kurier',
    seals: '{n} Siegel',
    companion: 'Kompagnon',
    companionBox: 'nicht genommen',
    companionSupply: 'im Vorrat',
    doubleMoveUsed: 'Bonuszug genutzt',
    noLetters: 'keine Briefe',
    takeLetters: '{n, plural, one {# Brief} other {# Briefe}}',
    kioskIdle: '1 Brief, ein Plättchen für alle',
    kioskWaiting: 'wählt: {who}',
    auctionIdle: '1 Ware, {n, plural, one {# Karte} other {# Karten}} versteigert',
    auctionBid: 'Gebot {n}',
    auctionNoBid: 'noch kein Gebot',
    sealsForRuby: '{n} Siegel',
    bonusGone: 'vergeben',
    legendLetter: 'Brief für Ort {n}: 1 Siegel',
    legendDelivered: 'überbracht: 2 Siegel',
    legendSeals: '6 Siegel: ein Rubin · 3: ein Bonuszug',
  },
  nl: {
    title: 'Brieven & Zegels',
    letterPile: 'Brieven: {n} op de stapel',
    discardPile: '{n} ingeleverd',
    kioskPile: 'Kiosktegels: {n}',
    courier: 'Koerier',
    seals: '{n, plural, one {# zegel} other {# zegels}}',
    companion: 'Compagnon',
    companionBox: 'niet genomen',
    companionSupply: 'in voorraad',
    doubleMoveUsed: 'dubbele zet gebruikt',
    noLetters: 'geen brieven',
    takeLetters: '{n, plural, one {# brief} other {# brieven}}',
    kioskIdle: '1 brief, een tegel voor iedereen',
    kioskWaiting: 'kiest: {who}',
    auctionIdle: '1 handelswaar, {n, plural, one {# kaart} other {# kaarten}} geveild',
    auctionBid: 'bod {n}',
    auctionNoBid: 'nog geen bod',
    sealsForRuby: '{n, plural, one {# zegel} other {# zegels}}',
    bonusGone: 'genomen',
    legendLetter: 'brief voor plaats {n}: 1 zegel',
    legendDelivered: 'bezorgd: 2 zegels',
    legendSeals: '6 zegels: een robijn · 3: een dubbele zet',
  },
};

export function lsLabel(key: LsLabel, locale: RenderLocale, params: Readonly<Record<string, string | number>> = {}): string {
  return formatTemplate(LS_LABELS[locale][key], params, locale);
}

/** Every text of these labels in a locale (for the renderer's font-coverage test). */
export function everyLsText(locale: RenderLocale): string[] {
  return Object.values(LS_LABELS[locale]);
}

/** The words of the Letters & Seals parts of the Istanbul image, in English, German and Dutch. */
import type { RenderLocale } from '../i18n.js';

type LsLabel =
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
  | 'bonusGone';

const LABELS: Readonly<Record<RenderLocale, Readonly<Record<LsLabel, string>>>> = {
  en: {
    title: 'Letters & Seals',
    letterPile: 'Letters: {n} in the pile',
    discardPile: '{n} discarded',
    kioskPile: 'Kiosk tiles: {n}',
    courier: 'Courier',
    seals: '{n} seals',
    companion: 'Companion',
    companionBox: 'not taken',
    companionSupply: 'in supply',
    doubleMoveUsed: 'double move used',
    noLetters: 'no letters',
    takeLetters: '{n} letters',
    kioskIdle: '1 letter, a tile for everyone',
    kioskWaiting: 'choosing: {who}',
    auctionIdle: '1 good, {n} cards auctioned',
    auctionBid: 'bid {n}',
    auctionNoBid: 'no bid yet',
    sealsForRuby: '{n} seals',
    bonusGone: 'taken',
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
    takeLetters: '{n} Briefe',
    kioskIdle: '1 Brief, ein Plättchen für alle',
    kioskWaiting: 'wählt: {who}',
    auctionIdle: '1 Ware, {n} Karten versteigert',
    auctionBid: 'Gebot {n}',
    auctionNoBid: 'noch kein Gebot',
    sealsForRuby: '{n} Siegel',
    bonusGone: 'vergeben',
  },
  nl: {
    title: 'Brieven & Zegels',
    letterPile: 'Brieven: {n} op de stapel',
    discardPile: '{n} ingeleverd',
    kioskPile: 'Kiosktegels: {n}',
    courier: 'Koerier',
    seals: '{n} zegels',
    companion: 'Compagnon',
    companionBox: 'niet genomen',
    companionSupply: 'in voorraad',
    doubleMoveUsed: 'dubbele zet gebruikt',
    noLetters: 'geen brieven',
    takeLetters: '{n} brieven',
    kioskIdle: '1 brief, een tegel voor iedereen',
    kioskWaiting: 'kiest: {who}',
    auctionIdle: '1 handelswaar, {n} kaarten geveild',
    auctionBid: 'bod {n}',
    auctionNoBid: 'nog geen bod',
    sealsForRuby: '{n} zegels',
    bonusGone: 'vergeven',
  },
};

export function lsLabel(key: LsLabel, locale: RenderLocale, params: Readonly<Record<string, string | number>> = {}): string {
  const template = LABELS[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** Every text of these labels in a locale (for the renderer's font-coverage test). */
export function everyLsText(locale: RenderLocale): string[] {
  return Object.values(LABELS[locale]);
}

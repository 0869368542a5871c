import type { catchUp as en } from '../en/catch-up.js';

/** "Since your last turn": the start of a returning player's panel, in Dutch, with the same keys as the English. */
export const catchUp: Record<keyof typeof en, string> = {
  'catchUp.heading': '**Sinds je vorige beurt:**',
  'catchUp.earlier': '… en {count, plural, one {# eerdere beurt} other {# eerdere beurten}}',
  'catchUp.forYou': '**Voor jou:**',
};

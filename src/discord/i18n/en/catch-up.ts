/** "Since your last turn": the start of a returning player's panel, in English. */
export const catchUp = {
  'catchUp.heading': '**Since your last turn:**',
  'catchUp.earlier': '… and {count, plural, one {# earlier turn} other {# earlier turns}}',
  'catchUp.forYou': '**For you:**',
} as const;

import type { catchUp as en } from '../en/catch-up.js';

/** "Since your last turn": the start of a returning player's panel, in German, with the same keys as the English. */
export const catchUp: Record<keyof typeof en, string> = {
  'catchUp.heading': '**Seit deinem letzten Zug:**',
  'catchUp.earlier': '… und {count, plural, one {# früherer Zug} other {# frühere Züge}}',
  'catchUp.forYou': '**Für dich:**',
};

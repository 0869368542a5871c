/**
 * The bot's message catalogue and the choice of language: a user's own responses (ephemeral) follow the
 * user's Discord locale, public messages the server's locale stored with the game.
 */
import { formatMessage, type Catalogues, type Locale, type MessageParam } from '../../engine/index.js';
import { de } from './de/index.js';
import { en, type CoreKey } from './en/index.js';
import { nl } from './nl/index.js';

export type { CoreKey };

export const core: Catalogues & { en: Record<CoreKey, string>; de: Record<CoreKey, string>; nl: Record<CoreKey, string> } = { en, de, nl };

/** Discord locales ("de", "nl", "en-US", "en-GB", ...) to ours; anything else is English. */
export function toLocale(discordLocale: string | null | undefined): Locale {
  if (discordLocale === 'de' || discordLocale?.startsWith('de-')) return 'de';
  if (discordLocale === 'nl' || discordLocale?.startsWith('nl-')) return 'nl';
  return 'en';
}

export function t(locale: Locale, key: CoreKey, params?: Readonly<Record<string, MessageParam>>): string {
  return formatMessage(core, params === undefined ? { key } : { key, params }, locale);
}

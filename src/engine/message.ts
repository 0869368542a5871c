/**
 * Text leaves the engine as message keys with parameters; a catalogue per locale turns them into words.
 * Engines stay free of language, and buttons, log lines and tests share one source.
 *
 * Templates are ICU MessageFormat (through intl-messageformat, pure computation): `{name}` placeholders,
 * `{n, plural, one {# ruby} other {# rubies}}` and `{kind, select, a {…} other {…}}`. An apostrophe is
 * literal except right before `{`, `}` (or `#` in a plural), where it quotes: `'{1,2,3}'` shows the braces;
 * `''` is one apostrophe. Tags are not parsed: `<` is plain text.
 */
import { IntlMessageFormat } from 'intl-messageformat';

export const LOCALES = ['en', 'de', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export type MessageParam = string | number;

export interface Message {
  readonly key: string;
  readonly params?: Readonly<Record<string, MessageParam>>;
}

/** key -> ICU MessageFormat template. */
export type Catalogue = Readonly<Record<string, string>>;

/** English is complete; other locales fall back to it key by key. */
export type Catalogues = { readonly en: Catalogue } & Partial<Record<Exclude<Locale, 'en'>, Catalogue>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Compiled templates per locale. Catalogues are finite, so this stays small; the bound only guards against
 * a caller that formats ever-new templates.
 */
const compiled: Record<Locale, Map<string, IntlMessageFormat>> = { en: new Map(), de: new Map(), nl: new Map() };
const COMPILED_MAX = 10_000;

/** The compiled form of a template (cached); throws on a template that is not valid ICU MessageFormat. */
export function compileTemplate(template: string, locale: Locale): IntlMessageFormat {
  const cache = compiled[locale];
  let format = cache.get(template);
  if (format === undefined) {
    format = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true });
    if (cache.size >= COMPILED_MAX) cache.clear();
    cache.set(template, format);
  }
  return format;
}

/**
 * Formats one template. A template that does not parse, or a missing parameter, does not throw at a
 * player: the placeholders are filled as far as possible and the gap stays visible (`{name}`), which the
 * catalogue tests catch.
 */
export function formatTemplate(template: string, params: Readonly<Record<string, MessageParam>>, locale: Locale): string {
  try {
    return String(compileTemplate(template, locale).format(params));
  } catch {
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : String(value);
    });
  }
}

/** Formats a message; an unknown key shows the key itself so a gap is visible, not silent. */
export function formatMessage(catalogues: Catalogues, message: Message, locale: Locale): string {
  const own = catalogues[locale]?.[message.key];
  const template = own ?? catalogues.en[message.key];
  if (template === undefined) return message.key;
  // English text is formatted with English plural rules.
  return formatTemplate(template, message.params ?? {}, own === undefined ? 'en' : locale);
}
